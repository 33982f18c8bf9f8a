package tail

import (
	"context"
	"math"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestTable1: the calibrated leaf reproduces the article's leaf row, the
// simulation agrees with the exact percentiles, and the independent-leaf
// model's fastest-95% row stays near the leaf's own 95th percentile, far
// below the article's.
func TestTable1(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"p50", "p95", "p99"} {
		exact, pub := modeltest.Value(t, r, "exact.leaf."+l), modeltest.Value(t, r, "published.leaf."+l)
		if math.Abs(exact-pub) > 1e-12*pub {
			t.Errorf("leaf %s = %v, want %v", l, exact, pub)
		}
		for _, row := range []string{"all", "fast95", "answer"} {
			e, s := modeltest.Value(t, r, "exact."+row+"."+l), modeltest.Value(t, r, "sim."+row+"."+l)
			tol := map[string]float64{"p50": 0.03, "p95": 0.08}[l]
			if l == "p99" {
				tol = 0.2 // 20 requests above it out of 2 000
			}
			if math.Abs(s-e) > tol*e {
				t.Errorf("%s.%s: simulated %v, exact %v", row, l, s, e)
			}
		}
	}
	if f := modeltest.Value(t, r, "exact.fast95.p99"); f > modeltest.Value(t, r, "published.leaf.p95")*1.5 {
		t.Errorf("fastest 95%% p99 = %v", f)
	}
	if modeltest.Value(t, r, "answer_leaves") != 950 {
		t.Errorf("answer_leaves = %v", modeltest.Value(t, r, "answer_leaves"))
	}
}

func TestKth(t *testing.T) {
	u := []float64{5, 1, 4, 1, 3, 9, 2, 6}
	for k, want := range []float64{1, 1, 2, 3, 4, 5, 6, 9} {
		if got := kth(append([]float64(nil), u...), k+1); got != want {
			t.Errorf("kth(%d) = %v, want %v", k+1, got, want)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.P95, p.Answer, p.Requests = 0.5, 0, 100_000 },
			"parameter p95: must be finite and above p50 (1), got 0.5; parameter answer: must be above 0 and at most 1, got 0; parameter requests: times leaves must be at most 50000000, got 100000000"},
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

// TestLeafSurvival: the curve passes through the calibration points (half
// of the answers slower than the median, 5% slower than the 95th
// percentile, 1% than the 99th) and falls as the latency grows.
func TestLeafSurvival(t *testing.T) {
	r, err := Run(context.Background(), func() Params { p := DefaultParams(); p.Leaves, p.Requests = 10, 0; return p }())
	if err != nil {
		t.Fatal(err)
	}
	s, ok := r.SeriesNamed("leaf.survival")
	if !ok || len(s.X) != 81 {
		t.Fatalf("leaf.survival: %v, %d points", ok, len(s.X))
	}
	at := map[float64]float64{}
	for i := range s.X {
		if i > 0 && !(s.Y[i] <= s.Y[i-1]) {
			t.Errorf("survival rises at %v ms", s.X[i])
		}
		at[math.Round(s.X[i]*1e9)/1e9] = s.Y[i]
	}
	for x, want := range map[float64]float64{1: 0.5, 10: 0.01} {
		if got := at[x]; math.Abs(got-want) > 1e-9 {
			t.Errorf("P(latency > %v ms) = %v, want %v", x, got, want)
		}
	}
}

// TestLeafShare: at the root's percentiles a leaf is exceeded with the
// share leaf_share says, so the distribution's survival there equals it.
func TestLeafShare(t *testing.T) {
	p := DefaultParams()
	p.Requests = 0
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"p50", "p95", "p99"} {
		share := modeltest.Value(t, r, "exact.all.leaf_share."+l)
		q := map[string]float64{"p50": 0.5, "p95": 0.95, "p99": 0.99}[l]
		if got := math.Pow(1-share, float64(p.Leaves)); math.Abs(got-q) > 1e-12 {
			t.Errorf("%s: (1 − %v)^%d = %v, want %v", l, share, p.Leaves, got, q)
		}
	}
}
