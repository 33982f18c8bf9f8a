package run

import (
	"hash/maphash"
	"sort"

	"lbcourse/models/model"
	"lbcourse/models/radix"
)

// A valueIndex finds a result's value by its path. It holds each path's
// 64-bit hash with the value's position packed into its low bits, sorted:
// building it is a hash a value and one radix sort of integers, much cheaper
// than a map of a varied result's hundreds of thousands of paths, and a
// lookup is a binary search (equal hashes only mean comparing one more
// path, so the answer never depends on the hash).
type valueIndex struct {
	values []model.Value
	keys   []uint64 // hash &^ posMask | position, sorted
	byPath map[string]int
}

// posBits is how many low bits of a key hold the position; a result with
// more values is indexed by a map.
const (
	posBits = 24
	posMask = 1<<posBits - 1
)

var indexSeed = maphash.MakeSeed()

func newValueIndex(values []model.Value) *valueIndex {
	ix := &valueIndex{values: values}
	if len(values) > posMask {
		ix.byPath = make(map[string]int, len(values))
		for i, v := range values {
			ix.byPath[v.Path] = i
		}
		return ix
	}
	keys := make([]uint64, len(values))
	for i, v := range values {
		keys[i] = maphash.String(indexSeed, v.Path)&^posMask | uint64(i)
	}
	// Sorted by the hash bits alone: keys of equal hashes stay in
	// position order, which lookup does not need.
	ix.keys = radix.SortFrom(keys, make([]uint64, len(keys)), posBits)
	return ix
}

// lookup returns the position of the value at path.
func (ix *valueIndex) lookup(path string) (int, bool) {
	if ix.byPath != nil {
		i, ok := ix.byPath[path]
		return i, ok
	}
	h := maphash.String(indexSeed, path) &^ posMask
	for i := sort.Search(len(ix.keys), func(i int) bool { return ix.keys[i] >= h }); i < len(ix.keys) && ix.keys[i]&^posMask == h; i++ {
		if pos := int(ix.keys[i] & posMask); ix.values[pos].Path == path {
			return pos, true
		}
	}
	return 0, false
}
