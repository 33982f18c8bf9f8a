package review

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	gast "github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/mathml"
	"lbcourse/report/internal/mdext/ast"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/site"
)

// texter reads one page's text as a reader sees it, with the numbers of a
// numbers file in place of the values.
type texter struct {
	cfg       *site.Site
	page      *lesson.Page
	numbering *lesson.Numbers
	nums      map[string]numbers.Line
}

// A run is text as a block shows it, with the values in it marked.
type run struct {
	text  string
	value *directive.Value // nil for prose
}

// values lists the page's inline values, each in its sentence (a value in
// a table written in Markdown: in its row).
func (t *texter) values() []Item {
	var out []Item
	_ = gast.Walk(t.page.Doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n.(type) {
		case *east.Table:
			out = append(out, t.tableItems(n)...)
			return gast.WalkSkipChildren, nil
		case *gast.Paragraph, *gast.TextBlock, *gast.Heading:
			out = append(out, t.sentenceItems(t.inline(n, nil), true)...)
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	return out
}

// tableItems lists the values of a table written in Markdown, each shown
// in its row, its column's heading as where it is.
func (t *texter) tableItems(table gast.Node) []Item {
	var head []string
	var out []Item
	for row := table.FirstChild(); row != nil; row = row.NextSibling() {
		var runs []run
		var cols []int // the column of each value of the row, in order
		col := 0
		for c := row.FirstChild(); c != nil; c, col = c.NextSibling(), col+1 {
			if c != row.FirstChild() {
				runs = append(runs, run{text: " | "})
			}
			from := len(runs)
			runs = t.inline(c, runs)
			for _, r := range runs[from:] {
				if r.value != nil {
					cols = append(cols, col)
				}
			}
			if _, ok := row.(*east.TableHeader); ok {
				head = append(head, strings.TrimSpace(plain(runs[from:])))
			}
		}
		items := t.sentenceItems(runs, false)
		for i := range items {
			if i < len(cols) && cols[i] < len(head) {
				items[i].Where = head[cols[i]]
			}
		}
		out = append(out, items...)
	}
	return out
}

// plain is the prose of runs, values left out.
func plain(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
	}
	return b.String()
}

// sentenceItems makes an Item of each value in runs, its sentence the one
// around it (split is false: the whole of runs).
func (t *texter) sentenceItems(runs []run, split bool) []Item {
	var out []Item
	spans := [][2]int{{0, len(runs)}}
	if split {
		runs, spans = sentences(runs)
	}
	for _, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			v := runs[i].value
			if v == nil {
				continue
			}
			key := v.Spec.Path + v.Spec.Format.KeySuffix()
			it := Item{Kind: Value, Key: key}
			if p, ok := v.Path(); ok {
				if _, text := t.nums[p.Name+"|text"]; text {
					it.Key = p.Name + "|text"
				}
			}
			line, found := t.nums[it.Key]
			it.Neutral = line.Value
			for j := sp[0]; j < sp[1]; j++ {
				piece := Piece{Text: runs[j].text}
				if runs[j].value != nil {
					piece.Text = t.valueText(runs[j].value)
				}
				piece.Number = j == i
				it.Sentence = append(it.Sentence, piece)
			}
			it.Sentence = tidy(it.Sentence)
			var shape strings.Builder
			for j := sp[0]; j < sp[1]; j++ {
				if runs[j].value != nil {
					shape.WriteString("\x00")
				} else {
					shape.WriteString(runs[j].text)
				}
			}
			it.Shape = shape.String()
			if found || len(t.nums) > 0 {
				out = append(out, it)
			}
		}
	}
	return out
}

// valueText is a value as the page shows it, "?" when the numbers file
// does not have it.
func (t *texter) valueText(v *directive.Value) string {
	if p, ok := v.Path(); ok {
		if line, ok := t.nums[p.Name+"|text"]; ok {
			return line.Value
		}
	}
	line, ok := t.nums[v.Spec.Path+v.Spec.Format.KeySuffix()]
	if !ok {
		return "?"
	}
	return t.show(v.Spec.Format, line)
}

// inline appends the text of n's inline content to runs.
func (t *texter) inline(n gast.Node, runs []run) []run {
	src := t.page.Src
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *gast.Text:
			runs = append(runs, run{text: string(c.Segment.Value(src))})
			if c.SoftLineBreak() || c.HardLineBreak() {
				runs = append(runs, run{text: " "})
			}
		case *gast.String:
			runs = append(runs, run{text: string(c.Value)})
		case *ast.Value:
			runs = append(runs, run{value: c.V})
		case *ast.Inline:
			runs = append(runs, run{text: t.inlineText(c.D)})
		default:
			runs = t.inline(c, runs)
		}
	}
	return runs
}

