package canary

import (
	"context"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestCanary: a canary adds latency, never removes it, and confines a
// crashing request to itself.
func TestCanary(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"p50", "p99"} {
		if modeltest.Value(t, r, "added."+l) <= 0 {
			t.Errorf("canary added %v at %s", modeltest.Value(t, r, "added."+l), l)
		}
	}
	if modeltest.Value(t, r, "crashed.with") != 1 || modeltest.Value(t, r, "crashed.without") != 1000 {
		t.Error("crash counts")
	}
	if got := modeltest.Value(t, r, "crashed_per_million.without"); got != 1000 {
		t.Errorf("per million = %v", got)
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.Canaries = 1000 },
			"parameter canaries: must be at least 1 and below leaves (1000), got 1000"},
		{func(p *Params) { p.P50 = 0 },
			"parameter p50: must be positive and finite, got 0"},
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
