package probation

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

// TestProbation: probation catches the slowed leaf within a few requests,
// lowers the root's latency, leaves out little of the index, and takes the
// leaf back after the episode; without a slowed leaf nothing is caught but
// by mistake.
func TestProbation(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if d := value(t, r, "detect_requests"); d < 3 || d > 20 {
		t.Errorf("detected after %v requests", d)
	}
	if value(t, r, "with.p99") >= value(t, r, "without.p99") || value(t, r, "with.p50") >= value(t, r, "without.p50") {
		t.Error("probation did not lower the root's latency")
	}
	if m := value(t, r, "missing_share"); m <= 0 || m > 0.01 {
		t.Errorf("missing share %v", m)
	}
	if value(t, r, "recover_requests") < 3 {
		t.Errorf("recovered after %v", value(t, r, "recover_requests"))
	}
	p := DefaultParams()
	p.Slow = 0
	r, _ = Run(context.Background(), p)
	if value(t, r, "slow_probations") != 0 || value(t, r, "detect_requests") != -1 {
		t.Error("a probation without a slowed leaf counted as a catch")
	}
}

func TestValidate(t *testing.T) {
	p := DefaultParams()
	p.From, p.To = 3000, 1000
	if err := p.Validate(); err == nil || err.Error() != "parameter to: must be between from (3000) and requests (4000), got 1000" {
		t.Errorf("err = %v", err)
	}
}
