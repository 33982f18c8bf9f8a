package model

import (
	"context"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
)

// A Validator checks a parameter set: nil, or ParamErrors naming each
// invalid parameter. Every model's Params is one.
type Validator interface{ Validate() error }

// A Def is a model package's description of itself, the one value the
// package exports for the generator to register:
//
//	var Model = model.Def[Params]{Name: "queue", Doc: "…", Source: Source,
//		Defaults: DefaultParams, Run: Run, Outputs: []model.Output{…}}
//
// P is the package's Params type and must be declared in the model's own
// package: the model's directory is derived from it (see Dir). Params
// fields may carry, besides their yaml tag, a unit tag naming the unit of
// the parameter's value, as a Value's Unit does (`yaml:"arrival"
// unit:"turn"`).
type Def[P Validator] struct {
	// Name is the name lessons and `report run` give the model.
	Name string
	// Doc is one sentence saying what the model simulates.
	Doc string
	// Source holds the package's own Go files (its embedded Source).
	Source fs.FS
	// Defaults returns the parameters a lesson gets for every key it
	// leaves out.
	Defaults func() P
	// Run runs the model; it is deterministic for a given P.
	Run func(context.Context, P) (Result, error)
	// Outputs declares every value and series Run returns.
	Outputs []Output
}

// modulePath is the module's path, "lbcourse": this package's import path
// without its directory.
var modulePath = strings.TrimSuffix(reflect.TypeFor[Result]().PkgPath(), "/models/model")

// Dir returns the model's package directory relative to the module root,
// such as "models/queue": the import path of P's package without the
// module path.
func (d Def[P]) Dir() string {
	return strings.TrimPrefix(reflect.TypeFor[P]().PkgPath(), modulePath+"/")
}

// Erased is a Def with its parameter type erased, so that one list can hold
// models of different Params types. Parameter sets travel as pointers to P.
type Erased struct {
	Name, Doc, Dir string
	Source         fs.FS
	// Params is P, a struct type.
	Params reflect.Type
	// Defaults returns a new *P holding the defaults.
	Defaults func() any
	// Validate and Run take a *P.
	Validate func(p any) error
	Run      func(ctx context.Context, p any) (Result, error)
	Outputs  []Output
}

// Erase returns d with its parameter type erased.
func (d Def[P]) Erase() Erased {
	return Erased{
		Name:     d.Name,
		Doc:      d.Doc,
		Dir:      d.Dir(),
		Source:   d.Source,
		Params:   reflect.TypeFor[P](),
		Defaults: func() any { p := d.Defaults(); return &p },
		Validate: func(p any) error { return (*p.(*P)).Validate() },
		Run:      func(ctx context.Context, p any) (Result, error) { return d.Run(ctx, *p.(*P)) },
		Outputs:  d.Outputs,
	}
}

// An Output declares one value or one series a model returns.
//
// Pattern is a dotted path in which a segment may depend on a parameter.
// Each segment of a pattern is either a literal, of lower-case letters,
// digits and underscores, which matches itself, or a placeholder <name>
// (a letter, then letters, digits or underscores), which matches exactly
// one segment that is a decimal number without sign or leading zero: 0, 7,
// 1000, but not 07, -1, 1.5 or x. Placeholders stand for numbers taken from
// the parameters (a replica's number, a virtual-node count, a timeout); a
// segment drawn from a fixed set of names (a balancing rule, a class) is
// declared once per name, as literals. So "round_robin.work.<i>" matches
// "round_robin.work.2" and not "round_robin.work" or "round_robin.work.2.x".
// The name in a placeholder is documentation only; Doc says what it ranges
// over.
type Output struct {
	// Series is true for a series, false for a scalar value or a text.
	Series bool
	// Text is true for a text (see Text), false for a number or a series.
	Text bool
	// Pattern matches the value's path or the series' name.
	Pattern string
	// Unit is the value's Unit; for a series, the unit of its Y; "" for a
	// text.
	Unit string
	// Doc is one line saying what the output is.
	Doc string
}

// OutValue declares a value.
func OutValue(pattern, unit, doc string) Output {
	return Output{Pattern: pattern, Unit: unit, Doc: doc}
}

