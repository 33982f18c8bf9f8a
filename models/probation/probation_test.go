package probation

import (
	"context"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestProbation: probation catches the slowed leaf within a few requests,
// lowers the root's latency, leaves out little of the index, and takes the
// leaf back after the episode; without a slowed leaf nothing is caught but
// by mistake.
func TestProbation(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if d := modeltest.Value(t, r, "detect_requests"); d < 3 || d > 20 {
		t.Errorf("detected after %v requests", d)
	}
	if modeltest.Value(t, r, "with.p99") >= modeltest.Value(t, r, "without.p99") || modeltest.Value(t, r, "with.p50") >= modeltest.Value(t, r, "without.p50") {
		t.Error("probation did not lower the root's latency")
	}
	if m := modeltest.Value(t, r, "missing_share"); m <= 0 || m > 0.01 {
		t.Errorf("missing share %v", m)
	}
	if modeltest.Value(t, r, "recover_requests") < 3 {
		t.Errorf("recovered after %v", modeltest.Value(t, r, "recover_requests"))
	}
	p := DefaultParams()
	p.Slow = 0
	r, _ = Run(context.Background(), p)
	if modeltest.Value(t, r, "slow_probations") != 0 || modeltest.Value(t, r, "detect_requests") != -1 {
		t.Error("a probation without a slowed leaf counted as a catch")
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { p.From, p.To = 3000, 1000 },
			"parameter to: must be between from (3000) and requests (4000), got 1000"},
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
