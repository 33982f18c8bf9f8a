package ring

import (
	"errors"
	"fmt"
	"math"
)

// Bounded places keys one by one on a ring with bounded loads: consistent
// hashing with bounded loads of Mirrokni, Thorup and Zadimoghaddam
// ("Consistent Hashing with Bounded Loads", SODA 2018, arXiv:1608.01350),
// in the form Vimeo put into HAProxy (hash-balance-factor). A key whose
// hash is h goes to the first node clockwise from h, in the order of the
// successor walk, whose load is below its capacity; with m keys placed so
// far (this one not counted) and c ≥ 1 the balance factor, node n's
// capacity is
//
//	ceil(c × (m+1) × w_n / W),
//
// w_n its weight and W the sum of the weights of the nodes with points.
// With equal weights this is ceil(c × (m+1) / N), N the number of nodes
// with points: the paper's bound ceil((1+ε)·m/n) with 1+ε = c and the
// arriving key counted, as in HAProxy's chash_server_is_eligible ("the
// total number of outstanding requests (including the one we're about to
// make) times the load-balance-factor, rounded up"). HAProxy then splits
// that total into whole per-server slots by weight; this rounds up per
// node instead, so no capacity is below the paper's. The capacity is
// computed in float64.
//
// A node with load below its capacity always exists, since the capacities
// sum to at least c·(m+1) ≥ m+1 > m, so every placement ends within one
// turn of the ring. Placement is deterministic: it depends only on the
// ring and the order of the keys. Release undoes a placement's load (a
// request that finished), as HAProxy's outstanding-request count does.
type Bounded struct {
	r       *Ring
	c       float64
	total   float64 // W
	loads   []int
	placed  int
	visited int
}

// NewBounded returns an empty assigner on r with balance factor c. It fails
// for c < 1 or c not finite, and on a ring with no points.
func NewBounded(r *Ring, c float64) (*Bounded, error) {
	if !(c >= 1) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("ring: balance factor %v; it is finite and at least 1", c)
	}
	if r.Len() == 0 {
		return nil, errors.New("ring: bounded loads on an empty ring")
	}
	b := &Bounded{r: r, c: c, loads: make([]int, len(r.weights))}
	for _, n := range r.Nodes() {
		b.total += r.weights[n]
	}
	return b, nil
}

// Capacity returns node n's capacity for the next key: the most keys it
// may hold after that key is placed.
func (b *Bounded) Capacity(n int) int {
	return int(math.Ceil(b.c * float64(b.placed+1) * b.r.weights[n] / b.total))
}

// Place places a key whose hash is h and returns its node.
func (b *Bounded) Place(h uint32) int {
	n := b.r.Len()
	i := b.r.Index(h)
	for range n {
		b.visited++
		node := b.r.nodeAt(i)
		if b.loads[node] < b.Capacity(node) {
			b.loads[node]++
			b.placed++
			return node
		}
		if i++; i == n {
			i = 0
		}
	}
	panic("ring: bounded loads found no node below capacity") // impossible for c ≥ 1, see Bounded
}

// Release removes one key from node n's load (n must hold one).
func (b *Bounded) Release(n int) {
	if b.loads[n] == 0 {
		panic(fmt.Sprintf("ring: Release of node %d, which holds no key", n))
	}
	b.loads[n]--
	b.placed--
}

// Loads returns the number of keys each node holds, indexed by node.
func (b *Bounded) Loads() []int { return append([]int(nil), b.loads...) }

// Placed returns the number of keys the nodes hold.
func (b *Bounded) Placed() int { return b.placed }

// Visited returns the number of points all placements so far inspected:
// one per placement that took its first point, more for each one that
// walked on.
func (b *Bounded) Visited() int { return b.visited }

// AssignBounded places keys with hashes hs in order on r with balance
// factor c (see Bounded) and returns each key's node, the nodes' loads
// (indexed by node) and the points inspected in all.
func AssignBounded(r *Ring, hs []uint32, c float64) (nodes, loads []int, visited int, err error) {
	b, err := NewBounded(r, c)
	if err != nil {
		return nil, nil, 0, err
	}
	nodes = make([]int, len(hs))
	for i, h := range hs {
		nodes[i] = b.Place(h)
	}
	return nodes, b.loads, b.visited, nil
}
