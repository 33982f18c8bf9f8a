package latency

import (
	"math"
	"testing"
)

func TestCalibrate(t *testing.T) {
	d, err := Calibrate(1, 5, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ u, want float64 }{{0.5, 1}, {0.95, 5}, {0.99, 10}} {
		if got := d.Quantile(c.u); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("Quantile(%v) = %v, want %v", c.u, got, c.want)
		}
		if got := d.CDF(c.want); math.Abs(got-c.u) > 1e-12 {
			t.Errorf("CDF(%v) = %v, want %v", c.want, got, c.u)
		}
	}
	for _, u := range []float64{1e-6, 0.1, 0.7, 0.96, 0.999, 1 - 1e-9} {
		if got := d.CDF(d.Quantile(u)); math.Abs(got-u) > 1e-9 {
			t.Errorf("CDF(Quantile(%v)) = %v", u, got)
		}
	}
	for _, bad := range [][3]float64{{0, 5, 10}, {1, 1, 10}, {1, 5, 5}, {1, 5, math.Inf(1)}, {math.NaN(), 5, 10}} {
		if _, err := Calibrate(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("Calibrate(%v) accepted", bad)
		}
	}
}

// TestOrder: the largest of n is the n-th order statistic, and the k-th
// order statistic's quantile matches its definition through the CDF of
// the binomial count of draws below it.
func TestOrder(t *testing.T) {
	d, _ := Calibrate(1, 5, 10)
	n := 100
	if a, b := d.MaxQuantile(0.99, n), d.Upper(1-math.Pow(0.99, 1/float64(n))); math.Abs(a-b) > 1e-9*b {
		t.Errorf("MaxQuantile = %v, want %v", a, b)
	}
	// P(X_(k) ≤ x) = P(at least k of n ≤ x).
	k := 95
	x := d.OrderQuantile(0.5, k, n)
	f := d.CDF(x)
	sum := 0.0
	for j := k; j <= n; j++ {
		lg, _ := math.Lgamma(float64(n + 1))
		a, _ := math.Lgamma(float64(j + 1))
		b, _ := math.Lgamma(float64(n - j + 1))
		sum += math.Exp(lg - a - b + float64(j)*math.Log(f) + float64(n-j)*math.Log1p(-f))
	}
	if math.Abs(sum-0.5) > 1e-9 {
		t.Errorf("P(X_(95) ≤ median) = %v, want 0.5", sum)
	}
}

func TestPercentile(t *testing.T) {
	s := []float64{1, 2, 3, 4, 5}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.5, 3}, {0.9, 4.6}, {1, 5}} {
		if got := Percentile(s, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Percentile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
}
