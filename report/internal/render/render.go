package render

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/yuin/goldmark/util"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/registry"
	"lbcourse/report/internal/site"
)

// A Renderer turns parsed lessons and their results into the site's pages
// and figures. It reads no file and touches nothing outside its arguments:
// everything it needs comes in through its fields.
type Renderer struct {
	Site        *site.Site
	Templates   *template.Template // the page layouts
	TemplateDir string             // where they were read, for positioned errors
	Parsers     directive.Parsers
	Registry    *registry.Registry
	// listings are the highlighted model functions, shared by the pages.
	listings listings
}

// pageRenderer implements mdext.Hooks for one page.
type pageRenderer struct {
	b       *Renderer
	lesson  *lesson.Lesson
	page    *lesson.Page
	res     *resolver
	errs    *diag.List
	numbers *numbers.Set
	figures map[string][]byte // file name under fig/ -> SVG
}

// term returns the page-language text of a term, reporting a missing one at
// off. The fallback is the key itself so that rendering can go on.
func (r *pageRenderer) term(key string, off int) string {
	s, ok := r.b.Site.Terms.Lookup(key, r.page.Lang.Code)
	if !ok {
		r.errs.Add(r.page.File, off, "no %s translation of term %q: add it to %s", r.page.Lang.Code, key, r.b.Site.Terms.File)
		return key
	}
	return s
}

// ui returns page furniture text; a missing one is reported at the file.
func (r *pageRenderer) ui(key string) string {
	return uiText(r.b.Site, key, r.page.Lang.Code, r.errs)
}

func uiText(cfg *site.Site, key, lang string, errs *diag.List) string {
	s, ok := cfg.Terms.Lookup("ui."+key, lang)
	if !ok {
		errs.AddFile(cfg.Terms.File, "no %s translation of term %q", lang, "ui."+key)
		return key
	}
	return s
}

// show formats one value for the page and records it for the numbers file.
func (r *pageRenderer) show(key string, v model.Value, f numfmt.Format, off int) string {
	r.numbers.Add(key+formatSuffix(f), f.Neutral(v.V), v.Unit)
	s := r.page.Lang.Locale.Format(f, v.V)
	if f.Unit && v.Unit != "" {
		s += "\u00a0" + r.term("unit."+v.Unit, off)
	}
	return s
}

func formatSuffix(f numfmt.Format) string {
	f.Unit = false
	f = f.WithoutCase()
	if s := f.String(); s != "" {
		return "|" + s
	}
	return ""
}

func (r *pageRenderer) RenderValue(w util.BufWriter, v *directive.Value) error {
	defer diag.RecoverAt(r.errs, r.page.File, v.Spec.Off, "rendering a value")
	val, ok := r.valueOf(v)
	if !ok {
		_, err := w.WriteString(`<span class="value missing">?</span>`)
		return err
	}
	fmt.Fprintf(w, `<span class="value">%s</span>`, html.EscapeString(r.show(v.Spec.Path, val, v.Spec.Format, v.Spec.Off)))
	return nil
}

// valueOf resolves an inline value: a path, or arithmetic over paths (with
// the unit exprUnit derives).
func (r *pageRenderer) valueOf(v *directive.Value) (model.Value, bool) {
	if v.Expr == nil {
		return model.Value{}, false
	}
	if p, ok := v.Path(); ok {
		return r.res.value(p.Name, v.ExprOff+p.Off)
	}
	units := map[*expr.Path]string{}
	resolved := true
	x, err := expr.EvalNumber(v.Expr, func(p *expr.Path) (float64, error) {
		val, ok := r.res.value(p.Name, v.ExprOff+p.Off)
		if !ok {
			resolved = false
			return 0, fmt.Errorf("unresolved")
		}
		units[p] = val.Unit
		return val.V, nil
	})
	if !resolved {
		return model.Value{}, false
	}
	if err != nil {
		r.errs.Add(r.page.File, v.Spec.Off, "value: %s", errMsg(err))
		return model.Value{}, false
	}
	unit, _ := exprUnit(v.Expr, units)
	return model.Value{Path: v.Spec.Path, V: x, Unit: unit}, true
}

func (r *pageRenderer) RenderDirective(w util.BufWriter, d directive.Directive) error {
	if d == nil {
		return nil // its body did not parse; reported where it is
	}
	defer diag.RecoverAt(r.errs, r.page.File, d.Pos(), "rendering a "+d.Kind())
	switch d := d.(type) {
	case *directive.Experiment:
		r.renderExperiment(w, d)
	case *directive.Table:
		r.renderTable(w, d)
	case *directive.Plot:
		r.renderPlot(w, d)
	case *directive.Source:
		r.renderSource(w, d)
	case *directive.Check:
		r.renderCheck(w, d)
	}
	return nil
}

