package search

import (
	"bytes"
	"html/template"
	"os"
	"strings"
	"testing"
)

// TestSearchPage renders templates/search.html with the data the renderer
// is to give it and checks that it holds what search.js looks for, and that
// it still reads without the script.
func TestSearchPage(t *testing.T) {
	type link struct {
		Href, Text, Lang string
		Current          bool
	}
	type view struct {
		Description    string
		Alternates     []link
		Lang, LangName string
		Title          string
		Languages      []link
		Home, CSS      string
		Script         string
		Glossary       string
		UI             map[string]string
	}
	ui := map[string]string{
		"course_title": "Yük Dengeleme", "language": "Dil", "footer": "F", "licence": "L",
		"search": "Arama", "search_label": "Derslerde ara", "search_none": "Eşleşen bölüm yok.",
		"search_needs_js": "Arama JavaScript ister.", "glossary": "Sözlük",
	}
	tmpl := template.Must(template.New("site").Option("missingkey=error").ParseFiles("../../../templates/layout.html", "../../../templates/search.html"))
	var b bytes.Buffer
	v := view{Lang: "tr", LangName: "Türkçe", Title: ui["search"], Home: "index.html", CSS: "../style.css", Script: "../search.js", UI: ui,
		Languages: []link{{Href: "search.html", Text: "Türkçe", Lang: "tr", Current: true}, {Href: "../en/search.html", Text: "English", Lang: "en"}}}
	if err := tmpl.ExecuteTemplate(&b, "search.html", v); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		`<form class="search" role="search" data-none="Eşleşen bölüm yok." data-unavailable="Arama JavaScript ister.">`,
		`<label for="search-q">Derslerde ara</label>`,
		`<input type="search" id="search-q" name="q"`,
		`<noscript><p>Arama JavaScript ister.</p></noscript>`,
		`<p class="search-status" role="status"></p>`,
		`<ol class="search-results" id="search-results"></ol>`,
		`<script src="../search.js" defer></script>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("search.html lacks %s:\n%s", want, page)
		}
	}
	js, err := os.ReadFile(scriptFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"form.search"`, `'input[type="search"]'`, `"ol.search-results"`, `".search-status"`, `dataset.none`, `dataset.unavailable`, `fetch("search-index.json")`} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("search.js no longer uses %s, which search.html provides", want)
		}
	}
}
