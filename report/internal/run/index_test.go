package run

import (
	"fmt"
	"testing"

	"lbcourse/models/model"
)

// TestValueIndex: every path is found at its position, a missing one is
// not, with the packed index and with the map a huge result falls back
// to; paths whose hashes share their top bits are told apart by the path.
func TestValueIndex(t *testing.T) {
	var values []model.Value
	for r := 1; r <= 200; r++ {
		for _, p := range []string{"owned.error.mean", "owned.error.sd", "points_total", "x"} {
			values = append(values, model.Value{Path: fmt.Sprintf("run.%d.%s", r, p), V: float64(r)})
		}
	}
	for _, ix := range []*valueIndex{newValueIndex(values), {values: values, byPath: newValueIndex(values).asMap()}} {
		for i, v := range values {
			if got, ok := ix.lookup(v.Path); !ok || got != i {
				t.Fatalf("lookup(%q) = %d, %v; want %d", v.Path, got, ok, i)
			}
		}
		for _, p := range []string{"", "run.0.x", "run.201.x", "run.1.owned", "run.1.x.y"} {
			if got, ok := ix.lookup(p); ok {
				t.Errorf("lookup(%q) = %d, found", p, got)
			}
		}
	}
	// Two paths with equal hash bits: the index compares the paths.
	h := hashOf(values[1].Path)
	ix := &valueIndex{values: values[:2], keys: []uint64{h | 0, h | 1}}
	if got, ok := ix.lookup(values[1].Path); !ok || got != 1 {
		t.Errorf("with equal hashes: lookup = %d, %v; want 1", got, ok)
	}
	if got, ok := ix.lookup(values[0].Path); ok {
		t.Errorf("a path whose hash is not there: lookup = %d, found", got)
	}
}

func hashOf(p string) uint64 { return newValueIndex([]model.Value{{Path: p}}).keys[0] &^ posMask }

func (ix *valueIndex) asMap() map[string]int {
	m := map[string]int{}
	for i, v := range ix.values {
		m[v.Path] = i
	}
	return m
}

func BenchmarkValueIndex(b *testing.B) {
	var values []model.Value
	for r := 1; r <= 200; r++ {
		for k := range 3300 {
			values = append(values, model.Value{Path: fmt.Sprintf("run.%d.owned.error.%d.mean", r, k)})
		}
	}
	b.Run("packed", func(b *testing.B) {
		for b.Loop() {
			newValueIndex(values)
		}
	})
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			m := make(map[string]int, len(values))
			for i, v := range values {
				m[v.Path] = i
			}
		}
	})
}
