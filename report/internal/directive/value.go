package directive

import (
	"strings"

	"lbcourse/report/internal/expr"
)

// A Value is an inline reference {{ experiment.path | format }} in prose.
// The part before | may also be arithmetic over paths, such as
// {{ a.x - b.x | 0 }}, for a figure the prose derives from two results.
type Value struct {
	Off  int // offset of "{{"
	Spec Spec
	// Expr is the parsed reference; a single *expr.Path for a plain value.
	Expr expr.Node
	// ExprOff is the file offset that Expr's offsets count from.
	ExprOff int
}

func (v *Value) Kind() string    { return "value" }
func (v *Value) Pos() int        { return v.Off }
func (v *Value) Neutral() string { return v.Spec.String() }

// Path returns the value's path when it is a single path.
func (v *Value) Path() (*expr.Path, bool) {
	p, ok := v.Expr.(*expr.Path)
	return p, ok
}

// ParseValue parses the text between {{ and }}; off is the offset of {{
// and innerOff that of the text.
//
// Inside a GFM table cell the format's bar is written \| (the cell's own
// bars would split the value otherwise); \| reads as |.
func ParseValue(inner []byte, off, innerOff int) (*Value, []Problem) {
	text := strings.Replace(string(inner), `\|`, " |", 1)
	left, _, _ := strings.Cut(text, "|")
	v := &Value{Off: off, ExprOff: innerOff}
	n, err := expr.ParseNumber(left)
	if err != nil {
		e := err.(*expr.Error)
		return v, []Problem{{Off: innerOff + e.Off, Msg: "value: " + e.Msg}}
	}
	v.Expr = n
	// The spec's path is the canonical expression text; its format parses
	// as in tables.
	canon := expr.String(n)
	rest := strings.TrimPrefix(text, left)
	s, probs := ParseSpec("x"+rest, innerOff+len(left)-1, false)
	lead := len(left) - len(strings.TrimLeft(left, " \t"))
	s.Path, s.Off = canon, innerOff+lead
	v.Spec = s
	for _, p := range expr.Paths(n) {
		if !strings.Contains(p.Name, ".") {
			probs = append(probs, Problem{Off: innerOff + p.Off, Msg: "a value path starts with its experiment: write EXPERIMENT.PATH"})
		}
	}
	return v, probs
}

// ValueView is what templates/directives/value.html shows in a sentence.
type ValueView struct {
	Text    string
	Missing bool // not resolved (reported): a ? stands in
}

// ResolveValue binds an inline value for its template: a number in the
// page's locale, or a text (a path to one, without a format) as it is,
// recorded in the numbers file under PATH|text.
func ResolveValue(v *Value, c Context) ValueView {
	if v.Expr == nil {
		return ValueView{Missing: true}
	}
	if p, ok := v.Path(); ok {
		if text, ok := c.Text(p.Name); ok {
			if f := v.Spec.Format.String(); f != "" {
				c.Errorf(v.Spec.Off, "%s is a text: it takes no format (%s); write {{ %s }}", p.Name, f, p.Name)
				return ValueView{Missing: true}
			}
			c.Record(p.Name+"|text", text, "")
			return ValueView{Text: text}
		}
	}
	val, ok := c.Number(v)
	if !ok {
		return ValueView{Missing: true}
	}
	return ValueView{Text: c.Show(v.Spec.Path, val, v.Spec.Format, v.Spec.Off)}
}
