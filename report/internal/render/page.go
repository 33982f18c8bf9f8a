package render

import (
	"bytes"
	"html/template"
	"slices"
	"strings"

	gast "github.com/yuin/goldmark/ast"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/mdext"
	"lbcourse/report/internal/mdext/ast"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/resolve"
	"lbcourse/report/internal/run"
	"lbcourse/report/internal/site"
)

type link struct {
	Href, Text, Lang string
	Current          bool
}

type tocEntry struct {
	ID, Text string
	Children []tocEntry // level 3 headings under a level 2 one
}

// head is what every page's <head> shows besides its title: a
// description, and with a base URL the absolute links to the page in the
// other languages.
type head struct {
	Description string
	Alternates  []link
}

// pageView is the data of templates/lesson.html.
type pageView struct {
	head
	Lang, LangName string
	Title, Summary string
	Course         []link // every lesson, the current one marked
	Number         string
	Body           template.HTML
	TOC            []tocEntry
	References     []reference
	Appendix       []appendixSection
	Glossary       string // the glossary page, from this page
	Languages      []link
	Prev, Next     *link
	Home, CSS      string
	UI             map[string]string
}

// indexView is the data of templates/index.html.
type indexView struct {
	head
	Lang, LangName string
	Title          string
	Glossary       string
	Lessons        []link
	Summaries      []string
	Languages      []link
	CSS            string
	UI             map[string]string
}

func (b *Renderer) uiMap(lang string) map[string]string { return b.Site.Terms.UI(lang) }

func pageName(p *lesson.Page) string { return p.Lang.Code + "/" + p.Front.Slug + ".html" }

// rel returns the link from page `from` (a slash path) to `to`.
func rel(from, to string) string {
	depth := strings.Count(from, "/")
	return strings.Repeat("../", depth) + to
}

// renderPage renders one lesson page and its figures into files, and the
// numbers it shows into nums.
func (b *Renderer) renderPage(files *output.Files, lessons []*lesson.Lesson, i int, p *lesson.Page, exps map[string]*run.Experiment, errs *diag.List, nums *numbers.Set) {
	l := lessons[i]
	resolved := b.Resolver.Page(l, p, exps, errs)
	nums.Merge(&resolved.Numbers)
	r := &pageRenderer{b: b, lesson: l, page: p, resolved: resolved, errs: errs, figures: map[string][]byte{}}
	r.appendix, r.section = sections(p)
	md := mdext.New(b.Kinds.Parsers(), r)
	var body bytes.Buffer
	if err := md.Renderer().Render(&body, p.Src, p.Doc); err != nil {
		errs.Add(p.File, 0, "rendering: %v", err)
		return
	}
	name := pageName(p)
	li := langIndex(b.Site, p.Lang)
	v := pageView{
		Lang: p.Lang.Code, LangName: p.Lang.Name,
		Title: p.Front.Title, Summary: p.Front.Summary,
		Number: strings.SplitN(l.Key, "-", 2)[0],
		Body:   template.HTML(body.String()),
		TOC:    toc(p.Doc, p.Src),
		Home:   rel(name, "index.html"), CSS: rel(name, "style.css"),
		UI:       b.uiMap(p.Lang.Code),
		Glossary: resolve.GlossaryFile(b.Site, p.Lang.Code),
	}
	for _, sec := range r.appendix {
		if len(sec.Items) > 0 {
			v.Appendix = append(v.Appendix, sec)
		}
	}
	v.References = b.references(resolved.Cited, p.Lang.Code)
	v.Description = p.Front.Summary
	for _, q := range l.Pages {
		v.Languages = append(v.Languages, link{Href: rel(name, pageName(q)), Text: q.Lang.Name, Lang: q.Lang.Code, Current: q == p})
		v.Alternates = b.alternate(v.Alternates, q.Lang.Code, pageName(q))
	}
	for _, other := range lessons {
		q := other.Pages[li]
		v.Course = append(v.Course, link{Href: rel(name, pageName(q)), Text: q.Front.Title, Current: q == p})
	}
	if i > 0 {
		q := lessons[i-1].Pages[li]
		v.Prev = &link{Href: rel(name, pageName(q)), Text: q.Front.Title}
	}
	if i+1 < len(lessons) {
		q := lessons[i+1].Pages[li]
		v.Next = &link{Href: rel(name, pageName(q)), Text: q.Front.Title}
	}
	var out bytes.Buffer
	if err := b.Templates.ExecuteTemplate(&out, "lesson.html", v); err != nil {
		site.TemplateError(b.TemplateDir, err, errs)
		return
	}
	files.Add(name, out.Bytes())
	for fig, svg := range r.figures {
		files.Add(p.Lang.Code+"/fig/"+fig, svg)
	}
}

