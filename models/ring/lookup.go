package ring

import (
	"math/bits"
	"sort"
)

// The bucket index. The circle is cut into m buckets of equal width:
// position h is in bucket k = ⌊h·m / 2^32⌋, and the index gives, for each
// bucket, the first point whose own bucket is k or later. The first point
// with Hash >= h is that point or after it, at most past the rest of the
// bucket. After the last point sits a sentinel, Hash 2^32-1 and the first
// point's node: the scan for Hash >= h stops on it at the latest, with no
// bound to check, and it answers for the wrap. Lookup is thus the index,
// then one point load and compare per point of the bucket below h, and no
// other branch than a Packed ring's test for an empty ring.
//
// The two layouts keep the index differently.
//
// A Wide ring has m = 2^b buckets (b = IndexBits()), so that k is h's top
// b bits, h >> (32−b), and one 4-byte entry a bucket, the first point's
// number. With b chosen automatically, b = bits.Len(Len()), the least b
// with 2^b > Len(): between ½ and 1 point per bucket on average, an index
// of 4·2^b bytes, between 4 and 8 bytes per point. At 100 servers × 160
// points (16 000 points) b = 14: 16 384 entries, 64 KiB beside 125 KiB of
// Wide points. (One more bit halves the points per bucket and doubles the
// index; on this course's machine it did not make Lookup faster.)
//
// A Packed ring keeps its points in 6 bytes and its index in about 2 more
// a point: 2 bytes a bucket, the bucket's first point's number less that
// of its block of 256 buckets, and 4 bytes a block, the block's first
// point's number. (An offset is at most 2^16−1; a larger one, which only a
// block holding 2^16 points can need, is cut to 2^16−1, which starts the
// scan earlier, still at or before the bucket's first point.) k takes a
// multiply. Chosen automatically, m is sized to the point count: the most
// buckets with which the points, their sentinel and the index take at most
// 8 bytes a point (PackedBuckets), about one point a bucket. At 100 × 160,
// 15 872 buckets, an index of 31 744 + 248 bytes, 127 998 bytes in all
// with the points' 96 006. The largest power of two that fits, 2^13
// buckets, holds two points a bucket, and on this course's machine made
// Lookup about a quarter slower; 2^14, one point a bucket, takes 8.06
// bytes a point. With IndexBits set, a Packed ring has 2^b buckets in this
// form.

// blockBits is log2 of the buckets a Packed index's block holds.
const blockBits = 8

// index builds the bucket index.
func (r *Ring) index() {
	n := r.Len()
	b := r.cfg.IndexBits
	if r.cfg.Layout == Packed {
		m := PackedBuckets(n)
		if b != 0 {
			m = 1 << b
		}
		r.bits, r.buckets = b, uint64(m)
		r.offset = make([]uint16, m)
		r.base = make([]uint32, (m-1)>>blockBits+1)
		i := 0
		for k := range m {
			for i < n && int(r.bucketOf(r.packed[i].hash())) < k {
				i++
			}
			if k&(1<<blockBits-1) == 0 {
				r.base[k>>blockBits] = uint32(i)
			}
			r.offset[k] = uint16(min(i-int(r.base[k>>blockBits]), 1<<16-1))
		}
		return
	}
	if b == 0 {
		b = min(max(bits.Len(uint(n)), 1), MaxIndexBits)
	}
	r.bits, r.shift, r.buckets = b, uint(32-b), 1<<b
	r.bucket = make([]uint32, 1<<b)
	i := 0
	for k := range 1 << b {
		for i < n && int(r.hashAt(i)>>r.shift) < k {
			i++
		}
		r.bucket[k] = uint32(i)
	}
}

// PackedBuckets returns the number of buckets of a Packed ring of n points
// whose index is chosen automatically: the most with which the points, the
// sentinel and the index (2 bytes a bucket and 4 a block of 256 buckets)
// take at most 8 bytes a point, 6(n+1) + 2m + 4⌈m/256⌉ ≤ 8n, and at least
// 1 (rings of fewer than 6 points take more than 8 bytes a point).
func PackedBuckets(n int) int {
	budget := 2*n - 6 // bytes left for the index
	fits := func(m int) bool { return 2*m+4*((m+(1<<blockBits)-1)>>blockBits) <= budget }
	m := max(budget<<blockBits/(2<<blockBits+4), 1)
	for m > 1 && !fits(m) {
		m--
	}
	for fits(m + 1) {
		m++
	}
	return m
}

// bucketOf returns the bucket of position h, ⌊h·m / 2^32⌋.
func (r *Ring) bucketOf(h uint32) uint64 { return uint64(h) * r.buckets >> 32 }

// start returns the index of the first point to scan for h: at or before
// the first point with Hash >= h.
func (r *Ring) start(h uint32) int {
	if r.wide != nil {
		return int(r.bucket[h>>r.shift])
	}
	k := r.bucketOf(h)
	return int(r.base[k>>blockBits]) + int(r.offset[k])
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

// IndexBits returns the number b of top hash bits the bucket index uses
// when it has 2^b buckets: always on a Wide ring, on a Packed one when
// Config.IndexBits set b. A Packed ring's automatic index has Buckets()
// buckets, no power of two, and IndexBits returns 0.
func (r *Ring) IndexBits() int { return r.bits }

// Buckets returns the number of buckets of the bucket index.
func (r *Ring) Buckets() int { return int(r.buckets) }

// Lookup returns the node of the first point clockwise from h (the first
// with Hash >= h, wrapping to the first point), -1 on an empty ring, by the
// bucket index. It equals Search(h) for every h.
func (r *Ring) Lookup(h uint32) int {
	if ps := r.wide; ps != nil {
		i := r.bucket[h>>r.shift]
		for ps[i].Hash < h {
			i++
		}
		return int(ps[i].Node)
	}
	if r.n == 0 {
		return -1
	}
	k := uint64(h) * r.buckets >> 32
	i := int(r.base[k>>blockBits]) + int(r.offset[k])
	ps := r.packed
	for ps[i].hash() < h {
		i++
	}
	return int(ps[i].node())
}

// Index returns the index (for Point) of the first point clockwise from h:
// the first with Hash >= h, 0 if there is none (the wrap), by the bucket
// index. It returns 0 on an empty ring. Point(Index(h)+j) is then the j-th
// point after that one clockwise, wrapping (the successor walk).
func (r *Ring) Index(h uint32) int {
	i := r.start(h)
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
