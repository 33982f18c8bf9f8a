package course

import (
	"slices"
	"testing"
)

// TestRegistry: every models/ package a model imports is known to the
// registry, and the health-check model's cache key covers layer's code.
func TestRegistry(t *testing.T) {
	r := Registry()
	m, ok := r.Lookup("healthcheck")
	if !ok {
		t.Fatal("no healthcheck model")
	}
	if deps := m.Deps(); !slices.Contains(deps, "models/layer") || !slices.Contains(deps, "models/model") {
		t.Errorf("healthcheck deps = %v, want models/layer and models/model", deps)
	}
	q, _ := r.Lookup("queue")
	if deps := q.Deps(); !slices.Equal(deps, []string{"models/model"}) {
		t.Errorf("queue deps = %v", deps)
	}
}