// A reference is one entry of a page's reference list.
type reference struct {
	Key  string
	HTML template.HTML
}

// references lists the works a page cites, sorted by their entries' text
// in the page's language.
func (b *Renderer) references(keys []string, lang string) []reference {
	var out []reference
	for _, k := range keys {
		if e, ok := b.Site.Bibliography.Lookup(k); ok {
			out = append(out, reference{Key: k, HTML: e.Reference(lang)})
		}
	}
	col := collate.New(language.Make(lang))
	slices.SortStableFunc(out, func(a, b reference) int { return col.CompareString(string(a.HTML), string(b.HTML)) })
	return out
}

// sections returns the page's sections for the appendix, the first for
// what stands before any level 2 heading, and the section of each
// experiment and check.
func sections(p *lesson.Page) ([]appendixSection, map[directive.Directive]int) {
	secs := []appendixSection{{}}
	of := map[directive.Directive]int{}
	_ = gast.Walk(p.Doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.Heading:
			if n.Level == 2 {
				id, _ := n.AttributeString("id")
				idb, _ := id.([]byte)
				secs = append(secs, appendixSection{Title: plainText(n, p.Src), Anchor: string(idb)})
			}
			return gast.WalkSkipChildren, nil
		case *ast.Directive:
			if n.D != nil && inAppendix(n.D.Kind()) {
				of[n.D] = len(secs) - 1
			}
		}
		return gast.WalkContinue, nil
	})
	return secs, of
}

// alternate adds the absolute link to page (a path from the site's root)
// in lang, when the site has a base URL; links between pages stay
// relative, so the site works from any folder.
func (b *Renderer) alternate(links []link, lang, page string) []link {
	if b.Site.BaseURL == "" {
		return links
	}
	return append(links, link{Href: b.Site.BaseURL + page, Lang: lang})
}

func langIndex(s *site.Site, l *site.Lang) int {
	for i, x := range s.Langs {
		if x == l {
			return i
		}
	}
	return 0
}

// toc lists the level 2 and 3 headings with their ids.
func toc(doc gast.Node, src []byte) []tocEntry {
	var out []tocEntry
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		h, ok := n.(*gast.Heading)
		if !ok || !entering || h.Level < 2 || h.Level > 3 {
			return gast.WalkContinue, nil
		}
		id, _ := h.AttributeString("id")
		idb, _ := id.([]byte)
		e := tocEntry{ID: string(idb), Text: plainText(h, src)}
		if h.Level == 3 && len(out) > 0 {
			out[len(out)-1].Children = append(out[len(out)-1].Children, e)
		} else {
			out = append(out, e)
		}
		return gast.WalkSkipChildren, nil
	})
	return out
}

// plainText is the text of an inline subtree, markup removed.
func plainText(n gast.Node, src []byte) string {
	var b strings.Builder
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *gast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *gast.String:
			b.Write(c.Value)
		case *ast.Value:
			b.WriteString(c.V.Spec.Path)
		}
		return gast.WalkContinue, nil
	})
	return b.String()
}

func (b *Renderer) Indexes(files *output.Files, lessons []*lesson.Lesson, errs *diag.List) {
	for li, lang := range b.Site.Langs {
		name := lang.Code + "/index.html"
		v := indexView{Lang: lang.Code, LangName: lang.Name, CSS: rel(name, "style.css"), UI: b.uiMap(lang.Code), Glossary: resolve.GlossaryFile(b.Site, lang.Code)}
		v.Title = resolve.UIText(b.Site, "course_title", lang.Code, errs)
		v.Description = resolve.UIText(b.Site, "course_summary", lang.Code, errs)
		for _, other := range b.Site.Langs {
			v.Alternates = b.alternate(v.Alternates, other.Code, other.Code+"/index.html")
		}
		for _, l := range lessons {
			p := l.Pages[li]
			v.Lessons = append(v.Lessons, link{Href: rel(name, pageName(p)), Text: p.Front.Title})
			v.Summaries = append(v.Summaries, p.Front.Summary)
		}
		for _, other := range b.Site.Langs {
			v.Languages = append(v.Languages, link{Href: rel(name, other.Code+"/index.html"), Text: other.Name, Lang: other.Code, Current: other == lang})
		}
		var out bytes.Buffer
		if err := b.Templates.ExecuteTemplate(&out, "index.html", v); err != nil {
			site.TemplateError(b.TemplateDir, err, errs)
			continue
		}
		files.Add(name, out.Bytes())
	}
	b.glossaries(files, errs)
	var roots []indexView
	for _, lang := range b.Site.Langs {
		roots = append(roots, indexView{Lang: lang.Code, LangName: lang.Name,
			Title: resolve.UIText(b.Site, "course_title", lang.Code, errs), CSS: "style.css", UI: b.uiMap(lang.Code),
			Languages: []link{{Href: lang.Code + "/index.html", Text: lang.Name, Lang: lang.Code}},
			head:      head{Description: resolve.UIText(b.Site, "course_summary", lang.Code, errs)}})
	}
	b.notFound(files, roots, errs)
	var out bytes.Buffer
	if err := b.Templates.ExecuteTemplate(&out, "root.html", roots); err != nil {
		site.TemplateError(b.TemplateDir, err, errs)
		return
	}
	files.Add("index.html", out.Bytes())
}

