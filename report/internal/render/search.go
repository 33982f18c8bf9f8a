package render

import (
	"bytes"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/resolve"
	"lbcourse/report/internal/search"
	"lbcourse/report/internal/site"
)

// searchView is the data of templates/search.html.
type searchView struct {
	head
	Lang, LangName string
	Title          string
	Languages      []link
	Home, CSS      string
	Script         string // search.js, from the page
	Glossary       string
	UI             map[string]string
}

// Search writes the search script once, at the site's root, and for each
// language the search page and the index of the lesson pages already in
// files, section by section in lesson order. script is templates/search.js.
func (b *Renderer) Search(files *output.Files, lessons []*lesson.Lesson, script []byte, errs *diag.List) {
	files.Add("search.js", script)
	for li, lang := range b.Site.Langs {
		var docs []search.Doc
		for _, l := range lessons {
			p := l.Pages[li]
			docs = append(docs, search.DocsFromHTML(lang.Code, p.Front.Slug+".html", files.Get(pageName(p)))...)
		}
		files.Add(lang.Code+"/search-index.json", search.Index(docs))
		name := lang.Code + "/search.html"
		v := searchView{Lang: lang.Code, LangName: lang.Name, Home: rel(name, "index.html"), CSS: rel(name, "style.css"), Script: rel(name, "search.js"), Glossary: resolve.GlossaryFile(b.Site, lang.Code), UI: b.uiMap(lang.Code)}
		v.Title = resolve.UIText(b.Site, "search", lang.Code, errs)
		v.Description = resolve.UIText(b.Site, "search_label", lang.Code, errs)
		for _, other := range b.Site.Langs {
			v.Languages = append(v.Languages, link{Href: rel(name, other.Code+"/search.html"), Text: other.Name, Lang: other.Code, Current: other == lang})
			v.Alternates = b.alternate(v.Alternates, other.Code, other.Code+"/search.html")
		}
		var out bytes.Buffer
		if err := b.Templates.ExecuteTemplate(&out, "search.html", v); err != nil {
			site.TemplateError(b.TemplateDir, err, errs)
			continue
		}
		files.Add(name, out.Bytes())
	}
}
