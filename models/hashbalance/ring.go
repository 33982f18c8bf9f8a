package hashbalance

import "lbcourse/models/ring"

// newRing returns the ring of servers equal servers whose point i of
// server n (0-based) sits at points[n·vnodes + i], built as the source's
// C# ring is: server by server, and of two points at one position the one
// added last stays (SortedDictionary's _ring[hash] = node overwrites).
func newRing(servers, vnodes int, points []uint32) (*ring.Ring, error) {
	weights := make([]float64, servers)
	for n := range weights {
		weights[n] = 1
	}
	return ring.New(weights, ring.Config{
		Points:     vnodes,
		Hash:       func(n, i int) uint32 { return points[n*vnodes+i] },
		Collisions: ring.LastWins,
	})
}

// ringCounts returns how many of the keys at positions keys each of the
// servers servers of r receives: a key goes to the first point clockwise.
func ringCounts(r *ring.Ring, servers int, keys []uint32) []int {
	counts := make([]int, servers)
	for _, h := range keys {
		counts[r.Lookup(h)]++
	}
	return counts
}

// arcMaxOverMean returns the largest share of the circle a server of r
// owns over the fair share 1/servers.
func arcMaxOverMean(r *ring.Ring, servers int) float64 {
	var most uint64
	for _, w := range r.Owned() {
		most = max(most, w)
	}
	return float64(most) * float64(servers) / (1 << 32)
}
