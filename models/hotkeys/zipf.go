package hotkeys

import (
	"math"
	"math/rand/v2"
)

// A Zipf draws ranks 0 … n−1, rank r with probability (r+1)^−s / H(n, s),
// where H(n, s) = Σ_{j=1}^{n} j^−s, by inverse transform over the exact
// finite distribution: one uniform draw in [0, 1), the first rank whose
// cumulative probability exceeds it (found from a guide table: for each
// of n equal slices of [0, 1), the answer at the slice's start, from which
// a short scan finds the answer at u). Unlike math/rand/v2's Zipf, which needs s > 1 and so
// cannot give Zipf's classic 1 or YCSB's 0.99, it takes any s ≥ 0 (s = 0
// is uniform).
type Zipf struct {
	cdf   []float64 // cdf[r] = P(rank ≤ r); cdf[n−1] = 1 exactly
	guide []int32   // guide[k] = rank(k / len(cdf))
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
	z := &Zipf{cdf: cdf, guide: make([]int32, n)}
	r := 0
	for k := range z.guide {
		for cdf[r] <= float64(k)/float64(n) {
			r++
		}
		z.guide[k] = int32(r)
	}
	return z
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
	n := len(z.cdf)
	k := min(int(u*float64(n)), n-1)
	if k > 0 && float64(k)/float64(n) > u {
		k-- // u·n rounded up past a slice's start
	}
	r := int(z.guide[k]) // rank(k/n) ≤ rank(u), as k/n ≤ u
	for z.cdf[r] <= u {
		r++
	}
	return r
}