func (r *pageRenderer) renderExperiment(w util.BufWriter, e *directive.Experiment) {
	fmt.Fprintf(w, `<aside class="experiment" id="exp-%s"><span class="label">%s</span> <code>%s</code> · %s <code>%s</code>`,
		e.Name, html.EscapeString(r.ui("experiment")), e.Name, html.EscapeString(r.ui("model")), html.EscapeString(e.Model))
	if len(e.Params) > 0 {
		w.WriteString(`<dl class="params">`)
		for _, f := range e.Params {
			val := directive.Flow(f.Value)
			if f.Value.Tag == "!ref" {
				val = "← " + f.Value.Value
			}
			fmt.Fprintf(w, `<div><dt>%s</dt><dd><code>%s</code></dd></div>`, html.EscapeString(f.Key.Value), html.EscapeString(val))
		}
		w.WriteString(`</dl>`)
	}
	w.WriteString("</aside>\n")
}

func (r *pageRenderer) renderTable(w util.BufWriter, t *directive.Table) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<figure class="table"><div class="scroll" tabindex="0" role="region" aria-label="%s"><table>`, inlineText(t.Caption))
	fmt.Fprintf(&b, "<caption>%s</caption>\n<thead><tr><td></td>", inlineText(t.Caption))
	for _, c := range t.Columns {
		heading := c.Path // a column no row has is reported at its cells, with a did-you-mean
		if r.columnExists(t, c) {
			heading = r.term(c.Path, c.Off)
		}
		fmt.Fprintf(&b, `<th scope="col">%s</th>`, html.EscapeString(heading))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range t.Rows {
		prefix := t.RowPath(row)
		if !r.res.prefix(prefix, row.Off) {
			continue // one error for the row, not one per cell
		}
		fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, html.EscapeString(r.term(row.Path, row.Off)))
		for _, c := range t.Columns {
			full := prefix + "." + c.Path
			b.WriteString(`<td>`)
			if c.Joined {
				vals, ok := r.res.group(full, c.Off)
				if ok {
					var parts []string
					for i, v := range vals {
						parts = append(parts, r.show(fmt.Sprintf("%s.%d", full, i+1), v, c.Format, c.Off))
					}
					b.WriteString(html.EscapeString(strings.Join(parts, c.Join)))
				}
			} else if v, ok := r.res.value(full, c.Off); ok {
				b.WriteString(html.EscapeString(r.show(full, v, c.Format, c.Off)))
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div></figure>\n")
	w.Write(b.Bytes())
}

// columnExists reports whether some row of t has a value (or group) c.
func (r *pageRenderer) columnExists(t *directive.Table, c directive.Spec) bool {
	for _, row := range t.Rows {
		if r.res.has(t.RowPath(row) + "." + c.Path) {
			return true
		}
	}
	return false
}

// inlineText escapes a caption written in a directive body.
func inlineText(s string) template.HTML { return template.HTML(html.EscapeString(s)) }

// renderCheck lists a check's claims under a closed <details>, so that a
// reader can see what the build verified about the prose around it. The
// claims were evaluated once per lesson before rendering; a build with a
// false claim has failed and renders no page.
func (r *pageRenderer) renderCheck(w util.BufWriter, c *directive.Check) {
	n := r.page.Lang.Locale.Format(numfmt.Format{}, float64(len(c.Claims)))
	summary := strings.ReplaceAll(r.ui("claims"), "{n}", n)
	fmt.Fprintf(w, `<details class="claims"><summary>%s</summary><ul>`, html.EscapeString(summary))
	for _, cl := range c.Claims {
		fmt.Fprintf(w, "<li><code>%s</code></li>", html.EscapeString(expr.String(cl.Expr)))
	}
	w.WriteString("</ul></details>\n")
}

// exprUnit derives the unit of an arithmetic value from the units of its
// paths: a sum or difference of one unit keeps it, scaling by a plain
// number keeps it, a ratio of one unit is a plain number, and anything else
// (a product of two quantities, a sum of two units) has no unit the page
// could name, so it gets none. ok is false for a mix of units in a sum.
func exprUnit(n expr.Node, units map[*expr.Path]string) (unit string, ok bool) {
	switch n := n.(type) {
	case *expr.Num:
		return "", true
	case *expr.Path:
		return units[n], true
	case *expr.Unary:
		return exprUnit(n.X, units)
	case *expr.Call:
		u, ok := exprUnit(n.Args[0], units)
		for _, a := range n.Args[1:] {
			v, vok := exprUnit(a, units)
			ok = ok && vok && v == u
		}
		if !ok {
			return "", false
		}
		return u, true
	case *expr.Binary:
		x, xok := exprUnit(n.X, units)
		y, yok := exprUnit(n.Y, units)
		if !xok || !yok {
			return "", false
		}
		_, xNum := n.X.(*expr.Num)
		_, yNum := n.Y.(*expr.Num)
		switch n.Op {
		case "+", "-":
			if x == y {
				return x, true
			}
			return "", false
		case "*":
			switch {
			case xNum:
				return y, true
			case yNum:
				return x, true
			}
			return "", true
		case "/":
			if yNum {
				return x, true
			}
			return "", true
		}
	}
	return "", true
}
