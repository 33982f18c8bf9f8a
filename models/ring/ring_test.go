package ring

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// table returns a PointHash that places point i of node n at pos[n][i].
func table(pos [][]uint32) PointHash {
	return func(n, i int) uint32 { return pos[n][i] }
}

// mustNew builds a ring or fails the test.
func mustNew(t *testing.T, weights []float64, cfg Config) *Ring {
	t.Helper()
	r, err := New(weights, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// points returns all of r's points in order.
func points(r *Ring) []Point {
	ps := make([]Point, r.Len())
	for i := range ps {
		ps[i] = r.Point(i)
	}
	return ps
}

// salted returns a PointHash drawing positions from a PCG seeded by salt,
// node and point: uniform, independent of the other points.
func salted(salt uint64) PointHash {
	return func(n, i int) uint32 {
		return rand.New(rand.NewPCG(salt, uint64(n)<<32|uint64(i))).Uint32()
	}
}

// TestHandRing checks Lookup, Search, Scan, Index and Owned on a ring of
// three points: node 0 at 100, node 1 at 200 and 300.
func TestHandRing(t *testing.T) {
	for _, layout := range []Layout{Wide, Packed} {
		for _, bits := range []int{0, 1, 8, 22} {
			r := mustNew(t, []float64{1, 2}, Config{Points: 1, Hash: table([][]uint32{{100}, {200, 300}}), Layout: layout, IndexBits: bits})
			for _, c := range []struct {
				h     uint32
				node  int
				index int
			}{
				{0, 0, 0}, {99, 0, 0}, {100, 0, 0}, {101, 1, 1}, {200, 1, 1}, {201, 1, 2},
				{300, 1, 2}, {301, 0, 0}, {1 << 31, 0, 0}, {math.MaxUint32, 0, 0},
			} {
				if got := [3]int{r.Lookup(c.h), r.Search(c.h), r.Scan(c.h)}; got != [3]int{c.node, c.node, c.node} {
					t.Errorf("%v, %d bits: Lookup, Search, Scan(%d) = %v, want %d", layout, bits, c.h, got, c.node)
				}
				if got := r.Index(c.h); got != c.index {
					t.Errorf("%v, %d bits: Index(%d) = %d, want %d", layout, bits, c.h, got, c.index)
				}
			}
			want := []uint64{1<<32 - 300 + 100, 200}
			if got := r.Owned(); !reflect.DeepEqual(got, want) {
				t.Errorf("%v, %d bits: Owned = %v, want %v", layout, bits, got, want)
			}
			if got, want := points(r), []Point{{100, 0}, {200, 1}, {300, 1}}; !reflect.DeepEqual(got, want) {
				t.Errorf("%v: points %v, want %v", layout, got, want)
			}
			if r.Point(-1) != (Point{300, 1}) || r.Point(3) != (Point{100, 0}) {
				t.Errorf("%v: Point(-1) = %v, Point(3) = %v", layout, r.Point(-1), r.Point(3))
			}
		}
	}
}

// TestLookupEqualsSearch checks that the bucket index, binary search and
// linear scan agree on rings of every layout, policy and index size, at
// random hashes, at 0 and 2^32-1, and at, before and after every point.
func TestLookupEqualsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		weights []float64
		points  int
		hash    PointHash
	}{
		{[]float64{1}, 1, salted(1)},
		{[]float64{1, 1, 1, 1, 1}, 150, salted(2)},
		{[]float64{1, 0.5, 2, 0, 1.25}, 160, salted(3)},
		{slices.Repeat([]float64{1}, 100), 160, salted(4)},
		// Positions in a narrow range: long buckets and many collisions.
		{[]float64{1, 1, 1}, 200, func(n, i int) uint32 { return 1<<31 + uint32((n*7+i*13)%50) }},
		// Positions at the ends of the circle.
		{[]float64{1, 1}, 2, table([][]uint32{{0, math.MaxUint32}, {0, math.MaxUint32}})},
	} {
		for _, layout := range []Layout{Wide, Packed} {
			for _, policy := range []Collision{KeepAll, FirstWins, LastWins} {
				for _, bits := range []int{0, 1, 5, 16} {
					if bits != 0 && bits < 10 && len(c.weights)*c.points > 1000 {
						continue // thousands of points per bucket: a slow linear scan
					}
					r := mustNew(t, c.weights, Config{Points: c.points, Hash: c.hash, Collisions: policy, Layout: layout, IndexBits: bits})
					hs := []uint32{0, 1, math.MaxUint32, math.MaxUint32 - 1}
					for i := range r.Len() {
						p := r.Point(i).Hash
						hs = append(hs, p-1, p, p+1)
					}
					for range 2000 {
						hs = append(hs, rng.Uint32())
					}
					for j, h := range hs {
						l, s, sc := r.Lookup(h), r.Search(h), l0(r, h, j)
						if l != s || l != sc {
							t.Fatalf("%v/%v/%d bits, %d points: Lookup(%d) = %d, Search %d, Scan %d", layout, policy, bits, r.Len(), h, l, s, sc)
						}
						if got := r.Point(r.Index(h)).Node; int(got) != l {
							t.Fatalf("%v/%v/%d bits: Point(Index(%d)) is node %d, Lookup %d", layout, policy, bits, h, got, l)
						}
					}
				}
			}
		}
	}
}

