// Package pipeline turns lessons/ and templates/ into the static course
// site, one stage after another, no stage reaching back: site (the
// configuration), lesson (discover and parse), run (plan and execute the
// experiments), render (claims, values, tables, figures and pages) and
// output (the atomic write).
package pipeline

import (
	"context"
	"fmt"
	"html/template"
	"time"

	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/highlight"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/registry"
	"lbcourse/report/internal/render"
	"lbcourse/report/internal/resolve"
	"lbcourse/report/internal/run"
	"lbcourse/report/internal/site"
)

// Options configure a build. Zero fields take the defaults in brackets.
type Options struct {
	Lessons   string             // ["lessons"]
	Templates string             // ["templates"]
	Out       string             // ["out"]
	CacheDir  string             // result cache; "" runs every experiment
	Timeout   time.Duration      // per experiment [2m]
	Registry  *registry.Registry // required
	// Kinds are the directive kinds [directive.Standard()].
	Kinds directive.Kinds
	// ListFalseClaims makes Render list the claims that do not hold in
	// Summary.FalseClaims and return the site anyway, for a review of what
	// a change broke; a build always fails on them.
	ListFalseClaims bool
}

// Summary is what a build did.
type Summary struct {
	Lessons, Pages, Experiments, Runs, Ran, Cached, Claims int
	Elapsed                                                time.Duration
	// Warnings are problems the build repaired, such as a corrupt cache
	// entry it recomputed; each is reported once.
	Warnings []string
	// FalseClaims are the claims that do not hold, in lesson order, when
	// Options.ListFalseClaims is set.
	FalseClaims []*diag.Error
}

func (s Summary) String() string {
	return fmt.Sprintf("%d lessons, %d pages, %d experiments (%d runs: %d run, %d cached), %d claims checked in %v",
		s.Lessons, s.Pages, s.Experiments, s.Runs, s.Ran, s.Cached, s.Claims, s.Elapsed.Round(time.Millisecond))
}

// Build renders the site into o.Out. It writes into a temporary directory
// beside o.Out and swaps it in only when there was no error, so a failed
// build leaves the previous site untouched (unless the error wraps
// output.ErrSiteMoved). The error lists every problem, one "file:line:col: message"
// per line. Builds of one output directory run one at a time.
func Build(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	o = o.withDefaults()
	unlock, err := output.Lock(o.Out)
	if err != nil {
		return Summary{}, err
	}
	defer unlock()
	restored, err := output.Restore(o.Out)
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
	sources := []output.Source{{What: "the lessons", Dir: o.Lessons}, {What: "the templates", Dir: o.Templates}, {What: "the result cache", Dir: o.CacheDir}}
	if err := output.CheckDir(o.Out, sources); err != nil {
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
		o.Timeout = run.DefaultTimeout
	}
	if o.Kinds == nil {
		o.Kinds = directive.Standard()
	}
	return o
}

// Render does everything but writing: it returns the site's files. A panic
// in the generator becomes an error; it never escapes.
func Render(ctx context.Context, o Options) (files *output.Files, s Summary, err error) {
	defer func() {
		if p := recover(); p != nil {
			files, err = nil, fmt.Errorf("report: internal error: %v (at %s); this is a bug in the generator", p, diag.PanicSite())
		}
	}()
	return renderSite(ctx, o)
}

func renderSite(ctx context.Context, o Options) (*output.Files, Summary, error) {
	start := time.Now()
	o = o.withDefaults()
	var errs diag.List
	cfg, tmpl := loadSite(o, &errs)
	if errs.Len() > 0 {
		return nil, Summary{}, errs.Err()
	}
	lessons := lesson.Discover(o.Lessons, cfg, o.Kinds.Parsers(), &errs)
	s := Summary{Lessons: len(lessons)}
	lesson.CheckNames(lessons, cfg, &errs)
	plans, all := planLessons(lessons, o.Registry, &errs)
	s.Experiments = len(all)
	said := resolve.Said{}
	for _, l := range lessons {
		resolve.Declared(l, plans[l], said, &errs)
	}
	st := run.All(ctx, all, cache.Cache{Dir: o.CacheDir}, o.Timeout, &errs)
	s.Runs, s.Ran, s.Cached, s.Warnings = st.Runs, st.Ran, st.Cached, st.Warnings
	if ctx.Err() != nil {
		return nil, s, run.ErrInterrupted
	}
	var falses diag.List
	for _, l := range lessons {
		falses.AddSource(l.Pages[0].File, l.Pages[0].Src)
		s.Claims += resolve.Claims(l, plans[l], said, &errs, &falses)
		s.Pages += len(l.Pages)
	}
	if o.ListFalseClaims {
		s.FalseClaims = falses.Errors()
	} else {
		errs.Append(&falses)
	}
	files := output.New()
	rv := &resolve.Resolver{Site: cfg, Registry: o.Registry, Kinds: o.Kinds, Said: said}
	r := &render.Renderer{Site: cfg, Templates: tmpl, TemplateDir: o.Templates, Kinds: o.Kinds, Resolver: rv, Figures: drawings{cache.Cache{Dir: o.CacheDir}}}
	r.Pages(files, lessons, plans, &errs)
	r.Indexes(files, lessons, &errs)
	r.Search(files, lessons, site.Script(o.Templates, "search.js", &errs), &errs)
	r.Reference(files, &errs)
	r.Sitemap(files)
	files.Add("style.css", site.Stylesheet(o.Templates, highlight.CSS(), &errs))
	files.AddMarker()
	if errs.Len() > 0 {
		return nil, s, errs.Err()
	}
	s.Elapsed = time.Since(start)
	return files, s, nil
}

// loadSite reads templates/: the configuration, the layouts and a template
// for every directive kind, for inline values and for code listings.
func loadSite(o Options, errs *diag.List) (*site.Site, *template.Template) {
	cfg := site.Load(o.Templates, errs)
	kinds := []string{"value", "code"}
	for _, k := range o.Kinds {
		kinds = append(kinds, k.Name)
	}
	return cfg, site.LoadTemplates(o.Templates, kinds, errs)
}

// planLessons checks each lesson's languages against each other and plans
// its experiments; all lists every experiment once, in page order.
func planLessons(lessons []*lesson.Lesson, reg *registry.Registry, errs *diag.List) (map[*lesson.Lesson]map[string]*run.Experiment, []*run.Experiment) {
	var all []*run.Experiment
	plans := map[*lesson.Lesson]map[string]*run.Experiment{}
	for _, l := range lessons {
		lesson.CheckParity(l, errs)
		plans[l] = run.Plan(l, reg, errs)
		for _, d := range l.Pages[0].Directives {
			if e, ok := d.(*directive.Experiment); ok {
				if x := plans[l][e.Name]; x != nil && x.D == e {
					all = append(all, x)
				}
			}
		}
	}
	return plans, all
}

// drawings keeps figures in the result cache's directory, as verified
// blobs; none when the build has no cache.
type drawings struct{ c cache.Cache }

func (d drawings) Get(key string) ([]byte, bool) { return d.c.GetBlob(key) }
func (d drawings) Put(key string, svg []byte)    { _ = d.c.PutBlob(key, svg) }
