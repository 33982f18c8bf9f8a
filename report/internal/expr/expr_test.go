package expr

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
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
		{"! ((a.x < a.y)) && !!(a.y<a.x)", true, "!(a.x < a.y) && !!(a.y < a.x)"},
		{"-a.x < 0", true, "-a.x < 0"},
		{"- -a.x > 0 && -(-a.x) > 0", true, "--a.x > 0 && --a.x > 0"},
		{"(a.x - a.y) * 2 >= 4.28", true, "(a.x - a.y) * 2 >= 4.28"},
		{"a.x - (a.y - 1) != a.x - a.y - 1", true, "a.x - (a.y - 1) != a.x - a.y - 1"},
		{"a.x < a.y || (a.y < a.x || b.zero > 0)", true, "a.x < a.y || (a.y < a.x || b.zero > 0)"},
		{"(a.x < a.y || a.y < a.x) && b.zero == 0", true, "(a.x < a.y || a.y < a.x) && b.zero == 0"},
		{"a.x * 1e3 > 999.5", true, "a.x * 1000 > 999.5"},
		{"a.x + 1e21 >= 1E+21 && .5 < a.x", true, "a.x + 1e+21 >= 1e+21 && 0.5 < a.x"},
		{"min((a.x), -a.y) < 0", true, "min(a.x, -a.y) < 0"},
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
		roundTrip(t, tc.src, true)
	}
}

func TestEvalNumber(t *testing.T) {
	tests := []struct {
		src   string
		want  float64
		canon string
	}{
		{"a.x - a.y", 4.04 - 1.9, "a.x - a.y"},
		{"(a.x)", 4.04, "a.x"},
		{"-(a.x - a.y) * 2", -(4.04 - 1.9) * 2, "-(a.x - a.y) * 2"},
		{"max(a.x,a.y)/2", 2.02, "max(a.x, a.y) / 2"},
		{"2", 2, "2"},
	}
	for _, tc := range tests {
		n, err := ParseNumber(tc.src)
		if err != nil {
			t.Errorf("ParseNumber(%q): %v", tc.src, err)
			continue
		}
		if got, err := EvalNumber(n, look); err != nil || got != tc.want {
			t.Errorf("EvalNumber(%q) = %v, %v; want %v", tc.src, got, err, tc.want)
		}
		if c := String(n); c != tc.canon {
			t.Errorf("String(%q) = %q, want %q", tc.src, c, tc.canon)
		}
		roundTrip(t, tc.src, false)
	}
}

