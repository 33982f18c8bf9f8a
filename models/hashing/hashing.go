// Package hashing measures how modulo hashing and consistent hashing spread
// keys over nodes and how many keys move when a node is added or removed (the
// course's alg/karma.mjs, first table).
//
// Keys are the strings key_prefix + decimal(key_start + i). Nodes are named k1
// … kN: the "before" placement uses k1 … k<nodes_before>, the "after" one
// k1 … k<nodes_after>. The key hash is 32-bit FNV-1a over the UTF-16 code
// units of the string followed by a final mixing step, exactly as in the
// JavaScript program.
//
// For a figure, the model also draws one ring: each node's points and some
// keys as positions on it (ring_pos.<n>, ring_keys_pos), and each node's
// arc (ring_arc.<n>; draw.go).
package hashing

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"unicode/utf16"

	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MaxKeys   = 10_000_000
	MaxNodes  = 100
	MaxVnodes = 100_000
	// MaxVnodeCounts bounds how many virtual-node counts one run compares.
	MaxVnodeCounts = 20
	// maxSafeInt is JavaScript's Number.MAX_SAFE_INTEGER: key numbers stay
	// within it so that they print as plain decimal integers.
	maxSafeInt = 1<<53 - 1
)

// Params are the model's inputs.
type Params struct {
	// Keys is the number of keys placed.
	Keys int `yaml:"keys" unit:"key"`
	// KeyPrefix starts every key.
	KeyPrefix string `yaml:"key_prefix"`
	// KeyStart is the number of the first key.
	KeyStart int64 `yaml:"key_start"`
	// NodesBefore is the node count before the change.
	NodesBefore int `yaml:"nodes_before" unit:"node"`
	// NodesAfter is the node count after the change.
	NodesAfter int `yaml:"nodes_after" unit:"node"`
	// Vnodes lists the virtual-node counts per node for which a ring is built.
	Vnodes []int `yaml:"vnodes"`
}

