package tied

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestPolicies: on a loaded cluster tied requests beat one random replica
// and probing at every percentile; instant cancellation wastes nothing.
func TestPolicies(t *testing.T) {
	p := DefaultParams()
	p.Background, p.Requests = 0.4, 20_000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"p50", "p90", "p99", "p999"} {
		tied, single, probe := modeltest.Value(t, r, "tied."+l), modeltest.Value(t, r, "single."+l), modeltest.Value(t, r, "probe."+l)
		if !(tied < probe && probe < single) {
			t.Errorf("%s: tied %v, probe %v, single %v", l, tied, probe, single)
		}
	}
	if w := modeltest.Value(t, r, "tied_instant.wasted_work"); w != 0 {
		t.Errorf("instant cancellation wasted %v", w)
	}
	if w := modeltest.Value(t, r, "tied.wasted_work"); !(w > 0 && w < 0.1) {
		t.Errorf("tied wasted %v", w)
	}
}

// TestSingleServerQueue: with one read at a time (a tiny load) a read's
// latency is its service time plus two message times.
func TestSingleServerQueue(t *testing.T) {
	p := Params{Servers: 2, Load: 0.0001, Median: 4, Sigma: 0, Delta: 0.5, Requests: 50, Seed: 1}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, pol := range []string{"single", "tied", "tied_instant"} {
		if got := modeltest.Value(t, r, pol+".p999"); got != 5 {
			t.Errorf("%s p99.9 = %v, want 5", pol, got)
		}
	}
	if got := modeltest.Value(t, r, "probe.p50"); got != 6 {
		t.Errorf("probe p50 = %v, want 6 (a round trip more)", got)
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.Load, p.Background = 0.5, 0.5 },
			"parameter background: must be at least 0 with load + background at most 0.95, got 0.5"},
	} {
		p := DefaultParams()
		c.edit(&p)
		modeltest.CheckValidate(t, p, c.want, Run)
	}
}

// TestDeterministicCancelled: two runs on the defaults agree, and a
// cancelled run stops.
func TestDeterministicCancelled(t *testing.T) {
	modeltest.CheckDeterministic(t, DefaultParams(), Run)
	modeltest.CheckCancelled(t, DefaultParams(), Run)
}

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	p.Requests = 50_000
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSortLatencies: the radix sort orders latencies as slices.Sort does,
// ties, zeros and a single repeated value included.
func TestSortLatencies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 5, 1023, 1024, 40_000} {
		for _, gen := range []func() float64{
			func() float64 { return rng.ExpFloat64() * 7 },
			func() float64 { return float64(rng.IntN(5)) },
			func() float64 { return 3.25 },
		} {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = gen()
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			sortLatencies(xs)
			if !slices.Equal(xs, want) {
				t.Fatalf("n %d: not sorted as slices.Sort sorts", n)
			}
		}
	}
}
