package directive

import (
	"html/template"
	"strings"
)

// A Math is a formula in a TeX-like syntax (see package mathml), rendered
// to MathML when the site is built. A display formula is a fence, numbered
// in page order and referable as [@eq:ID] when it has an id:
//
//	```math miss
//	m + (1 - m)(1 - h)
//	```
//
// An inline formula is written between dollar signs in prose: $N/(N+1)$.
type Math struct {
	Off     int
	ID      string // display formulas only; "" for none
	TeX     string
	TeXOff  int // offset of the TeX text's first byte
	Display bool
}

func (m *Math) Kind() string { return "math" }
func (m *Math) Pos() int     { return m.Off }

// Neutral is the formula itself: both languages show the same formulas.
func (m *Math) Neutral() string {
	s := strings.Join(strings.Fields(m.TeX), " ")
	if m.Display {
		return "display " + m.ID + " " + s
	}
	return s
}

// ParseMath parses a display formula fence: ```math [ID].
func ParseMath(b *Block) Directive {
	m := &Math{Off: b.Off, Display: true}
	switch len(b.Args) {
	case 0:
	case 1:
		m.ID = b.Args[0]
		if !idRE.MatchString(m.ID) {
			b.Errorf(b.ArgOffs[0], "math: bad id %q: ids are lower-case letters, digits and -", m.ID)
		}
	default:
		b.Errorf(b.ArgOffs[1], "math takes at most an id: ```math ID")
	}
	var lines []string
	for i, l := range b.Lines {
		if i == 0 {
			m.TeXOff = l.Off
		}
		lines = append(lines, strings.TrimRight(string(l.Text), "\n"))
	}
	m.TeX = strings.Join(lines, "\n")
	if strings.TrimSpace(m.TeX) == "" {
		b.Errorf(b.Off, "math has no formula")
		return nil
	}
	return m
}

// NewInlineMath returns the inline formula tex found at off (the opening
// dollar sign).
func NewInlineMath(tex string, off int) *Math {
	return &Math{Off: off, TeX: tex, TeXOff: off + 1}
}

// MathView is what templates/directives/math.html shows.
type MathView struct {
	Display bool
	MathML  template.HTML
	Label   Label // the zero Label for an inline formula
}

func resolveMath(d Directive, c Context) (any, bool) {
	m := d.(*Math)
	html, ok := c.Math(m.TeX, m.Display, m.TeXOff)
	if !ok {
		return nil, false
	}
	v := MathView{Display: m.Display, MathML: html}
	if m.Display {
		v.Label, _ = c.Numbered(d)
	}
	return v, true
}