// nest returns open n times, then mid, then close n times.
func nest(open, mid, close string, n int) string {
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

// chain is a claim of n terms a.x joined by op, then "<1"; term k starts
// at offset k*(3+len(op)).
func chain(op string, n int) string { return strings.Repeat("a.x"+op, n-1) + "a.x<1" }

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src  string
		off  int
		msg  string
		real bool // a number expression (ParseNumber), not a claim
	}{
		// syntax
		{"", 0, `want a number, a value path or ( but found "end of claim"`, false},
		{"a.x <", 5, `want a number, a value path or ( but found "end of claim"`, false},
		{"sqrt(a.x) > 1", 0, `unknown function "sqrt" (have abs, min, max, count, share)`, false},
		{"abs(a.x, a.y) > 1", 0, "abs takes one argument", false},
		{"abs() > 1", 0, "abs takes one argument", false},
		{"min(a.x) > 1", 0, "min takes at least 2 arguments", false},
		{"min(a.x a.y) > 1", 8, `want , or ) but found "a.y"`, false},
		{"a.x < 1 $", 8, `unexpected character '$'`, false},
		{"a.x < 1 é", 8, `unexpected character 'é'`, false},
		{"a.x < 1 \xff", 8, `unexpected byte 0xff (not UTF-8)`, false},
		{"(a.x < 1", 8, `want ) but found "end of claim"`, false},
		{"a.x < 1 )", 8, `unexpected ")"`, false},
		{"1.2.3 < a.x", 0, `bad number "1.2.3"`, false},
		{"1e999 < a.x", 0, `bad number "1e999"`, false},
		{"a.x - ", 6, `want a number, a value path or ( but found "end of claim"`, true},

		// limits
		{"a.x < 1" + strings.Repeat(" ", MaxLen-6), MaxLen, "expression is longer than 4096 bytes", false},
		{strings.Repeat("(", MaxLen+1), MaxLen, "expression is longer than 4096 bytes", true},
		{nest("(", "a.x < 1", ")", MaxDepth+1), MaxDepth, "expression nests deeper than 64 levels", false},
		{nest("(", "a.x", ")", MaxDepth+1), MaxDepth, "expression nests deeper than 64 levels", true},
		{strings.Repeat("!", MaxDepth+1) + "(a.x < 1)", MaxDepth, "expression nests deeper than 64 levels", false},
		{strings.Repeat("-", MaxDepth+1) + "a.x < 1", MaxDepth, "expression nests deeper than 64 levels", false},
		{strings.Repeat("-", MaxDepth+1) + "a.x", MaxDepth, "expression nests deeper than 64 levels", true},
		{nest("abs(", "a.x", ")", MaxDepth+1) + " < 1", 4 * MaxDepth, "expression nests deeper than 64 levels", false},
		{nest("-(", "a.x", ")", MaxDepth/2+1) + " < 1", MaxDepth, "expression nests deeper than 64 levels", false},
		{strings.Repeat("!(", MaxDepth/2) + "!a.x < 1", MaxDepth, "expression nests deeper than 64 levels", false},
		// "a.x + " is 6 canonical bytes a term: term 682 ends at 4095, its
		// " + " at 4098, so term 683, at offset 4*683, crosses.
		{chain("+", 1000), 4 * 683, "expression is longer than 4096 bytes in canonical form (one space around each operator)", false},
		{chain("+", 1000)[:3996+3], 4 * 683, "expression is longer than 4096 bytes in canonical form (one space around each operator)", true},

		// types
		{"a.x", 0, "a check must be a comparison, such as a < b", false},
		{"  (a.x)", 2, "a check must be a comparison, such as a < b", false},
		{"a.x + 1", 0, "a check must be a comparison, such as a < b", false},
		{"a.x < 1", 0, "a value must be a number, not a comparison", true},
		{"!(a.x < 1) || a.y > 1", 0, "a value must be a number, not a comparison", true},
		{"a.x < a.y < 3", 10, "cannot compare a comparison: comparisons do not chain; write a < b && b < c", false},
		{"a.x < 1 == a.y < 2", 8, "cannot compare a comparison: comparisons do not chain; write a < b && b < c", false},
		{"(a.x > 100) < 2", 0, "cannot compare a comparison: < needs numbers on both sides", false},
		{"2 > (a.x < 1)", 4, "cannot compare a comparison: > needs numbers on both sides", false},
		{"(a.x < 1) == (a.y < 1)", 0, "cannot compare a comparison: == needs numbers on both sides", false},
		{"a.x != (a.y < 1)", 7, "cannot compare a comparison: != needs numbers on both sides", false},
		{"!(a.x < 1) == !(a.y < 1)", 0, "cannot compare a comparison: == needs numbers on both sides", false},
		{"a.x >= !(a.y < 1)", 7, "cannot compare a comparison: >= needs numbers on both sides", false},
		{"(a.x < 1) + 1 > 0", 0, "arithmetic on a comparison: + needs numbers on both sides", false},
		{"a.x * (a.y < 1) > 0", 6, "arithmetic on a comparison: * needs numbers on both sides", false},
		{"1 - !(a.y < 1)", 4, "arithmetic on a comparison: - needs numbers on both sides", true},
		{"(a.x < 1) / 2", 0, "arithmetic on a comparison: / needs numbers on both sides", true},
		{"-(a.x < 1) < 0", 1, "arithmetic on a comparison: - needs a number", false},
		{"-!(a.x < 1)", 1, "arithmetic on a comparison: - needs a number", true},
		{"abs(a.x < 1) > 0", 4, "arithmetic on a comparison: abs needs numbers", false},
		{"max(a.x, !(a.y < 1)) > 0", 9, "arithmetic on a comparison: max needs numbers", false},
		{"min(a.x, (a.y < 1 || a.x < 1)) > 0", 9, "arithmetic on a comparison: min needs numbers", true},
		{"!a.x", 1, "! needs a comparison, not a number: write !(a < b)", false},
		{"!a.x < 1", 1, "! needs a comparison, not a number: write !(a < b)", false},
		{"!(a.x)", 1, "! needs a comparison, not a number: write !(a < b)", false},
		{"!-a.x < 1", 1, "! needs a comparison, not a number: write !(a < b)", false},
		{"a.x && a.y < 1", 0, "&& needs comparisons on both sides, not a number", false},
		{"a.x < 1 || a.y", 11, "|| needs comparisons on both sides, not a number", false},
		{"a.x < 1 && (a.y + 1)", 11, "&& needs comparisons on both sides, not a number", false},
		{"1 < 2", 0, "comparison of constants: it holds or fails whatever the models compute", false},
		{"a.x < 1 || 2 > 1", 11, "comparison of constants: it holds or fails whatever the models compute", false},
		{"!(abs(-1) < 2) && a.x > 0", 2, "comparison of constants: it holds or fails whatever the models compute", false},
	}
	for _, tc := range tests {
		parse, name := Parse, "Parse"
		if tc.real {
			parse, name = ParseNumber, "ParseNumber"
		}
		_, err := parse(tc.src)
		var e *Error
		if !errors.As(err, &e) || e.Off != tc.off || e.Msg != tc.msg {
			t.Errorf("%s(%.40q): error %v\nwant offset %d: %s", name, tc.src, err, tc.off, tc.msg)
		}
	}
}

