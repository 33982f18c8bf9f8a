package build

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree returns every file under dir as relative path -> content (symbolic
// links as "-> target").
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&os.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			out[filepath.ToSlash(rel)] = "-> " + target
			return nil
		}
		b, _ := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return out
}

func names(t *testing.T, dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func site(pages ...string) *Files {
	f := newFiles()
	for _, p := range pages {
		f.add(p, []byte("new "+p))
	}
	f.addMarker()
	return f
}

// TestWriteKeepsForeignFiles: files the previous build did not write (a
// CNAME, a .nojekyll, a publishing worktree's .git) survive a build; files
// it wrote and no longer writes are gone.
func TestWriteKeepsForeignFiles(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html", "en/old.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "CNAME"), []byte("course.example\n"), 0o644)
	os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644)
	os.MkdirAll(filepath.Join(out, ".git", "objects", "ab"), 0o755)
	os.WriteFile(filepath.Join(out, ".git", "HEAD"), []byte("ref: refs/heads/gh-pages\n"), 0o644)
	os.WriteFile(filepath.Join(out, ".git", "objects", "ab", "cdef"), []byte("blob"), 0o444)
	os.Symlink("HEAD", filepath.Join(out, ".git", "link"))
	os.WriteFile(filepath.Join(out, "en", "notes.txt"), []byte("mine"), 0o644)

	if err := site("index.html", "en/new.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	got := tree(t, out)
	for p, want := range map[string]string{
		"CNAME": "course.example\n", ".nojekyll": "", ".git/HEAD": "ref: refs/heads/gh-pages\n",
		".git/objects/ab/cdef": "blob", ".git/link": "-> HEAD", "en/notes.txt": "mine",
		"index.html": "new index.html", "en/new.html": "new en/new.html",
	} {
		if got[p] != want {
			t.Errorf("%s = %q, want %q", p, got[p], want)
		}
	}
	if _, ok := got["en/old.html"]; ok {
		t.Error("en/old.html, written by the previous build and not by this one, is still there")
	}
	if n := names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

// TestWriteRefusesOverwritingForeign: a foreign file where the new build
// writes is refused by name, and nothing changes.
func TestWriteRefusesOverwritingForeign(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "about.html"), []byte("hand-written"), 0o644)
	before := tree(t, out)
	err := site("index.html", "about.html").WriteAtomic(out)
	want := "refusing to write the site to " + out + ": it holds about.html, which this build did not write before and would now overwrite; move it away"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	if after := tree(t, out); !equalTrees(before, after) {
		t.Errorf("out/ changed: %v", after)
	}
	if n := names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

func equalTrees(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestCrashBetweenRenamesRestored: a build killed between its two renames
// left no out/, only the previous site renamed aside and the new one
// half-written. The next build puts the previous site back before it does
// anything else, so even a failing build leaves it in place, says so, and
// removes every leftover.
func TestCrashBetweenRenamesRestored(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	want := tree(t, out)
	os.Rename(out, filepath.Join(parent, ".out.tmp-123.old"))
	os.MkdirAll(filepath.Join(parent, ".out.tmp-123", "en"), 0o755)
	os.MkdirAll(filepath.Join(parent, ".out.tmp-77"), 0o755) // an older crash, while writing

	o := courseOptions(t, "")
	o.Out = out
	o.Lessons = filepath.Join("testdata", "errors", "references", "lessons")
	s, err := Build(context.Background(), o)
	if err == nil {
		t.Fatal("a broken lesson built")
	}
	if got := tree(t, out); !equalTrees(got, want) {
		t.Errorf("out/ = %v, want the previous site %v", got, want)
	}
	if n := names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "put the previous site back") {
		t.Errorf("warnings %q; want one saying the previous site was put back", s.Warnings)
	}
}

// TestLeftoversRemoved: directories of interrupted builds are removed by
// the next build, however recent (the lock says no build owns them).
func TestLeftoversRemoved(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(parent, ".out.tmp-5"), 0o755)
	os.MkdirAll(filepath.Join(parent, ".out.tmp-6.old"), 0o755)
	if _, err := restoreOut(out); err != nil {
		t.Fatal(err)
	}
	if n := names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

// TestBuildsSerialised: while one build holds the output lock, a second
// waits for it.
func TestBuildsSerialised(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	unlock, err := lockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan struct{})
	go func() {
		u, err := lockOut(out)
		if err == nil {
			u()
		}
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a second lock was granted while the first was held")
	default:
	}
	unlock()
	<-got
}