// DefaultParams returns the source document's values: 100000 keys G1000000 …
// G1099999, 3 nodes growing to 4, rings with 1, 10, 100 and 1000 virtual nodes.
func DefaultParams() Params {
	return Params{
		Keys: 100_000, KeyPrefix: "G", KeyStart: 1_000_000,
		NodesBefore: 3, NodesAfter: 4, Vnodes: []int{1, 10, 100, 1000},
	}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.Keys < 1 || p.Keys > MaxKeys {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	if last := maxSafeInt - int64(min(max(p.Keys, 1), MaxKeys)) + 1; p.KeyStart < -maxSafeInt || p.KeyStart > last {
		bad("key_start", "must be between -(2^53-1) and "+strconv.FormatInt(last, 10)+
			" so that every key number is a safe integer, got "+strconv.FormatInt(p.KeyStart, 10))
	}
	if p.NodesBefore < 1 || p.NodesBefore > MaxNodes {
		bad("nodes_before", "must be between 1 and "+itoa(MaxNodes)+", got "+itoa(p.NodesBefore))
	}
	switch {
	case p.NodesAfter < 1 || p.NodesAfter > MaxNodes:
		bad("nodes_after", "must be between 1 and "+itoa(MaxNodes)+", got "+itoa(p.NodesAfter))
	case p.NodesAfter == p.NodesBefore:
		bad("nodes_after", "must differ from nodes_before ("+itoa(p.NodesBefore)+")")
	}
	if len(p.Vnodes) == 0 {
		bad("vnodes", "must list at least one virtual-node count")
	} else if len(p.Vnodes) > MaxVnodeCounts {
		bad("vnodes", "must list at most "+itoa(MaxVnodeCounts)+" virtual-node counts, got "+itoa(len(p.Vnodes)))
	} else {
		seen := make(map[int]bool, len(p.Vnodes))
		for _, v := range p.Vnodes {
			if v < 1 || v > MaxVnodes {
				bad("vnodes", "each count must be between 1 and "+itoa(MaxVnodes)+", got "+itoa(v))
				break
			}
			if seen[v] {
				bad("vnodes", "count "+itoa(v)+" is listed twice")
				break
			}
			seen[v] = true
		}
	}
	return es.Err()
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// fnvUnits continues an FNV-1a state over UTF-16 code units.
func fnvUnits(h uint32, units []uint16) uint32 {
	for _, u := range units {
		h = (h ^ uint32(u)) * fnvPrime
	}
	return h
}

// fnvASCII continues an FNV-1a state over an ASCII string, whose bytes are
// its UTF-16 code units.
func fnvASCII(h uint32, s []byte) uint32 {
	for _, b := range s {
		h = (h ^ uint32(b)) * fnvPrime
	}
	return h
}

// mix is the final mixing step applied to an FNV-1a state.
func mix(h uint32) uint32 {
	h ^= h >> 15
	h *= 2246822507
	h ^= h >> 13
	return h
}

// Hash returns the program's hash of s: FNV-1a over the UTF-16 code units of
// s, then the mixing step.
func Hash(s string) uint32 {
	return mix(fnvUnits(fnvOffset, utf16.Encode([]rune(s))))
}

// keyHashes hashes every key once.
func keyHashes(ctx context.Context, p Params) ([]uint32, error) {
	prefix := fnvUnits(fnvOffset, utf16.Encode([]rune(p.KeyPrefix)))
	hs := make([]uint32, p.Keys)
	buf := make([]byte, 0, 24)
	for i := range hs {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		buf = strconv.AppendInt(buf[:0], p.KeyStart+int64(i), 10)
		hs[i] = mix(fnvASCII(prefix, buf))
	}
	return hs, nil
}

// A point is one virtual node on the ring.
type point struct {
	hash uint32
	node int32 // 0-based: node k(node+1)
}

// ringPoints returns the points of nodes k1 … k<nodes>, node by node and, for
// each node, virtual node 0 … vnodes-1, hashing the names "k<n>#<v>". The
// points of the first m nodes are the first m*vnodes entries.
func ringPoints(nodes, vnodes int) []point {
	pts := make([]point, 0, nodes*vnodes)
	buf := make([]byte, 0, 24)
	for n := range nodes {
		buf = append(buf[:0], 'k')
		buf = strconv.AppendInt(buf, int64(n+1), 10)
		buf = append(buf, '#')
		base := len(buf)
		for v := range vnodes {
			buf = strconv.AppendInt(buf[:base], int64(v), 10)
			pts = append(pts, point{mix(fnvASCII(fnvOffset, buf)), int32(n)})
		}
	}
	return pts
}

// ring returns a sorted copy of pts, ordered by hash; points with equal hashes
// keep their order, as JavaScript's stable sort keeps it.
func ring(pts []point) []point {
	r := slices.Clone(pts)
	slices.SortStableFunc(r, func(a, b point) int { return cmp.Compare(a.hash, b.hash) })
	return r
}

// lookup returns the node of the first point whose hash is >= h, or of the
// first point when h is past the last one.
func lookup(r []point, h uint32) int32 {
	if h > r[len(r)-1].hash {
		return r[0].node
	}
	lo, hi := 0, len(r)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if r[mid].hash < h {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return r[lo].node
}

// imbalance is the largest node's share of the keys times the node count: 1
// for a perfect spread.
func imbalance(place []int32, nodes int) float64 {
	count := make([]int, nodes)
	for _, n := range place {
		count[n]++
	}
	return float64(slices.Max(count)) / float64(len(place)) * float64(nodes)
}

// moved is the share of keys placed differently in a and b, counted over a.
func moved(a, b []int32) float64 {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// newShare is the share of keys on the nodes only one placement has, counted
// in that placement: after a growth, the keys the added nodes k<nb+1> …
// k<na> hold afterwards; after a removal, the keys the removed nodes held
// before.
func newShare(before, after []int32, nb, na int) float64 {
	place, first := after, nb
	if na < nb {
		place, first = before, na
	}
	n := 0
	for _, x := range place {
		if int(x) >= first {
			n++
		}
	}
	return float64(n) / float64(len(place))
}

// Run places every key by modulo hashing and on a consistent-hashing ring for
// each virtual-node count, before and after the node change, and returns the
// values and series Model declares.
//
// On a ring only the keys the added nodes take change place (the old points
// keep their order, and on equal hashes an old point sorts first), so
// ring.<v>.moved equals ring.<v>.new_share: what moves is the share the new
// nodes' points happen to cover, not ideal.moved. Modulo also moves keys
// between the nodes both placements share, so modulo.moved exceeds
// modulo.new_share.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	hs, err := keyHashes(ctx, p)
	if err != nil {
		return model.Result{}, err
	}
	nb, na := p.NodesBefore, p.NodesAfter
	before := make([]int32, len(hs))
	after := make([]int32, len(hs))

	var res model.Result
	for i, h := range hs {
		before[i] = int32(h % uint32(nb))
		after[i] = int32(h % uint32(na))
	}
	mod := [...]float64{imbalance(before, nb), imbalance(after, na), moved(before, after), moved(after, before)}
	res.Set("keys", float64(p.Keys), "key")
	res.Set("nodes_before", float64(p.NodesBefore), "node")
	res.Set("nodes_after", float64(p.NodesAfter), "node")
	for _, v := range p.Vnodes {
		res.Set("vnodes."+strconv.Itoa(v), float64(v), "")
	}
	res.Set("ring.points_after_max", float64(p.NodesAfter*slices.Max(p.Vnodes)), "point")
	res.Set("modulo.imbalance_before", mod[0], "")
	res.Set("modulo.imbalance_after", mod[1], "")
	res.Set("modulo.moved", mod[2], "")
	res.Set("modulo.moved_back", mod[3], "")
	res.Set("modulo.new_share", newShare(before, after, nb, na), "")

	sw, err := sweepRings(ctx, &res, p, hs, before, after)
	if err != nil {
		return model.Result{}, err
	}
	idealMoved := float64(max(nb, na)-min(nb, na)) / float64(max(nb, na))
	res.Set("ideal.imbalance", 1, "")
	res.Set("ideal.moved", idealMoved, "")
	addSeries(&res, sw, idealMoved, mod)
	addDrawing(&res, p, hs)
	return res, nil
}

// A ringSweep holds the ring measures for each virtual-node count, X the
// counts.
type ringSweep struct {
	xs, before, after, moved []float64
}

// sweepRings places every key on the rings of each virtual-node count,
// before and after the change, and sets the ring.<v>.* values. before and
// after are scratch space, one entry per key.
func sweepRings(ctx context.Context, res *model.Result, p Params, hs []uint32, before, after []int32) (ringSweep, error) {
	nb, na := p.NodesBefore, p.NodesAfter
	n := len(p.Vnodes)
	sw := ringSweep{xs: make([]float64, n), before: make([]float64, n), after: make([]float64, n), moved: make([]float64, n)}
	for j, v := range p.Vnodes {
		if err := ctx.Err(); err != nil {
			return ringSweep{}, err
		}
		pts := ringPoints(max(nb, na), v)
		rb, ra := ring(pts[:nb*v]), ring(pts[:na*v])
		for i, h := range hs {
			if i%65536 == 0 {
				if err := ctx.Err(); err != nil {
					return ringSweep{}, err
				}
			}
			before[i] = lookup(rb, h)
			after[i] = lookup(ra, h)
		}
		sw.xs[j] = float64(v)
		sw.before[j] = imbalance(before, nb)
		sw.after[j] = imbalance(after, na)
		sw.moved[j] = moved(before, after)
		prefix := "ring." + strconv.Itoa(v) + "."
		res.Set(prefix+"imbalance_before", sw.before[j], "")
		res.Set(prefix+"imbalance_after", sw.after[j], "")
		res.Set(prefix+"moved", sw.moved[j], "")
		res.Set(prefix+"moved_back", moved(after, before), "")
		res.Set(prefix+"new_share", newShare(before, after, nb, na), "")
	}
	return sw, nil
}

// addSeries adds the ring series over the virtual-node counts and the
// constant reference lines: the ideal and modulo's measures mod.
func addSeries(res *model.Result, sw ringSweep, idealMoved float64, mod [4]float64) {
	xs := sw.xs
	res.AddSeries(model.Series{Name: "ring.imbalance_before", X: xs, Y: sw.before})
	res.AddSeries(model.Series{Name: "ring.imbalance_after", X: slices.Clone(xs), Y: sw.after})
	res.AddSeries(model.Series{Name: "ring.moved", X: slices.Clone(xs), Y: sw.moved})
	for _, ref := range []struct {
		name string
		y    float64
	}{
		{"ideal.imbalance", 1}, {"ideal.moved", idealMoved},
		{"modulo.imbalance_before", mod[0]}, {"modulo.imbalance_after", mod[1]}, {"modulo.moved", mod[2]},
	} {
		y := make([]float64, len(xs))
		for i := range y {
			y[i] = ref.y
		}
		res.AddSeries(model.Series{Name: ref.name, X: slices.Clone(xs), Y: y})
	}
}
