package placement

import (
	"context"
	"slices"

	"lbcourse/models/ring"
)

// rings returns the three configurations' rings of points per server:
// before (servers 0 … N-1), with server N added (Ring.Add) and with server
// N-1 removed (Ring.Remove). Point i of server n is at position(XXH64(seed,
// name(n, i))); the layout is ring.Wide (8 bytes a point) and collisions
// keep every point (ring.KeepAll).
func rings(n, points int, seed uint64, name func(n, i int) []byte) ([3]*ring.Ring, error) {
	h := newHasher()
	cfg := ring.Config{
		Points:     points,
		Hash:       func(node, i int) uint32 { return position(h.sum(seed, name(node, i))) },
		Collisions: ring.KeepAll,
		Layout:     ring.Wide,
	}
	var rs [3]*ring.Ring
	ones := slices.Repeat([]float64{1}, n)
	r, err := ring.New(ones, cfg)
	if err != nil {
		return rs, err
	}
	added, _, err := r.Add(n, 1)
	if err != nil {
		return rs, err
	}
	failed, _, err := r.Remove(n - 1)
	if err != nil {
		return rs, err
	}
	return [3]*ring.Ring{r, added, failed}, nil
}

// searchIndex returns the index of the first point of r at or past
// position x, r.Len() when x is past the last point: the answer of a
// binary search before it wraps to point 0.
func searchIndex(r *ring.Ring, x uint32) int {
	if x > r.Point(-1).Hash {
		return r.Len()
	}
	return r.Index(x)
}

// indexedReads returns the reads Ring.Lookup makes for position x by its
// bucket index, as models/ring documents it: one index entry (bucket k =
// x's top IndexBits bits, which holds the first point at or past k's
// first position), then one point per point of the bucket below x and the
// point that stops the scan (the sentinel past the last point at the
// latest).
func indexedReads(r *ring.Ring, x uint32) int {
	shift := 32 - r.IndexBits()
	first := searchIndex(r, x>>shift<<shift)
	return 1 + searchIndex(r, x) - first + 1
}

// placeRing places a key at the first of the servers' Vnodes points
// clockwise from position(h) (models/ring, Ring.Lookup): one hash. Its
// touched and memory_per_server are those of a binary search over the
// points (Ring.Search): its comparisons, and the points' array
// (Ring.Memory().Points, the sentinel included). ring.indexed.touched and
// ring.indexed.memory_per_server are those of Ring.Lookup, which reads a
// bucket index over the top bits of the position first
// (Ring.Memory().Total).
func placeRing(ctx context.Context, e *env) (outcome, error) {
	rs, err := rings(e.n, e.p.Vnodes, e.seeds.point, pointName)
	if err != nil {
		return outcome{}, err
	}
	o := newOutcome(len(e.hashes))
	steps, reads, n := 0, 0, rs[0].Len()
	for i, h := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		x := position(h)
		o.before[i] = int32(rs[0].Lookup(x))
		o.add[i] = int32(rs[1].Lookup(x))
		o.fail[i] = int32(rs[2].Lookup(x))
		steps += searchSteps(n, searchIndex(rs[0], x))
		reads += indexedReads(rs[0], x)
	}
	k, mem := float64(len(e.hashes)), rs[0].Memory()
	o.hashEvals = 1
	o.touched = float64(steps) / k
	o.memoryPerServer = float64(mem.Points) / float64(e.n)
	o.extra = []figure{
		{"indexed.touched", float64(reads) / k, ""},
		{"indexed.memory_per_server", float64(mem.Total) / float64(e.n), "byte"},
		{"expected_max_over_mean", float64(slices.Max(rs[0].Owned())) * float64(e.n) / (1 << 32), ""},
	}
	return o, nil
}

// boundedLoadBytes is the state bounded loads keep per server beside the
// ring: its load, a Go int.
const boundedLoadBytes = 8

// placeRingBounded places the keys in order on the same rings with bounded
// loads (models/ring, AssignBounded with c = bounded_c: consistent
// hashing with bounded loads, Mirrokni, Thorup and Zadimoghaddam, SODA
// 2018): a key goes to the first server clockwise whose load is below
// ceil(c × (keys placed + 1) / N). Each configuration places all keys
// afresh, in the same order. One hash per key: the walk past full servers
// reads points, it hashes nothing, so it is counted in touched (the binary
// search's comparisons plus the points walked past the first).
func placeRingBounded(ctx context.Context, e *env) (outcome, error) {
	rs, err := rings(e.n, e.p.Vnodes, e.seeds.point, pointName)
	if err != nil {
		return outcome{}, err
	}
	xs := make([]uint32, len(e.hashes))
	steps, n := 0, rs[0].Len()
	for i, h := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		xs[i] = position(h)
		steps += searchSteps(n, searchIndex(rs[0], xs[i]))
	}
	o := newOutcome(len(e.hashes))
	visited := 0
	for c, dst := range [3][]int32{o.before, o.add, o.fail} {
		if err := ctx.Err(); err != nil {
			return outcome{}, err
		}
		nodes, _, v, err := ring.AssignBounded(rs[c], xs, e.p.BoundedC)
		if err != nil {
			return outcome{}, err
		}
		for i, s := range nodes {
			dst[i] = int32(s)
		}
		if c == 0 {
			visited = v
		}
	}
	k := float64(len(e.hashes))
	o.hashEvals = 1
	o.touched = (float64(steps) + float64(visited) - k) / k
	o.memoryPerServer = float64(rs[0].Memory().Points)/float64(e.n) + boundedLoadBytes
	return o, nil
}

// placeMultiprobe places a key by multi-probe consistent hashing (Appleton
// and O'Reilly, "Multi-Probe Consistent Hashing", 2015): one point per
// server, at position(XXH64(seeds.probePoint, "server-<n>")), on a ring
// from models/ring; the key is hashed Probes times, probe j at
// position(XXH64(seeds.probes[j], key)), and goes to the server whose
// point follows a probe most closely clockwise (on a tie, the earlier
// probe). A lookup makes Probes hashes and Probes binary searches over the
// N points; touched counts their comparisons.
func placeMultiprobe(ctx context.Context, e *env) (outcome, error) {
	rs, err := rings(e.n, 1, e.seeds.probePoint, func(n, _ int) []byte { return serverName(n) })
	if err != nil {
		return outcome{}, err
	}
	h := newHasher()
	k := len(e.seeds.probes)
	xs := make([]uint32, k)
	o := newOutcome(len(e.hashes))
	dst := [3][]int32{o.before, o.add, o.fail}
	steps, n := 0, rs[0].Len()
	// The binary search's steps depend only on the index it ends at: one
	// table for the ring instead of a search per probe.
	stepsAt := make([]int, n+1)
	for i := range stepsAt {
		stepsAt[i] = searchSteps(n, i)
	}
	for i := range e.keys.len() {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		key := e.keys.at(i)
		for j, s := range e.seeds.probes {
			xs[j] = position(h.sum(s, key))
			steps += stepsAt[searchIndex(rs[0], xs[j])]
		}
		for c, r := range rs {
			best, dist := int32(-1), uint32(0)
			for _, x := range xs {
				p := r.Point(r.Index(x))
				if d := p.Hash - x; best < 0 || d < dist {
					best, dist = p.Node, d
				}
			}
			dst[c][i] = best
		}
	}
	o.hashEvals = float64(k)
	o.touched = float64(steps) / float64(len(e.hashes))
	o.memoryPerServer = float64(rs[0].Memory().Points) / float64(e.n)
	return o, nil
}
