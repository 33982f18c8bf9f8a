package ketama

import "unsafe"

// Selector returns the number that decides, at each rollout stage, whether
// a key whose position is h goes to the new ring: the key does when
// Selector(h) < share × 2^32. It is MurmurHash3's 32-bit finalizer of h, a
// bijection that scatters h's bits, so that the keys chosen at a stage are
// spread over the whole circle rather than one arc of it. A key's
// selector does not change between stages, so the keys on the new ring at
// one stage are on it at every later stage: each key changes server at
// most once during the rollout.
func Selector(h uint32) uint32 {
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// onNew reports whether a key with selector sel is served by the new ring
// at the stage that sends share of the keys to it.
func onNew(sel uint32, share float64) bool {
	return float64(sel) < share*(1<<32)
}

// wideStruct is a point as a struct: a 32-bit position and a 16-bit
// server index. Go, like Rust, rounds a struct's size up to a multiple of
// its largest field's alignment (4 here), so two bytes of padding follow
// the index.
type wideStruct struct {
	hash uint32
	node uint16
}

// mixedStruct puts the 16-bit fields around the 32-bit one: Go keeps the
// fields in the order written, so each u16 is followed by padding (12
// bytes); Rust's default repr may reorder them, as reorderedStruct does
// by hand (8 bytes).
type mixedStruct struct {
	_ uint16
	_ uint32
	_ uint16
}

// reorderedStruct is mixedStruct with the largest field first.
type reorderedStruct struct {
	_ uint32
	_ uint16
	_ uint16
}

// packedBytes is the same point as six bytes with no alignment: the
// position then the index, each read and written by an accessor (see the
// ring library's packedPoint).
type packedBytes [6]byte

// layoutSizes returns the sizes, in bytes, of a point as a struct of
// uint32 and uint16, of its two fields together, and of a point as a
// six-byte array, with the alignments of the struct and of the array.
func layoutSizes() (structSize, fields, arraySize, structAlign, arrayAlign uintptr) {
	var w wideStruct
	var b packedBytes
	return unsafe.Sizeof(w), unsafe.Sizeof(w.hash) + unsafe.Sizeof(w.node), unsafe.Sizeof(b),
		unsafe.Alignof(w), unsafe.Alignof(b)
}

// mixedSizes returns the sizes of mixedStruct and reorderedStruct.
func mixedSizes() (mixed, reordered uintptr) {
	return unsafe.Sizeof(mixedStruct{}), unsafe.Sizeof(reorderedStruct{})
}
