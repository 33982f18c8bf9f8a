package dotnetring

import (
	"cmp"
	"slices"
)

// An entry is one entry of the source's SortedDictionary<uint, T>: a point
// hash and the server it maps to (0-based: server_prefix + (server+1)).
type entry struct {
	hash   uint32
	server int32
}

// A ring is the source's _ring: the SortedDictionary as a slice sorted by
// hash, at most one entry per hash.
type ring []entry

// build returns the ring left by the assignments `_ring[w.hash] = w.server`
// applied in the order of writes, so that a later write to a hash already on
// the ring overwrites its server, and how many writes did so (hashes written
// twice or more count once per extra write). writes is not modified.
func build(writes []entry) (r ring, overwrites int) {
	sorted := slices.Clone(writes)
	// A stable sort keeps equal hashes in write order: the last is the one
	// that stays.
	slices.SortStableFunc(sorted, func(a, b entry) int { return cmp.Compare(a.hash, b.hash) })
	r = make(ring, 0, len(sorted))
	for _, e := range sorted {
		if n := len(r); n > 0 && r[n-1].hash == e.hash {
			r[n-1] = e
			overwrites++
			continue
		}
		r = append(r, e)
	}
	return r, overwrites
}

// remove returns the ring after `_ring.Remove(h)` for every h in hashes, as
// RemoveNode calls it: the entry at h goes whichever server owns it now, and
// a hash not on the ring (or listed twice) is a no-op. It also returns the
// entries deleted, in hash order. r is not modified.
func (r ring) remove(hashes []uint32) (after ring, deleted []entry) {
	gone := slices.Clone(hashes)
	slices.Sort(gone)
	after = make(ring, 0, len(r))
	for _, e := range r {
		if _, found := slices.BinarySearch(gone, e.hash); found {
			deleted = append(deleted, e)
			continue
		}
		after = append(after, e)
	}
	return after, deleted
}

// lookup returns the server GetNode returns for a key hash h on the
// non-empty ring r, the first entry clockwise at or after h, wrapping to the
// first entry, and how many entries GetNode's foreach visits to find it:
// the matching entry's position counted from 1, or every entry for a key
// that wraps.
func (r ring) lookup(h uint32) (server int32, visited int) {
	i, _ := slices.BinarySearchFunc(r, h, func(e entry, h uint32) int { return cmp.Compare(e.hash, h) })
	if i == len(r) {
		return r[0].server, len(r)
	}
	return r[i].server, i + 1
}
