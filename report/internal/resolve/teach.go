package resolve

import (
	"html/template"
	"strconv"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/mathml"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/site"
)

// targetWords names each numbered target for errors.
var targetWords = map[string]string{"fig": "figure", "tab": "table", "eq": "formula", "ex": "exercise"}

// anchorPrefix is the prefix of a numbered element's anchor on the page.
var anchorPrefix = map[string]string{"fig": "fig-", "tab": "tab-", "eq": "eq-", "ex": "ex-"}

// label names a numbered element in the page's language: "Şekil 3".
func (c *pageContext) label(target, id string, n int) directive.Label {
	anchor := anchorPrefix[target] + id
	if id == "" {
		anchor = anchorPrefix[target] + strconv.Itoa(n)
	}
	return directive.Label{Text: c.UI("label_"+target) + " " + c.page.Lang.Locale.Format(plain, float64(n)), Number: n, Anchor: anchor}
}

func (c *pageContext) Label(target, id string, off int) (directive.Label, bool) {
	e, ok := c.numbering.Lookup(target, id)
	if !ok {
		c.Errorf(off, "reference to an unknown %s %q%s", targetWords[target], id, diag.DidYouMean(id, c.numbering.IDs(target)))
		return directive.Label{}, false
	}
	return c.label(target, id, e.N), true
}

func (c *pageContext) Numbered(d directive.Directive) (directive.Label, bool) {
	e, ok := c.numbering.Of(d)
	if !ok {
		return directive.Label{}, false
	}
	return c.label(e.Target, e.ID, e.N), true
}

func (c *pageContext) Cite(key string, off int) (directive.CiteWork, bool) {
	bib := c.rv.Site.Bibliography
	e, ok := bib.Lookup(key)
	if !ok {
		c.Errorf(off, "citation of an unknown work %q%s: add it to %s", key, diag.DidYouMean(key, bib.Keys()), bib.File)
		return directive.CiteWork{}, false
	}
	c.cite(key)
	return directive.CiteWork{Authors: e.CiteAuthors(c.page.Lang.Code), Year: e.CiteYear(c.page.Lang.Code), Href: "#ref-" + key, Title: template.HTML(template.HTMLEscapeString(e.Title))}, true
}

// cite adds key to the works the page cites, once, in order.
func (c *pageContext) cite(key string) {
	for _, k := range c.out.Cited {
		if k == key {
			return
		}
	}
	c.out.Cited = append(c.out.Cited, key)
}

func (c *pageContext) Glossary(key string, off int) (directive.TermView, bool) {
	g := c.rv.Site.Glossary
	e, ok := g.Lookup(key)
	if !ok {
		c.Errorf(off, "glossary term %q is not in %s%s", key, g.File, g.Suggest(key))
		return directive.TermView{}, false
	}
	lang := c.page.Lang.Code
	v := directive.TermView{Text: e.Terms[lang], Title: e.Defs[lang], Href: c.GlossaryPage(lang) + "#term-" + key}
	if !c.glossed[key] {
		c.glossed[key] = true
		for _, other := range c.rv.Site.Langs {
			if other.Code != lang && e.Terms[other.Code] != v.Text {
				v.Gloss, v.GlossLang = e.Terms[other.Code], other.Code
				break
			}
		}
	}
	return v, true
}

// GlossaryPage is the glossary's file name for lang, from the page's
// folder.
func (c *pageContext) GlossaryPage(lang string) string { return GlossaryFile(c.rv.Site, lang) }

// plain shows a whole number, such as a figure's number.
var plain = numfmt.Format{Fixed: true}

func (c *pageContext) Math(tex string, display bool, off int) (template.HTML, bool) {
	out, probs := mathml.Render(tex, display)
	for _, p := range probs {
		c.Errorf(off+p.Off, "formula: %s", p.Msg)
	}
	if len(probs) > 0 {
		return "", false
	}
	return template.HTML(out), true
}

func (c *pageContext) Claim(cl directive.Claim) directive.ClaimResult {
	var r directive.ClaimResult
	if cl.Over == nil {
		// The values the claim reads itself, not those of the runs a
		// count() or share() reads.
		seen := map[string]bool{}
		look := func(p *expr.Path) (float64, error) {
			v, ok := c.res.value(p.Name, cl.PathOff(p))
			if !ok {
				return 0, errUnresolved
			}
			if !seen[p.Name] {
				seen[p.Name] = true
				r.Values = append(r.Values, model.Value{Path: p.Name, V: v.V, Unit: v.Unit})
			}
			return v.V, nil
		}
		_, _ = expr.EvalOver(cl.Expr, look, c.res.runLookup(cl.LineOff))
		return r
	}
	looks, _, err := c.res.overRuns(cl.Expr, cl.LineOff)
	if err != nil {
		return r // reported by Claims
	}
	r.Runs = len(looks)
	for _, look := range looks {
		if ok, err := expr.Eval(cl.Expr, look); err == nil && ok {
			r.Held++
		}
	}
	return r
}

// GlossaryFile is the glossary page of lang, a file name in the
// language's folder: ui.glossary_file in terms.yaml, plus ".html".
func GlossaryFile(s *site.Site, lang string) string {
	name, ok := s.Terms.Lookup("ui.glossary_file", lang)
	if !ok {
		name = "glossary"
	}
	return name + ".html"
}
