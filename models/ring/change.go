package ring

import (
	"fmt"
	"slices"
)

// Arc is a range of positions, Lo … Hi inclusive, whose owner differs
// between two rings: From on the old one, To on the new (-1 for an empty
// ring).
type Arc struct {
	Lo, Hi   uint32
	From, To int
}

// Width returns the number of positions in the arc, 1 … 2^32.
func (a Arc) Width() uint64 { return uint64(a.Hi) - uint64(a.Lo) + 1 }

// Contains reports whether position h is in the arc.
func (a Arc) Contains(h uint32) bool { return a.Lo <= h && h <= a.Hi }

// Share returns the share of the circle the arcs cover, their widths'
// sum over 2^32 (the arcs of one Changes call do not overlap).
func Share(arcs []Arc) float64 {
	var w uint64
	for _, a := range arcs {
		w += a.Width()
	}
	return float64(w) / (1 << 32)
}

// Add returns a ring with node n added, last in insertion order, with
// weight w, and the arcs that change owner (Changes(r, new)): every one
// moves to n. A position one of n's points shares with another node's
// point goes to n under LastWins, under KeepAll when n is the smaller
// node, and never under FirstWins.
//
// Add fails if n is outside 0 … MaxNodes-1 or already on the ring (with
// points or with weight 0 from New), or as New does for the weight or the
// point count.
func (r *Ring) Add(n int, w float64) (*Ring, []Arc, error) {
	if n < 0 || n >= MaxNodes {
		return nil, nil, fmt.Errorf("ring: node %d outside 0 … %d", n, MaxNodes-1)
	}
	if slices.Contains(r.order, int32(n)) {
		return nil, nil, fmt.Errorf("ring: node %d is already on the ring", n)
	}
	weights := slices.Clone(r.weights)
	if n >= len(weights) {
		weights = append(weights, make([]float64, n+1-len(weights))...)
	}
	weights[n] = w
	next, err := build(weights, append(slices.Clone(r.order), int32(n)), r.cfg)
	if err != nil {
		return nil, nil, err
	}
	return next, Changes(r, next), nil
}

// Remove returns a ring without node n and the arcs that change owner
// (Changes(r, new)): exactly n's arcs, each to the node that owns it on
// the new ring. Points of other nodes that n's points had displaced under
// FirstWins or LastWins come back. (The source's C# RemoveNode does not
// do this: it deletes the positions of n's points whoever holds them.)
//
// Remove fails if n is not on the ring.
func (r *Ring) Remove(n int) (*Ring, []Arc, error) {
	i := slices.Index(r.order, int32(n))
	if i < 0 {
		return nil, nil, fmt.Errorf("ring: node %d is not on the ring", n)
	}
	weights := slices.Clone(r.weights)
	weights[n] = 0
	next, err := build(weights, slices.Delete(slices.Clone(r.order), i, i+1), r.cfg)
	if err != nil {
		return nil, nil, err
	}
	return next, Changes(r, next), nil
}

// Changes returns the arcs of positions whose owner (by Lookup) differs
// between rings a and b, in increasing order of position, adjacent ranges
// with the same From and To merged; a range that wraps past 2^32-1 is
// given as two arcs, one ending at 2^32-1 and one starting at 0. The rings
// may be built with different configurations.
func Changes(a, b *Ring) []Arc {
	// Between two consecutive positions of the union of both rings' points,
	// (p, q], each ring has one owner: that of q, the node of its first
	// point at or after q. The rings' points are sorted, so one merged walk
	// visits the positions in order with each ring's first point at or
	// after the position in hand. The positions past the last one wrap to
	// the first, so the range after the last position and the range up to
	// the first have the same owners.
	na, nb := a.Len(), b.Len()
	if na == 0 && nb == 0 {
		return nil
	}
	// At most one arc a position, and one past the last.
	arcs := make([]Arc, 0, na+nb+1)
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
	wrapA, wrapB := a.Lookup(0), b.Lookup(0) // the first point's node, -1 on an empty ring
	owner := func(r *Ring, i, n, wrap int) int {
		if i < n {
			return r.nodeAt(i)
		}
		return wrap
	}
	ia, ib := 0, 0
	var prev uint32
	for ia < na || ib < nb {
		q := uint32(0)
		if ib >= nb || ia < na && a.hashAt(ia) <= b.hashAt(ib) {
			q = a.hashAt(ia)
		} else {
			q = b.hashAt(ib)
		}
		from, to := owner(a, ia, na, wrapA), owner(b, ib, nb, wrapB)
		if ia == 0 && ib == 0 {
			emit(0, q, from, to)
		} else {
			emit(prev+1, q, from, to)
		}
		prev = q
		for ia < na && a.hashAt(ia) == q {
			ia++
		}
		for ib < nb && b.hashAt(ib) == q {
			ib++
		}
	}
	if prev < 1<<32-1 {
		emit(prev+1, 1<<32-1, wrapA, wrapB)
	}
	if len(arcs) == 0 {
		return nil
	}
	return slices.Clip(arcs)
}
