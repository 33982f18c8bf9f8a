package hashing

import (
	"cmp"
	"context"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestDrawing checks the ring drawing: its size, a series a node and one of
// keys, arcs that sum to 1, and two runs that draw the same ring.
func TestDrawing(t *testing.T) {
	for _, p := range []Params{
		DefaultParams(),
		{Keys: 30, KeyPrefix: "ü", KeyStart: -10, NodesBefore: 5, NodesAfter: 2, Vnodes: []int{7, 3, 50}},
	} {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		nodes, v := max(p.NodesBefore, p.NodesAfter), p.Vnodes[0]
		for _, x := range p.Vnodes {
			v = min(v, x)
		}
		if modeltest.Value(t, r, "ring_draw.nodes") != float64(nodes) || modeltest.Value(t, r, "ring_draw.vnodes") != float64(v) {
			t.Errorf("%+v: drawn ring %v nodes × %v", p, modeltest.Value(t, r, "ring_draw.nodes"), modeltest.Value(t, r, "ring_draw.vnodes"))
		}
		sum := 0.0
		for n := 1; n <= nodes; n++ {
			if s, ok := r.SeriesNamed("ring_pos." + strconv.Itoa(n)); !ok || len(s.Y) != v {
				t.Fatalf("series ring_pos.%d: %v, want %d points", n, s, v)
			}
			sum += modeltest.Value(t, r, "ring_arc."+strconv.Itoa(n))
		}
		if sum != 1 {
			t.Errorf("%+v: arcs sum to %v, want 1", p, sum)
		}
		if keys, ok := r.SeriesNamed("ring_keys_pos"); !ok || len(keys.Y) != min(p.Keys, drawKeys) {
			t.Errorf("%+v: ring_keys_pos %v, want %d keys", p, keys, min(p.Keys, drawKeys))
		}

		again, _ := Run(context.Background(), p)
		if !reflect.DeepEqual(r, again) {
			t.Errorf("%+v: two runs differ", p)
		}
	}
}

// TestArcs checks that each point's arc is the positions lookup gives its
// node: the point itself and the position just after the previous point,
// on a small ring and on a hand-made one.
func TestArcs(t *testing.T) {
	r := ring(ringPoints(3, 4))
	for i, p := range r {
		prev := r[(i+len(r)-1)%len(r)].hash
		if lookup(r, p.hash) != p.node && (i == 0 || r[i-1].hash != p.hash) {
			t.Errorf("point %d: lookup of its own position gives node %d, want %d", i, lookup(r, p.hash), p.node)
		}
		if lookup(r, prev+1) != p.node {
			t.Errorf("point %d: lookup after the previous point gives node %d, want %d", i, lookup(r, prev+1), p.node)
		}
	}
	// Points at 0 (node 0), 1<<30 (node 1) and 1<<31 (node 0): node 1 owns a
	// quarter, node 0 the rest.
	hand := []point{{0, 0}, {1 << 30, 1}, {1 << 31, 0}}
	if got := arcs(hand, 2); !reflect.DeepEqual(got, []float64{0.75, 0.25}) {
		t.Errorf("arcs = %v, want [0.75 0.25]", got)
	}
	// One point owns the whole circle.
	if got := arcs([]point{{12345, 0}}, 1); got[0] != 1 {
		t.Errorf("one point: arc %v, want 1", got[0])
	}
}

// TestRingPositions checks the ring's positions for a ring plot: each
// point and key is its hash as a fraction of the circle, in [0, 1), at its
// index; and the arcs a ring
// plot draws from them (a point owns from the previous point of any node,
// exclusive, to itself) are ring_arc.<n>.
func TestRingPositions(t *testing.T) {
	for _, p := range []Params{
		DefaultParams(),
		{Keys: 30, KeyPrefix: "ü", KeyStart: -10, NodesBefore: 5, NodesAfter: 2, Vnodes: []int{7, 3, 50}},
		{Keys: 80, KeyPrefix: "key-", NodesBefore: 3, NodesAfter: 4, Vnodes: []int{1}},
	} {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		nodes, v := int(modeltest.Value(t, r, "ring_draw.nodes")), int(modeltest.Value(t, r, "ring_draw.vnodes"))
		check := func(name string, hashes []uint32) []float64 {
			s, ok := r.SeriesNamed(name)
			if !ok {
				t.Fatalf("no series %s", name)
			}
			if len(s.X) != len(hashes) || len(s.Y) != len(hashes) {
				t.Fatalf("%s: %d/%d points, want %d", name, len(s.X), len(s.Y), len(hashes))
			}
			for i, h := range hashes {
				if s.X[i] != float64(i) || s.Y[i] != float64(h)/(1<<32) || !(s.Y[i] >= 0 && s.Y[i] < 1) {
					t.Errorf("%s[%d] = (%v, %v), want (%d, %v)", name, i, s.X[i], s.Y[i], i, float64(h)/(1<<32))
				}
			}
			return s.Y
		}
		type pt struct {
			pos  float64
			node int
		}
		var all []pt
		for n := 1; n <= nodes; n++ {
			hashes := make([]uint32, v)
			for j := range hashes {
				hashes[j] = Hash("k" + strconv.Itoa(n) + "#" + strconv.Itoa(j))
			}
			for _, pos := range check("ring_pos."+strconv.Itoa(n), hashes) {
				all = append(all, pt{pos, n})
			}
		}
		hs := make([]uint32, min(p.Keys, drawKeys))
		for i := range hs {
			hs[i] = Hash(p.KeyPrefix + strconv.FormatInt(p.KeyStart+int64(i), 10))
		}
		check("ring_keys_pos", hs)

		slices.SortStableFunc(all, func(a, b pt) int { return cmp.Compare(a.pos, b.pos) })
		owned := make([]float64, nodes+1)
		for j, q := range all {
			if j == 0 {
				owned[q.node] += 1 - all[len(all)-1].pos + q.pos
			} else {
				owned[q.node] += q.pos - all[j-1].pos
			}
		}
		for n := 1; n <= nodes; n++ {
			if want := modeltest.Value(t, r, "ring_arc."+strconv.Itoa(n)); math.Abs(owned[n]-want) > 1e-12 {
				t.Errorf("%+v: node k%d owns %v of the drawn ring, ring_arc.%d is %v", p, n, owned[n], n, want)
			}
		}
	}
}
