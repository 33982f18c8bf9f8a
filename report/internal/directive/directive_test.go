package directive

import (
	"bytes"
	"strings"
	"testing"
)

// block makes a Block of kind with args, its body at offset base.
func block(kind, args, body string, base int, sink *[]Problem) *Block {
	var lines []Line
	off := base
	for _, l := range strings.SplitAfter(body, "\n") {
		if l == "" {
			continue
		}
		lines = append(lines, Line{Text: []byte(l), Off: off})
		off += len(l)
	}
	var words []string
	var offs []int
	for _, w := range strings.Fields(args) {
		words = append(words, w)
		offs = append(offs, 3+len(kind)+1+strings.Index(args, w))
	}
	return NewBlock(kind, 3, words, offs, lines, sink)
}

// FuzzBlock parses arbitrary bodies with every directive kind: no body may
// panic, every problem lies inside the block, and parsing is deterministic
// (the same body gives the same Neutral form and problems).
func FuzzBlock(f *testing.F) {
	for _, s := range []string{
		"model: queue\nslowdown: [3, 1, 1]\n", "caption: c\nrows: [a, b]\ncolumns: [x | 2, y | 0 join \"/\"]\n",
		"experiment: e\nkind: cdf\ncaption: c\nalt: a\nseries:\n  - {data: a.b, legend: l}\nlines:\n  - {y: 1}\n",
		"a.b < c.d # why\n", "caption: \"x\"\n", "x: {min: .inf, max: 1e400}\n", "rows: []\n", "bins: 1e9\n",
		"- [\n", "k: &a [*a]\n", "\t\n", "model: q\nk: !ref x.y\n",
	} {
		f.Add(s, "name")
	}
	kinds := Standard()
	f.Fuzz(func(t *testing.T, body, args string) {
		if len(body) > 4096 || strings.ContainsAny(args, "\n\r") {
			return
		}
		for _, k := range kinds {
			if k.Parse == nil {
				continue // written in prose; mdext's tests cover its parser
			}
			kind := k.Name
			base := 3 + len(kind) + 1 + len(args) + 1 // the body follows the info line
			var probs []Problem
			d := k.Parse(block(kind, args, body, base, &probs))
			for _, p := range probs {
				if p.Off < 0 || p.Off > base+len(body) {
					t.Fatalf("%s: problem %q at %d, outside the block", kind, p.Msg, p.Off)
				}
			}
			var again []Problem
			d2 := k.Parse(block(kind, args, body, base, &again))
			if (d == nil) != (d2 == nil) || d != nil && d.Neutral() != d2.Neutral() || len(again) != len(probs) {
				t.Fatalf("%s: parsing the same body twice gives different results", kind)
			}
		}
	})
}

// FuzzSpec parses arbitrary value specs: when one parses, its canonical
// text parses to the same spec.
func FuzzSpec(f *testing.F) {
	for _, s := range []string{"a.b | 2", "a.b | %1 unit", `x | 0 join "/"`, "a | plain dat", `a | join "\"`, "a.b |", "| 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, probs := ParseSpec(text, 0, true)
		for _, p := range probs {
			if p.Off < 0 || p.Off > len(text) {
				t.Fatalf("problem %q at %d outside %q", p.Msg, p.Off, text)
			}
		}
		if len(probs) > 0 {
			return
		}
		again, probs := ParseSpec(s.String(), 0, true)
		if len(probs) > 0 || again.String() != s.String() {
			t.Fatalf("%q: canonical %q parses to %q, %v", text, s.String(), again.String(), probs)
		}
	})
}

// FuzzValue parses arbitrary inline values ({{ … }} contents).
func FuzzValue(f *testing.F) {
	for _, s := range []string{" a.b | 2 ", " a.x - b.y | 0 unit ", ` a.b \| 2 `, " ((a.b)) ", " 1 + ", " a.b | join \"x\" "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, inner string) {
		if strings.Contains(inner, "}}") || strings.ContainsAny(inner, "\n") {
			return
		}
		const off = 2
		v, probs := ParseValue([]byte(inner), 0, off)
		for _, p := range probs {
			if p.Off < 0 || p.Off > off+len(inner) {
				t.Fatalf("problem %q at %d outside %q", p.Msg, p.Off, inner)
			}
		}
		if len(probs) == 0 && v.Expr == nil {
			t.Fatalf("%q: no problem and no expression", inner)
		}
		_ = bytes.Clone([]byte(v.Neutral()))
	})
}
