package course

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestRegistry: every models/ package a model imports is known to the
// registry, and the health-check model's cache key covers layer's code.
func TestRegistry(t *testing.T) {
	r := Registry()
	m, ok := r.Lookup("healthcheck")
	if !ok {
		t.Fatal("no healthcheck model")
	}
	if deps := m.Deps(); !slices.Contains(deps, "models/layer") || !slices.Contains(deps, "models/model") {
		t.Errorf("healthcheck deps = %v, want models/layer and models/model", deps)
	}
	q, _ := r.Lookup("queue")
	if deps := q.Deps(); !slices.Equal(deps, []string{"models/model"}) {
		t.Errorf("queue deps = %v", deps)
	}
	h, _ := r.Lookup("hedge")
	if deps := h.Deps(); !slices.Contains(deps, "models/latency") {
		t.Errorf("hedge deps = %v, want models/latency", deps)
	}
	if got := r.Names(); !slices.Equal(got, []string{"queue", "hashing", "dotnet_ring", "placement", "hash_balance", "hot_keys", "ketama", "warmup", "layer", "healthcheck", "choices", "fanout", "tail", "hedge", "tied", "partitions", "probation", "canary", "timings"}) {
		t.Errorf("names = %v", got)
	}
	for _, n := range r.Names() {
		m, _ := r.Lookup(n)
		// A Go package name has no underscore: dotnet_ring lives in models/dotnetring.
		if want := "models/" + strings.ReplaceAll(n, "_", ""); m.Dir != want {
			t.Errorf("model %s: Dir = %q, want %s", n, m.Dir, want)
		}
		if m.Doc == "" || m.Doc[len(m.Doc)-1] != '.' {
			t.Errorf("model %s: Doc %q is not a sentence", n, m.Doc)
		}
	}
}

// TestOutputs runs every model of the course with its defaults: every value
// and series it returns matches a declared pattern, with the declared unit,
// and every declared pattern matches something it returned, so that the
// declarations can neither miss an output nor outlive one. A parameter
// echoed as a value of the same name has the value's unit.
func TestOutputs(t *testing.T) {
	r := Registry()
	for _, name := range r.Names() {
		t.Run(name, func(t *testing.T) {
			m, _ := r.Lookup(name)
			if !m.DeclaresOutputs() {
				t.Fatal("declares no outputs")
			}
			p, probs := m.Decode(nil, nil)
			if len(probs) > 0 {
				t.Fatalf("defaults: %v", probs[0].Msg)
			}
			res, err := m.Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			used := map[string]bool{}
			for _, v := range res.Values {
				o, ok := m.ValueOutput(v.Path)
				if !ok {
					t.Errorf("value %s matches no declared pattern", v.Path)
					continue
				}
				used[o.Pattern+" value"] = true
				if o.Unit != v.Unit {
					t.Errorf("value %s: unit %q, declared %q by %s", v.Path, v.Unit, o.Unit, o.Pattern)
				}
			}
			for _, x := range res.Texts {
				if o, ok := m.TextOutput(x.Path); !ok {
					t.Errorf("text %s matches no declared text", x.Path)
				} else {
					used[o.Pattern+" value"] = true
				}
			}
			for _, s := range res.Series {
				o, ok := m.SeriesOutput(s.Name)
				if !ok {
					t.Errorf("series %s matches no declared pattern", s.Name)
					continue
				}
				used[o.Pattern+" series"] = true
			}
			for _, o := range m.Outputs() {
				kind := " value"
				if o.Series {
					kind = " series"
				}
				if !used[o.Pattern+kind] {
					t.Errorf("declared%s %s matches nothing the defaults return", kind, o.Pattern)
				}
			}
			for _, prm := range m.Parameters() {
				if v, ok := res.Value(prm.Name); ok && v.Unit != prm.Unit {
					t.Errorf("parameter %s: unit tag %q, value %s has unit %q", prm.Name, prm.Unit, v.Path, v.Unit)
				}
			}
		})
	}
}
