package search

import (
	"bytes"
	"html"
	"strings"
)

// DocsFromHTML splits a rendered lesson page, found at url (relative to
// its language's folder), into one Doc per section: the text of <article>
// before its first heading (with the page's summary, <p class="summary">,
// when it comes before the article), then one doc per <h2 id> or <h3 id>
// inside <article>, its URL url#id. The title is the page's first <h1>.
//
// Text is the section's visible text, its tables' text last (so that the
// excerpt the index keeps is prose). Only visible prose is kept: the text of <svg>, <math>, <code>, <pre>,
// <script>, <style>, <template>, <noscript>, <nav>, elements marked hidden
// or aria-hidden="true", a figure's data table (<details class="data">)
// and the page furniture <p class="number"> and <p class="top"> is left out;
// character references are decoded and whitespace collapsed. Sections
// with neither heading text nor body text are dropped.
//
// The reader is a small tokenizer for the well-formed HTML that
// html/template and goldmark emit here (quoted attributes, closed
// elements, no CDATA); on anything else it degrades to less text, never to
// a panic.
func DocsFromHTML(lang, url string, page []byte) []Doc {
	w := walker{lang: lang, url: url, open: map[string]int{}}
	w.run(page)
	return w.docs
}

type elem struct {
	name    string
	skip    bool // its text is not shown
	heading bool // an <h2 id> or <h3 id> that opened a section
	title   bool // the page's first <h1>
	summary bool // <p class="summary"> before the article
	article bool
}

type walker struct {
	lang, url string
	stack     []elem
	open      map[string]int // open elements by name
	skipN     int            // open elements with skip set
	inArticle int
	done      bool // the article has ended

	title, summary strings.Builder
	haveTitle      bool
	inTitle, inSum bool
	heading        strings.Builder
	inHeading      bool
	cur            *Doc // the section being read
	text           strings.Builder
	tables         strings.Builder // the section's table text, put after its prose
	inTable        int
	docs           []Doc
}

// voidElements never have an end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
}

// inlineElements do not separate words: text on both sides of their tags
// joins ("N<sup>2</sup>" stays one word); every other tag is a word break.
var inlineElements = map[string]bool{
	"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true, "cite": true, "data": true,
	"dfn": true, "em": true, "i": true, "kbd": true, "mark": true, "q": true, "s": true,
	"samp": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true,
	"time": true, "u": true, "var": true, "wbr": true,
}

// skipElements hold no prose.
var skipElements = map[string]bool{
	"svg": true, "math": true, "code": true, "pre": true, "script": true, "style": true,
	"template": true, "noscript": true, "nav": true, "button": true, "select": true, "textarea": true,
}

// rawText elements hold text in which < does not open a tag.
var rawText = map[string]bool{"script": true, "style": true, "textarea": true, "title": true}

func (w *walker) run(p []byte) {
	for i := 0; i < len(p) && !w.done; {
		if p[i] != '<' {
			j := bytes.IndexByte(p[i:], '<')
			if j < 0 {
				j = len(p) - i
			}
			w.addText(html.UnescapeString(string(p[i : i+j])))
			i += j
			continue
		}
		rest := p[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			i += skipPast(rest, "-->")
		case bytes.HasPrefix(rest, []byte("<!")), bytes.HasPrefix(rest, []byte("<?")):
			i += skipPast(rest, ">")
		case len(rest) > 2 && rest[1] == '/' && isNameStart(rest[2]):
			n := skipPast(rest, ">")
			name, _, _ := parseTag(rest[2:n])
			w.end(name)
			i += n
		case len(rest) > 1 && isNameStart(rest[1]):
			n := tagEnd(rest)
			name, attrs, selfClosing := parseTag(rest[1:n])
			i += n
			if rawText[name] {
				// Find the end tag and treat the content as one text run.
				close := indexFold(p[i:], "</"+name)
				if close < 0 {
					close = len(p) - i
				}
				content := ""
				if name == "title" || name == "textarea" {
					content = html.UnescapeString(string(p[i : i+close]))
				}
				if name == "title" && !w.haveTitle && !w.inTitle {
					w.title.WriteString(content)
				}
				i += close
				if i < len(p) {
					i += skipPast(p[i:], ">")
				}
				w.start(name, attrs, true) // opened and closed at once
				continue
			}
			w.start(name, attrs, selfClosing || voidElements[name])
		default:
			w.addText("<")
			i++
		}
	}
	w.finish()
}

