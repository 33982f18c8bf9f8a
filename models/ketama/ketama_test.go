package ketama

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/ring"
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
		{"no stages", func(p *Params) { p.Stages = nil }, ""},
		{"one stage of nothing", func(p *Params) { p.Stages = []float64{0} }, ""},
		{"too many stages", func(p *Params) { p.Stages = make([]float64, 21) },
			"parameter stages: must have at most 20 stages, got 21"},
		{"stage above 1", func(p *Params) { p.Stages = []float64{0.5, 1.5} },
			"parameter stages: stage 2 must be a share between 0 and 1, got 1.5"},
		{"stages not increasing", func(p *Params) { p.Stages = []float64{0.5, 0.5} },
			"parameter stages: stage 2 must be larger than stage 1, got 0.5"},
		{"hit ratio 1", func(p *Params) { p.HitRatio = 1 },
			"parameter hit_ratio: must be at least 0 and below 1, got 1"},
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
		p.Keys, p.KeyOffset = keys, int64(offset)
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

// TestStages checks the rollout: each key changes server at most once, so
// the stages' step_moved add up to the last stage's moved; all of the
// requests on the new ring move migration.moved; and a stage moves about
// its share of migration.moved (the selector is independent of the ring).
func TestStages(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	v := func(path string) float64 { return modeltest.Value(t, r, path) }
	moved, sum := v("migration.moved"), 0.0
	for j, share := range DefaultParams().Stages {
		k := "stage." + strconv.Itoa(j+1) + "."
		sum += v(k + "step_moved")
		if got := v(k + "moved"); math.Abs(sum-got) > 1e-12 {
			t.Errorf("stage %d: steps add up to %v, moved %v", j+1, sum, got)
		}
		if got, want := v(k+"moved"), share*moved; math.Abs(got-want) > 0.01 {
			t.Errorf("stage %d (share %v): moved %v, want about %v", j+1, share, got, want)
		}
	}
	if got := v("stage.5.moved"); got != moved {
		t.Errorf("all requests on the new ring: moved %v, migration.moved %v", got, moved)
	}
	if s, ok := r.SeriesNamed("stage.moved"); !ok || len(s.X) != 5 || s.Y[4] != moved {
		t.Errorf("series stage.moved: %+v", s)
	}
}

// TestLayout checks the point sizes the lesson shows: a uint32 and a
// uint16 take six bytes, the struct eight, the array six.
func TestLayout(t *testing.T) {
	st, fields, arr, sa, aa := layoutSizes()
	if st != 8 || fields != 6 || arr != 6 || sa != 4 || aa != 1 {
		t.Errorf("layoutSizes() = %d, %d, %d, %d, %d; want 8, 6, 6, 4, 1", st, fields, arr, sa, aa)
	}
	if m, r := mixedSizes(); m != 12 || r != 8 {
		t.Errorf("mixedSizes() = %d, %d; want 12, 8", m, r)
	}
	if st != uintptr(ring.Wide.PointBytes()) || arr != uintptr(ring.Packed.PointBytes()) {
		t.Errorf("struct %d and array %d bytes, the ring library's layouts %d and %d", st, arr, ring.Wide.PointBytes(), ring.Packed.PointBytes())
	}
}

// TestSelector checks that Selector is a bijection on a sample (no two of
// the first 2^20 positions share a selector) and spreads them: about half
// fall below 2^31.
func TestSelector(t *testing.T) {
	seen := make(map[uint32]bool, 1<<20)
	low := 0
	for h := range uint32(1 << 20) {
		s := Selector(h)
		if seen[s] {
			t.Fatalf("Selector(%d) = %d repeats", h, s)
		}
		seen[s] = true
		if s < 1<<31 {
			low++
		}
	}
	if math.Abs(float64(low)/(1<<20)-0.5) > 0.005 {
		t.Errorf("%d of 2^20 selectors below 2^31", low)
	}
}
