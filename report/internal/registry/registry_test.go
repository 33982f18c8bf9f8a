package registry

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
)

type params struct {
	N     int       `yaml:"n"`
	Scale float64   `yaml:"scale" unit:"turn"`
	List  []float64 `yaml:"list"`
	Name  string    `yaml:"name"`
}

func (p params) Validate() error {
	var errs model.ParamErrors
	if p.N < 1 {
		errs = append(errs, model.ParamError{Param: "n", Msg: "must be at least 1"})
	}
	return errs.Err()
}

func run(_ context.Context, p params) (model.Result, error) {
	var r model.Result
	r.Set("twice", float64(2*p.N)*p.Scale, "")
	return r, nil
}

func testModel(src string) *Model {
	m := New("toy", "models/toy", fstest.MapFS{"toy.go": {Data: []byte(src)}},
		func() params { return params{N: 1, Scale: 1} }, params.Validate, run)
	if _, err := NewRegistry(nil, m); err != nil {
		panic(err)
	}
	return m
}

// decode decodes args, the i-th (from 1) written at offset 100i and its
// value at 100i+10.
func decode(m *Model, args ...Arg) (Params, []Problem) {
	return decodeRefs(m, nil, args...)
}

func decodeRefs(m *Model, refs map[string]float64, args ...Arg) (Params, []Problem) {
	for i := range args {
		args[i].NameOff, args[i].ValueOff = 100*(i+1), 100*(i+1)+10
	}
	return m.Decode(args, refs)
}

func arg(name string, v Value) Arg { return Arg{Name: name, Value: v} }

// num is the Number written as text, a decimal.
func num(text string) Number {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		panic(err)
	}
	n := Number{Text: text, F: f}
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		n.I, n.IsInt = i, true
	}
	return n
}

// where names the place of a problem as decode lays args out: "name 2",
// "value 1", or "whole".
func where(off int) string {
	switch {
	case off < 0:
		return "whole"
	case off%100 == 10:
		return "value " + itoa(off/100)
	}
	return "name " + itoa(off/100)
}

func problems(probs []Problem) []string {
	var out []string
	for _, pr := range probs {
		out = append(out, where(pr.Off)+" "+pr.Msg)
	}
	return out
}

func TestDecode(t *testing.T) {
	m := testModel("package toy")
	tests := []struct {
		args  []Arg
		canon string
		probs []string // "where msg"
	}{
		{nil, `{"n":1,"scale":1,"list":null,"name":""}`, nil},
		{[]Arg{arg("n", num("3")), arg("list", List{num("1"), num("2.5")}), arg("name", Text{"x"})}, `{"n":3,"scale":1,"list":[1,2.5],"name":"x"}`, nil},
		{[]Arg{arg("list", num("4"))}, `{"n":1,"scale":1,"list":[4],"name":""}`, nil},
		{[]Arg{arg("list", List{})}, `{"n":1,"scale":1,"list":[],"name":""}`, nil},
		{[]Arg{arg("n", Number{Text: "1e3", F: 1000}), arg("name", num("2.50"))}, `{"n":1000,"scale":1,"list":null,"name":"2.50"}`, nil},
		{[]Arg{arg("name", Bool{true, "True"})}, `{"n":1,"scale":1,"list":null,"name":"True"}`, nil},
		{[]Arg{arg("nn", num("3"))}, "", []string{`name 1 model toy has no parameter "nn" (did you mean "n"?)`}},
		{[]Arg{arg("n", num("2.5")), arg("scale", Text{"fast"})}, "", []string{`value 1 parameter n: want a whole number, not "2.5"`, `value 2 parameter scale: want a number, not "fast"`}},
		{[]Arg{arg("n", Number{Text: ".inf", F: math.Inf(1)})}, "", []string{`value 1 parameter n: want a whole number, not ".inf"`}},
		{[]Arg{arg("n", Number{Text: "1e19", F: 1e19})}, "", []string{`value 1 parameter n: want a whole number, not "1e19"`}},
		{[]Arg{arg("list", Text{"a"})}, "", []string{`value 1 parameter list: want a list of numbers, not "a"`}},
		{[]Arg{arg("list", List{Text{"a"}})}, "", []string{`value 1 parameter list: want a list of numbers, not [a]`}},
		{[]Arg{arg("list", List{num("3"), Null{"null"}, num("1")})}, "", []string{`value 1 parameter list: want a list of numbers, not [3, null, 1]`}},
		{[]Arg{arg("list", List{num("3"), List{num("1")}})}, "", []string{`value 1 parameter list: want a list of numbers, not a nested list`}},
		{[]Arg{arg("list", Mapping{"{a: 1}"})}, "", []string{`value 1 parameter list: want a list of numbers, not a mapping`}},
		{[]Arg{arg("n", num("0"))}, "", []string{`value 1 parameter n: must be at least 1`}},
		{[]Arg{arg("n", Null{"~"})}, "", []string{`value 1 parameter n: want a whole number, not "~"`}},
		{[]Arg{arg("name", Null{""})}, "", []string{`value 1 parameter name: want text, not ""`}},
		{[]Arg{arg("scale", Text{"x"}), arg("n", num("0")), arg("m", num("1"))}, "", []string{`value 1 parameter scale: want a number, not "x"`, `name 3 model toy has no parameter "m" (did you mean "n"?)`, `value 2 parameter n: must be at least 1`}},
		{[]Arg{arg("n", Text{"x"})}, "", []string{`value 1 parameter n: want a whole number, not "x"`}},
		{[]Arg{arg("scale", num("0")), arg("n", Text{"x"})}, "", []string{`value 2 parameter n: want a whole number, not "x"`}},
	}
	for _, tc := range tests {
		p, probs := decode(m, tc.args...)
		got := problems(probs)
		if !slices.Equal(got, tc.probs) {
			t.Errorf("Decode(%v) problems:\n%s\nwant\n%s", tc.args, strings.Join(got, "\n"), strings.Join(tc.probs, "\n"))
			continue
		}
		if tc.probs == nil && p.Canonical() != tc.canon {
			t.Errorf("Decode(%v).Canonical() = %s, want %s", tc.args, p.Canonical(), tc.canon)
		}
	}
}

