package ring

import (
	"math/bits"
	"sort"
)

// The bucket index. Bucket k holds the points whose top b bits are k:
// bucket[k] is the index of the first point with Hash>>(32-b) >= k, so
// that the first point with Hash >= h is at bucket[h>>(32-b)] or after it,
// at most past the rest of that bucket. After the last point sits a
// sentinel, Hash 2^32-1 and the first point's node: the scan for Hash >= h
// stops on it at the latest, with no bound to check, and it answers for
// the wrap. Lookup is thus one index load, then one point load and compare
// per point of the bucket below h, and no other branch.
//
// With b chosen automatically, b = bits.Len(Len()), the least b with 2^b >
// Len(): between ½ and 1 point per bucket on average, an index of 4·2^b
// bytes, between 4 and 8 bytes per point. At 100 servers × 160 points
// (16 000 points) b = 14: 16 384 entries, 64 KiB beside 125 KiB of Wide
// points. (One more bit halves the points per bucket and doubles the
// index; on this course's machine it did not make Lookup faster.)

// index builds the bucket index.
func (r *Ring) index() {
	n := r.Len()
	b := r.cfg.IndexBits
	if b == 0 {
		b = min(max(bits.Len(uint(n)), 1), MaxIndexBits)
	}
	r.bits, r.shift = b, uint(32-b)
	r.bucket = make([]uint32, 1<<b)
	i := 0
	for k := range 1 << b {
		for i < n && int(r.hashAt(i)>>r.shift) < k {
			i++
		}
		r.bucket[k] = uint32(i)
	}
}

// hashAt returns the position of point i (0 ≤ i < Len()).
func (r *Ring) hashAt(i int) uint32 {
	if r.wide != nil {
		return r.wide[i].Hash
	}
	return r.packed[i].hash()
}

// nodeAt returns the node of point i (0 ≤ i < Len()).
func (r *Ring) nodeAt(i int) int {
	if r.wide != nil {
		return int(r.wide[i].Node)
	}
	return int(r.packed[i].node())
}

// IndexBits returns the number b of top hash bits the bucket index uses.
func (r *Ring) IndexBits() int { return r.bits }

// Lookup returns the node of the first point clockwise from h (the first
// with Hash >= h, wrapping to the first point), -1 on an empty ring, by the
// bucket index. It equals Search(h) for every h.
func (r *Ring) Lookup(h uint32) int {
	i := r.bucket[h>>r.shift]
	if ps := r.wide; ps != nil {
		for ps[i].Hash < h {
			i++
		}
		return int(ps[i].Node)
	}
	ps := r.packed
	for ps[i].hash() < h {
		i++
	}
	if r.n == 0 {
		return -1
	}
	return int(ps[i].node())
}

// Index returns the index (for Point) of the first point clockwise from h:
// the first with Hash >= h, 0 if there is none (the wrap), by the bucket
// index. It returns 0 on an empty ring. Point(Index(h)+j) is then the j-th
// point after that one clockwise, wrapping (the successor walk).
func (r *Ring) Index(h uint32) int {
	i := int(r.bucket[h>>r.shift])
	for i < r.n && r.hashAt(i) < h {
		i++
	}
	if i == r.n {
		return 0
	}
	return i
}

// Search returns what Lookup does, by binary search over all the points
// (sort.Search), without the index.
func (r *Ring) Search(h uint32) int {
	n := r.Len()
	if n == 0 {
		return -1
	}
	var i int
	if r.wide != nil {
		ps := r.wide
		i = sort.Search(n, func(j int) bool { return ps[j].Hash >= h })
	} else {
		ps := r.packed
		i = sort.Search(n, func(j int) bool { return ps[j].hash() >= h })
	}
	if i == n {
		i = 0
	}
	return r.nodeAt(i)
}

// Scan returns what Lookup does by a linear scan from the first point, as
// the source's C# GetNode does (foreach over the SortedDictionary until
// entry.Key >= hash). It is O(Len()) and exists for comparison only.
func (r *Ring) Scan(h uint32) int {
	n := r.Len()
	if n == 0 {
		return -1
	}
	for i := range n {
		if r.hashAt(i) >= h {
			return r.nodeAt(i)
		}
	}
	return r.nodeAt(0)
}
