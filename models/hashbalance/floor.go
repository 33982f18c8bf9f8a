package hashbalance

import "math"

// maxNormalMoments returns E[M] and E[M²] for M the largest of n ≥ 1
// independent standard normals, by Simpson's rule over [−12, 12] (the
// same grid as placement.ExpectedMaxNormal).
func maxNormalMoments(n int) (m1, m2 float64) {
	const lo, hi, steps = -12.0, 12.0, 4800
	density := func(x float64) float64 {
		phi := math.Exp(-x*x/2) / math.Sqrt(2*math.Pi)
		cdf := 0.5 * math.Erfc(-x/math.Sqrt2)
		return float64(n) * phi * math.Pow(cdf, float64(n-1))
	}
	h := (hi - lo) / steps
	for i := 0; i <= steps; i++ {
		w := 2.0
		switch {
		case i == 0 || i == steps:
			w = 1
		case i%2 == 1:
			w = 4
		}
		x := lo + float64(i)*h
		d := w * density(x)
		m1 += x * d
		m2 += x * x * d
	}
	return m1 * h / 3, m2 * h / 3
}

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
	m1, m2 := maxNormalMoments(n)
	v := m2 - m1*m1 - 1/float64(n)
	return math.Sqrt(max(v, 0)) * math.Sqrt(float64(n)/float64(keys))
}
