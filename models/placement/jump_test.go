package placement

import "testing"

// TestJumpVectors checks Jump against published values: dgryski/go-jump's
// table "generated from the reference C++ code" (buckets 1, 2, …), Guava's
// golden values for Hashing.consistentHash, and the jump-consistent-hash
// Python package's example jump.hash(256, 1024) = 520.
func TestJumpVectors(t *testing.T) {
	for _, c := range []struct {
		key     uint64
		buckets []int // for 1, 2, … buckets
	}{
		{0, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
		{1, []int{0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 17, 17}},
		{0xdeadbeef, []int{0, 1, 2, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 16, 16, 16}},
		{0x0ddc0ffeebadf00d, []int{0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 15, 15, 15, 15}},
	} {
		for i, want := range c.buckets {
			if got, _ := Jump(c.key, i+1); got != want {
				t.Errorf("Jump(%#x, %d) = %d, want %d", c.key, i+1, got, want)
			}
		}
	}
	golden100 := []int{0, 55, 62, 8, 45, 59, 86, 97, 82, 59, 73, 37, 17, 56, 86, 21, 90, 37, 38, 83}
	for key, want := range golden100 {
		if got, _ := Jump(uint64(key), 100); got != want {
			t.Errorf("Jump(%d, 100) = %d, want %d", key, got, want)
		}
	}
	for _, c := range []struct {
		key           uint64
		buckets, want int
	}{
		{10863919174838991, 11, 6}, {2016238256797177309, 11, 3}, {1673758223894951030, 11, 5},
		{2, 100001, 80343}, {2201, 100001, 22152}, {2202, 100001, 15018},
		{256, 1024, 520},
	} {
		if got, _ := Jump(c.key, c.buckets); got != c.want {
			t.Errorf("Jump(%d, %d) = %d, want %d", c.key, c.buckets, got, c.want)
		}
	}
}

// TestJumpIterations: the loop runs once per bucket the key jumps to, the
// first (bucket 0) included: key 1 lands in 0, then 6, then 17.
func TestJumpIterations(t *testing.T) {
	for _, c := range []struct{ buckets, bucket, iterations int }{
		{1, 0, 1}, {6, 0, 1}, {7, 6, 2}, {17, 6, 2}, {18, 17, 3},
	} {
		b, it := Jump(1, c.buckets)
		if b != c.bucket || it != c.iterations {
			t.Errorf("Jump(1, %d) = %d after %d iterations, want %d after %d", c.buckets, b, it, c.bucket, c.iterations)
		}
	}
}

// TestJumpMonotone is jump's defining property: going from n to n+1
// buckets, a key either stays or moves to the new bucket n, never between
// old ones.
func TestJumpMonotone(t *testing.T) {
	h := newHasher()
	for i := range 2000 {
		key := h.sum(7, []byte{byte(i), byte(i >> 8)})
		prev, _ := Jump(key, 1)
		for n := 2; n <= 200; n++ {
			b, _ := Jump(key, n)
			if b != prev && b != n-1 {
				t.Fatalf("key %#x: bucket %d with %d buckets, %d with %d", key, prev, n-1, b, n)
			}
			prev = b
		}
	}
}
