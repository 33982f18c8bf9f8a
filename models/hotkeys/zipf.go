package hotkeys

import (
	"math"
	"math/rand/v2"
	"sort"
)

// A Zipf draws ranks 0 … n−1, rank r with probability (r+1)^−s / H(n, s),
// where H(n, s) = Σ_{j=1}^{n} j^−s, by inverse transform over the exact
// finite distribution: one uniform draw in [0, 1), the first rank whose
// cumulative probability exceeds it (a binary search over n cumulative
// probabilities). Unlike math/rand/v2's Zipf, which needs s > 1 and so
// cannot give Zipf's classic 1 or YCSB's 0.99, it takes any s ≥ 0 (s = 0
// is uniform).
type Zipf struct {
	cdf []float64 // cdf[r] = P(rank ≤ r); cdf[n−1] = 1 exactly
}

// NewZipf returns the distribution of n ≥ 1 ranks with exponent s ≥ 0.
func NewZipf(n int, s float64) *Zipf {
	cdf := make([]float64, n)
	sum := 0.0
	for r := range cdf {
		sum += math.Pow(float64(r+1), -s)
		cdf[r] = sum
	}
	for r := range cdf {
		cdf[r] /= sum
	}
	cdf[n-1] = 1
	return &Zipf{cdf: cdf}
}

// PMF returns the probability of rank r.
func (z *Zipf) PMF(r int) float64 {
	if r == 0 {
		return z.cdf[0]
	}
	return z.cdf[r] - z.cdf[r-1]
}

// Draw returns a rank drawn with rng, using one rng.Float64().
func (z *Zipf) Draw(rng *rand.Rand) int { return z.rank(rng.Float64()) }

// rank returns the first rank whose cumulative probability exceeds u in
// [0, 1).
func (z *Zipf) rank(u float64) int {
	return sort.Search(len(z.cdf), func(r int) bool { return z.cdf[r] > u })
}