// l0 returns Scan(h) on small rings and for one hash in 1000 on large
// ones (a scan of 16 000 points per hash is slow), else Lookup(h).
func l0(r *Ring, h uint32, j int) int {
	if r.Len() <= 1000 || j%1000 == 0 {
		return r.Scan(h)
	}
	return r.Lookup(h)
}

// TestCollisions checks the three policies on a ring where node 0 and node
// 1 share position 5 and node 0 and node 2 share 9.
func TestCollisions(t *testing.T) {
	hash := table([][]uint32{{9, 5}, {5, 7}, {9}})
	weights := []float64{2, 2, 1}
	for _, c := range []struct {
		policy Collision
		points []Point
		at5    int
		at9    int
	}{
		{KeepAll, []Point{{5, 0}, {5, 1}, {7, 1}, {9, 0}, {9, 2}}, 0, 0},
		{FirstWins, []Point{{5, 0}, {7, 1}, {9, 0}}, 0, 0},
		{LastWins, []Point{{5, 1}, {7, 1}, {9, 2}}, 1, 2},
	} {
		for _, layout := range []Layout{Wide, Packed} {
			r := mustNew(t, weights, Config{Points: 1, Hash: hash, Collisions: c.policy, Layout: layout})
			if got := points(r); !reflect.DeepEqual(got, c.points) {
				t.Errorf("%v/%v: points %v, want %v", c.policy, layout, got, c.points)
			}
			if r.Collisions() != 2 || r.Generated() != 5 || r.Len() != len(c.points) {
				t.Errorf("%v/%v: %d collisions, %d generated, %d points; want 2, 5, %d", c.policy, layout, r.Collisions(), r.Generated(), r.Len(), len(c.points))
			}
			if r.Lookup(5) != c.at5 || r.Lookup(9) != c.at9 {
				t.Errorf("%v/%v: Lookup(5), Lookup(9) = %d, %d; want %d, %d", c.policy, layout, r.Lookup(5), r.Lookup(9), c.at5, c.at9)
			}
		}
	}
	// KeepAll: the walk from 8 visits (9,0), (9,2), then wraps to (5,0), (5,1).
	r := mustNew(t, weights, Config{Points: 1, Hash: hash})
	if got := r.Successors(nil, 8, 3); !reflect.DeepEqual(got, []int{0, 2, 1}) {
		t.Errorf("KeepAll: Successors(8, 3) = %v, want [0 2 1]", got)
	}
	// Two points of one node at one position both stay under KeepAll.
	r = mustNew(t, []float64{1}, Config{Points: 2, Hash: func(int, int) uint32 { return 42 }})
	if got := points(r); !reflect.DeepEqual(got, []Point{{42, 0}, {42, 0}}) || r.Collisions() != 1 {
		t.Errorf("one node twice: points %v, %d collisions; want [{42 0} {42 0}], 1", got, r.Collisions())
	}
}

