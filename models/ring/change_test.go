package ring

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestChangesHand checks Add and Remove on node 0 at 100, node 1 at 200 and
// 300, node 2 added at 150 and at 350.
func TestChangesHand(t *testing.T) {
	r := mustNew(t, []float64{1, 2}, Config{Points: 1, Hash: table([][]uint32{{100}, {200, 300}, {150, 350}})})
	_, arcs, err := r.Add(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Arc{{101, 150, 1, 2}, {301, 350, 0, 2}}; !reflect.DeepEqual(arcs, want) {
		t.Errorf("Add: arcs %v, want %v", arcs, want)
	}
	if got, want := Share(arcs), 100.0/(1<<32); got != want {
		t.Errorf("Add: share %v, want %v", got, want)
	}
	next, arcs, err := r.Remove(1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Arc{{101, 300, 1, 0}}; !reflect.DeepEqual(arcs, want) {
		t.Errorf("Remove: arcs %v, want %v", arcs, want)
	}
	if got := next.Nodes(); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("Remove: Nodes = %v, want [0]", got)
	}
	// Removing the last node moves the whole circle, in one arc, to -1.
	_, arcs, err = next.Remove(0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Arc{{0, 1<<32 - 1, 0, -1}}; !reflect.DeepEqual(arcs, want) {
		t.Errorf("Remove last: arcs %v, want %v", arcs, want)
	}
	if Share(arcs) != 1 {
		t.Errorf("Remove last: share %v, want 1", Share(arcs))
	}
	// The wrap: a node added at 50 takes (300, 2^32-1] and [0, 50] from node 0.
	r = mustNew(t, []float64{1, 2}, Config{Points: 1, Hash: table([][]uint32{{100}, {200, 300}, {50}})})
	_, arcs, _ = r.Add(2, 1)
	if want := []Arc{{0, 50, 0, 2}, {301, 1<<32 - 1, 0, 2}}; !reflect.DeepEqual(arcs, want) {
		t.Errorf("Add at the wrap: arcs %v, want %v", arcs, want)
	}
}

// TestChangesLastWins checks that a node removed under LastWins gives its
// shared position back to the node it displaced (node 1 at 200 hides node
// 0's point there).
func TestChangesLastWins(t *testing.T) {
	r := mustNew(t, []float64{2, 1}, Config{Points: 1, Collisions: LastWins, Hash: table([][]uint32{{100, 200}, {200}})})
	if r.Lookup(200) != 1 {
		t.Fatalf("Lookup(200) = %d, want 1", r.Lookup(200))
	}
	next, arcs, err := r.Remove(1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Arc{{101, 200, 1, 0}}; !reflect.DeepEqual(arcs, want) || next.Len() != 2 {
		t.Errorf("arcs %v, %d points; want %v, 2", arcs, next.Len(), want)
	}
}

// TestChangesRandom checks Add and Remove on rings of 10 nodes × 160
// points: every arc moves to (from) the changed node, the arcs' share is
// the share it owns after (before), and a key moves exactly when an arc
// contains its hash.
func TestChangesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	hs := make([]uint32, 20_000)
	for i := range hs {
		hs[i] = rng.Uint32()
	}
	for _, policy := range []Collision{KeepAll, FirstWins, LastWins} {
		for _, layout := range []Layout{Wide, Packed} {
			cfg := Config{Points: 160, Collisions: policy, Layout: layout, Hash: salted(9)}
			r := mustNew(t, slices.Repeat([]float64{1}, 10), cfg)
			added, arcs, err := r.Add(10, 1.5)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, old, next *Ring, arcs []Arc, node int, share float64) {
				for _, a := range arcs {
					if (what == "add" && (a.To != node || a.From == node)) || (what == "remove" && (a.From != node || a.To == node)) {
						t.Errorf("%v/%v %s: arc %+v", policy, layout, what, a)
					}
				}
				if got := Share(arcs); got != share {
					t.Errorf("%v/%v %s: share %v, want %v", policy, layout, what, got, share)
				}
				for _, h := range hs {
					in := slices.ContainsFunc(arcs, func(a Arc) bool { return a.Contains(h) })
					if moved := old.Lookup(h) != next.Lookup(h); moved != in {
						t.Fatalf("%v/%v %s: key %d moved %v, in an arc %v", policy, layout, what, h, moved, in)
					}
				}
			}
			check("add", r, added, arcs, 10, float64(added.Owned()[10])/(1<<32))
			removed, arcs, err := added.Remove(3)
			if err != nil {
				t.Fatal(err)
			}
			check("remove", added, removed, arcs, 3, float64(added.Owned()[3])/(1<<32))
			// A migration to a ring of another configuration (Pingora's v1
			// to v2: fewer points, packed): a key moves exactly when an arc
			// holds it.
			v2 := mustNew(t, slices.Repeat([]float64{1}, 10), Config{Points: 16, Layout: Packed, Hash: salted(9)})
			arcs = Changes(r, v2)
			for _, h := range hs {
				in := slices.ContainsFunc(arcs, func(a Arc) bool { return a.Contains(h) })
				if moved := r.Lookup(h) != v2.Lookup(h); moved != in {
					t.Fatalf("%v/%v migration: key %d moved %v, in an arc %v", policy, layout, h, moved, in)
				}
			}
			if !reflect.DeepEqual(Changes(r, r), []Arc(nil)) {
				t.Errorf("Changes(r, r) = %v", Changes(r, r))
			}
		}
	}
}

// changesBySort is Changes as first written: the union of both rings'
// positions sorted, each range's owners by Lookup. TestChangesMerged holds
// the merged walk to it.
func changesBySort(a, b *Ring) []Arc {
	ps := make([]uint32, 0, a.Len()+b.Len())
	for i := range a.Len() {
		ps = append(ps, a.hashAt(i))
	}
	for i := range b.Len() {
		ps = append(ps, b.hashAt(i))
	}
	slices.Sort(ps)
	ps = slices.Compact(ps)
	if len(ps) == 0 {
		return nil
	}
	var arcs []Arc
	emit := func(lo, hi uint32, from, to int) {
		if from == to {
			return
		}
		if k := len(arcs) - 1; k >= 0 && arcs[k].From == from && arcs[k].To == to && uint64(arcs[k].Hi)+1 == uint64(lo) {
			arcs[k].Hi = hi
			return
		}
		arcs = append(arcs, Arc{lo, hi, from, to})
	}
	first, last := ps[0], ps[len(ps)-1]
	wrapFrom, wrapTo := a.Lookup(first), b.Lookup(first)
	emit(0, first, wrapFrom, wrapTo)
	for j := 1; j < len(ps); j++ {
		emit(ps[j-1]+1, ps[j], a.Lookup(ps[j]), b.Lookup(ps[j]))
	}
	if last < 1<<32-1 {
		emit(last+1, 1<<32-1, wrapFrom, wrapTo)
	}
	return arcs
}

// TestChangesMerged: the merged walk gives the arcs the sorted union gives,
// for rings of every collision policy and layout, with points at 0 and at
// 2^32-1, shared positions, and empty rings.
func TestChangesMerged(t *testing.T) {
	edge := func(node, i int) uint32 { // few distinct positions: collisions, 0 and 2^32-1
		return []uint32{0, 7, 7, 1 << 31, 1<<32 - 1}[(node*3+i)%5]
	}
	for _, policy := range []Collision{KeepAll, FirstWins, LastWins} {
		for _, layout := range []Layout{Wide, Packed} {
			for _, hash := range []PointHash{salted(3), edge} {
				var rings []*Ring
				for _, w := range [][]float64{nil, {1}, {1, 1, 1}, {1, 0.5, 2, 1}, slices.Repeat([]float64{1}, 12)} {
					for _, pts := range []int{1, 4, 40} {
						rings = append(rings, mustNew(t, w, Config{Points: pts, Collisions: policy, Layout: layout, Hash: hash}))
					}
				}
				for i, a := range rings {
					for j, b := range rings {
						if got, want := Changes(a, b), changesBySort(a, b); !reflect.DeepEqual(got, want) {
							t.Fatalf("%v/%v rings %d→%d: %v, want %v", policy, layout, i, j, got, want)
						}
					}
				}
			}
		}
	}
}
