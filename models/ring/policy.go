package ring

import "encoding/binary"

// Collision says which points stay when several generated points have the
// same position. Whatever the policy, Lookup gives the position to exactly
// one node; the policies differ in which node that is and in what the
// successor walk sees.
type Collision int

const (
	// KeepAll keeps every point; points at one position are sorted by node,
	// so Lookup gives the position to the smallest node and the others'
	// points there own empty arcs (the successor walk still visits them).
	// Two points of one node at one position both stay.
	KeepAll Collision = iota
	// FirstWins keeps the point inserted first (nodes in insertion order,
	// each node's points in order i = 0, 1, …); the others are dropped.
	FirstWins
	// LastWins keeps the point inserted last, as the source's C# ring does
	// (SortedDictionary: _ring[hash] = node overwrites).
	LastWins
)

// String returns the policy's name.
func (c Collision) String() string {
	switch c {
	case KeepAll:
		return "keep_all"
	case FirstWins:
		return "first_wins"
	case LastWins:
		return "last_wins"
	}
	return "collision(?)"
}

// Layout is a point's representation in memory.
type Layout int

const (
	// Wide stores a Point{Hash uint32; Node int32}: 8 bytes, as Pingora's
	// first ring did (a 32-bit hash and a 32-bit index).
	Wide Layout = iota
	// Packed stores 6 bytes, the hash then the node, both little-endian,
	// as Pingora's v2 ring does (a [u8; 6] with accessors, since Rust's
	// alignment would round a u32+u16 struct up to 8). Nodes are below
	// 2^16 (MaxNodes).
	Packed
)

// String returns the layout's name.
func (l Layout) String() string {
	switch l {
	case Wide:
		return "wide"
	case Packed:
		return "packed"
	}
	return "layout(?)"
}

// PointBytes returns the size in bytes of one point in layout l: 8 for
// Wide, 6 for Packed.
func (l Layout) PointBytes() int {
	if l == Packed {
		return 6
	}
	return 8
}

// packedPoint is a Point in 6 bytes: Hash in bytes 0-3 and Node in bytes
// 4-5, little-endian.
type packedPoint [6]byte

// pack returns p packed; p.Node is below 2^16.
func pack(p Point) packedPoint {
	var q packedPoint
	binary.LittleEndian.PutUint32(q[:4], p.Hash)
	binary.LittleEndian.PutUint16(q[4:], uint16(p.Node))
	return q
}

// hash returns the packed point's position.
func (q *packedPoint) hash() uint32 { return binary.LittleEndian.Uint32(q[:4]) }

// node returns the packed point's node.
func (q *packedPoint) node() int32 { return int32(binary.LittleEndian.Uint16(q[4:])) }

// point returns the packed point unpacked.
func (q *packedPoint) point() Point { return Point{q.hash(), q.node()} }
