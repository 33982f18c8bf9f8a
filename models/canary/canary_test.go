package canary

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

// TestCanary: a canary adds latency, never removes it, and confines a
// crashing request to itself.
func TestCanary(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"p50", "p99"} {
		if value(t, r, "added."+l) <= 0 {
			t.Errorf("canary added %v at %s", value(t, r, "added."+l), l)
		}
	}
	if value(t, r, "crashed.with") != 1 || value(t, r, "crashed.without") != 1000 {
		t.Error("crash counts")
	}
	if got := value(t, r, "crashed_per_million.without"); got != 1000 {
		t.Errorf("per million = %v", got)
	}
}

func TestValidate(t *testing.T) {
	p := DefaultParams()
	p.Canaries = 1000
	if err := p.Validate(); err == nil || err.Error() != "parameter canaries: must be at least 1 and below leaves (1000), got 1000" {
		t.Errorf("err = %v", err)
	}
}
