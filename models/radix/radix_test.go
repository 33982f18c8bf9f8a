package radix

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFrom: the sort orders keys by their bits from..63 as a stable
// comparison sort does, for several starting bits, sizes and key shapes
// (many ties, one repeated key, the top bit set).
func TestSortFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, from := range []uint{0, 11, 32, 63} {
		for _, n := range []int{0, 1, 2, 100, 5000} {
			for _, gen := range []func() uint64{
				rng.Uint64,
				func() uint64 { return rng.Uint64N(4) << 62 },
				func() uint64 { return 42 },
			} {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = gen()
				}
				want := slices.Clone(keys)
				slices.SortStableFunc(want, func(a, b uint64) int {
					a, b = a>>from, b>>from
					switch {
					case a < b:
						return -1
					case a > b:
						return 1
					}
					return 0
				})
				if got := SortFrom(keys, make([]uint64, n), from); !slices.Equal(got, want) {
					t.Fatalf("from bit %d, %d keys: not a stable sort", from, n)
				}
			}
		}
	}
}
