package ring

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestBoundedHand places six keys at one position of a two-node ring with
// c = 1.25: capacities ceil(1.25·(m+1)/2) = 1, 2, 2, 3, 4, 4.
func TestBoundedHand(t *testing.T) {
	r := mustNew(t, []float64{1, 1}, Config{Points: 1, Hash: table([][]uint32{{100}, {200}})})
	nodes, loads, visited, err := AssignBounded(r, slices.Repeat([]uint32{50}, 6), 1.25)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(nodes, []int{0, 0, 1, 0, 0, 1}) || !reflect.DeepEqual(loads, []int{4, 2}) || visited != 8 {
		t.Errorf("nodes %v, loads %v, visited %d; want [0 0 1 0 0 1], [4 2], 8", nodes, loads, visited)
	}
	b, _ := NewBounded(r, 1.25)
	b.Place(50)
	b.Place(50)
	b.Release(0)
	if b.Placed() != 1 || b.Capacity(0) != 2 || b.Place(50) != 0 {
		t.Errorf("after Release: placed %d, capacity %d", b.Placed(), b.Capacity(0))
	}
	// Weights: node 1 has three times node 0's capacity.
	r = mustNew(t, []float64{1, 3}, Config{Points: 1, Hash: table([][]uint32{{100}, {200, 201, 202}})})
	b, _ = NewBounded(r, 1)
	for range 7 {
		b.Place(150)
	}
	if b.Capacity(0) != 2 || b.Capacity(1) != 6 || !reflect.DeepEqual(b.Loads(), []int{1, 6}) {
		t.Errorf("weighted: capacities %d, %d, loads %v; want 2, 6, [1 6]", b.Capacity(0), b.Capacity(1), b.Loads())
	}
}

// TestBoundedBound checks the paper's guarantee on 10 nodes × 160 points
// and 100 000 keys, half of them on one hot position: after every
// placement no node holds more than ceil(c·m/N), and the run is
// deterministic.
func TestBoundedBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	hs := make([]uint32, 100_000)
	for i := range hs {
		hs[i] = rng.Uint32()
		if i%2 == 0 {
			hs[i] = 12345
		}
	}
	r := mustNew(t, slices.Repeat([]float64{1}, 10), Config{Points: 160, Hash: salted(10)})
	for _, c := range []float64{1, 1.25, 2} {
		b, err := NewBounded(r, c)
		if err != nil {
			t.Fatal(err)
		}
		for m, h := range hs {
			n := b.Place(h)
			if limit := int(math.Ceil(c * float64(m+1) / 10)); b.loads[n] > limit {
				t.Fatalf("c %v, key %d: node %d holds %d, above %d", c, m, n, b.loads[n], limit)
			}
		}
		nodes, loads, visited, _ := AssignBounded(r, hs, c)
		if !reflect.DeepEqual(loads, b.Loads()) || visited != b.Visited() || len(nodes) != len(hs) {
			t.Errorf("c %v: two runs differ", c)
		}
		if limit := int(math.Ceil(c * float64(len(hs)) / 10)); slices.Max(loads) > limit {
			t.Errorf("c %v: largest load %d above %d", c, slices.Max(loads), limit)
		}
	}
}

// TestBoundedErrors checks the errors of NewBounded word for word.
func TestBoundedErrors(t *testing.T) {
	r := mustNew(t, []float64{1}, Config{Points: 1, Hash: salted(11)})
	for _, c := range []float64{0.99, math.NaN(), math.Inf(1)} {
		if _, err := NewBounded(r, c); err == nil || err.Error() != "ring: balance factor "+fmtFloat(c)+"; it is finite and at least 1" {
			t.Errorf("NewBounded(%v) = %v", c, err)
		}
	}
	empty := mustNew(t, nil, Config{Points: 1, Hash: salted(11)})
	if _, err := NewBounded(empty, 1.25); err == nil || err.Error() != "ring: bounded loads on an empty ring" {
		t.Errorf("NewBounded(empty) = %v", err)
	}
}

// fmtFloat formats as %v does.
func fmtFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	}
	return "0.99"
}