func (w *walker) start(name string, attrs map[string]string, closed bool) {
	if !inlineElements[name] {
		w.addText(" ")
	}
	if closed {
		return
	}
	e := elem{name: name}
	classes := strings.Fields(attrs["class"])
	hasClass := func(c string) bool {
		for _, x := range classes {
			if x == c {
				return true
			}
		}
		return false
	}
	_, hidden := attrs["hidden"]
	e.skip = skipElements[name] || hidden || attrs["aria-hidden"] == "true" ||
		(name == "details" && hasClass("data")) ||
		(name == "p" && (hasClass("number") || hasClass("top")))
	visible := w.skipN == 0 && !e.skip
	switch {
	case name == "article" && w.inArticle == 0:
		e.article = true
		w.inArticle++
		w.cur = &Doc{Lang: w.lang, URL: w.url}
		w.text.WriteString(w.summary.String())
		w.text.WriteByte(' ')
	case name == "h1" && !w.haveTitle && !w.inTitle && visible:
		e.title = true
		w.inTitle = true
		w.title.Reset()
	case (name == "h2" || name == "h3") && attrs["id"] != "" && w.inArticle > 0 && visible && !w.inHeading:
		w.flush()
		e.heading = true
		w.inHeading = true
		w.heading.Reset()
		w.cur = &Doc{Lang: w.lang, URL: w.url + "#" + attrs["id"]}
	case name == "p" && hasClass("summary") && w.inArticle == 0 && visible && !w.inSum:
		e.summary = true
		w.inSum = true
		w.summary.Reset()
	}
	if e.skip {
		w.skipN++
	}
	if name == "table" {
		w.inTable++
	}
	w.open[name]++
	w.stack = append(w.stack, e)
}

func (w *walker) end(name string) {
	// Close up to the innermost open element of that name; an end tag
	// with none open is ignored.
	if w.open[name] == 0 {
		return
	}
	k := len(w.stack) - 1
	for k >= 0 && w.stack[k].name != name {
		k--
	}
	if k < 0 {
		return
	}
	for len(w.stack) > k {
		e := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		w.open[e.name]--
		if e.skip {
			w.skipN--
		}
		if e.name == "table" {
			w.inTable--
		}
		switch {
		case e.title:
			w.inTitle = false
			w.haveTitle = true
		case e.summary:
			w.inSum = false
		case e.heading:
			w.inHeading = false
			w.cur.Section = collapse(w.heading.String())
		case e.article:
			w.inArticle--
			w.flush()
			w.done = true
		}
	}
	if !inlineElements[name] {
		w.addText(" ")
	}
}

func (w *walker) addText(s string) {
	if w.skipN > 0 {
		return
	}
	switch {
	case w.inTitle:
		w.title.WriteString(s)
	case w.inHeading:
		w.heading.WriteString(s)
	case w.inArticle > 0 && w.inTable > 0:
		w.tables.WriteString(s)
	case w.inArticle > 0:
		w.text.WriteString(s)
	case w.inSum:
		w.summary.WriteString(s)
	}
}

// flush ends the current section.
func (w *walker) flush() {
	if w.cur == nil {
		return
	}
	d := *w.cur
	w.cur = nil
	d.Text = collapse(w.text.String() + " " + w.tables.String())
	w.text.Reset()
	w.tables.Reset()
	if d.Section == "" && d.Text == "" {
		return
	}
	w.docs = append(w.docs, d)
}

func (w *walker) finish() {
	if w.inArticle > 0 { // the article was never closed
		w.flush()
	}
	t := collapse(w.title.String())
	if t == "" {
		t = w.url
	}
	for i := range w.docs {
		w.docs[i].Title = t
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func isNameStart(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// skipPast returns the length of b up to and including the first sep, or
// len(b).
func skipPast(b []byte, sep string) int {
	j := bytes.Index(b, []byte(sep))
	if j < 0 {
		return len(b)
	}
	return j + len(sep)
}

// tagEnd returns the length of the tag that opens b, up to and including
// its '>' outside quotes, or len(b).
func tagEnd(b []byte) int {
	var quote byte
	for i := 1; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		}
	}
	return len(b)
}

// parseTag reads the inside of a tag, "name attr=value ...>" with the '<'
// (and the '/' of an end tag) removed: the lower-cased name, the
// attributes (values unescaped; the first of a repeated name wins) and
// whether it ends in "/>".
func parseTag(b []byte) (name string, attrs map[string]string, selfClosing bool) {
	b = bytes.TrimSuffix(b, []byte(">"))
	if bytes.HasSuffix(b, []byte("/")) {
		selfClosing = true
		b = b[:len(b)-1]
	}
	i := 0
	for i < len(b) && !isSpace(b[i]) && b[i] != '/' {
		i++
	}
	name = strings.ToLower(string(b[:i]))
	attrs = map[string]string{}
	for i < len(b) {
		for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
			i++
		}
		j := i
		for i < len(b) && !isSpace(b[i]) && b[i] != '=' && b[i] != '/' {
			i++
		}
		key := strings.ToLower(string(b[j:i]))
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		val := ""
		if i < len(b) && b[i] == '=' {
			i++
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i < len(b) && (b[i] == '"' || b[i] == '\'') {
				q := b[i]
				i++
				j := i
				for i < len(b) && b[i] != q {
					i++
				}
				val = string(b[j:i])
				if i < len(b) {
					i++
				}
			} else {
				j := i
				for i < len(b) && !isSpace(b[i]) {
					i++
				}
				val = string(b[j:i])
			}
		}
		if key == "" {
			if i == j { // not reached: every step above advances or ends
				i++
			}
			continue
		}
		if _, ok := attrs[key]; !ok {
			attrs[key] = html.UnescapeString(val)
		}
	}
	return name, attrs, selfClosing
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// indexFold is bytes.Index for an ASCII sep, ignoring case.
func indexFold(b []byte, sep string) int {
	for i := 0; i+len(sep) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(sep)], []byte(sep)) {
			return i
		}
	}
	return -1
}