// TestDecodeExact: an integer literal decodes exactly, though its float
// value rounds; a whole float decodes as the integer it is; each integer
// type keeps to its range.
func TestDecodeExact(t *testing.T) {
	type wide struct {
		Seed  int64   `yaml:"seed"`
		Opt   *int64  `yaml:"opt"`
		Count uint8   `yaml:"count"`
		On    bool    `yaml:"on"`
		Vs    []int32 `yaml:"vs"`
	}
	m := New("wide", "models/wide", nil, func() wide { return wide{} }, func(wide) error { return nil }, nil)
	p, probs := decode(m, arg("seed", num("9007199254740993")), arg("opt", Number{Text: "2.0", F: 2}), arg("count", num("255")),
		arg("on", Text{"yes"}), arg("vs", List{num("-2147483648"), Number{Text: "1e3", F: 1e3}}))
	if probs != nil {
		t.Fatal(problems(probs))
	}
	if got, want := p.Canonical(), `{"seed":9007199254740993,"opt":2,"count":255,"on":true,"vs":[-2147483648,1000]}`; got != want {
		t.Errorf("Canonical = %s, want %s", got, want)
	}
	for _, a := range []Arg{arg("count", num("256")), arg("count", num("-1")), arg("vs", List{num("2147483648")}), arg("on", num("1")), arg("opt", Null{"null"})} {
		if _, probs := decode(m, a); len(probs) != 1 || !strings.Contains(probs[0].Msg, ": want ") {
			t.Errorf("%v: problems %v, want one of type", a, problems(probs))
		}
	}
}

// TestDecodeRef: a Ref takes its number from refs at full precision and is
// checked as a written number would be; a Ref refs lacks is a problem.
func TestDecodeRef(t *testing.T) {
	m := testModel("package toy")
	tenth := 0.1
	refs := map[string]float64{"e.a": tenth + 0.2, "e.b": 2.5, "e.c": 3}
	p, probs := decodeRefs(m, refs, arg("scale", Ref{"e.a"}), arg("n", Ref{"e.c"}), arg("list", Ref{"e.b"}))
	if probs != nil {
		t.Fatal(problems(probs))
	}
	if got, want := p.Canonical(), `{"n":3,"scale":0.30000000000000004,"list":[2.5],"name":""}`; got != want {
		t.Errorf("Canonical = %s, want %s", got, want)
	}
	_, probs = decodeRefs(m, refs, arg("n", Ref{"e.b"}), arg("scale", Ref{"e.z"}))
	want := []string{`value 1 parameter n: want a whole number, not "2.5"`, `value 2 parameter scale: !ref e.z has no value`}
	if got := problems(probs); !slices.Equal(got, want) {
		t.Errorf("problems %q, want %q", got, want)
	}
}

