package hashbalance

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestTheory: with five servers theory.one_point is H(5) = 137/60, the
// normal approximation at v points is 1 + 1.16296/√v, and the modulo
// floor of 100 000 keys is 1 + 1.16296 × √(5/100 000).
func TestTheory(t *testing.T) {
	for _, v := range []int{1, 150} {
		p := DefaultParams()
		p.Vnodes = v
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]float64{
			"theory.one_point":         137.0 / 60,
			"theory.arc_max_over_mean": 1 + 1.16296/math.Sqrt(float64(v)),
			"theory.modulo_floor":      1 + 1.16296*math.Sqrt(5.0/100_000),
		} {
			if got := modeltest.Value(t, r, path); math.Abs(got-want) > 1e-5 {
				t.Errorf("v = %d: %s = %v, want %v", v, path, got, want)
			}
		}
	}
}

// TestModuloFloorSD: the standard deviation of one run's modulo imbalance
// under a uniform hash matches a simulation of multinomial counts (5
// servers, 20 000 keys: about 0.0079), and chi2_sd is √(2 df).
func TestModuloFloorSD(t *testing.T) {
	if got := moduloFloorSD(5, 20_000); math.Abs(got-0.00787) > 0.0002 {
		t.Errorf("moduloFloorSD(5, 20000) = %v, want about 0.00787", got)
	}
	if got := moduloFloorSD(1, 20_000); got != 0 {
		t.Errorf("moduloFloorSD(1, 20000) = %v, want 0", got)
	}
	// Simulate: 4000 runs of 20 000 uniform keys on 5 servers.
	rng := rand.New(rand.NewPCG(1, 2))
	const runs, keys, n = 4000, 20_000, 5
	var sum, sum2 float64
	counts := make([]int, n)
	for range runs {
		clear(counts)
		for range keys {
			counts[rng.IntN(n)]++
		}
		m := maxOverMean(counts)
		sum += m
		sum2 += m * m
	}
	mean := sum / runs
	sd := math.Sqrt(sum2/runs - mean*mean)
	if want := moduloFloorSD(n, keys); math.Abs(sd-want) > 0.05*want {
		t.Errorf("simulated sd %v, moduloFloorSD %v", sd, want)
	}
	p := DefaultParams()
	p.Keys = 20_000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := modeltest.Value(t, r, "chi2_sd"); got != math.Sqrt(2*1023) {
		t.Errorf("chi2_sd = %v, want √2046", got)
	}
	if got := modeltest.Value(t, r, "theory.modulo_floor_sd"); got != moduloFloorSD(5, 20_000) {
		t.Errorf("theory.modulo_floor_sd = %v", got)
	}
}
