package directive

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/numfmt"
)

// A Check states claims the prose makes, one per line; a line starting with
// # is a comment, and text after # on a claim's line is the claim's label,
// in the page's language, which the page shows with it:
//
//	```check
//	esit.least_connections.mean_wait < esit.round_robin.mean_wait  # least connections waits less
//	```
//
// A claim that does not hold fails the build at its line. The page lists
// its claims in the appendix on how its numbers were made, with the values
// each compared.
type Check struct {
	Off    int
	Claims []Claim
}

// A Claim is one parsed line of a check. A claim over the runs of a
// replicated or swept experiment starts with a quantifier: "every:" (it
// holds in every run) or "at least K of N:" (in K of the N runs at least).
type Claim struct {
	Off     int // offset of the claim's first character
	LineOff int // offset of its line; expression offsets count from here
	Src     string
	Expr    expr.Node
	Over    *Quantifier
	Label   string // the text after #, "" for none
}

// A Quantifier says in how many runs a claim must hold: all of them
// (Every), or at least K of N.
type Quantifier struct {
	Off   int
	Every bool
	K, N  int
}

func (q *Quantifier) String() string {
	if q.Every {
		return "every: "
	}
	return fmt.Sprintf("at least %d of %d: ", q.K, q.N)
}

var quantRE = regexp.MustCompile(`^(\s*)(every|at least (\d+) of (\d+))\s*:`)

// quantifier splits a claim line into its quantifier and the claim's text,
// blanked where the quantifier was so that offsets keep their columns.
func quantifier(text string, lineOff int) (*Quantifier, string, string) {
	m := quantRE.FindStringSubmatchIndex(text)
	if m == nil {
		return nil, text, ""
	}
	q := &Quantifier{Off: lineOff + m[4], Every: text[m[4]:m[5]] == "every"}
	if !q.Every {
		q.K, _ = strconv.Atoi(text[m[6]:m[7]])
		q.N, _ = strconv.Atoi(text[m[8]:m[9]])
		if q.K < 1 || q.K > q.N {
			return q, "", fmt.Sprintf("at least %d of %d: want 1 <= K <= N", q.K, q.N)
		}
	}
	return q, strings.Repeat(" ", m[1]) + text[m[1]:], ""
}

func (c *Check) Kind() string { return "check" }
func (c *Check) Pos() int     { return c.Off }

// Neutral is the canonical form of every claim, one per line.
func (c *Check) Neutral() string {
	var s []string
	for _, cl := range c.Claims {
		s = append(s, cl.String())
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
		q, rest, qerr := quantifier(text, l.Off)
		if qerr != "" {
			b.Errorf(q.Off, "check: %s", qerr)
			broken++
			continue
		}
		text = rest
		text, label, _ := strings.Cut(text, "#")
		label = strings.TrimSpace(label)
		trim = strings.TrimSpace(text)
		n, err := expr.Parse(text)
		if err != nil {
			e := err.(*expr.Error)
			b.Errorf(l.Off+e.Off, "check: %s", e.Msg)
			broken++
			continue
		}
		lead := len(text) - len(strings.TrimLeft(text, " \t"))
		c.Claims = append(c.Claims, Claim{Off: l.Off + lead, LineOff: l.Off, Src: trim, Expr: n, Over: q, Label: label})
		if q != nil {
			c.Claims[len(c.Claims)-1].Off = q.Off
		}
	}
	if len(c.Claims) == 0 && broken == 0 {
		b.Errorf(b.Off, "check has no claim")
	}
	return c
}

// String is the claim's canonical text, with its quantifier.
func (cl Claim) String() string {
	if cl.Over != nil {
		return cl.Over.String() + expr.String(cl.Expr)
	}
	return expr.String(cl.Expr)
}

// PathOff returns the file offset of a path of the claim.
func (cl Claim) PathOff(p *expr.Path) int { return cl.LineOff + p.Off }

// CheckView is what templates/directives/check.html shows in the page's
// appendix: each claim with the values it compared.
type CheckView struct {
	Claims []ClaimView
}

// A ClaimView is one claim for the reader: its label, its canonical text
// (shown as code), the values of its paths formatted for the page, and for
// a claim over runs how many runs it held in.
type ClaimView struct {
	Label  string
	Expr   string
	Values []ShownValue
	Runs   string
}

// A ShownValue is a path and its value as the page formats it.
type ShownValue struct{ Path, Text string }

func resolveCheck(d Directive, c Context) (any, bool) {
	ch := d.(*Check)
	var v CheckView
	for _, cl := range ch.Claims {
		r := c.Claim(cl)
		cv := ClaimView{Label: cl.Label, Expr: cl.String()}
		for _, val := range r.Values {
			cv.Values = append(cv.Values, ShownValue{Path: val.Path, Text: c.Locale().Format(claimFormat(val.V), val.V)})
		}
		if r.Runs > 0 {
			held := c.Locale().Format(numfmt.Format{}, float64(r.Held))
			runs := c.Locale().Format(numfmt.Format{}, float64(r.Runs))
			cv.Runs = strings.NewReplacer("{k}", held, "{n}", runs).Replace(c.UI("claim_runs"))
		}
		v.Claims = append(v.Claims, cv)
	}
	return v, true
}

// claimFormat shows a compared value to about four significant digits, a
// whole number without decimals.
func claimFormat(v float64) numfmt.Format {
	if v == math.Trunc(v) || math.Abs(v) >= 1000 {
		return numfmt.Format{Fixed: true}
	}
	d := 3
	if a := math.Abs(v); a > 0 {
		d = 3 - int(math.Floor(math.Log10(a)))
	}
	return numfmt.Format{Fixed: true, Digits: min(max(d, 0), 8)}
}
