package hashbalance

import (
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// maxOverMean returns the largest count over the mean count: 1 for a
// perfect spread, len(counts) when one holds everything.
func maxOverMean(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	return float64(slices.Max(counts)) * float64(len(counts)) / float64(total)
}

// A ChiSquare is Pearson's goodness-of-fit test of bucket counts against
// equal expected counts.
type ChiSquare struct {
	// Stat is Σ (observed − expected)² / expected.
	Stat float64
	// DF is the degrees of freedom, buckets − 1.
	DF int
	// P is the probability that uniformly random positions give a
	// statistic at least Stat: near 0, too uneven to be random; near 1,
	// too even to be random (as an arithmetic sequence is).
	P float64
}

// chiSquare tests counts against a uniform spread over len(counts) ≥ 2
// buckets; the p-value is the chi-square distribution's survival function
// with len(counts) − 1 degrees of freedom (gonum's distuv.ChiSquared),
// a sound approximation when every expected count is at least 5.
func chiSquare(counts []int) ChiSquare {
	total := 0
	for _, c := range counts {
		total += c
	}
	expected := float64(total) / float64(len(counts))
	stat := 0.0
	for _, c := range counts {
		d := float64(c) - expected
		stat += d * d / expected
	}
	df := len(counts) - 1
	return ChiSquare{Stat: stat, DF: df, P: distuv.ChiSquared{K: float64(df)}.Survival(stat)}
}

// topBuckets counts the positions by their top bits bits.
func topBuckets(hs []uint32, bits int) []int {
	counts := make([]int, 1<<bits)
	for _, h := range hs {
		counts[h>>(32-bits)]++
	}
	return counts
}

// lowBuckets counts the positions by their low bits bits.
func lowBuckets(hs []uint32, bits int) []int {
	counts := make([]int, 1<<bits)
	mask := uint32(1)<<bits - 1
	for _, h := range hs {
		counts[h&mask]++
	}
	return counts
}

// moduloCounts counts the positions by h mod n, modulo hashing's server.
func moduloCounts(hs []uint32, n int) []int {
	counts := make([]int, n)
	for _, h := range hs {
		counts[h%uint32(n)]++
	}
	return counts
}