// OutText declares a text.
func OutText(pattern, doc string) Output {
	return Output{Text: true, Pattern: pattern, Doc: doc}
}

// OutSeries declares a series; unit is the unit of its Y.
func OutSeries(pattern, unit, doc string) Output {
	return Output{Series: true, Pattern: pattern, Unit: unit, Doc: doc}
}

// Matches reports whether path matches o's pattern.
func (o Output) Matches(path string) bool { return Match(o.Pattern, path) }

// Match reports whether path matches pattern (see Output).
func Match(pattern, path string) bool {
	for {
		ps, prest, pmore := strings.Cut(pattern, ".")
		s, rest, more := strings.Cut(path, ".")
		if isPlaceholder(ps) {
			if !isNumber(s) {
				return false
			}
		} else if ps != s {
			return false
		}
		if pmore != more {
			return false
		}
		if !more {
			return true
		}
		pattern, path = prest, rest
	}
}

// Overlap reports whether some path matches both patterns a and b.
func Overlap(a, b string) bool {
	if !strings.Contains(a, "<") && !strings.Contains(b, "<") {
		return a == b // no placeholder: only the same path
	}
	for {
		sa, ra, moreA := strings.Cut(a, ".")
		sb, rb, moreB := strings.Cut(b, ".")
		pa, pb := isPlaceholder(sa), isPlaceholder(sb)
		switch {
		case pa && pb:
		case pa:
			if !isNumber(sb) {
				return false
			}
		case pb:
			if !isNumber(sa) {
				return false
			}
		case sa != sb:
			return false
		}
		if moreA != moreB {
			return false // different numbers of segments
		}
		if !moreA {
			return true
		}
		a, b = ra, rb
	}
}

// Fill returns pattern with each placeholder replaced by the segment of
// path in the same position when that segment is a number, for a
// did-you-mean: Fill("t.<T>.total.tail", "t.45.totl.tail") is
// "t.45.total.tail". Placeholders without such a segment stay as they are.
func Fill(pattern, path string) string {
	ps, ss := strings.Split(pattern, "."), strings.Split(path, ".")
	for i, p := range ps {
		if isPlaceholder(p) && i < len(ss) && isNumber(ss[i]) {
			ps[i] = ss[i]
		}
	}
	return strings.Join(ps, ".")
}

// CheckOutputs reports the first problem of a list of declarations: a
// malformed pattern, an empty Doc, a text that is a series or has a unit,
// or two patterns of the same kind that some path matches both, so that a
// path names at most one declaration (values and texts are one kind: a
// path names a value or a text).
func CheckOutputs(outs []Output) error {
	for i, o := range outs {
		if err := checkPattern(o.Pattern); err != nil {
			return err
		}
		if strings.TrimSpace(o.Doc) == "" || strings.ContainsAny(o.Doc, "\n\r") {
			return fmt.Errorf("output %s: Doc must be one non-empty line", o.Pattern)
		}
		if o.Text && (o.Series || o.Unit != "") {
			return fmt.Errorf("output %s: a text is neither a series nor has a unit", o.Pattern)
		}
		for _, p := range outs[:i] {
			if p.Series == o.Series && Overlap(p.Pattern, o.Pattern) {
				return fmt.Errorf("outputs %s and %s overlap", p.Pattern, o.Pattern)
			}
		}
	}
	return nil
}

func checkPattern(pattern string) error {
	for _, s := range strings.Split(pattern, ".") {
		ok := s != ""
		name := s
		if isPlaceholder(s) {
			name = s[1 : len(s)-1]
			ok = name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z'
		}
		for _, c := range name {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || isPlaceholder(s) && c >= 'A' && c <= 'Z') {
				ok = false
			}
		}
		if !ok {
			return fmt.Errorf("output pattern %q: segment %q is neither a literal (a-z, 0-9, _) nor a placeholder <name>", pattern, s)
		}
	}
	return nil
}

func isPlaceholder(s string) bool {
	return len(s) > 2 && s[0] == '<' && s[len(s)-1] == '>'
}

// isNumber reports a decimal number without sign or leading zero.
func isNumber(s string) bool {
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
