package directive

import (
	"strings"
	"testing"

	"lbcourse/report/internal/figure"
)

// TestPlotRing: a ring plot takes roles on its series and no axes or
// lines; a role on another kind, an unknown role and aspect wide on a ring
// are errors, each at the key or value it names, with its message.
func TestPlotRing(t *testing.T) {
	head := "experiment: abc\nkind: ring\ncaption: c\nalt: a\n"
	series := "series:\n  - {data: ring_keys_pos, legend: keys, role: key}\n  - {data: ring_pos.1, legend: A, role: server}\n  - {data: ring_pos.2, legend: B}\n"
	for _, c := range []struct {
		body string
		want []string // each problem: the text it is at, and its message
	}{
		{head + series, nil},
		{head + "aspect: square\n" + series, nil},
		{head + "x: {label: cos}\ny: {min: 0}\nlines:\n  - {y: 0.5}\n" + series, []string{
			"x: {label: cos}|plot: x is not for kind ring, which draws no axes",
			"y: {min: 0}|plot: y is not for kind ring, which draws no axes",
			"lines:|plot: lines is not for kind ring, which draws no axes",
		}},
		{head + "aspect: wide\n" + series, []string{"wide|plot: aspect wide is not for kind ring, which is drawn square"}},
		{head + "series:\n  - {data: ring_pos.1, role: keys}\n", []string{`keys}|plot: role "keys": want one of server, key`}},
		{strings.Replace(head, "ring", "scatter", 1) + "series:\n  - {data: ring_pos.1, role: key}\n", []string{"role: key}|plot: role is for kind ring, not scatter"}},
	} {
		var probs []Problem
		base := len("```plot abc\n")
		d := ParsePlot(block("plot", "abc", c.body, base, &probs))
		var got []string
		for _, p := range probs {
			at := c.body[p.Off-base:]
			for _, w := range c.want {
				if text, _, _ := strings.Cut(w, "|"); strings.HasPrefix(at, text) {
					at = text
				}
			}
			if i := strings.IndexByte(at, '\n'); i >= 0 {
				at = at[:i]
			}
			got = append(got, at+"|"+p.Msg)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s\nproblems:\n%s\nwant:\n%s", c.body, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
		if c.want != nil {
			continue
		}
		p := d.(*Plot)
		if p.Type != figure.Ring || len(p.Series) != 3 || p.Series[0].Role != figure.RoleKey || p.Series[1].Role != figure.RoleServer || p.Series[2].Role != "" {
			t.Errorf("parsed %+v", p)
		}
		if n := p.Neutral(); !strings.Contains(n, "series=:ring_keys_pos role=key series=:ring_pos.1 role=server series=:ring_pos.2") {
			t.Errorf("Neutral %s lacks the roles", n)
		}
	}
}