// inlineText is how a reader reads an inline directive: a term as its
// word, a cross-reference as its label, a formula as its TeX; a citation
// is left out.
func (t *texter) inlineText(d directive.Directive) string {
	switch d := d.(type) {
	case *directive.Term:
		if d.Text != "" {
			return d.Text
		}
		if e, ok := t.cfg.Glossary.Lookup(d.Key); ok {
			return e.Terms[t.page.Lang.Code]
		}
		return d.Key
	case *directive.Ref:
		if e, ok := t.numbering.Lookup(d.Target, d.ID); ok {
			return t.label(e.D)
		}
		return d.Target + ":" + d.ID
	case *directive.Math:
		return formulaText(d.TeX)
	}
	return ""
}

// formulaText is an inline formula as plain text: the text of its MathML
// ("\\rho" reads ρ), or its TeX when it does not render.
func formulaText(tex string) string {
	out, probs := mathml.Render(tex, false)
	if len(probs) > 0 {
		return tex
	}
	var b strings.Builder
	inTag := false
	for _, r := range out {
		switch {
		case r == '<':
			inTag = true
		case r == '>':
			inTag = false
		case !inTag:
			b.WriteRune(r)
		}
	}
	return html.UnescapeString(b.String())
}

// sentences splits runs into sentences: a sentence ends after '.', '!' or
// '?' in prose, followed by a space and a capital letter, a digit or a
// value. It returns the runs split at each such mark and the spans of the
// sentences over them.
func sentences(runs []run) ([]run, [][2]int) {
	var joined []run
	for _, r := range runs {
		if n := len(joined); n > 0 && r.value == nil && joined[n-1].value == nil {
			joined[n-1].text += r.text
			continue
		}
		joined = append(joined, r)
	}
	var split []run
	for _, r := range joined {
		if r.value != nil {
			split = append(split, r)
			continue
		}
		s := r.text
		for s != "" {
			i := strings.IndexAny(s, ".!?")
			if i < 0 {
				split = append(split, run{text: s})
				break
			}
			end := i + 1
			if end < len(s) && s[end] == ' ' {
				end++ // the mark and its space
			}
			split = append(split, run{text: s[:end]})
			s = s[end:]
		}
	}
	runs = split
	var spans [][2]int
	start := 0
	tail := "" // the prose since the last value, up to run i
	for i, r := range runs {
		if r.value != nil {
			tail = ""
			continue
		}
		tail += r.text
		if i+1 < len(runs) && endsSentence(tail, runs[i+1]) {
			spans = append(spans, [2]int{start, i + 1})
			start = i + 1
		}
	}
	return runs, append(spans, [2]int{start, len(runs)})
}

// endsSentence reports whether a sentence ends with s, prose that ends in
// '.', '!' or '?' and a space, before next: not after an abbreviation, nor
// after a number's period before a lower-case word (a Turkish ordinal:
// "90. yüzdelik", "99,9. yüzdelik", or a value's: s is then the period
// alone, the value just before it).
func endsSentence(s string, next run) bool {
	if !strings.HasSuffix(s, ". ") && !strings.HasSuffix(s, "! ") && !strings.HasSuffix(s, "? ") {
		return false
	}
	if !strings.HasSuffix(s, ". ") {
		return true
	}
	word := s[:len(s)-2]
	if i := strings.LastIndexAny(word, " (\n"); i >= 0 {
		word = word[i+1:]
	}
	if abbreviations[strings.ToLower(word)] {
		return false
	}
	r, _ := utf8.DecodeRuneInString(next.text)
	if next.value == nil && unicode.IsLower(r) && strings.Trim(word, "0123456789.,") == "" {
		return false // "95. yüzdelik", "99,9. yüzdelik", or a value's own period: "{{ n }}. öznede"
	}
	return true
}

// abbreviations end in a period that does not end a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "fig": true, "no": true, "dr": true,
	"vb": true, "vd": true, "örn": true, "ör": true, "bkz": true, "yak": true, "sn": true, "s": true,
}

// tidy joins the pieces of prose around the number and trims the
// sentence's ends and doubled spaces (left where a citation was).
func tidy(s Sentence) Sentence {
	var out Sentence
	for _, p := range s {
		if n := len(out); n > 0 && !p.Number && !out[n-1].Number {
			out[n-1].Text += p.Text
			continue
		}
		out = append(out, p)
	}
	for i := range out {
		if !out[i].Number {
			out[i].Text = strings.Join(strings.FieldsFunc(out[i].Text, func(r rune) bool { return r == '\n' || r == '\t' }), " ")
			for strings.Contains(out[i].Text, "  ") {
				out[i].Text = strings.ReplaceAll(out[i].Text, "  ", " ")
			}
			out[i].Text = strings.ReplaceAll(out[i].Text, " .", ".")
			out[i].Text = strings.ReplaceAll(out[i].Text, " ,", ",")
		}
	}
	if len(out) > 0 && !out[0].Number {
		out[0].Text = strings.TrimLeft(out[0].Text, " ")
	}
	if n := len(out); n > 0 && !out[n-1].Number {
		out[n-1].Text = strings.TrimRight(out[n-1].Text, " ")
	}
	return out
}
