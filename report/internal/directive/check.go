package directive

import (
	"strings"

	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/numfmt"
)

// A Check states claims the prose makes, one per line; a line starting with
// # is a comment:
//
//	```check
//	esit.least_connections.mean_wait < esit.round_robin.mean_wait
//	```
//
// A claim that does not hold fails the build at its line.
type Check struct {
	Off    int
	Claims []Claim
}

// A Claim is one parsed line of a check.
type Claim struct {
	Off     int // offset of the claim's first character
	LineOff int // offset of its line; expression offsets count from here
	Src     string
	Expr    expr.Node
}

func (c *Check) Kind() string { return "check" }
func (c *Check) Pos() int     { return c.Off }

// Neutral is the canonical form of every claim, one per line.
func (c *Check) Neutral() string {
	var s []string
	for _, cl := range c.Claims {
		s = append(s, expr.String(cl.Expr))
	}
	return strings.Join(s, "\n")
}

// ParseCheck parses a check block.
func ParseCheck(b *Block) Directive {
	b.NoArgs()
	c := &Check{Off: b.Off}
	broken := 0
	for _, l := range b.Lines {
		text := strings.TrimRight(string(l.Text), "\r\n")
		trim := strings.TrimSpace(text)
		if trim == "" || strings.HasPrefix(trim, "#") {
			continue
		}
		n, err := expr.Parse(text)
		if err != nil {
			e := err.(*expr.Error)
			b.Errorf(l.Off+e.Off, "check: %s", e.Msg)
			broken++
			continue
		}
		lead := len(text) - len(strings.TrimLeft(text, " \t"))
		c.Claims = append(c.Claims, Claim{Off: l.Off + lead, LineOff: l.Off, Src: trim, Expr: n})
	}
	if len(c.Claims) == 0 && broken == 0 {
		b.Errorf(b.Off, "check has no claim")
	}
	return c
}

// PathOff returns the file offset of a path of the claim.
func (cl Claim) PathOff(p *expr.Path) int { return cl.LineOff + p.Off }

// CheckView is what templates/directives/check.html shows: the claims a
// reader can open, in canonical form.
type CheckView struct {
	Summary string
	Claims  []string
}

func resolveCheck(d Directive, c Context) (any, bool) {
	ch := d.(*Check)
	n := c.Locale().Format(numfmt.Format{}, float64(len(ch.Claims)))
	v := CheckView{Summary: strings.ReplaceAll(c.UI("claims"), "{n}", n)}
	for _, cl := range ch.Claims {
		v.Claims = append(v.Claims, expr.String(cl.Expr))
	}
	return v, true
}
