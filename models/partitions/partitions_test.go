package partitions

import (
	"context"
	"testing"

	"lbcourse/models/internal/modeltest"
)

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
		bal, rnd, bound := modeltest.Value(t, r, "balanced.max_over_mean"), modeltest.Value(t, r, "random.max_over_mean"), modeltest.Value(t, r, "balanced.bound")
		if bal > rnd || bal < bound-1e-12 {
			t.Errorf("per %d: balanced %v, random %v, bound %v", per, bal, rnd, bound)
		}
		if i > 0 && bal < prev {
			t.Errorf("per %d balances better (%v) than a finer split (%v)", per, bal, prev)
		}
		prev = bal
		if modeltest.Value(t, r, "step") != 1/float64(per) {
			t.Errorf("step = %v", modeltest.Value(t, r, "step"))
		}
	}
	p := DefaultParams()
	p.Spread, p.PerMachine = 2, 5
	r, _ := Run(context.Background(), p)
	if !(modeltest.Value(t, r, "replicated.bound") < modeltest.Value(t, r, "balanced.bound")) {
		t.Error("copies did not lower the bound")
	}
	if got := modeltest.Value(t, r, "replicated.pieces"); got != 50+5*2 {
		t.Errorf("pieces = %v", got)
	}
}

// TestCopiesSizedToLoad: with copies 0, every hot partition is split into
// ⌈load / mean⌉ copies, so when the hot ones are all those above a
// machine's mean load no copy carries more than it and the bound is 1; the
// pieces add up to the partitions plus the extra copies.
func TestCopiesSizedToLoad(t *testing.T) {
	for seed := range int64(20) {
		p := DefaultParams()
		p.Spread, p.PerMachine, p.Copies, p.Hot, p.Seed = 2, 5, 0, 50, seed
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		heaviest := modeltest.Value(t, r, "heaviest")
		if got := modeltest.Value(t, r, "replicated.bound"); got != 1 {
			t.Errorf("seed %d: bound %v with every partition sized to its load", seed, got)
		}
		if got, want := modeltest.Value(t, r, "replicated.most_copies"), min(10, max(1, float64(int(heaviest)+1))); got != want && !(heaviest == float64(int(heaviest)) && got == heaviest) {
			t.Errorf("seed %d: most copies %v, want ⌈%v⌉", seed, got, heaviest)
		}
		pieces, extra := modeltest.Value(t, r, "replicated.pieces"), modeltest.Value(t, r, "replicated.extra_copies")
		if got := 50 * (1 + extra); got-pieces > 1e-9 || pieces-got > 1e-9 {
			t.Errorf("seed %d: %v pieces, %v extra", seed, pieces, extra)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.Copies = 11 }, "parameter copies: must be between 0 (sized to the load) and machines (10), got 11"},
		{func(p *Params) { p.Copies = -1 }, "parameter copies: must be between 0 (sized to the load) and machines (10), got -1"},
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