// TestLimitsAccept: texts at the limits parse, and their canonical form
// parses back.
func TestLimitsAccept(t *testing.T) {
	claims := []string{
		"a.x < 1" + strings.Repeat(" ", MaxLen-7),
		nest("(", "a.x < 1", ")", MaxDepth),
		strings.Repeat("!", MaxDepth-1) + "(a.x < 1)",
		strings.Repeat("-", MaxDepth) + "a.x < 1",
		nest("abs(", "a.x", ")", MaxDepth) + " < 1",
		nest("-(", "a.x", ")", MaxDepth/2) + " < 1",
		// canonical already: 4093 bytes; canonical of the next, 4093 too.
		strings.Repeat("a.x + ", 681) + "a.x < 1",
		chain("+", 682),
	}
	for _, src := range claims {
		n, err := Parse(src)
		if err != nil {
			t.Errorf("Parse(%.40q): %v", src, err)
			continue
		}
		if _, err := Eval(n, look); err != nil {
			t.Errorf("Eval(%.40q): %v", src, err)
		}
		roundTrip(t, src, true)
	}
}

// TestHuge: a million nested parentheses, prefixes or terms is an error,
// not a stack overflow; and so is the longest text of each shape.
func TestHuge(t *testing.T) {
	const million = 1000000
	for _, n := range []int{million, MaxLen} {
		for _, src := range []string{
			strings.Repeat("(", n),
			nest("(", "a.x < 1", ")", n),
			strings.Repeat("!", n) + "a.x<b.y",
			strings.Repeat("!", n) + "(a.x<b.y)",
			strings.Repeat("-", n) + "a.x",
			strings.Repeat("-(", n) + "a.x",
			strings.Repeat("abs(", n),
			strings.Repeat("a.x+", n) + "a.x<1",
			strings.Repeat("a.x<1&&", n) + "a.x<1",
		} {
			src = src[:min(len(src), n)]
			for _, parse := range []func(string) (Node, error){Parse, ParseNumber} {
				if _, err := parse(src); !errors.As(err, new(*Error)) {
					t.Errorf("parse of %d bytes %.20q…: %v, want an *Error", len(src), src, err)
				}
			}
		}
	}
}

func TestEvalErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a.x / b.zero > 1", "offset 0: division by zero"},
		{"1 < (a.x - 4.04 + b.zero) / (a.y - a.y)", "offset 5: division by zero"},
		{"a.x * 1e308 > 1", "offset 0: result of * is not finite"},
		{"-1e308 - a.x * 2e307 < 0", "offset 0: result of - is not finite"},
		{"a.nope < 1", "no a.nope"},
		{"a.x > 1 || a.nope < 1", ""},
	}
	for _, tc := range tests {
		n, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		_, err = Eval(n, look)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("Eval(%q) error = %v, want %q", tc.src, err, tc.want)
		}
	}
	n, _ := ParseNumber("a.x / b.zero")
	if _, err := EvalNumber(n, look); fmt.Sprint(err) != "offset 0: division by zero" {
		t.Errorf("EvalNumber division by zero: %v", err)
	}
	if _, err := EvalNumber(&Binary{Op: "<", X: &Num{V: 1}, Y: &Num{V: 2}}, look); fmt.Sprint(err) != "offset 0: a value must be a number, not a comparison" {
		t.Errorf("EvalNumber of a comparison: %v", err)
	}
	if _, err := Eval(&Num{V: 1}, look); fmt.Sprint(err) != "offset 0: a check must be a comparison, such as a < b" {
		t.Errorf("Eval of a number: %v", err)
	}
}

// TestTooDeep: a hand-built tree deeper than any Parse returns is refused,
// without exhausting the stack.
func TestTooDeep(t *testing.T) {
	var n Node = &Path{Name: "a.x"}
	for range maxHeight - 1 {
		n = &Unary{Op: "-", X: n}
	}
	claim := &Binary{Op: "<", X: n, Y: &Num{V: 1}}
	if _, err := Eval(claim, look); err == nil || !strings.Contains(err.Error(), tooDeep) {
		t.Errorf("Eval: %v", err)
	}
	if _, err := EvalNumber(n, look); err != nil {
		t.Errorf("EvalNumber at the greatest height: %v", err)
	}
	for name, f := range map[string]func(){"String": func() { String(claim) }, "Paths": func() { Paths(claim) }} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tooDeep) {
					t.Errorf("%s: recovered %v", name, r)
				}
			}()
			f()
		}()
	}
}

func TestPaths(t *testing.T) {
	src := "abs(a.x - b.y) < max(a.x, c.z.1) && -d.w > 0"
	n, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range Paths(n) {
		got = append(got, fmt.Sprintf("%s@%d", p.Name, p.Off))
	}
	if s := strings.Join(got, " "); s != "a.x@4 b.y@10 a.x@21 c.z.1@26 d.w@37" {
		t.Errorf("Paths = %s", s)
	}
}

// fuzzLook gives each path a value from its name: zero, small numbers of
// both signs, and one that overflows when multiplied.
func fuzzLook(p *Path) (float64, error) {
	h := fnv.New32a()
	h.Write([]byte(p.Name))
	return []float64{0, 1, 2, -1.5, 0.5, 1e300, 3}[h.Sum32()%7], nil
}

// shape is n's tree without offsets: (op x y), (func args…), numbers by
// their bits.
func shape(n Node) string {
	switch n := n.(type) {
	case *Num:
		return fmt.Sprintf("#%x", math.Float64bits(n.V))
	case *Path:
		return n.Name
	case *Unary:
		return "(" + n.Op + " " + shape(n.X) + ")"
	case *Binary:
		return "(" + n.Op + " " + shape(n.X) + " " + shape(n.Y) + ")"
	case *Call:
		s := "(" + n.Func
		for _, a := range n.Args {
			s += " " + shape(a)
		}
		return s + ")"
	}
	return "?"
}

