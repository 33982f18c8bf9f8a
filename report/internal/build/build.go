// Package build turns lessons/ and templates/ into the static course site:
// discover, parse, plan, run, resolve, render, write.
package build

import (
	"context"
	"fmt"
	"html/template"
	"runtime"
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
	// Warnings are problems the build repaired, such as a corrupt cache
	// entry it recomputed; each is reported once.
	Warnings []string
}

func (s Summary) String() string {
	return fmt.Sprintf("%d lessons, %d pages, %d experiments (%d run, %d cached), %d claims checked in %v",
		s.Lessons, s.Pages, s.Experiments, s.Ran, s.Cached, s.Claims, s.Elapsed.Round(time.Millisecond))
}

type builder struct {
	opts Options
	site *Site
	reg  *registry.Registry
	// listings are the highlighted model functions, shared by the pages.
	listings listings
}

// Build renders the site into o.Out. It writes into a temporary directory
// beside o.Out and swaps it in only when there was no error, so a failed
// build leaves the previous site untouched (unless the error wraps
// ErrSiteMoved). The error lists every problem, one "file:line:col: message"
// per line. Builds of one output directory run one at a time.
func Build(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	o = o.withDefaults()
	unlock, err := lockOut(o.Out)
	if err != nil {
		return Summary{}, err
	}
	defer unlock()
	restored, err := restoreOut(o.Out)
	if err != nil {
		return Summary{}, err
	}
	s, err := build(ctx, o)
	if restored != "" {
		s.Warnings = append([]string{restored}, s.Warnings...)
	}
	if err != nil {
		return s, err
	}
	s.Elapsed = time.Since(start)
	return s, nil
}

func build(ctx context.Context, o Options) (Summary, error) {
	if err := checkOut(o); err != nil {
		return Summary{}, err
	}
	site, s, err := Render(ctx, o)
	if err != nil {
		return s, err
	}
	return s, site.WriteAtomic(o.Out)
}

func (o Options) withDefaults() Options {
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
		o.Timeout = DefaultTimeout
	}
	if o.Parsers == nil {
		o.Parsers = directive.Standard()
	}
	return o
}

// Render does everything but writing: it returns the site's files. A panic
// in the generator becomes an error; it never escapes.
func Render(ctx context.Context, o Options) (files *Files, s Summary, err error) {
	defer func() {
		if p := recover(); p != nil {
			files, err = nil, fmt.Errorf("report: internal error: %v (at %s); this is a bug in the generator", p, panicSite())
		}
	}()
	return render(ctx, o)
}

func render(ctx context.Context, o Options) (*Files, Summary, error) {
	start := time.Now()
	o = o.withDefaults()
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
	checkLessonNames(lessons, b.site, &errs)
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
	st := runAll(ctx, all, cache.Cache{Dir: o.CacheDir}, o.Timeout, &errs)
	s.Ran, s.Cached, s.Warnings = st.ran, st.cached, st.warnings
	if ctx.Err() != nil {
		return nil, s, errInterrupted
	}
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
	files.addMarker()
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
			defer recoverAt(&j.errs, j.page.File, -1, "rendering the page")
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

// checkLessonNames reports two lessons of one language with the same slug, a
// slug that would overwrite the language's index, and two lessons with the
// same number.
func checkLessonNames(lessons []*Lesson, site *Site, errs *diag.List) {
	numbers := map[string]string{}
	for _, l := range lessons {
		n, _, _ := strings.Cut(l.Key, "-")
		if other, dup := numbers[n]; dup {
			errs.AddFile(l.Dir, "lesson number %s is also the number of %s", n, other)
		}
		numbers[n] = l.Dir
		for _, p := range l.Pages {
			if p.Front.Slug == "index" {
				errs.Add(p.File, p.frontOff("slug"), "slug \"index\" is the language's index page; choose another")
			}
		}
	}
	for li := range site.Langs {
		seen := map[string]string{}
		for _, l := range lessons {
			p := l.Pages[li]
			if p.Front.Slug == "" {
				continue
			}
			if other, dup := seen[p.Front.Slug]; dup {
				errs.Add(p.File, p.frontOff("slug"), "slug %q is also the slug of %s", p.Front.Slug, other)
			}
			seen[p.Front.Slug] = p.File
		}
	}
}
