// Package ring is a consistent-hashing ring over 32-bit positions: weighted
// nodes' points in one sorted array, looked up by a bucket index over the
// positions or by binary search, with a successor walk, an assigner for
// bounded loads, and Add/Remove that report the arcs that change owner.
//
// A position is a uint32, as in libketama and the source's C# ring (SHA-1,
// first four bytes little-endian). A point owns the positions after the
// previous point up to and including its own; the first point also owns
// those past the last one. A key whose hash is h therefore goes to the first
// point clockwise with Hash >= h, wrapping past 2^32-1 to the first point.
//
// A Ring is immutable, so safe for concurrent use: Add and Remove return a
// new ring, and an old and a new ring can serve side by side (Pingora's
// migration from its v1 to its v2 ring kept both in memory and chose one
// per request; Changes gives the positions whose owner differs). A
// Bounded assigner, which has loads, is not safe for concurrent use.
//
// Two choices that lesson 04 varies are explicit in Config: the point's
// representation (Layout: 8-byte Point structs or 6-byte packed points) and
// what happens when two points hash to the same position (Collision).
package ring

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"lbcourse/models/radix"
)

// Limits on a ring's size.
const (
	// MaxNodes bounds node numbers: a node is 0 … MaxNodes-1, so that it
	// fits the 16 bits of a Packed point.
	MaxNodes = 1 << 16
	// MaxPoints bounds the points of one ring (before collisions are
	// resolved): 2^22 points are 32 MiB as Wide points.
	MaxPoints = 1 << 22
	// MaxIndexBits bounds Config.IndexBits: 2^22+1 bucket entries, 16 MiB.
	MaxIndexBits = 22
)

// Point is one position on the ring and the node it belongs to. Points are
// kept sorted by (Hash, Node).
type Point struct {
	Hash uint32
	Node int32
}

// PointHash returns the position of point i (0 ≤ i < the node's point
// count) of node node. It must be deterministic; it is called once per
// point when a ring is built.
type PointHash func(node, i int) uint32

// Config says how a ring is built.
type Config struct {
	// Points is the base point count per node: node n gets
	// round(Points × weight[n]) points (see New).
	Points int
	// Hash places the points.
	Hash PointHash
	// Collisions says which of several points at one position stay.
	Collisions Collision
	// Layout is the points' representation in memory.
	Layout Layout
	// IndexBits is the number b of top hash bits the bucket index uses,
	// 2^b buckets: 0 chooses the index from the point count (see
	// lookup.go, Ring.IndexBits and Ring.Buckets), else 1 … MaxIndexBits.
	IndexBits int
}

// Ring is an immutable consistent-hashing ring. Its zero value is not
// usable; make one with New.
type Ring struct {
	cfg     Config
	weights []float64 // by node; 0 for a node not on the ring
	order   []int32   // nodes in insertion order (the order Collision refers to)

	// Exactly one of wide and packed holds the n points, sorted, and after
	// them a sentinel (see lookup.go).
	wide   []Point
	packed []packedPoint
	n      int

	// The bucket index (see lookup.go): buckets buckets, bucket k holding
	// the positions h with ⌊h·buckets / 2^32⌋ = k; bits is b when buckets
	// = 2^b (a Wide ring, or IndexBits set), else 0.
	//
	// Wide: bucket[k] is the index of the first point whose Hash >> shift
	// >= k, for k = 0 … 2^b-1 (n, the sentinel, if there is none).
	bucket []uint32
	shift  uint
	bits   int
	// Packed: the first point of bucket k or later is at base[k>>blockBits]
	// + offset[k] or after it.
	buckets uint64
	base    []uint32
	offset  []uint16

	generated  int // points generated, before collisions are resolved
	collisions int
}

// New builds a ring of nodes 0 … len(weights)-1, added in that order. Node
// n gets round(cfg.Points × weights[n]) points (math.Round: halves away
// from zero), numbered 0, 1, … for cfg.Hash. A weight is thus a point-count
// multiplier: weight 1.5 with 160 base points gives 240 points, 0.004 gives
// 1 and 0.003 gives none. A node with no points (weight 0, or a weight that
// rounds to no point) is not on the ring: it owns nothing, Lookup never
// returns it, and bounded loads give it no capacity. A ring may be empty;
// then Lookup and Search return -1.
//
// New fails for a negative, infinite or NaN weight, more than MaxNodes
// nodes, more than MaxPoints points in all, a nil Hash, Points < 0, an
// unknown Collision or Layout, or IndexBits outside 0 … MaxIndexBits.
func New(weights []float64, cfg Config) (*Ring, error) {
	if len(weights) > MaxNodes {
		return nil, fmt.Errorf("ring: %d nodes, more than MaxNodes (%d)", len(weights), MaxNodes)
	}
	order := make([]int32, len(weights))
	for n := range order {
		order[n] = int32(n)
	}
	return build(slices.Clone(weights), order, cfg)
}

