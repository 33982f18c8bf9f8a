package ketama

import (
	"context"
	"slices"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
)

func TestValidate(t *testing.T) {
	long := strings.Repeat("k", 101)
	cases := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"default", func(*Params) {}, ""},
		{"one server, port 0, empty prefix", func(p *Params) { p.Servers, p.Port, p.KeyPrefix = 1, 0, "" }, ""},
		{"weights", func(p *Params) { p.Servers, p.Weights = 3, []int{1, 10_000, 2} }, ""},
		{"largest rings", func(p *Params) { p.Servers, p.Weights, p.Points, p.PointsNew = 2, []int{1, 3}, 1<<20, 1<<20 }, ""},
		{"largest run", func(p *Params) { p.Servers, p.Keys, p.KeyOffset = 1000, 5_000_000, 1_000_000_000_000 }, ""},
		{"no servers", func(p *Params) { p.Servers = 0 },
			"parameter servers: must be between 1 and 1000, got 0"},
		{"too many servers", func(p *Params) { p.Servers = 1001 },
			"parameter servers: must be between 1 and 1000, got 1001"},
		{"negative port", func(p *Params) { p.Port = -1 },
			"parameter port: must be between 0 and 65535, got -1"},
		{"port too large", func(p *Params) { p.Port = 65536 },
			"parameter port: must be between 0 and 65535, got 65536"},
		{"too few weights", func(p *Params) { p.Weights = []int{1, 2} },
			"parameter weights: must have one weight per server (10), got 2"},
		{"weight 0", func(p *Params) { p.Servers, p.Weights = 3, []int{1, 0, -1} },
			"parameter weights: weight of server 2 must be between 1 and 10000, got 0"},
		{"weight too large", func(p *Params) { p.Servers, p.Weights = 2, []int{10_001, 1} },
			"parameter weights: weight of server 1 must be between 1 and 10000, got 10001"},
		{"no points", func(p *Params) { p.Points = 0 },
			"parameter points: must be between 1 and 4194304, got 0"},
		{"too many points", func(p *Params) { p.Points = 1<<22 + 1 },
			"parameter points: must be between 1 and 4194304, got 4194305"},
		{"too many points in all", func(p *Params) { p.Servers, p.Weights, p.Points = 2, []int{1, 3}, 1<<20+1 },
			"parameter points: points × total weight must be at most 4194304, got 1048577 × 4"},
		{"too many new points in all", func(p *Params) { p.Servers, p.PointsNew = 1000, 4195 },
			"parameter points_new: points_new × total weight must be at most 4194304, got 4195 × 1000"},
		{"no new points", func(p *Params) { p.PointsNew = -16 },
			"parameter points_new: must be between 1 and 4194304, got -16"},
		{"no keys", func(p *Params) { p.Keys = 0 },
			"parameter keys: must be between 1 and 5000000, got 0"},
		{"too many keys", func(p *Params) { p.Keys = 5_000_001 },
			"parameter keys: must be between 1 and 5000000, got 5000001"},
		{"long key prefix", func(p *Params) { p.KeyPrefix = long },
			"parameter key_prefix: must be at most 100 bytes long, got 101"},
		{"key prefix not UTF-8", func(p *Params) { p.KeyPrefix = "/obj/\xff" },
			"parameter key_prefix: must be valid UTF-8"},
		{"negative key offset", func(p *Params) { p.KeyOffset = -1 },
			"parameter key_offset: must be between 0 and 1000000000000, got -1"},
		{"key offset too large", func(p *Params) { p.KeyOffset = 1_000_000_000_001 },
			"parameter key_offset: must be between 0 and 1000000000000, got 1000000000001"},
		// With servers invalid, neither the weights' count nor the
		// points' total is checked: both depend on it.
		{"several", func(p *Params) {
			p.Servers, p.Port, p.Weights, p.Points, p.PointsNew, p.Keys = -3, 70_000, []int{1}, 0, 1<<30, -1
		},
			"parameter servers: must be between 1 and 1000, got -3; " +
				"parameter port: must be between 0 and 65535, got 70000; " +
				"parameter points: must be between 1 and 4194304, got 0; " +
				"parameter points_new: must be between 1 and 4194304, got 1073741824; " +
				"parameter keys: must be between 1 and 5000000, got -1"},
		{"bad weight, so no total", func(p *Params) { p.Servers, p.Weights, p.Points = 2, []int{0, 1}, 1<<22 },
			"parameter weights: weight of server 1 must be between 1 and 10000, got 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := DefaultParams()
			c.edit(&p)
			modeltest.CheckValidate(t, p, c.want, Run)
		})
	}
}

func TestDeterministic(t *testing.T) {
	modeltest.CheckDeterministic(t, DefaultParams(), Run)
	p := DefaultParams()
	p.Servers, p.Weights, p.Keys, p.KeyOffset = 4, []int{3, 1, 2, 5}, 20_000, 123_456
	modeltest.CheckDeterministic(t, p, Run)
}

func TestCanceled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }

// TestKeyOffset checks that key_offset shifts the sample: keys 0 … 1999
// counted as two runs of 1000 (offsets 0 and 1000) add up to one run of
// 2000, server by server.
func TestKeyOffset(t *testing.T) {
	counts := func(keys, offset int) []float64 {
		p := DefaultParams()
		p.Keys, p.KeyOffset = keys, offset
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		var out []float64
		for _, v := range r.Values {
			if strings.HasPrefix(v.Path, "count.") || strings.HasPrefix(v.Path, "new.count.") {
				out = append(out, v.V)
			}
		}
		return out
	}
	a, b, all := counts(1000, 0), counts(1000, 1000), counts(2000, 0)
	for i := range a {
		a[i] += b[i]
	}
	if !slices.Equal(a, all) {
		t.Errorf("offsets 0 and 1000: %v, one run of 2000: %v", a, all)
	}
	if slices.Equal(b, counts(1000, 0)) {
		t.Error("key_offset changes nothing")
	}
}
