// Package build turns lessons/ and templates/ into the static course site:
// discover, parse, plan, run, resolve, render, write.
package build

import (
	"context"
	"fmt"
	"os"
	"html/template"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/registry"
)

// Options configure a build. Zero fields take the defaults in brackets.
type Options struct {
	Lessons   string             // ["lessons"]
	Templates string             // ["templates"]
	Out       string             // ["out"]
	CacheDir  string             // result cache; "" runs every experiment
	Timeout   time.Duration      // per experiment [2m]
	Registry  *registry.Registry // required
	// Parsers are the directive kinds [directive.Standard()].
	Parsers directive.Parsers
}

// Summary is what a build did.
type Summary struct {
	Lessons, Pages, Experiments, Ran, Cached, Claims int
	Elapsed                                          time.Duration
}

func (s Summary) String() string {
	return fmt.Sprintf("%d lessons, %d pages, %d experiments (%d run, %d cached), %d claims checked in %v",
		s.Lessons, s.Pages, s.Experiments, s.Ran, s.Cached, s.Claims, s.Elapsed.Round(time.Millisecond))
}

type builder struct {
	opts Options
	site *Site
	reg  *registry.Registry
}

// Build renders the site into o.Out. It writes into a temporary directory
// beside o.Out and swaps it in only when there was no error, so a failed
// build leaves the previous site untouched. The error lists every problem,
// one "file:line:col: message" per line.
func Build(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	site, s, err := Render(ctx, o)
	if err != nil {
		return s, err
	}
	if err := site.WriteAtomic(o.Out); err != nil {
		return s, err
	}
	s.Elapsed = time.Since(start)
	return s, nil
}

// Render does everything but writing: it returns the site's files.
func Render(ctx context.Context, o Options) (*Files, Summary, error) {
	start := time.Now()
	if o.Lessons == "" {
		o.Lessons = "lessons"
	}
	if o.Templates == "" {
		o.Templates = "templates"
	}
	if o.Out == "" {
		o.Out = "out"
	}
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Minute
	}
	if o.Parsers == nil {
		o.Parsers = directive.Standard()
	}
	var errs diag.List
	b := &builder{opts: o, reg: o.Registry}
	b.site = loadSite(o.Templates, &errs)
	tmpl := loadTemplates(o.Templates, &errs)
	if errs.Len() > 0 {
		return nil, Summary{}, errs.Err()
	}
	lessons := discover(o.Lessons, b.site, o.Parsers, &errs)
	var s Summary
	s.Lessons = len(lessons)
	checkSlugs(lessons, b.site, &errs)
	var all []*experiment
	plans := map[*Lesson]map[string]*experiment{}
	for _, l := range lessons {
		checkParity(l, &errs)
		plans[l] = plan(l, b.reg, &errs)
		for _, d := range l.Pages[0].Directives {
			if e, ok := d.(*directive.Experiment); ok {
				if x := plans[l][e.Name]; x != nil && x.d == e {
					all = append(all, x)
				}
			}
		}
	}
	s.Experiments = len(all)
	s.Ran, s.Cached = runAll(ctx, all, cache.Cache{Dir: o.CacheDir}, o.Timeout, &errs)
	for _, l := range lessons {
		s.Claims += verifyClaims(l, plans[l], &errs)
	}
	files := newFiles()
	b.renderPages(files, lessons, plans, tmpl, &errs)
	for _, l := range lessons {
		s.Pages += len(l.Pages)
	}
	b.renderIndexes(files, lessons, tmpl, &errs)
	files.add("style.css", b.stylesheet(&errs))
	if errs.Len() > 0 {
		return nil, s, errs.Err()
	}
	s.Elapsed = time.Since(start)
	return files, s, nil
}

// renderPages renders every lesson page, at most GOMAXPROCS at a time. Each
// page renders into its own files, errors and numbers, merged afterwards in
// page order, so the output does not depend on which finishes first.
func (b *builder) renderPages(files *Files, lessons []*Lesson, plans map[*Lesson]map[string]*experiment, tmpl *template.Template, errs *diag.List) {
	type job struct {
		lesson int
		page   *Page
		files  *Files
		errs   diag.List
		nums   numbers
	}
	var jobs []*job
	for i, l := range lessons {
		for _, p := range l.Pages {
			jobs = append(jobs, &job{lesson: i, page: p, files: newFiles()})
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			l := lessons[j.lesson]
			b.renderPage(j.files, lessons, j.lesson, j.page, plans[l], tmpl, &j.errs, &j.nums)
		}()
	}
	wg.Wait()
	perLesson := map[int]*numbers{}
	for _, j := range jobs {
		errs.Append(&j.errs)
		for _, n := range j.files.Names() {
			files.add(n, j.files.Get(n))
		}
		if perLesson[j.lesson] == nil {
			perLesson[j.lesson] = &numbers{}
		}
		perLesson[j.lesson].merge(&j.nums)
	}
	for i, l := range lessons {
		if n := perLesson[i]; n != nil {
			files.add("numbers/"+l.Key+".tsv", n.bytes(l.Key))
		}
	}
}

// checkSlugs reports two lessons of one language with the same slug.
func checkSlugs(lessons []*Lesson, site *Site, errs *diag.List) {
	for li := range site.Langs {
		seen := map[string]string{}
		for _, l := range lessons {
			p := l.Pages[li]
			if p.Front.Slug == "" {
				continue
			}
			if other, dup := seen[p.Front.Slug]; dup {
				errs.Add(p.File, 0, "slug %q is also the slug of %s", p.Front.Slug, other)
			}
			seen[p.Front.Slug] = p.File
		}
	}
}

// Files is a rendered site: relative slash path -> content.
type Files struct {
	m map[string][]byte
}

func newFiles() *Files { return &Files{m: map[string][]byte{}} }

func (f *Files) add(name string, b []byte) { f.m[name] = b }

// Names returns the file names in sorted order.
func (f *Files) Names() []string {
	out := make([]string, 0, len(f.m))
	for n := range f.m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Get returns the content of a file.
func (f *Files) Get(name string) []byte { return f.m[name] }

// WriteAtomic writes the site into a fresh directory beside dir and then
// replaces dir with it: two renames, between which dir is briefly absent.
// If a crash left it absent, the previous site (renamed aside) is put back
// first, and directories left by builds interrupted over ten minutes ago
// are removed.
func (f *Files) WriteAtomic(dir string) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	prefix := "." + filepath.Base(dir) + ".tmp-"
	leftovers, _ := filepath.Glob(filepath.Join(parent, prefix+"*"))
	slices.Sort(leftovers)
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		for i := len(leftovers) - 1; i >= 0; i-- {
			if strings.HasSuffix(leftovers[i], ".old") && os.Rename(leftovers[i], dir) == nil {
				break
			}
		}
	}
	for _, l := range leftovers {
		// A recent one may belong to a build running now in another process.
		if fi, err := os.Stat(l); err == nil && time.Since(fi.ModTime()) > 10*time.Minute {
			os.RemoveAll(l)
		}
	}
	tmp, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return err
	}
	if err := f.WriteTo(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			os.RemoveAll(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		os.RemoveAll(tmp)
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// WriteTo writes every file under dir, which must exist.
func (f *Files) WriteTo(dir string) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	for _, n := range f.Names() {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.m[n], 0o644); err != nil {
			return err
		}
	}
	return nil
}
