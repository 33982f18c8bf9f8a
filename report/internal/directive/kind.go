package directive

import (
	"html/template"

	"lbcourse/models/model"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/numfmt"
)

// A Kind is one directive kind: the info word that opens its fence, the
// parser of its body (nil for the kinds written in prose, which package
// mdext parses) and the resolver that binds it to results. Its
// template, templates/directives/NAME.html, renders what Resolve returns.
// Adding a kind is one file in this package (its type, parser and resolver)
// and that template; Directive.Neutral is its parity key.
type Kind struct {
	Name    string
	Parse   Parser
	Resolve Resolver
}

// A Resolver binds a parsed directive to results through c, reporting every
// miss there, and returns the plain data its template renders; ok is false
// when there is nothing to render.
type Resolver func(d Directive, c Context) (data any, ok bool)

// Kinds is the table of directive kinds a build knows, in no order.
type Kinds []Kind

// Standard returns the kinds this format defines.
func Standard() Kinds {
	return Kinds{
		{"experiment", ParseExperiment, resolveExperiment},
		{"table", ParseTable, resolveTable},
		{"plot", ParsePlot, resolvePlot},
		{"check", ParseCheck, resolveCheck},
		{"source", ParseSource, resolveSource},
		{"math", ParseMath, resolveMath},
		// Written in prose or as a block quote, not as a fence: no Parse.
		{"ref", nil, resolveRef},
		{"cite", nil, resolveCite},
		{"term", nil, resolveTerm},
		{"callout", nil, resolveCallout},
	}
}

// Parsers maps each fenced kind's name to its parser.
func (ks Kinds) Parsers() Parsers {
	ps := Parsers{}
	for _, k := range ks {
		if k.Parse != nil {
			ps[k.Name] = k.Parse
		}
	}
	return ps
}

// Lookup returns the kind called name.
func (ks Kinds) Lookup(name string) (Kind, bool) {
	for _, k := range ks {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// A Context is what a resolver sees of one page: the results of its
// lesson's experiments, its language and its numbers file. Every method
// that can miss reports the miss at the given offset of the page's file.
type Context interface {
	Errorf(off int, format string, args ...any)
	// Value returns EXPERIMENT.PATH; Has asks without reporting.
	Value(full string, off int) (model.Value, bool)
	Has(full string) bool
	// Text returns the text at EXPERIMENT.PATH, without reporting a miss.
	Text(full string) (string, bool)
	// Prefix reports whether EXPERIMENT[.PREFIX] has values under it.
	Prefix(full string, off int) bool
	// Group returns EXPERIMENT.PATH.1 … EXPERIMENT.PATH.N.
	Group(full string, off int) ([]model.Value, bool)
	// Series returns the series name of experiment exp.
	Series(exp, name string, off int) (model.Series, bool)
	// Number evaluates an inline value: a path, or arithmetic over paths.
	Number(v *Value) (model.Value, bool)
	// Show formats v for the page and records it in the numbers file under
	// key and the format.
	Show(key string, v model.Value, f numfmt.Format, off int) string
	// Record puts one line into the numbers file as it is.
	Record(key, value, unit string)
	// Term is a translated term; UI a piece of the page's furniture.
	Term(key string, off int) string
	UI(key string) string
	Locale() *numfmt.Locale
	// Figure names the file of the page's figure id and keeps spec for the
	// renderer to draw.
	Figure(id string, spec figure.Spec) string
	// Listing returns a function of a model's source, highlighted.
	Listing(model, fn string, modelOff, fnOff int) (Listing, bool)
	// Label names the element a reference TARGET:ID points to; Numbered
	// names d itself (a plot, table, display formula or exercise).
	Label(target, id string, off int) (Label, bool)
	Numbered(d Directive) (Label, bool)
	// Cite names a bibliography entry as the text cites it.
	Cite(key string, off int) (CiteWork, bool)
	// Glossary returns a glossary term as the page shows it, glossed on its
	// first use on the page.
	Glossary(key string, off int) (TermView, bool)
	// Math renders a formula to MathML; off is the offset of its first byte.
	Math(tex string, display bool, off int) (template.HTML, bool)
	// Claim evaluates a claim for the page: the values it compares and, for
	// a claim over runs, in how many it holds.
	Claim(cl Claim) ClaimResult
}

// A ClaimResult is a claim as evaluated for a page: the values of its
// paths, in the order they appear, and for a claim over runs the runs in
// which it held.
type ClaimResult struct {
	Values     []model.Value
	Held, Runs int
}

// A Listing is a highlighted function of a model's source.
type Listing struct {
	Where string // file path from the module root
	Line  int    // of its first line
	HTML  template.HTML
}
