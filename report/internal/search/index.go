package search

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// A Doc is one lesson section: the address of its heading (a page and an
// anchor, "yuk-dengeleyiciler.html#olcum", relative to the language's
// folder; the page alone for the text before the first heading), the
// page's title, the heading's text ("" before the first heading) and the
// section's visible text. Lang is the page's language code: the renderer
// groups docs by it, one index per language; Index does not read it.
type Doc struct {
	Lang, URL, Title, Section, Text string
}

// ExcerptRunes bounds the excerpt stored for each doc, in runes, before the
// ellipsis.
const ExcerptRunes = 140

// The index file, as search.js reads it:
//
//	{"docs":[[url,title,section,excerpt],...],"terms":{"token":[doc,...],...}}
//
// docs in the order given (page order, which breaks ties in the ranking);
// terms maps every indexable folded token of a doc's section heading and
// text (and, for the text before the first heading, of the page's title)
// to the ascending indexes of the docs holding it, keys sorted.
type indexFile struct {
	Docs  [][4]string      `json:"docs"`
	Terms map[string][]int `json:"terms"`
}

// Index returns the search index of docs, which should be one language's
// sections in page order (the renderer writes one index per language).
// The bytes depend only on docs: keys are sorted and postings ascending.
func Index(docs []Doc) []byte {
	f := indexFile{Docs: make([][4]string, 0, len(docs)), Terms: map[string][]int{}}
	for i, d := range docs {
		f.Docs = append(f.Docs, [4]string{d.URL, d.Title, d.Section, Excerpt(d.Text, ExcerptRunes)})
		text := d.Section + " " + d.Text
		if d.Section == "" {
			text = d.Title + " " + text
		}
		for _, tok := range Tokens(text) {
			if !Indexable(tok) {
				continue
			}
			p := f.Terms[tok]
			if len(p) == 0 || p[len(p)-1] != i { // docs are visited in order: postings stay sorted
				f.Terms[tok] = append(p, i)
			}
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil { // not reached: strings, ints and a map of them
		panic(err)
	}
	return b.Bytes()
}

// Excerpt returns the start of text, whitespace collapsed, cut at a word
// boundary so that it keeps at most max runes, with "…" when it was cut.
func Excerpt(text string, max int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	n, cut := 0, 0
	for i, r := range text {
		if r == ' ' {
			cut = i
		}
		if n == max {
			break
		}
		n++
	}
	if cut == 0 { // one long word: cut inside it
		i := 0
		for range max {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
		}
		cut = i
	}
	return strings.TrimRight(text[:cut], " ,;:·—–-") + "…"
}
