package hashing

import (
	"slices"
	"strconv"

	"lbcourse/models/model"
)

// The drawing of one ring, for a figure that explains the ring before its
// table: the ring of the smallest virtual-node count in the run with every
// node either placement uses, k1 … k<max(nodes_before, nodes_after)> (the
// "after" ring of a growth, the "before" ring of a removal). Its points are
// the model's own (ringPoints: the hash of "k<n>#<v>"), so they sit where
// the table's rings place them.
//
// A position h (a 32-bit hash) is the fraction h/2^32 of the circle:
// ring_pos.<n> holds node k<n>'s points in virtual-node order (Y; X is the
// virtual node's index), ring_keys_pos the first min(keys, drawKeys) keys
// (X is the key's index), for a ring plot, which draws 0 at the top and
// positions growing clockwise. ring_arc.<n> is the
// share of the circle node k<n> owns: a point owns the positions after the
// previous point up to and including its own (the first point also those
// past the last), exactly the keys lookup gives it, so the shares sum to
// 1; a ring plot draws these arcs. With one virtual node per node a node's
// share of the keys is, in expectation, its arc.

// drawKeys is the most keys ring_keys_pos draws.
const drawKeys = 50

// fraction returns hash h as a position on the ring: a fraction of the
// circle in [0, 1), exact (h/2^32 is a float64 with no rounding).
func fraction(h uint32) float64 { return float64(h) / (1 << 32) }

// arcs returns the share of the circle each of nodes nodes owns on ring r
// (sorted by hash, as ring returns it).
func arcs(r []point, nodes int) []float64 {
	owned := make([]uint64, nodes)
	for i, p := range r {
		var width uint64
		if i == 0 {
			width = 1<<32 - uint64(r[len(r)-1].hash) + uint64(p.hash)
		} else {
			width = uint64(p.hash) - uint64(r[i-1].hash)
		}
		owned[p.node] += width
	}
	share := make([]float64, nodes)
	for n, w := range owned {
		share[n] = float64(w) / (1 << 32)
	}
	return share
}

// addDrawing sets the ring drawing's values and series (see above) for the
// keys' hashes hs.
func addDrawing(res *model.Result, p Params, hs []uint32) {
	nodes, v := max(p.NodesBefore, p.NodesAfter), slices.Min(p.Vnodes)
	pts := ringPoints(nodes, v)
	res.Set("ring_draw.nodes", float64(nodes), "node")
	res.Set("ring_draw.vnodes", float64(v), "")
	for n, share := range arcs(ring(pts), nodes) {
		res.Set("ring_arc."+strconv.Itoa(n+1), share, "")
	}
	k := min(len(hs), drawKeys)
	for n := range nodes {
		idx, pos := make([]float64, v), make([]float64, v)
		for j, pt := range pts[n*v : (n+1)*v] {
			idx[j], pos[j] = float64(j), fraction(pt.hash)
		}
		res.AddSeries(model.Series{Name: "ring_pos." + strconv.Itoa(n+1), X: idx, Y: pos})
	}
	idx, pos := make([]float64, k), make([]float64, k)
	for i, h := range hs[:k] {
		idx[i], pos[i] = float64(i), fraction(h)
	}
	res.AddSeries(model.Series{Name: "ring_keys_pos", X: idx, Y: pos})
}