// evalText evaluates a tree of either kind, as text for comparison;
// errors by message, their offsets being the text's.
func evalText(n Node) string {
	var v any
	var err error
	if n.isBool() {
		v, err = Eval(n, fuzzLook)
	} else {
		v, err = EvalNumber(n, fuzzLook)
	}
	var e *Error
	if errors.As(err, &e) {
		return "error " + e.Msg
	}
	return fmt.Sprint(v, err)
}

// roundTrip checks the contract of Parse (claim) or ParseNumber on src: an error is an *Error
// inside the text; a tree is of the parser's type, its nodes' offsets point at
// their tokens, and its canonical form parses to the same shape, with the
// same canonical form and the same value.
func roundTrip(t *testing.T, src string, claim bool) {
	t.Helper()
	parse := ParseNumber
	if claim {
		parse = Parse
	}
	n, err := parse(src)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		if e.Off < 0 || e.Off > len(src) {
			t.Fatalf("error offset %d outside %d bytes: %v", e.Off, len(src), err)
		}
		return
	}
	if len(src) > MaxLen {
		t.Fatalf("parsed %d bytes", len(src))
	}
	if n.isBool() != claim {
		t.Fatalf("%q parsed to a tree of the wrong type: %s", src, shape(n))
	}
	checkOffsets(t, src, n)
	c := String(n)
	n2, err := parse(c)
	if err != nil {
		t.Fatalf("canonical %q of %q does not parse: %v", c, src, err)
	}
	if c2 := String(n2); c2 != c {
		t.Fatalf("canonical form not stable: %q -> %q", c, c2)
	}
	if s, s2 := shape(n), shape(n2); s != s2 {
		t.Fatalf("canonical %q of %q parses to another tree:\n%s\n%s", c, src, s, s2)
	}
	if v, v2 := evalText(n), evalText(n2); v != v2 {
		t.Fatalf("%q evaluates to %s, its canonical %q to %s", src, v, c, v2)
	}
}

// checkOffsets checks that each path, number, prefix operator and call of
// n is at its token in src.
func checkOffsets(t *testing.T, src string, n Node) {
	t.Helper()
	var tok string
	switch n := n.(type) {
	case *Num:
		tok = n.Src
	case *Path:
		tok = n.Name
	case *Unary:
		tok = n.Op
		checkOffsets(t, src, n.X)
	case *Call:
		tok = n.Func
		for _, a := range n.Args {
			checkOffsets(t, src, a)
		}
	case *Binary:
		checkOffsets(t, src, n.X)
		checkOffsets(t, src, n.Y)
		if n.Off != n.X.Pos() {
			t.Fatalf("%q: %s at %d, its left operand at %d", src, n.Op, n.Off, n.X.Pos())
		}
		return
	}
	if off := n.Pos(); off < 0 || !strings.HasPrefix(src[off:], tok) {
		t.Fatalf("%q: token %q at offset %d", src, tok, off)
	}
}

