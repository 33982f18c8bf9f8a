package registry

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

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

func decode(m *Model, doc string) (Params, []Problem) {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		panic(err)
	}
	var keys, values []*yaml.Node
	if len(n.Content) > 0 {
		mp := n.Content[0]
		for i := 0; i+1 < len(mp.Content); i += 2 {
			keys, values = append(keys, mp.Content[i]), append(values, mp.Content[i+1])
		}
	}
	return m.Decode(keys, values)
}

func TestDecode(t *testing.T) {
	m := testModel("package toy")
	tests := []struct {
		doc   string
		canon string
		probs []string // "line:col msg"
	}{
		{"", `{"n":1,"scale":1,"list":null,"name":""}`, nil},
		{"n: 3\nlist: [1, 2.5]\nname: x", `{"n":3,"scale":1,"list":[1,2.5],"name":"x"}`, nil},
		{"list: 4", `{"n":1,"scale":1,"list":[4],"name":""}`, nil},
		{"nn: 3", "", []string{`1:1 model toy has no parameter "nn" (did you mean "n"?)`}},
		{"n: 2.5\nscale: fast", "", []string{`1:4 parameter n: want a whole number, not "2.5"`, `2:8 parameter scale: want a number, not "fast"`}},
		{"list: [a]", "", []string{`1:7 parameter list: want a list of numbers, not [a]`}},
		{"n: 0", "", []string{`1:4 parameter n: must be at least 1`}},
		{"n: ~", "", []string{`1:4 parameter n: want a whole number, not "~"`}},
		{"scale: x\nn: 0\nm: 1", "", []string{`1:8 parameter scale: want a number, not "x"`, `3:1 model toy has no parameter "m" (did you mean "n"?)`, `2:4 parameter n: must be at least 1`}},
		{"n: x", "", []string{`1:4 parameter n: want a whole number, not "x"`}},
	}
	for _, tc := range tests {
		p, probs := decode(m, tc.doc)
		var got []string
		for _, pr := range probs {
			got = append(got, itoa(pr.Node.Line)+":"+itoa(pr.Node.Column)+" "+pr.Msg)
		}
		if strings.Join(got, "\n") != strings.Join(tc.probs, "\n") {
			t.Errorf("Decode(%q) problems:\n%s\nwant\n%s", tc.doc, strings.Join(got, "\n"), strings.Join(tc.probs, "\n"))
			continue
		}
		if tc.probs == nil && p.Canonical() != tc.canon {
			t.Errorf("Decode(%q).Canonical() = %s, want %s", tc.doc, p.Canonical(), tc.canon)
		}
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
	pa, _ := decode(a, "n: 2")
	pb, _ := decode(b, "n: 2")
	pa3, _ := decode(a, "n: 3")
	pdef, _ := decode(a, "")
	pexplicit, _ := decode(a, "n: 1\nscale: 1")
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
	pa, _ := decode(a, "")
	pb, _ := decode(b, "")
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
	p, _ := decode(m, "")
	if _, err := m.Run(context.Background(), p); err == nil || err.Error() != "model boom panicked: index out of range" {
		t.Errorf("Run error = %v", err)
	}
}

func TestDecodeBounds(t *testing.T) {
	m := testModel("package toy")
	doc := "list: [" + strings.Repeat("1, ", MaxListItems) + "1]\nname: " + strings.Repeat("k", MaxTextBytes+1) + "\n"
	_, probs := decode(m, doc)
	var got []string
	for _, p := range probs {
		got = append(got, p.Msg)
	}
	want := []string{"parameter list: at most 1000 items, got 1001", "parameter name: at most 256 bytes of text, got 257"}
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
	p, probs := decode(m, "n: 3")
	if probs != nil {
		t.Fatal(probs)
	}
	res, err := m.Run(context.Background(), p)
	if v, _ := res.Value("twice"); err != nil || v.V != 6 {
		t.Errorf("Run = %v, %v", res, err)
	}
	if _, probs := decode(m, "n: 0"); len(probs) != 1 || probs[0].Msg != "parameter n: must be at least 1" {
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
