package registry

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"lbcourse/models/model"
)

type params struct {
	N     int       `yaml:"n"`
	Scale float64   `yaml:"scale"`
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
