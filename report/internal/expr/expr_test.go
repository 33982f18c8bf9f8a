package expr

import (
	"fmt"
	"testing"
)

var values = map[string]float64{
	"a.x": 4.04, "a.y": 1.9, "b.ring.1000.moved": 0.26477, "b.zero": 0,
}

func look(p *Path) (float64, error) {
	v, ok := values[p.Name]
	if !ok {
		return 0, fmt.Errorf("no %s", p.Name)
	}
	return v, nil
}

func TestEval(t *testing.T) {
	tests := []struct {
		src   string
		want  bool
		canon string
	}{
		{"a.y < a.x", true, "a.y < a.x"},
		{"a.x / a.y > 2", true, "a.x / a.y > 2"},
		{"abs(b.ring.1000.moved - 0.25) < 0.02", true, "abs(b.ring.1000.moved - 0.25) < 0.02"},
		{"max(a.x, a.y, 3) == a.x && min(a.x, a.y) == a.y", true, "max(a.x, a.y, 3) == a.x && min(a.x, a.y) == a.y"},
		{"!(a.x < a.y) || b.zero > 1", true, "!(a.x < a.y) || b.zero > 1"},
		{"-a.x < 0", true, "-a.x < 0"},
		{"(a.x - a.y) * 2 >= 4.28", true, "(a.x - a.y) * 2 >= 4.28"},
		{"a.x - (a.y - 1) != a.x - a.y - 1", true, "a.x - (a.y - 1) != a.x - a.y - 1"},
		{"1e3 > 999.5", true, "1000 > 999.5"},
		{"a.x < a.y", false, "a.x < a.y"},
		{"b.zero > 0 && a.x / b.zero > 1", false, "b.zero > 0 && a.x / b.zero > 1"},
	}
	for _, tc := range tests {
		n, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		got, err := Eval(n, look)
		if err != nil || got != tc.want {
			t.Errorf("Eval(%q) = %v, %v; want %v", tc.src, got, err, tc.want)
		}
		if c := String(n); c != tc.canon {
			t.Errorf("String(%q) = %q, want %q", tc.src, c, tc.canon)
		}
		// The canonical form parses back to the same canonical form.
		n2, err := Parse(String(n))
		if err != nil || String(n2) != String(n) {
			t.Errorf("round trip of %q: %v, %q", tc.src, err, String(n2))
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a.x", "offset 0: a check must be a comparison, such as a < b"},
		{"a.x <", `offset 5: want a number, a value path or ( but found "end of claim"`},
		{"a.x < b < c", "offset 8: comparisons do not chain: write a < b && b < c"},
		{"a.x && a.y", "offset 0: && needs comparisons on both sides"},
		{"(a.x < 1) + 2 > 0", "offset 1: + needs numbers on both sides"},
		{"sqrt(a.x) > 1", `offset 0: unknown function "sqrt" (have abs, min, max)`},
		{"abs(a.x, a.y) > 1", "offset 0: abs takes one argument"},
		{"min(a.x) > 1", "offset 0: min takes at least 2 arguments"},
		{"a.x < 1 $", `offset 8: unexpected character '$'`},
		{"(a.x < 1", `offset 8: want ) but found "end of claim"`},
		{"a.x < 1 )", `offset 8: unexpected ")"`},
	}
	for _, tc := range tests {
		_, err := Parse(tc.src)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) error = %v, want %q", tc.src, err, tc.want)
		}
	}
	n, _ := Parse("a.x / b.zero > 1")
	if _, err := Eval(n, look); err == nil || err.Error() != "offset 0: division by zero" {
		t.Errorf("division by zero: %v", err)
	}
	if _, err := ParseNumber("a.x < 1"); err == nil || err.Error() != "offset 0: a value must be a number, not a comparison" {
		t.Errorf("ParseNumber comparison: %v", err)
	}
	v, err := ParseNumber("a.x - a.y")
	if err != nil {
		t.Fatal(err)
	}
	if x, err := EvalNumber(v, look); err != nil || x != 4.04-1.9 {
		t.Errorf("EvalNumber = %v, %v", x, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a.x < b.y", "abs(a.1 - 2) <= 3e-2 && !(x.y == 1)", "max(a, b, c) > -(d)", "((", "1.2.3 < a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n, err := Parse(src)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		// Whatever parses has a canonical form that parses to itself.
		c := String(n)
		n2, err := Parse(c)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", c, src, err)
		}
		if String(n2) != c {
			t.Fatalf("canonical form not stable: %q -> %q", c, String(n2))
		}
		_, _ = Eval(n, func(*Path) (float64, error) { return 1, nil })
	})
}
