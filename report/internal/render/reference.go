package render

import (
	"bytes"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/resolve"
	"lbcourse/report/internal/site"
)

// referenceView is the data of templates/models.html and templates/run.html:
// a page of the course's own, not a lesson.
type referenceView struct {
	head
	Lang, LangName string
	Title          string
	Models         []modelView
	Languages      []link
	Home, CSS      string
	Glossary       string
	UI             map[string]string
}

// A modelView is one model as the reference shows it: its purpose in the
// page's language, and its parameters and outputs as its source declares
// them (their descriptions are the source's, in English).
type modelView struct {
	Name, Dir, Purpose, Doc string
	Params                  []paramView
	Values, Series          []outputView
}

type paramView struct{ Name, Type, Default, Unit, Doc string }

type outputView struct{ Pattern, Unit, Doc string }

// Reference writes, in every language, the model reference generated from
// the registry (ui.models_file) and the page on running the course
// yourself (ui.run_file).
func (b *Renderer) Reference(files *output.Files, errs *diag.List) {
	reg := b.Resolver.Registry
	for _, lang := range b.Site.Langs {
		unit := func(u string) string {
			if u == "" {
				return ""
			}
			if s, ok := b.Site.Terms.Lookup("unit."+u, lang.Code); ok {
				return s
			}
			return u
		}
		var models []modelView
		for _, name := range reg.Names() {
			m, _ := reg.Lookup(name)
			// The purpose in the page's language is model.NAME in terms.yaml
			// (the course's tests require it of every course model); a model
			// without one shows its source's sentence only.
			mv := modelView{Name: m.Name, Dir: m.Dir, Doc: m.Doc}
			mv.Purpose, _ = b.Site.Terms.Lookup("model."+m.Name, lang.Code)
			for _, p := range m.Parameters() {
				mv.Params = append(mv.Params, paramView{p.Name, p.Type, p.Default, unit(p.Unit), p.Doc})
			}
			for _, o := range m.Outputs() {
				ov := outputView{o.Pattern, unit(o.Unit), o.Doc}
				if o.Series {
					mv.Series = append(mv.Series, ov)
				} else {
					mv.Values = append(mv.Values, ov)
				}
			}
			models = append(models, mv)
		}
		for _, page := range []struct{ file, title, intro, tmpl string }{
			{"models_file", "models", "models_intro", "models.html"},
			{"run_file", "run", "run_intro", "run.html"},
		} {
			name := lang.Code + "/" + resolve.UIText(b.Site, page.file, lang.Code, errs) + ".html"
			v := referenceView{Lang: lang.Code, LangName: lang.Name, Models: models, Home: rel(name, "index.html"), CSS: rel(name, "style.css"),
				Glossary: resolve.GlossaryFile(b.Site, lang.Code), UI: b.uiMap(lang.Code)}
			v.Title = resolve.UIText(b.Site, page.title, lang.Code, errs)
			v.Description = resolve.UIText(b.Site, page.intro, lang.Code, errs)
			for _, other := range b.Site.Langs {
				otherName := other.Code + "/" + resolve.UIText(b.Site, page.file, other.Code, errs) + ".html"
				v.Languages = append(v.Languages, link{Href: rel(name, otherName), Text: other.Name, Lang: other.Code, Current: other == lang})
				v.Alternates = b.alternate(v.Alternates, other.Code, otherName)
			}
			var out bytes.Buffer
			if err := b.Templates.ExecuteTemplate(&out, page.tmpl, v); err != nil {
				site.TemplateError(b.TemplateDir, err, errs)
				continue
			}
			files.Add(name, out.Bytes())
		}
	}
}
