package ring

// Memory is the size of a ring's lookup state in bytes, not counting the
// Ring header and the per-node weights.
type Memory struct {
	// PointBytes is the size of one point: 8 (Wide) or 6 (Packed).
	PointBytes int
	// Points is the points' array, the sentinel included: (Len()+1) ×
	// PointBytes.
	Points int
	// Index is the bucket index: 4 bytes a bucket on a Wide ring
	// (2^IndexBits() × 4); on a Packed one 2 bytes a bucket and 4 a block
	// of 256 buckets. A Packed ring's automatic index keeps Total at most
	// 8 × Len() from 6 points up (see PackedBuckets).
	Index int
	// Total is Points + Index.
	Total int
}

// Memory returns the size of the ring's points and bucket index (lengths,
// not slice capacities).
func (r *Ring) Memory() Memory {
	m := Memory{PointBytes: r.cfg.Layout.PointBytes()}
	m.Points = (r.Len() + 1) * m.PointBytes
	m.Index = len(r.bucket)*4 + len(r.offset)*2 + len(r.base)*4
	m.Total = m.Points + m.Index
	return m
}