// TestWeights checks point counts, the nodes on the ring and an empty ring.
func TestWeights(t *testing.T) {
	r := mustNew(t, []float64{1, 1.5, 0, 0.004, 0.003, 0.5}, Config{Points: 160, Hash: salted(5)})
	count := map[int32]int{}
	for _, p := range points(r) {
		count[p.Node]++
	}
	if want := map[int32]int{0: 160, 1: 240, 3: 1, 5: 80}; !reflect.DeepEqual(count, want) {
		t.Errorf("points per node %v, want %v", count, want)
	}
	if got := r.Nodes(); !reflect.DeepEqual(got, []int{0, 1, 3, 5}) {
		t.Errorf("Nodes = %v, want [0 1 3 5]", got)
	}
	if r.Weight(1) != 1.5 || r.Weight(2) != 0 || r.Weight(-1) != 0 || r.Weight(6) != 0 {
		t.Errorf("Weight(1, 2, -1, 6) = %v, %v, %v, %v", r.Weight(1), r.Weight(2), r.Weight(-1), r.Weight(6))
	}
	var sum uint64
	for _, w := range r.Owned() {
		sum += w
	}
	if sum != 1<<32 {
		t.Errorf("Owned sums to %d, want 2^32", sum)
	}
	empty := mustNew(t, []float64{0, 0}, Config{Points: 160, Hash: salted(5)})
	if empty.Len() != 0 || empty.Lookup(7) != -1 || empty.Search(7) != -1 || empty.Scan(7) != -1 || empty.Index(7) != 0 {
		t.Errorf("empty ring: Len %d, Lookup %d, Search %d, Scan %d, Index %d", empty.Len(), empty.Lookup(7), empty.Search(7), empty.Scan(7), empty.Index(7))
	}
	if got := empty.Successors(nil, 7, 2); len(got) != 0 {
		t.Errorf("empty ring: Successors = %v", got)
	}
}

// TestErrors checks every error of New and Add and Remove, word for word.
func TestErrors(t *testing.T) {
	h := salted(6)
	for _, c := range []struct {
		weights []float64
		cfg     Config
		want    string
	}{
		{[]float64{1, -1}, Config{Points: 1, Hash: h}, "ring: node 1 has weight -1; a weight is finite and at least 0"},
		{[]float64{math.NaN()}, Config{Points: 1, Hash: h}, "ring: node 0 has weight NaN; a weight is finite and at least 0"},
		{[]float64{math.Inf(1)}, Config{Points: 1, Hash: h}, "ring: node 0 has weight +Inf; a weight is finite and at least 0"},
		{make([]float64, MaxNodes+1), Config{Points: 1, Hash: h}, "ring: 65537 nodes, more than MaxNodes (65536)"},
		{[]float64{1, 1}, Config{Points: MaxPoints/2 + 1, Hash: h}, "ring: more than MaxPoints (4194304) points"},
		{[]float64{1e300}, Config{Points: 160, Hash: h}, "ring: more than MaxPoints (4194304) points"},
		{[]float64{1}, Config{Points: -1, Hash: h}, "ring: Points is -1; it is at least 0"},
		{[]float64{1}, Config{Points: 1}, "ring: Hash is nil"},
		{[]float64{1}, Config{Points: 1, Hash: h, Collisions: 3}, "ring: unknown Collision 3"},
		{[]float64{1}, Config{Points: 1, Hash: h, Layout: -1}, "ring: unknown Layout -1"},
		{[]float64{1}, Config{Points: 1, Hash: h, IndexBits: 23}, "ring: IndexBits is 23; it is 0 (automatic) or 1 … 22"},
	} {
		if _, err := New(c.weights, c.cfg); err == nil || err.Error() != c.want {
			t.Errorf("New(%v, %+v) = %v, want %q", len(c.weights), c.cfg.Points, err, c.want)
		}
	}
	r := mustNew(t, []float64{1, 0}, Config{Points: 4, Hash: h})
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(r.Add(-1, 1)), "ring: node -1 outside 0 … 65535"},
		{second(r.Add(MaxNodes, 1)), "ring: node 65536 outside 0 … 65535"},
		{second(r.Add(1, 1)), "ring: node 1 is already on the ring"},
		{second(r.Add(2, -2)), "ring: node 2 has weight -2; a weight is finite and at least 0"},
		{second(r.Remove(2)), "ring: node 2 is not on the ring"},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("got %v, want %q", c.err, c.want)
		}
	}
}

// second returns the error of an Add or Remove.
func second(_ *Ring, _ []Arc, err error) error { return err }

// TestPackedNodeLimit checks that the largest node fits a Packed point.
func TestPackedNodeLimit(t *testing.T) {
	r := mustNew(t, []float64{1}, Config{Points: 1, Hash: salted(7), Layout: Packed})
	r, _, err := r.Add(MaxNodes-1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Nodes(); !reflect.DeepEqual(got, []int{0, MaxNodes - 1}) {
		t.Errorf("Nodes = %v", got)
	}
	found := false
	for _, p := range points(r) {
		found = found || p.Node == MaxNodes-1
	}
	if !found {
		t.Errorf("node %d has no point: %v", MaxNodes-1, points(r))
	}
}

// TestPointHashes checks DotNetHash and KetamaHash against SHA-1 and MD5
// computed independently (Python's hashlib and struct '<I').
func TestPointHashes(t *testing.T) {
	dotnet := DotNetHash(func(n int) string { return []string{"A", "server-3"}[n] })
	if got := [2]uint32{dotnet(0, 0), dotnet(1, 149)}; got != [2]uint32{2057477938, 1828410103} {
		t.Errorf("DotNetHash: %v, want [2057477938 1828410103]", got)
	}
	ketama := KetamaHash(func(int) string { return "10.0.0.1:11211" })
	var got []uint32
	for _, i := range []int{0, 1, 2, 3, 156, 157, 158, 159} {
		got = append(got, ketama(0, i))
	}
	want := []uint32{1644766326, 266575842, 1549369152, 2004188753, 1612109566, 3796560173, 257991924, 2536707799}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("KetamaHash: %v, want %v", got, want)
	}
}

