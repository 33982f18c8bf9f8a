package hashbalance

import (
	"math"

	"lbcourse/models/placement"
)

// moduloFloorSD returns the standard deviation of modulo_max_over_mean for
// a uniform hash over n servers and keys keys, in the normal approximation
// of placement.SamplingFloor: count_i ≈ keys/n + √(keys/n) (Z_i − Z̄), so
// max_over_mean − 1 ≈ √(n/keys) · max_i (Z_i − Z̄). Subtracting Z̄ lowers
// the variance of the maximum by 1/n: Var(Z̄) = 1/n and, by Stein's lemma,
// Cov(max Z, Z̄) = 1/n (the partial derivatives of the maximum sum to one),
// so Var(max(Z − Z̄)) = Var(max Z) − 2/n + 1/n.
func moduloFloorSD(n, keys int) float64 {
	if n < 2 {
		return 0
	}
	m1, m2 := placement.MaxNormalMoments(n)
	v := m2 - m1*m1 - 1/float64(n)
	return math.Sqrt(max(v, 0)) * math.Sqrt(float64(n)/float64(keys))
}
