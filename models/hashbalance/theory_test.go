package hashbalance

import (
	"context"
	"math"
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
