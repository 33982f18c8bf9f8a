package partitions

import (
	"context"
	"testing"

	"lbcourse/models/model"
)

func value(t *testing.T, r model.Result, path string) float64 {
	t.Helper()
	v, ok := r.Value(path)
	if !ok {
		t.Fatalf("no value %s", path)
	}
	return v.V
}

// TestPlacements: the greedy balancer is never worse than dealing at
// random and never better than its bound, finer partitions balance
// better, and copies of the hot partitions lower the bound.
func TestPlacements(t *testing.T) {
	prev := 0.0
	for i, per := range []int{50, 20, 5, 1} {
		p := DefaultParams()
		p.PerMachine = per
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		bal, rnd, bound := value(t, r, "balanced.max_over_mean"), value(t, r, "random.max_over_mean"), value(t, r, "balanced.bound")
		if bal > rnd || bal < bound-1e-12 {
			t.Errorf("per %d: balanced %v, random %v, bound %v", per, bal, rnd, bound)
		}
		if i > 0 && bal < prev {
			t.Errorf("per %d balances better (%v) than a finer split (%v)", per, bal, prev)
		}
		prev = bal
		if value(t, r, "step") != 1/float64(per) {
			t.Errorf("step = %v", value(t, r, "step"))
		}
	}
	p := DefaultParams()
	p.Spread, p.PerMachine = 2, 5
	r, _ := Run(context.Background(), p)
	if !(value(t, r, "replicated.bound") < value(t, r, "balanced.bound")) {
		t.Error("copies did not lower the bound")
	}
	if got := value(t, r, "replicated.pieces"); got != 50+5*2 {
		t.Errorf("pieces = %v", got)
	}
}

func TestValidate(t *testing.T) {
	p := DefaultParams()
	p.Copies = 11
	if err := p.Validate(); err == nil || err.Error() != "parameter copies: must be between 1 and machines (10), got 11" {
		t.Errorf("err = %v", err)
	}
}
