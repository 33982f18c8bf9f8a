package ring

// Successors returns up to k distinct nodes clockwise from h: the node
// Lookup(h) gives, then the node of each following point that is not one
// already listed, wrapping around once. It returns fewer than k only when
// the ring has fewer than k nodes with points (none on an empty ring or
// for k ≤ 0). This is the preference list of Dynamo-style replication to k
// distinct servers.
//
// The list is appended to dst, which may be nil, so a caller can reuse one.
// The walk visits at most Len() points.
func (r *Ring) Successors(dst []int, h uint32, k int) []int {
	n := r.Len()
	if n == 0 || k <= 0 {
		return dst
	}
	start := len(dst)
	i := r.Index(h)
	for range n {
		node := r.nodeAt(i)
		seen := false
		for _, d := range dst[start:] {
			if d == node {
				seen = true
				break
			}
		}
		if !seen {
			dst = append(dst, node)
			if len(dst)-start == k {
				break
			}
		}
		if i++; i == n {
			i = 0
		}
	}
	return dst
}

// Owned returns the width of the positions each node owns, indexed by node
// (len = the largest node number the ring was given + 1): a point owns
// the positions after the previous point up to its own, as Lookup assigns
// them, so the widths sum to 2^32 (0 on an empty ring). Under KeepAll a
// point that shares its position with an earlier one owns nothing.
func (r *Ring) Owned() []uint64 {
	owned := make([]uint64, len(r.weights))
	n := r.Len()
	for i := range n {
		var w uint64
		if i == 0 {
			w = 1<<32 - uint64(r.hashAt(n-1)) + uint64(r.hashAt(0))
		} else {
			w = uint64(r.hashAt(i)) - uint64(r.hashAt(i-1))
		}
		owned[r.nodeAt(i)] += w
	}
	return owned
}