// TestSuccessors checks the walk against a direct reading of the points.
func TestSuccessors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := mustNew(t, []float64{1, 1, 2, 1, 0.5, 1}, Config{Points: 10, Hash: salted(8)})
	for range 500 {
		h, k := rng.Uint32(), rng.IntN(8)
		var want []int
		for i := r.Index(h); len(want) < min(k, 6) && len(want) < 6; i++ {
			if n := int(r.Point(i).Node); !slices.Contains(want, n) {
				want = append(want, n)
			}
		}
		got := r.Successors([]int{99}, h, k)
		if !reflect.DeepEqual(got, append([]int{99}, want...)) {
			t.Fatalf("Successors(%d, %d) = %v, want [99 %v]", h, k, got, want)
		}
		if k > 0 && got[1] != r.Lookup(h) {
			t.Fatalf("Successors(%d) starts at %d, Lookup %d", h, got[1], r.Lookup(h))
		}
	}
}

// TestMemory checks the reported sizes at 100 servers × 160 points: a
// Packed ring takes 6 bytes a point, and at most 8 with its sentinel and
// its index (15 872 buckets of 2 bytes, 62 blocks of 4).
func TestMemory(t *testing.T) {
	for _, c := range []struct {
		layout  Layout
		want    Memory
		bits    int
		buckets int
	}{
		{Wide, Memory{PointBytes: 8, Points: 128_008, Index: 65_536, Total: 193_544}, 14, 1 << 14},
		{Packed, Memory{PointBytes: 6, Points: 96_006, Index: 31_992, Total: 127_998}, 0, 15_872},
	} {
		// Positions i·2^16 + n: distinct, so exactly 16 000 points.
		r := mustNew(t, slices.Repeat([]float64{1}, 100), Config{Points: 160, Layout: c.layout, Hash: func(n, i int) uint32 { return uint32(i)<<16 | uint32(n) }})
		if got := r.Memory(); got != c.want || r.IndexBits() != c.bits || r.Buckets() != c.buckets {
			t.Errorf("%v: Memory %+v, %d index bits, %d buckets; want %+v, %d, %d", c.layout, got, r.IndexBits(), r.Buckets(), c.want, c.bits, c.buckets)
		}
		if got := c.layout.PointBytes(); got != c.want.PointBytes {
			t.Errorf("%v: PointBytes() = %d, want %d", c.layout, got, c.want.PointBytes)
		}
	}
}

// TestPackedBudget checks that a Packed ring's automatic index keeps the
// ring within 8 bytes a point from 6 points up (6 for the points, the rest
// for the sentinel and the index), with about one point a bucket, and that
// an explicit IndexBits gives 2^b buckets whatever the size.
func TestPackedBudget(t *testing.T) {
	for _, n := range []int{0, 1, 5, 6, 7, 100, 255, 256, 257, 1000, 16_000, 16_001, 65_535, 65_536, 100_000} {
		m := PackedBuckets(n)
		size := func(m int) int { return 6*(n+1) + 2*m + 4*((m+255)/256) }
		if n >= 6 && (size(m) > 8*n || size(m+1) <= 8*n) {
			t.Errorf("%d points: %d buckets, %d bytes (%d with one more); want the most within %d", n, m, size(m), size(m+1), 8*n)
		}
		if m < 1 || (n >= 1000 && (float64(n)/float64(m) < 1 || float64(n)/float64(m) > 1.02)) {
			t.Errorf("%d points: %d buckets", n, m)
		}
		if n > 20_000 {
			continue // building the ring below is slow
		}
		r := mustNew(t, []float64{1}, Config{Points: n, Hash: salted(uint64(n)), Layout: Packed})
		mem := r.Memory()
		if r.Buckets() != m || mem.Points != 6*(r.Len()+1) || mem.Total != size(m)-6*(n-r.Len()) {
			t.Errorf("%d points: %d buckets, Memory %+v; want %d buckets", n, r.Buckets(), mem, m)
		}
		if n >= 6 && mem.Total > 8*r.Len() {
			t.Errorf("%d points: %d bytes, over 8 a point", n, mem.Total)
		}
		for _, b := range []int{1, 9} {
			r := mustNew(t, []float64{1}, Config{Points: n, Hash: salted(uint64(n)), Layout: Packed, IndexBits: b})
			if r.Buckets() != 1<<b || r.IndexBits() != b {
				t.Errorf("%d points, IndexBits %d: %d buckets, IndexBits() = %d", n, b, r.Buckets(), r.IndexBits())
			}
		}
	}
}

