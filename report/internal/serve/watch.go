package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/fsnotify/fsnotify"
)

type changeKind int

const (
	changeNone    changeKind = iota
	changeContent            // a lesson or template changed: rebuild
	changeCode               // the generator's Go code changed
)

type root struct {
	dir  string // absolute, cleaned
	code bool
}

// watcher watches the Watch and Code trees recursively. Directories are watched,
// not files, so editors that save by writing a new file and renaming it over the
// old one are seen (as a Create of the file's name).
type watcher struct {
	fw    *fsnotify.Watcher
	out   string
	roots []root
	log   *log.Logger
}

func newWatcher(out string, watch, code []string, logger *log.Logger) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("serve: watch: %v", err)
	}
	w := &watcher{fw: fw, out: out, log: logger}
	add := func(dirs []string, isCode bool) error {
		for _, d := range dirs {
			abs, err := filepath.Abs(d)
			if err != nil {
				return fmt.Errorf("serve: watch %s: %v", d, err)
			}
			fi, err := os.Stat(abs)
			if err != nil {
				return fmt.Errorf("serve: watch %s: %v", d, err)
			}
			if !fi.IsDir() {
				// A single file of code, such as go.mod: watch its directory
				// alone; events for its other files match no root.
				if !isCode {
					return fmt.Errorf("serve: watch %s: not a directory", d)
				}
				if err := w.fw.Add(filepath.Dir(abs)); err != nil {
					return fmt.Errorf("serve: watch %s: %v", d, err)
				}
				w.roots = append(w.roots, root{dir: abs, code: true})
				continue
			}
			if _, err := w.addTree(abs); err != nil {
				return fmt.Errorf("serve: watch %s: %v", d, err)
			}
			w.roots = append(w.roots, root{dir: abs, code: isCode})
		}
		return nil
	}
	if err := add(watch, false); err != nil {
		fw.Close()
		return nil, err
	}
	if err := add(code, true); err != nil {
		fw.Close()
		return nil, err
	}
	return w, nil
}

func (w *watcher) close() { w.fw.Close() }

func (w *watcher) events() <-chan fsnotify.Event { return w.fw.Events }
func (w *watcher) errors() <-chan error          { return w.fw.Errors }

// addTree watches dir and every directory below it, skipping hidden directories and
// the output directory. It reports whether it saw a Go source file on the way.
func (w *watcher) addTree(dir string) (sawGo bool, err error) {
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != dir && errors.Is(err, fs.ErrNotExist) {
				return nil // removed while walking
			}
			return err
		}
		if !d.IsDir() {
			if isGoFile(d.Name()) {
				sawGo = true
			}
			return nil
		}
		if p != dir && (ignoredName(d.Name()) || within(w.out, p)) {
			return filepath.SkipDir
		}
		if err := w.fw.Add(p); err != nil {
			if p != dir && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			return err
		}
		return nil
	})
	return sawGo, err
}

// classify decides what an event means, and starts watching new directories. It
// returns the changed path too (for the log and the banner).
func (w *watcher) classify(ev fsnotify.Event) (changeKind, string) {
	if ev.Op&^fsnotify.Chmod == 0 {
		return changeNone, "" // attribute changes (indexers, virus scanners)
	}
	name := filepath.Clean(ev.Name)
	if within(w.out, name) || ignoredName(filepath.Base(name)) {
		return changeNone, ""
	}
	r, ok := w.rootOf(name)
	if !ok {
		return changeNone, ""
	}
	sawGo := false
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(name); err == nil && fi.IsDir() {
			var err error
			if sawGo, err = w.addTree(name); err != nil {
				w.log.Printf("watch %s: %v", name, err)
			}
		}
	}
	if !r.code {
		return changeContent, name
	}
	if sawGo || isGoFile(filepath.Base(name)) {
		return changeCode, name
	}
	return changeNone, ""
}

// rootOf returns the innermost watched root holding p.
func (w *watcher) rootOf(p string) (root, bool) {
	var best root
	found := false
	for _, r := range w.roots {
		if within(r.dir, p) && (!found || len(r.dir) > len(best.dir)) {
			best, found = r, true
		}
	}
	return best, found
}

// within reports whether p is dir or below it; both are absolute and clean.
func within(dir, p string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// isGoFile reports whether a file's change changes the generator binary.
func isGoFile(base string) bool {
	if base == "go.mod" || base == "go.sum" {
		return true
	}
	return strings.HasSuffix(base, ".go") && !strings.HasSuffix(base, "_test.go")
}

// ignoredName reports editor scratch files and hidden entries (swap files, backups,
// lock files, vim's "4913" probe), whose churn must not rebuild or reload anything.
func ignoredName(base string) bool {
	switch {
	case base == "4913",
		strings.HasPrefix(base, "."),
		strings.HasSuffix(base, "~"),
		strings.HasPrefix(base, "#") && strings.HasSuffix(base, "#"),
		strings.HasSuffix(base, ".swp"), strings.HasSuffix(base, ".swx"),
		strings.HasSuffix(base, ".tmp"):
		return true
	}
	return false
}