// glossaryView is the data of templates/glossary.html.
type glossaryView struct {
	head
	Lang, LangName string
	Title          string
	Entries        []glossaryEntry
	Languages      []link
	Home, CSS      string
	Glossary       string
	UI             map[string]string
}

// A glossaryEntry is one term in the page's language, its term in the
// other languages and its definition.
type glossaryEntry struct {
	Key, Term, Def string
	Others         []glossaryOther
}

type glossaryOther struct{ Lang, Term string }

// glossaries renders the glossary page of every language, its terms in
// that language's alphabetical order.
func (b *Renderer) glossaries(files *output.Files, errs *diag.List) {
	for _, lang := range b.Site.Langs {
		name := lang.Code + "/" + resolve.GlossaryFile(b.Site, lang.Code)
		v := glossaryView{Lang: lang.Code, LangName: lang.Name, Home: rel(name, "index.html"), CSS: rel(name, "style.css"), Glossary: resolve.GlossaryFile(b.Site, lang.Code), UI: b.uiMap(lang.Code)}
		v.Title = resolve.UIText(b.Site, "glossary", lang.Code, errs)
		v.Description = resolve.UIText(b.Site, "glossary_intro", lang.Code, errs)
		for _, other := range b.Site.Langs {
			v.Alternates = b.alternate(v.Alternates, other.Code, other.Code+"/"+resolve.GlossaryFile(b.Site, other.Code))
		}
		for _, e := range b.Site.Glossary.Sorted(lang.Code) {
			ge := glossaryEntry{Key: e.Key, Term: e.Terms[lang.Code], Def: e.Defs[lang.Code]}
			for _, o := range b.Site.Langs {
				if o != lang {
					ge.Others = append(ge.Others, glossaryOther{o.Code, e.Terms[o.Code]})
				}
			}
			v.Entries = append(v.Entries, ge)
		}
		for _, other := range b.Site.Langs {
			v.Languages = append(v.Languages, link{Href: rel(name, other.Code+"/"+resolve.GlossaryFile(b.Site, other.Code)), Text: other.Name, Lang: other.Code, Current: other == lang})
		}
		var out bytes.Buffer
		if err := b.Templates.ExecuteTemplate(&out, "glossary.html", v); err != nil {
			site.TemplateError(b.TemplateDir, err, errs)
			continue
		}
		files.Add(name, out.Bytes())
	}
}

// notFound renders 404.html, the page a static host serves for a missing
// address at any depth: its links are absolute when the site has a base
// URL, else from the site's root.
func (b *Renderer) notFound(files *output.Files, roots []indexView, errs *diag.List) {
	pages := slices.Clone(roots)
	for i := range pages {
		p := &pages[i]
		p.CSS = b.Site.BaseURL + "style.css"
		p.Languages = []link{{Href: b.Site.BaseURL + p.Lang + "/index.html", Text: p.LangName, Lang: p.Lang}}
	}
	var out bytes.Buffer
	if err := b.Templates.ExecuteTemplate(&out, "404.html", pages); err != nil {
		site.TemplateError(b.TemplateDir, err, errs)
		return
	}
	files.Add("404.html", out.Bytes())
}

// Sitemap writes sitemap.xml, listing every page but 404.html under the
// base URL, when the site has one.
func (b *Renderer) Sitemap(files *output.Files) {
	if b.Site.BaseURL == "" {
		return
	}
	var out bytes.Buffer
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	out.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, n := range files.Names() { // sorted
		if strings.HasSuffix(n, ".html") && n != "404.html" {
			out.WriteString("<url><loc>" + template.HTMLEscapeString(b.Site.BaseURL+n) + "</loc></url>\n")
		}
	}
	out.WriteString("</urlset>\n")
	files.Add("sitemap.xml", out.Bytes())
}