// TestPackedCrowdedBlock checks a Packed ring whose index cannot give a
// bucket's first point exactly: 70 000 points at consecutive positions from
// the first position of a block of 256 buckets, so that the block's later
// buckets start 70 000 points past its first point, more than the offset's
// 2^16−1. Their scan starts earlier, and Lookup still equals Search.
func TestPackedCrowdedBlock(t *testing.T) {
	const n = 70_000
	m := uint64(PackedBuckets(n))
	k := m / 2 &^ 255                 // a block's first bucket
	at := uint32((k<<32 + m - 1) / m) // its first position
	r := mustNew(t, []float64{1, 1}, Config{Points: n / 2, Layout: Packed, Hash: func(node, i int) uint32 { return at + uint32(2*i+node) }})
	if r.Len() != n || r.Buckets() != int(m) || r.bucketOf(at) != k || r.bucketOf(at-1) != k-1 {
		t.Fatalf("%d points, %d buckets; position %d in bucket %d, want %d", r.Len(), r.Buckets(), at, r.bucketOf(at), k)
	}
	last := r.bucketOf(at + n - 1)
	if last >= k+255 || r.base[k>>blockBits] != 0 || r.offset[last+1] != 1<<16-1 {
		t.Fatalf("points in buckets %d … %d, block base %d, offset after them %d; want the offset cut to %d",
			k, last, r.base[k>>blockBits], r.offset[last+1], 1<<16-1)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	hs := []uint32{0, at - 1, at, at + 1, at + n/2, at + n - 1, at + n, at + n + 1, math.MaxUint32}
	for range 200 {
		hs = append(hs, at+n+rng.Uint32N(1<<24), rng.Uint32())
	}
	for _, h := range hs {
		if l, s := r.Lookup(h), r.Search(h); l != s {
			t.Fatalf("Lookup(%d) = %d, Search %d", h, l, s)
		}
		want := 0 // before the points, and after them (the wrap)
		if h >= at && h < at+n {
			want = int(h - at)
		}
		if got := r.Index(h); got != want {
			t.Fatalf("Index(%d) = %d, want %d", h, got, want)
		}
	}
}

// TestCollisionCount checks the collision count of 2^20 uniform 32-bit
// positions: a pair collides with probability 2^-32, so about
// C(2^20, 2)/2^32 ≈ 128 points share a position with another (this seed
// gives 131), and the policies keep Generated() −
// Collisions() points except KeepAll, which keeps them all.
func TestCollisionCount(t *testing.T) {
	const n, wantCollisions = 1 << 20, 131
	rng := rand.New(rand.NewPCG(32, 32))
	pos := make([]uint32, n)
	for i := range pos {
		pos[i] = rng.Uint32()
	}
	for _, policy := range []Collision{KeepAll, FirstWins, LastWins} {
		r := mustNew(t, []float64{1}, Config{Points: n, Hash: func(_, i int) uint32 { return pos[i] }, Collisions: policy})
		want := n
		if policy != KeepAll {
			want = n - r.Collisions()
		}
		if r.Collisions() != wantCollisions || r.Len() != want {
			t.Errorf("%v: %d collisions, %d points; want %d, %d", policy, r.Collisions(), r.Len(), wantCollisions, want)
		}
	}
}

// TestSortKeys: the radix sort orders keys as slices.Sort does, for sizes
// on both sides of the cut-over, hashes with many ties, and ranks given in
// any order.
func TestSortKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 100, 1<<12 - 1, 1 << 12, 50_000} {
		for _, distinct := range []uint32{3, 1 << 16, 1<<32 - 1} {
			keys := make([]uint64, n)
			for i, r := range rng.Perm(n) {
				keys[i] = uint64(rng.Uint32N(distinct)+(1<<32-1-distinct))<<32 | uint64(r)
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			sortKeys(keys)
			if !slices.Equal(keys, want) {
				t.Fatalf("n %d, %d distinct hashes: not sorted as slices.Sort sorts", n, distinct)
			}
		}
	}
}
