package mathml

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// MaxLen is the longest formula Render accepts, in bytes.
const MaxLen = 4096

// MaxDepth is the deepest nesting Render accepts: each group, argument and
// \left…\right is a level.
const MaxDepth = 64

// An Error is a problem at byte offset Off of the TeX source.
type Error struct {
	Off int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Off, e.Msg) }

// Render returns the MathML <math> element for tex; display selects display="block".
// It never panics and bounds its work (input longer than MaxLen bytes or nested deeper than MaxDepth is an error).
// On any error it returns "" and every problem found, sorted by offset.
func Render(tex string, display bool) (string, []*Error) {
	var out string
	var errs []*Error
	func() {
		// The parser is written not to panic; this keeps the promise if it
		// ever does.
		defer func() {
			if r := recover(); r != nil {
				out, errs = "", []*Error{{Off: 0, Msg: fmt.Sprintf("internal error: %v", r)}}
			}
		}()
		out, errs = render(tex, display)
	}()
	return out, errs
}

func render(tex string, display bool) (string, []*Error) {
	if len(tex) > MaxLen {
		return "", []*Error{{Off: MaxLen, Msg: fmt.Sprintf("formula is %d bytes, longer than the limit of %d", len(tex), MaxLen)}}
	}
	p := &parser{src: tex, display: display}
	kids := p.parseExpr(ctxTop)
	if len(p.errs) > 0 {
		slices.SortStableFunc(p.errs, func(a, b *Error) int { return cmp.Compare(a.Off, b.Off) })
		return "", p.errs
	}
	var b strings.Builder
	b.WriteString(`<math xmlns="http://www.w3.org/1998/Math/MathML"`)
	if display {
		b.WriteString(` display="block"`)
	}
	b.WriteString(">")
	if len(kids) > 0 {
		row(kids).write(&b)
	}
	b.WriteString("</math>")
	return b.String(), nil
}

// A node is one MathML element, with what the parser needs to know of it.
type node struct {
	tag   string
	attrs []string // name, value, name, value…
	text  string   // the content of a token element, unescaped
	kids  []*node

	fn     bool // a function name: U+2061 follows when an argument does
	limits bool // takes its scripts below and above in display style
	open   bool // an opening bracket (<mo> only)
	group  bool // an <mrow> that only groups (made by row)
}

func elem(tag string, kids ...*node) *node { return &node{tag: tag, kids: kids} }

func token(tag, text string, attrs ...string) *node {
	return &node{tag: tag, text: text, attrs: attrs}
}

// row makes one node of kids: the kid itself when there is one, a
// grouping <mrow> otherwise (empty when there are none).
func row(kids []*node) *node {
	if len(kids) == 1 {
		return kids[0]
	}
	n := elem("mrow", kids...)
	n.group = true
	return n
}

// kidsOf is the children n stands for in a row: a grouping <mrow> is its
// children, any other node itself.
func kidsOf(n *node) []*node {
	if n.group && !n.fn {
		return n.kids
	}
	return []*node{n}
}

func (n *node) write(b *strings.Builder) {
	b.WriteString("<")
	b.WriteString(n.tag)
	for i := 0; i+1 < len(n.attrs); i += 2 {
		b.WriteString(" ")
		b.WriteString(n.attrs[i])
		b.WriteString(`="`)
		escape(b, n.attrs[i+1])
		b.WriteString(`"`)
	}
	b.WriteString(">")
	escape(b, n.text)
	for _, k := range n.kids {
		k.write(b)
	}
	b.WriteString("</")
	b.WriteString(n.tag)
	b.WriteString(">")
}

// escape writes s escaped for HTML and XML text and attribute values; the
// invisible characters the renderer itself inserts are written as
// character references, so that they can be seen in the output.
func escape(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\u00a0':
			b.WriteString("&#160;")
		case '\u2061':
			b.WriteString("&#x2061;")
		default:
			b.WriteRune(r)
		}
	}
}
