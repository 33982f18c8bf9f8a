package resolve

import (
	"fmt"
	"html/template"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/highlight"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/registry"
	"lbcourse/report/internal/run"
	"lbcourse/report/internal/site"
)

// A Resolver resolves the pages of one build. Its listings are shared by
// every page; safe for concurrent use by pages.
type Resolver struct {
	Site     *site.Site
	Registry *registry.Registry
	Kinds    directive.Kinds
	// Said are the paths Declared reported, not to be reported again.
	Said     Said
	listings highlight.Listings
}

// A Page is one page's directives and values bound to results: the data
// each template renders, and the numbers the page shows.
type Page struct {
	Data    map[directive.Directive]any
	Values  map[*directive.Value]directive.ValueView
	Numbers numbers.Set
	// Cited lists the bibliography keys the page cites, in the order of
	// their first citation.
	Cited []string
}

// Page resolves every directive and value of p, a page of lesson l whose
// experiments exps have run, reporting each problem in errs.
func (rv *Resolver) Page(l *lesson.Lesson, p *lesson.Page, exps map[string]*run.Experiment, errs *diag.List) *Page {
	c := &pageContext{rv: rv, lesson: l, page: p, res: &resolver{file: p.File, exps: exps, errs: errs, said: rv.Said[p.File]}, errs: errs,
		numbering: lesson.Numbering(p), glossed: map[string]bool{}}
	out := &Page{Data: map[directive.Directive]any{}, Values: map[*directive.Value]directive.ValueView{}}
	c.numbers, c.out = &out.Numbers, out
	for _, d := range p.Directives {
		if v, ok := d.(*directive.Value); ok {
			out.Values[v] = c.value(v)
			continue
		}
		if data, ok := c.directive(d); ok {
			out.Data[d] = data
		}
	}
	return out
}

// pageContext implements directive.Context for one page.
type pageContext struct {
	rv      *Resolver
	lesson  *lesson.Lesson
	page    *lesson.Page
	res     *resolver
	errs    *diag.List
	numbers *numbers.Set
	out     *Page
	// numbering numbers the page's figures, tables, formulas, exercises;
	// glossed holds the glossary terms the page has glossed already.
	numbering *lesson.Numbers
	glossed   map[string]bool
}

func (c *pageContext) directive(d directive.Directive) (data any, ok bool) {
	defer diag.RecoverAt(c.errs, c.page.File, d.Pos(), "resolving a "+d.Kind())
	k, found := c.rv.Kinds.Lookup(d.Kind())
	if !found || k.Resolve == nil {
		c.Errorf(d.Pos(), "directive %s has no resolver", d.Kind())
		return nil, false
	}
	return k.Resolve(d, c)
}

func (c *pageContext) value(v *directive.Value) (view directive.ValueView) {
	defer diag.RecoverAt(c.errs, c.page.File, v.Spec.Off, "resolving a value")
	view.Missing = true
	return directive.ResolveValue(v, c)
}

func (c *pageContext) Errorf(off int, format string, args ...any) {
	c.errs.Add(c.page.File, off, format, args...)
}

func (c *pageContext) Value(full string, off int) (model.Value, bool) { return c.res.value(full, off) }
func (c *pageContext) Has(full string) bool                           { return c.res.has(full) }
func (c *pageContext) Text(full string) (string, bool)                { return c.res.text(full) }
func (c *pageContext) Prefix(full string, off int) bool               { return c.res.prefix(full, off) }
func (c *pageContext) Group(full string, off int) ([]model.Value, bool) {
	return c.res.group(full, off)
}
func (c *pageContext) Series(exp, name string, off int) (model.Series, bool) {
	return c.res.series(exp, name, off)
}
func (c *pageContext) Locale() *numfmt.Locale { return c.page.Lang.Locale }

// Term returns the page-language text of a term, reporting a missing one at
// off. The fallback is the key itself so that resolving can go on.
func (c *pageContext) Term(key string, off int) string {
	s, ok := c.rv.Site.Terms.Lookup(key, c.page.Lang.Code)
	if !ok {
		c.Errorf(off, "no %s translation of term %q: add it to %s", c.page.Lang.Code, key, c.rv.Site.Terms.File)
		return key
	}
	return s
}

// UI returns page furniture text; a missing one is reported at the file.
func (c *pageContext) UI(key string) string { return UIText(c.rv.Site, key, c.page.Lang.Code, c.errs) }

// UIText returns the furniture text ui.KEY in lang, reporting a missing one.
func UIText(cfg *site.Site, key, lang string, errs *diag.List) string {
	s, ok := cfg.Terms.Lookup("ui."+key, lang)
	if !ok {
		errs.AddFile(cfg.Terms.File, "no %s translation of term %q", lang, "ui."+key)
		return key
	}
	return s
}

func (c *pageContext) Show(key string, v model.Value, f numfmt.Format, off int) string {
	c.numbers.Add(key+f.KeySuffix(), f.Neutral(v.V), v.Unit)
	s := c.page.Lang.Locale.Format(f, v.V)
	if f.Unit && v.Unit != "" {
		s += "\u00a0" + c.Term("unit."+v.Unit, off)
	}
	return s
}

func (c *pageContext) Record(key, value, unit string) { c.numbers.Add(key, value, unit) }

// Figure names a figure's file after its lesson and id; the renderer draws it.
func (c *pageContext) Figure(id string, _ figure.Spec) string {
	return c.lesson.Key + "-" + id + ".svg"
}

func (c *pageContext) Listing(name, fn string, modelOff, fnOff int) (directive.Listing, bool) {
	m, ok := c.rv.Registry.Lookup(name)
	if !ok {
		c.Errorf(modelOff, "unknown model %q%s", name, diag.DidYouMean(name, c.rv.Registry.Names()))
		return directive.Listing{}, false
	}
	l := c.rv.listings.Get(m, fn)
	if l.FindErr != nil {
		c.Errorf(fnOff, "source: model %s: %v", name, l.FindErr)
		return directive.Listing{}, false
	}
	return directive.Listing{Where: l.Where, Line: l.Line, HTML: template.HTML(l.HTML)}, true
}

// Number resolves an inline value: a path, or arithmetic over paths (with
// the unit exprUnit derives).
func (c *pageContext) Number(v *directive.Value) (model.Value, bool) {
	if p, ok := v.Path(); ok {
		return c.res.value(p.Name, v.ExprOff+p.Off)
	}
	units := map[*expr.Path]string{}
	resolved := true
	x, err := expr.EvalNumberOver(v.Expr, func(p *expr.Path) (float64, error) {
		val, ok := c.res.value(p.Name, v.ExprOff+p.Off)
		if !ok {
			resolved = false
			return 0, fmt.Errorf("unresolved")
		}
		units[p] = val.Unit
		return val.V, nil
	}, c.res.runLookup(v.ExprOff))
	if !resolved || err == errUnresolved {
		return model.Value{}, false
	}
	if err != nil {
		c.Errorf(v.Spec.Off, "value: %s", errMsg(err))
		return model.Value{}, false
	}
	unit, _ := exprUnit(v.Expr, units)
	return model.Value{Path: v.Spec.Path, V: x, Unit: unit}, true
}
