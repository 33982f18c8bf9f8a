package hashing

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestDrawing checks the ring drawing: every point and key lies on the unit
// circle at its hash's angle, the arcs sum to 1 and agree with lookup, and
// two runs draw the same ring.
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
		onCircle := func(name string, x, y []float64, hashes []uint32) {
			if len(x) != len(hashes) || len(y) != len(hashes) {
				t.Fatalf("%s: %d/%d points, want %d", name, len(x), len(y), len(hashes))
			}
			for i, h := range hashes {
				if d := math.Hypot(x[i], y[i]) - 1; math.Abs(d) > 1e-12 {
					t.Errorf("%s[%d] off the unit circle by %g", name, i, d)
				}
				a := math.Atan2(y[i], x[i])
				if a < 0 {
					a += 2 * math.Pi
				}
				if want := 2 * math.Pi * float64(h) / (1 << 32); math.Abs(a-want) > 1e-9 && math.Abs(a-want) < 2*math.Pi-1e-9 {
					t.Errorf("%s[%d] at angle %v, want %v", name, i, a, want)
				}
			}
		}
		sum := 0.0
		for n := 1; n <= nodes; n++ {
			s, ok := r.SeriesNamed("ring_points." + strconv.Itoa(n))
			if !ok {
				t.Fatalf("no series ring_points.%d", n)
			}
			hashes := make([]uint32, v)
			for j := range hashes {
				hashes[j] = Hash("k" + strconv.Itoa(n) + "#" + strconv.Itoa(j))
			}
			onCircle(s.Name, s.X, s.Y, hashes)
			sum += modeltest.Value(t, r, "ring_arc."+strconv.Itoa(n))
		}
		if sum != 1 {
			t.Errorf("%+v: arcs sum to %v, want 1", p, sum)
		}
		keys, _ := r.SeriesNamed("ring_keys")
		hs := make([]uint32, min(p.Keys, drawKeys))
		for i := range hs {
			hs[i] = Hash(p.KeyPrefix + strconv.FormatInt(p.KeyStart+int64(i), 10))
		}
		onCircle("ring_keys", keys.X, keys.Y, hs)

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
