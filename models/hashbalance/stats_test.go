package hashbalance

import (
	"math"
	"slices"
	"testing"
)

func TestMaxOverMean(t *testing.T) {
	for _, c := range []struct {
		counts []int
		want   float64
	}{
		{[]int{5, 5, 5, 5}, 1},
		{[]int{8, 4, 4, 4}, 1.6},
		{[]int{0, 0, 7}, 3},
		{[]int{3}, 1},
	} {
		if got := maxOverMean(c.counts); got != c.want {
			t.Errorf("maxOverMean(%v) = %v, want %v", c.counts, got, c.want)
		}
	}
}

// TestChiSquare checks the statistic and its p-value against hand values:
// equal counts give 0 and p = 1; 15 and 5 give 5 with one degree of
// freedom, p = erfc(√(5/2)); 10, 20, 30 give 10 with two, p = e^−5; 1024
// buckets alternating ±10 around 100 give 1024 with 1023, p just under ½.
func TestChiSquare(t *testing.T) {
	if got := chiSquare([]int{10, 10, 10}); got != (ChiSquare{Stat: 0, DF: 2, P: 1}) {
		t.Errorf("even counts: %+v", got)
	}
	got := chiSquare([]int{15, 5})
	if got.Stat != 5 || got.DF != 1 || math.Abs(got.P-math.Erfc(math.Sqrt(2.5))) > 1e-12 {
		t.Errorf("15, 5: %+v, want stat 5, p %v", got, math.Erfc(math.Sqrt(2.5)))
	}
	if got := chiSquare([]int{10, 20, 30}); got.Stat != 10 || got.DF != 2 || math.Abs(got.P-math.Exp(-5)) > 1e-15 {
		t.Errorf("10, 20, 30: %+v, want stat 10, p %v", got, math.Exp(-5))
	}
	counts := make([]int, 1024)
	for i := range counts {
		counts[i] = 100 + 10*(1-2*(i%2))
	}
	if got := chiSquare(counts); got.Stat != 1024 || got.DF != 1023 || got.P < 0.4 || got.P > 0.5 {
		t.Errorf("±10 around 100: %+v, want stat 1024 and p just under one half", got)
	}
}

func TestBuckets(t *testing.T) {
	hs := []uint32{0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 6}
	if got := topBuckets(hs, 1); got[0] != 4 || got[1] != 2 {
		t.Errorf("top bit: %v", got)
	}
	if got := lowBuckets(hs, 2); got[0] != 2 || got[1] != 1 || got[2] != 1 || got[3] != 2 {
		t.Errorf("low two bits: %v", got)
	}
	// Mod 5: 0, 1, 2, 3, 0, 1.
	if got := moduloCounts(hs, 5); !slices.Equal(got, []int{2, 2, 1, 1, 0}) {
		t.Errorf("mod 5: %v", got)
	}
}
