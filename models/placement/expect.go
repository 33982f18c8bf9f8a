package placement

import "math"

// ExpectedMaxNormal returns E[max(Z_1, …, Z_n)] for n independent
// standard normal variables, ∫ x · n φ(x) Φ(x)^(n−1) dx, by Simpson's rule
// over [−12, 12] in 4800 steps (1.1630 for n = 5, 1.5388 for n = 10).
// n must be at least 1.
func ExpectedMaxNormal(n int) float64 {
	m1, _ := MaxNormalMoments(n)
	return m1
}

// MaxNormalMoments returns E[M] and E[M²] for M the largest of n
// independent standard normal variables, ∫ x · n φ(x) Φ(x)^(n−1) dx and
// ∫ x² · n φ(x) Φ(x)^(n−1) dx, by Simpson's rule over [−12, 12] in 4800
// steps. n must be at least 1.
func MaxNormalMoments(n int) (m1, m2 float64) {
	const lo, hi, steps = -12.0, 12.0, 4800
	f := func(x float64) float64 {
		phi := math.Exp(-x*x/2) / math.Sqrt(2*math.Pi)
		cdf := 0.5 * math.Erfc(-x/math.Sqrt2)
		return x * float64(n) * phi * math.Pow(cdf, float64(n-1))
	}
	h := (hi - lo) / steps
	flo, fhi := f(lo), f(hi)
	m1, m2 = flo+fhi, lo*flo+hi*fhi
	for i := 1; i < steps; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		x := lo + float64(i)*h
		fx := f(x)
		m1 += w * fx
		m2 += w * (x * fx)
	}
	return m1 * h / 3, m2 * h / 3
}

// SamplingFloor returns the expected max_over_mean of keys placed
// independently and uniformly on n servers, a placement perfect in
// expectation: the counts are multinomial, and in the normal
// approximation count_i ≈ keys/n + √(keys/n) (Z_i − Z̄), which has the
// multinomial's covariance, so the expected largest count over the mean is
// 1 + ExpectedMaxNormal(n) · √(n / keys). Any such scheme's measured
// imbalance scatters around this value; only an imbalance well above it
// is a property of the scheme.
func SamplingFloor(n, keys int) float64 {
	return 1 + ExpectedMaxNormal(n)*math.Sqrt(float64(n)/float64(keys))
}

// JumpSwapFail returns the server of a key whose hash is h when server f of
// servers 0 … n−1 fails under jump hash with the last bucket swapped in:
// the key's bucket is Jump(h, n−1), and bucket f, whose server is gone, is
// served by server n−1, the one the removed last bucket had. n must be at
// least 2 and 0 ≤ f < n.
func JumpSwapFail(h uint64, n, f int) int {
	b, _ := Jump(h, n-1)
	if b == f {
		return n - 1
	}
	return b
}
