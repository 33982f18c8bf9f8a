package render

import (
	"bytes"
	"html/template"
	"io"

	"github.com/yuin/goldmark/util"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/resolve"
	"lbcourse/report/internal/site"
)

// A Renderer turns parsed lessons and their results into the site's pages
// and figures. It reads no file and touches nothing outside its arguments:
// everything it needs comes in through its fields.
type Renderer struct {
	Site        *site.Site
	Templates   *template.Template // page layouts and directive templates
	TemplateDir string             // where they were read, for positioned errors
	Kinds       directive.Kinds
	Resolver    *resolve.Resolver
	Figures     Drawings // drawings kept from earlier builds, or nil
}

// Drawings keeps figures' SVG by figure.Key, across builds: the
// orchestration decides where, so rendering stays free of the file system.
// Safe for concurrent use.
type Drawings interface {
	Get(key string) ([]byte, bool)
	Put(key string, svg []byte)
}

// drawing returns figure.Render(s, loc, v), from r.Figures when it has it.
func (r *Renderer) drawing(s figure.Spec, loc *numfmt.Locale, v figure.Variant) ([]byte, error) {
	if r.Figures == nil {
		return figure.Render(s, loc, v)
	}
	key, err := figure.Key(s, loc, v)
	if err != nil {
		return figure.Render(s, loc, v)
	}
	if svg, ok := r.Figures.Get(key); ok {
		return svg, nil
	}
	svg, err := figure.Render(s, loc, v)
	if err == nil {
		r.Figures.Put(key, svg)
	}
	return svg, err
}

// DirectiveTemplate names the template of a directive kind (and "value",
// of inline values): templates/directives/KIND.html.
func DirectiveTemplate(kind string) string { return "directives/" + kind + ".html" }

// A Figurer is resolved data that comes with a figure to draw: the plot's
// id, the figure's file name under fig/, and what to draw.
type Figurer interface {
	FigureSpec() (id, file string, spec figure.Spec)
}

// pageRenderer implements mdext.Hooks for one page.
type pageRenderer struct {
	b        *Renderer
	lesson   *lesson.Lesson
	page     *lesson.Page
	resolved *resolve.Page
	errs     *diag.List
	figures  map[string][]byte // file name under fig/ -> SVG
	// appendix holds the experiments and checks, rendered, by the section
	// they stand in; section maps each to its section.
	appendix []appendixSection
	section  map[directive.Directive]int
}

// appendixSection is one section's part of the appendix on how the page's
// numbers were made: its title and anchor, its experiments and checks.
type appendixSection struct {
	Title, Anchor string
	Items         []template.HTML
}

// inAppendix reports whether a kind is shown in the appendix rather than
// where it is written: the build's machinery stays out of the reading flow.
func inAppendix(kind string) bool { return kind == "experiment" || kind == "check" }

func (r *pageRenderer) RenderValue(w util.BufWriter, v *directive.Value) error {
	defer diag.RecoverAt(r.errs, r.page.File, v.Spec.Off, "rendering a value")
	r.execute(w, DirectiveTemplate("value"), r.resolved.Values[v], v.Spec.Off)
	return nil
}

func (r *pageRenderer) RenderDirective(w util.BufWriter, d directive.Directive) error {
	if d == nil {
		return nil // its body did not parse; reported where it is
	}
	defer diag.RecoverAt(r.errs, r.page.File, d.Pos(), "rendering a "+d.Kind())
	data, ok := r.resolved.Data[d]
	if !ok {
		return nil // nothing to show; reported where it is
	}
	if f, ok := data.(Figurer); ok {
		id, file, spec := f.FigureSpec()
		for _, v := range figure.Variants {
			svg, err := r.b.drawing(spec, r.page.Lang.Locale, v)
			if err != nil {
				r.errs.Add(r.page.File, d.Pos(), "%s %s: %v", d.Kind(), id, err)
				return nil
			}
			name := file
			if v != figure.Wide {
				name = directive.NarrowFile(file)
			}
			r.figures[name] = svg
		}
	}
	if inAppendix(d.Kind()) {
		var b bytes.Buffer
		r.execute(&b, DirectiveTemplate(d.Kind()), data, d.Pos())
		sec := &r.appendix[r.section[d]]
		sec.Items = append(sec.Items, template.HTML(b.String()))
		return nil
	}
	r.execute(w, DirectiveTemplate(d.Kind()), data, d.Pos())
	return nil
}

// RenderScrollBox writes the box around a table written in prose, the
// templates scrollbox-open and scrollbox-close of directives/code.html.
func (r *pageRenderer) RenderScrollBox(w util.BufWriter, header string, entering bool) error {
	name := "scrollbox-close"
	if entering {
		name = "scrollbox-open"
	}
	r.execute(w, name, struct{ Label string }{header}, 0)
	return nil
}

// RenderCallout writes a callout's opening and closing, the templates
// callout-open and callout-close of directives/callout.html.
func (r *pageRenderer) RenderCallout(w util.BufWriter, c *directive.Callout, entering bool) error {
	defer diag.RecoverAt(r.errs, r.page.File, c.Off, "rendering a callout")
	data, ok := r.resolved.Data[c]
	if !ok {
		return nil
	}
	name := "callout-close"
	if entering {
		name = "callout-open"
	}
	r.execute(w, name, data, c.Off)
	return nil
}

// CodeView is what templates/directives/code.html shows: a code listing
// written in the lesson (not a model's source).
type CodeView struct {
	Lang string
	Text string
}

func (r *pageRenderer) RenderCode(w util.BufWriter, lang string, code []byte) error {
	r.execute(w, DirectiveTemplate("code"), CodeView{lang, string(code)}, 0)
	return nil
}

// execute renders template name with data, reporting a failure at off.
func (r *pageRenderer) execute(w io.Writer, name string, data any, off int) {
	var b bytes.Buffer
	if err := r.b.Templates.ExecuteTemplate(&b, name, data); err != nil {
		r.errs.Add(r.page.File, off, "rendering %s: %v", name, err)
		return
	}
	w.Write(b.Bytes())
}