// seeds are inputs that once broke a property, or sit at an edge of the
// grammar, the types or the limits.
var seeds = []string{
	"a.x < b.y", "abs(a.1 - 2) <= 3e-2 && !(x.y == 1)", "max(a, b, c) > -(d)", "((", "1.2.3 < a",
	"(0<0)<0", "0<0<0", "(a<b)==(c<d)", "!(a<b)==(c<d)", "!a<b", "!!(a<b)", "!(!(a<b))",
	"-(a<b)<1", "abs((a<b))<1", "min(a<b,1)<2", "(a<b)+1<2", "a&&b", "!(a)",
	"--a<1", "-(-a)<1", "a- -b<1", "a-(b-c)<d", "a/(b*c)<d/e*f", "(a+b)*c<d",
	"a<b||(c<d||e<f)", "(a<b||c<d)&&e<f", "!(a<b)&&!(c<d)||e<f",
	"1e21<a", ".5<a", "5e-324<a", "1e-400<a", "1E+5<a", "0x10<a", "1e<a", "a.1e5<1",
	"abs(-a)<1", "min(a,b,c)<max(a,b)", "abs()<1", "abs (a)<1", "abs<1",
	"a/0<1", "a*1e308*1e308>0", "1<2", "a<1||1<2", "!(abs(-1)<2)",
	nest("(", "a<b", ")", MaxDepth), nest("(", "a<b", ")", MaxDepth+1),
	strings.Repeat("!", MaxDepth-1) + "(a<b)", strings.Repeat("!", MaxDepth) + "(a<b)",
	"!(a) < " + strings.Repeat("-", MaxDepth-1) + "b",
	"!(a+b)*c<d", strings.Repeat("!(", MaxDepth/2) + "a+b)*c<d" + strings.Repeat(")", MaxDepth/2-1),
	chain("+", 682), chain("+", 683), chain("*", 1000),
	"a < 1 é", "a < 1 \xff", "",
}

func FuzzParse(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { roundTrip(t, src, true) })
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
		if l, _, ok := strings.Cut(s, "<"); ok {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, src string) { roundTrip(t, src, false) })
}

// BenchmarkParseLongest parses the longest claims of the costliest shapes.
func BenchmarkParseLongest(b *testing.B) {
	for name, src := range map[string]string{
		"sum":    strings.Repeat("a.x + ", 681) + "a.x < 1",
		"and":    strings.Repeat("a.x < 1 && ", 371) + "a.x < 1",
		"nested": nest("(", "a.x < 1", ")", MaxDepth),
		"args":   "min(" + strings.Repeat("a.x, ", 816) + "a.x) < 1",
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCountAndShare: count and share evaluate their comparison once per
// run, through the RunLookup.
func TestCountAndShare(t *testing.T) {
	runs := []map[string]float64{{"d.a": 1, "d.b": 2}, {"d.a": 3, "d.b": 2}, {"d.a": 0, "d.b": 5}, {"d.a": 9, "d.b": 9}}
	rl := func(c *Call) ([]Lookup, error) {
		var out []Lookup
		for _, r := range runs {
			out = append(out, func(p *Path) (float64, error) { return r[p.Name], nil })
		}
		return out, nil
	}
	none := func(p *Path) (float64, error) { return 0, nil }
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"count(d.a < d.b) == 2", true},
		{"share(d.a <= d.b) == 0.75", true},
		{"count(d.a > d.b || d.a == d.b) >= 2", true},
		{"count(d.a < d.b) > 2", false},
	} {
		n, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		got, err := EvalOver(n, none, rl)
		if err != nil || got != tc.want {
			t.Errorf("%s = %v, %v; want %v", tc.src, got, err, tc.want)
		}
		if again, err := Parse(String(n)); err != nil || String(again) != String(n) {
			t.Errorf("%s: canonical %q does not re-parse: %v", tc.src, String(n), err)
		}
	}
	for src, want := range map[string]string{
		"count(d.a) > 1":                   "offset 6: count needs a comparison, as in count(e.a < e.b): it counts the runs in which it holds",
		"count(count(d.a < 1) < 2) > 1":    "offset 6: count cannot hold another count or share",
		"count(d.a < d.b, d.c < 1) > 1":    `offset 15: want ) but found ","`,
		"share(d.a < d.b) + (d.a < 1) > 0": "offset 19: arithmetic on a comparison: + needs numbers on both sides",
	} {
		if _, err := Parse(src); err == nil || err.Error() != want {
			t.Errorf("Parse(%q): %v, want %s", src, err, want)
		}
	}
	n, _ := Parse("count(d.a < d.b) > 1")
	if _, err := Eval(n, none); err == nil || err.Error() != "offset 0: count needs the runs of a replicated or swept experiment" {
		t.Errorf("Eval without runs: %v", err)
	}
}
