package hedge

import (
	"context"
	"math"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/latency"
)

// TestHedge: deferring the copy to the 95th percentile sends 5% more
// reads, hedging never slows a request, and the simulation agrees with the
// exact percentiles.
func TestHedge(t *testing.T) {
	p := DefaultParams()
	p.After = 5 // the leaf's 95th percentile
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if e := modeltest.Value(t, r, "exact.extra"); math.Abs(e-0.05) > 1e-12 {
		t.Errorf("exact.extra = %v, want 0.05", e)
	}
	if s := modeltest.Value(t, r, "sim.extra"); math.Abs(s-0.05) > 0.002 {
		t.Errorf("sim.extra = %v", s)
	}
	for _, l := range []string{"p50", "p99", "p999"} {
		if modeltest.Value(t, r, "exact.hedged."+l) > modeltest.Value(t, r, "exact.none."+l) {
			t.Errorf("hedging slows %s", l)
		}
	}
	for _, c := range []struct {
		path string
		tol  float64
	}{{"none.p50", 0.03}, {"hedged.p50", 0.03}, {"none.p99", 0.25}, {"hedged.p99", 0.1}} {
		if e, s := modeltest.Value(t, r, "exact."+c.path), modeltest.Value(t, r, "sim."+c.path); math.Abs(s-e) > c.tol*e {
			t.Errorf("%s: simulated %v, exact %v", c.path, s, e)
		}
	}
}

// TestRequestQuantile: with no hedge the bisection is not used, and the
// hedged quantile satisfies its defining equation.
func TestRequestQuantile(t *testing.T) {
	p := DefaultParams()
	r, _ := Run(context.Background(), Params{Keys: 1, P50: p.P50, P95: p.P95, P99: p.P99, After: 0})
	if v := modeltest.Value(t, r, "exact.none.p99"); math.Abs(v-p.P99) > 1e-12 {
		t.Errorf("one key's p99 = %v", v)
	}
	d := calibrated(t)
	q := RequestQuantile(d, 10, 1000, 0.999)
	target := -math.Expm1(math.Log(0.999) / 1000)
	if s := keySurvival(d, 10, q); math.Abs(s-target) > 1e-9*target {
		t.Errorf("survival at %v = %v, want %v", q, s, target)
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.Keys, p.After = 0, -1 },
			"parameter keys: must be between 1 and 100000, got 0; parameter after: must be between 0 and 1e+06, got -1"},
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

func calibrated(t *testing.T) latency.Dist {
	d, err := latency.Calibrate(1, 5, 10)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSameCost: hedging after same_cost.after sends exactly the article's
// share of extra reads, and cuts the 99.9th percentile by same_cost.ratio.
func TestSameCost(t *testing.T) {
	p := DefaultParams()
	p.Requests = 0
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	at := modeltest.Value(t, r, "same_cost.after")
	p.After = at
	again, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := modeltest.Value(t, again, "exact.extra"); math.Abs(got-Published.Extra) > 1e-12 {
		t.Errorf("extra reads after %v ms: %v, want %v", at, got, Published.Extra)
	}
	if got, want := modeltest.Value(t, again, "exact.ratio"), modeltest.Value(t, r, "same_cost.ratio"); got != want {
		t.Errorf("ratio hedged after %v ms: %v, same_cost.ratio %v", at, got, want)
	}
}