func itoa(i int) string {
	s := ""
	for ; i > 0 || s == ""; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func TestCacheKey(t *testing.T) {
	a, b := testModel("package toy // v1"), testModel("package toy // v2")
	pa, _ := decode(a, arg("n", num("2")))
	pb, _ := decode(b, arg("n", num("2")))
	pa3, _ := decode(a, arg("n", num("3")))
	pdef, _ := decode(a)
	pexplicit, _ := decode(a, arg("n", num("1")), arg("scale", num("1")))
	if a.CacheKey(pa) == b.CacheKey(pb) {
		t.Error("a change to the model's code keeps its cache key")
	}
	if a.CacheKey(pa) == a.CacheKey(pa3) {
		t.Error("a change to a parameter keeps the cache key")
	}
	if a.CacheKey(pdef) != a.CacheKey(pexplicit) {
		t.Error("writing a default explicitly changes the cache key")
	}
}

// TestCacheKeyCoversImports: a model's key changes with the code of a
// models/ package it imports, directly or through another one.
func TestCacheKeyCoversImports(t *testing.T) {
	build := func(libCode string) (*Model, error) {
		top := New("top", "models/top", fstest.MapFS{"top.go": {Data: []byte(
			"package top\nimport (\n\"fmt\"\n\"lbcourse/models/mid\"\n)\n")}},
			func() params { return params{N: 1} }, params.Validate, run)
		mid := New("mid", "models/mid", fstest.MapFS{"mid.go": {Data: []byte(
			"package mid\nimport \"lbcourse/models/lib\"\n")}},
			func() params { return params{N: 1} }, params.Validate, run)
		_, err := NewRegistry([]Library{{Dir: "models/lib", Source: fstest.MapFS{"lib.go": {Data: []byte(libCode)}}}}, top, mid)
		return top, err
	}
	a, err := build("package lib // v1")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := build("package lib // v2")
	pa, _ := decode(a)
	pb, _ := decode(b)
	if a.CacheKey(pa) == b.CacheKey(pb) {
		t.Error("a change to a package imported through another keeps the cache key")
	}
	if got := a.Deps(); strings.Join(got, " ") != "models/lib models/mid" {
		t.Errorf("Deps = %v", got)
	}
	orphan := New("orphan", "models/orphan", fstest.MapFS{"o.go": {Data: []byte("package orphan\nimport \"lbcourse/models/unknown\"\n")}},
		func() params { return params{} }, params.Validate, run)
	_, err = NewRegistry(nil, orphan)
	if err == nil || err.Error() != "registry: models/orphan imports lbcourse/models/unknown, which is neither a registered model nor a library" {
		t.Errorf("unknown import: %v", err)
	}
}

func TestRunRecoversPanic(t *testing.T) {
	m := New("boom", "models/boom", fstest.MapFS{}, func() params { return params{N: 1} }, params.Validate,
		func(context.Context, params) (model.Result, error) { panic("index out of range") })
	p, _ := decode(m)
	if _, err := m.Run(context.Background(), p); err == nil || err.Error() != "model boom panicked: index out of range" {
		t.Errorf("Run error = %v", err)
	}
}

func TestDecodeBounds(t *testing.T) {
	m := testModel("package toy")
	list := make(List, MaxListItems+1)
	for i := range list {
		list[i] = num("1")
	}
	_, probs := decode(m, arg("list", list), arg("name", Text{strings.Repeat("k", MaxTextBytes+1)}), arg("scale", Number{Text: "1" + strings.Repeat("0", MaxTextBytes), F: 1e256}))
	var got []string
	for _, p := range probs {
		got = append(got, p.Msg)
	}
	want := []string{"parameter list: at most 1000 items, got 1001", "parameter name: at most 256 bytes of text, got 257", "parameter scale: at most 256 bytes of text, got 257"}
	if !slices.Equal(got, want) {
		t.Errorf("problems %q, want %q", got, want)
	}
}

// toyDef is a model.Def of the toy model; its Params type lives in this
// package, so its directory is this package's.
var toyDef = model.Def[params]{
	Name: "toy",
	Doc:  "Simulates doubling.",
	Source: fstest.MapFS{"toy.go": {Data: []byte(`package toy

type params struct {
	// N is the count. It is at least 1.
	N int
	// Scale multiplies
	// the count.
	Scale float64
	List  []float64
	// Name names nothing.
	Name string
}
`)}},
	Defaults: func() params { return params{N: 1, Scale: 1} },
	Run:      run,
	Outputs: []model.Output{
		model.OutValue("twice", "", "2 × n × scale"),
		model.OutValue("t.<T>.total.tail", "subject", "a deep path"),
		model.OutSeries("twice", "", "a series of the same name"),
		model.OutSeries("wait.<r>", "turn", "one per replica"),
	},
}

func TestFromDef(t *testing.T) {
	r, err := Of(nil, toyDef)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := r.Lookup("toy")
	if m.Name != "toy" || m.Doc != "Simulates doubling." || m.Dir != "report/internal/registry" {
		t.Errorf("model %q %q %q", m.Name, m.Doc, m.Dir)
	}
	p, probs := decode(m, arg("n", num("3")))
	if probs != nil {
		t.Fatal(probs)
	}
	res, err := m.Run(context.Background(), p)
	if v, _ := res.Value("twice"); err != nil || v.V != 6 {
		t.Errorf("Run = %v, %v", res, err)
	}
	if _, probs := decode(m, arg("n", num("0"))); len(probs) != 1 || probs[0].Msg != "parameter n: must be at least 1" {
		t.Errorf("Validate through the Def: %v", probs)
	}
	if !m.DeclaresOutputs() || len(m.Outputs()) != 4 {
		t.Errorf("Outputs = %v", m.Outputs())
	}
	for _, tc := range []struct {
		path          string
		value, series bool
	}{
		{"twice", true, true},
		{"t.45.total.tail", true, false},
		{"t.045.total.tail", false, false},
		{"t.x.total.tail", false, false},
		{"wait.2", false, true},
		{"wait", false, false},
		{"thrice", false, false},
	} {
		if got := m.MatchValue(tc.path); got != tc.value {
			t.Errorf("MatchValue(%q) = %v", tc.path, got)
		}
		if got := m.MatchSeries(tc.path); got != tc.series {
			t.Errorf("MatchSeries(%q) = %v", tc.path, got)
		}
	}
	if o, ok := m.ValueOutput("t.5.total.tail"); !ok || o.Unit != "subject" || o.Pattern != "t.<T>.total.tail" {
		t.Errorf("ValueOutput = %v, %v", o, ok)
	}
	if o, ok := m.SeriesOutput("wait.3"); !ok || o.Unit != "turn" {
		t.Errorf("SeriesOutput = %v, %v", o, ok)
	}
	if got := m.ValuePatterns(); !slices.Equal(got, []string{"twice", "t.<T>.total.tail"}) {
		t.Errorf("ValuePatterns = %q", got)
	}
	if got := m.SeriesPatterns(); !slices.Equal(got, []string{"twice", "wait.<r>"}) {
		t.Errorf("SeriesPatterns = %q", got)
	}
	for path, want := range map[string]string{
		"t.45.totl.tail": ` (did you mean "t.45.total.tail"?)`,
		"twise":          ` (did you mean "twice"?)`,
		"t.x.total.tail": ` (did you mean "t.<T>.total.tail"?)`,
	} {
		if got := diag.DidYouMean(path, m.ValueCandidates(path)); got != want {
			t.Errorf("did you mean for %q: %q, want %q", path, got, want)
		}
	}
	if got := diag.DidYouMean("wiat.2", m.SeriesCandidates("wiat.2")); got != ` (did you mean "wait.2"?)` {
		t.Errorf("series did you mean: %q", got)
	}
}

func TestParameters(t *testing.T) {
	m := FromDef(toyDef)
	got := m.Parameters()
	want := []Param{
		{Name: "n", Type: "whole number", Default: "1", Doc: "N is the count."},
		{Name: "scale", Type: "number", Default: "1", Unit: "turn", Doc: "Scale multiplies the count."},
		{Name: "list", Type: "list of numbers", Default: "[]"},
		{Name: "name", Type: "text", Default: `""`, Doc: "Name names nothing."},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Parameters =\n%q\nwant\n%q", got, want)
	}
	type optional struct {
		P *int64 `yaml:"p"`
	}
	o := New("opt", "models/opt", nil, func() optional { return optional{} }, func(optional) error { return nil }, nil)
	if got := o.Parameters(); len(got) != 1 || got[0].Type != "whole number, optional" || got[0].Default != "unset" || got[0].Doc != "" {
		t.Errorf("optional parameter: %q", got)
	}
}

// TestUndeclared: a model built by New declares nothing and so matches
// every path, until WithOutputs declares its outputs.
func TestUndeclared(t *testing.T) {
	m := testModel("package toy")
	if m.DeclaresOutputs() || !m.MatchValue("anything.at.all") || !m.MatchSeries("x") || m.Outputs() != nil {
		t.Error("a model without declarations refuses a path")
	}
	if _, ok := m.ValueOutput("twice"); ok {
		t.Error("ValueOutput found a declaration")
	}
	m.WithOutputs(model.OutValue("twice", "", "twice n"))
	if !m.MatchValue("twice") || m.MatchValue("thrice") || m.MatchSeries("twice") {
		t.Error("WithOutputs not applied")
	}
}

func TestOutputsChecked(t *testing.T) {
	bad := testModel("package toy").WithOutputs(model.OutValue("a.<i>", "", "a"), model.OutValue("a.1", "", "one"))
	if _, err := NewRegistry(nil, bad); err == nil || err.Error() != "registry: model toy: outputs a.<i> and a.1 overlap" {
		t.Errorf("overlap: %v", err)
	}
	other := toyDef
	other.Name = "other"
	if _, err := Of(nil, toyDef, other); err == nil || err.Error() != "registry: models toy and other are both in report/internal/registry (a Def's Params must be declared in its own package)" {
		t.Errorf("shared directory: %v", err)
	}
}