// build validates and builds a ring of the nodes in order (each with a
// weight in weights, indexed by node).
func build(weights []float64, order []int32, cfg Config) (*Ring, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	counts := make([]int, len(weights))
	total := 0
	for _, n := range order {
		w := weights[n]
		if w < 0 || math.IsInf(w, 0) || math.IsNaN(w) {
			return nil, fmt.Errorf("ring: node %d has weight %v; a weight is finite and at least 0", n, w)
		}
		c := math.Round(float64(cfg.Points) * w)
		if c > MaxPoints || total+int(c) > MaxPoints {
			return nil, fmt.Errorf("ring: more than MaxPoints (%d) points", MaxPoints)
		}
		counts[n] = int(c)
		total += int(c)
	}
	// Each point is sorted as one uint64: its hash above its tie-break,
	// the insertion order (the position in order, then the point's number)
	// or, with KeepAll, the node and then the insertion order. The
	// tie-break's rank indexes nodeOf.
	keys := make([]uint64, 0, total)
	nodeOf := make([]int32, total)
	rank := make([]uint32, len(weights)) // first tie-break of each node's points
	if cfg.Collisions == KeepAll {
		next := uint32(0)
		for n := range weights {
			rank[n] = next
			next += uint32(counts[n])
		}
	} else {
		next := uint32(0)
		for _, n := range order {
			rank[n] = next
			next += uint32(counts[n])
		}
	}
	for _, n := range order {
		for i := range counts[n] {
			t := rank[n] + uint32(i)
			nodeOf[t] = n
			keys = append(keys, uint64(cfg.Hash(int(n), i))<<32|uint64(t))
		}
	}
	sortKeys(keys)
	kept := make([]Point, 0, len(keys))
	collisions := 0
	for i, k := range keys {
		p := Point{uint32(k >> 32), nodeOf[uint32(k)]}
		if i > 0 && uint32(keys[i-1]>>32) == p.Hash {
			collisions++
			switch cfg.Collisions {
			case FirstWins:
				continue
			case LastWins:
				kept[len(kept)-1] = p
				continue
			}
		}
		kept = append(kept, p)
	}
	r := &Ring{cfg: cfg, weights: weights, order: order, n: len(kept), generated: total, collisions: collisions}
	// The sentinel after the last point: Hash 2^32-1 stops every lookup's
	// scan, and its node is the wrap's, that of the first point (-1 on an
	// empty Wide ring; an empty Packed ring checks n).
	sentinel := Point{math.MaxUint32, -1}
	if len(kept) > 0 {
		sentinel.Node = kept[0].Node
	} else if cfg.Layout == Packed {
		sentinel.Node = 0
	}
	switch cfg.Layout {
	case Wide:
		r.wide = append(kept, sentinel)
	case Packed:
		r.packed = make([]packedPoint, len(kept)+1)
		for i, p := range append(kept, sentinel) {
			r.packed[i] = pack(p)
		}
	}
	r.index()
	return r, nil
}

// check reports the first problem of a configuration.
func (c Config) check() error {
	switch {
	case c.Points < 0:
		return fmt.Errorf("ring: Points is %d; it is at least 0", c.Points)
	case c.Hash == nil:
		return errors.New("ring: Hash is nil")
	case c.Collisions < KeepAll || c.Collisions > LastWins:
		return fmt.Errorf("ring: unknown Collision %d", c.Collisions)
	case c.Layout < Wide || c.Layout > Packed:
		return fmt.Errorf("ring: unknown Layout %d", c.Layout)
	case c.IndexBits < 0 || c.IndexBits > MaxIndexBits:
		return fmt.Errorf("ring: IndexBits is %d; it is 0 (automatic) or 1 … %d", c.IndexBits, MaxIndexBits)
	}
	return nil
}

// Config returns the configuration the ring was built with.
func (r *Ring) Config() Config { return r.cfg }

// Len returns the number of points on the ring (after collisions are
// resolved).
func (r *Ring) Len() int { return r.n }

// Generated returns the number of points the nodes' weights asked for,
// before collisions were resolved: Len() + Collisions() for FirstWins and
// LastWins, Len() for KeepAll.
func (r *Ring) Generated() int { return r.generated }

// Collisions returns the number of generated points whose position another
// generated point already has: Generated() minus the number of distinct
// positions. It is the same count whatever the Collision policy.
func (r *Ring) Collisions() int { return r.collisions }

// Nodes returns the nodes with points on the ring, in insertion order.
func (r *Ring) Nodes() []int {
	var ns []int
	for _, n := range r.order {
		if r.pointCount(n) > 0 {
			ns = append(ns, int(n))
		}
	}
	return ns
}

// Weight returns node n's weight, 0 for a node the ring does not have.
func (r *Ring) Weight(n int) float64 {
	if n < 0 || n >= len(r.weights) {
		return 0
	}
	return r.weights[n]
}

// pointCount returns how many points node n asked for.
func (r *Ring) pointCount(n int32) int {
	return int(math.Round(float64(r.cfg.Points) * r.weights[n]))
}

// Point returns the i-th point in clockwise order from the smallest
// position, i taken modulo Len() (so Point(-1) is the last one). It panics
// on an empty ring.
func (r *Ring) Point(i int) Point {
	n := r.Len()
	i %= n
	if i < 0 {
		i += n
	}
	if r.wide != nil {
		return r.wide[i]
	}
	return r.packed[i].point()
}

// sortKeys sorts keys, each a 32-bit hash above a 32-bit tie-break, in
// increasing order. A large slice is sorted by the tie-break first (the
// tie-breaks are distinct ranks below len(keys), so that is a scatter) and
// then, stably, by the hash in radix passes; a small one by comparison.
func sortKeys(keys []uint64) {
	if len(keys) < 1<<12 {
		slices.Sort(keys)
		return
	}
	byRank := make([]uint64, len(keys))
	for _, k := range keys {
		byRank[uint32(k)] = k
	}
	if sorted := radix.SortFrom(byRank, keys, 32); &sorted[0] != &keys[0] {
		copy(keys, sorted)
	}
}
