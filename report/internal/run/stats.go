package run

import (
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// A Summary is what a replicated experiment reports of one value over its
// runs. SD and the interval exist only with two runs or more.
type Summary struct {
	N                      int
	Mean, SD               float64
	Min, Max               float64
	P5, P25, P50, P75, P95 float64
	CI95Lo, CI95Hi         float64
	HasSpread              bool // N >= 2: SD and the interval are defined
}

// Summarize returns the summary of v (not empty): the sample standard
// deviation (n − 1), quantiles by linear interpolation between order
// statistics at (n − 1)·q (the default of NumPy and R), and the Student-t
// 95% interval of the mean.
func Summarize(v []float64) Summary {
	s := slices.Clone(v)
	slices.Sort(s)
	out := Summary{N: len(s), Mean: stat.Mean(s, nil), Min: s[0], Max: s[len(s)-1]}
	out.P5, out.P25, out.P50 = quantile(s, 0.05), quantile(s, 0.25), quantile(s, 0.5)
	out.P75, out.P95 = quantile(s, 0.75), quantile(s, 0.95)
	if len(s) >= 2 {
		out.HasSpread = true
		out.SD = stat.StdDev(s, nil)
		half := tQuantile975(float64(len(s)-1)) * out.SD / math.Sqrt(float64(len(s)))
		out.CI95Lo, out.CI95Hi = out.Mean-half, out.Mean+half
	}
	return out
}

// tQuantile975 is the 0.975 quantile of Student's t with nu degrees of
// freedom: distuv's estimate refined by Newton steps on its CDF, which is
// accurate to the last bits where the quantile alone is not (about 1e-9).
func tQuantile975(nu float64) float64 {
	if t, ok := tCache.Load(nu); ok {
		return t.(float64)
	}
	t := tQuantileNewton(nu)
	tCache.Store(nu, t)
	return t
}

// tCache holds tQuantile975 by degrees of freedom: every value path of a
// replicated experiment needs the same one.
var tCache sync.Map

func tQuantileNewton(nu float64) float64 {
	d := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}
	t := d.Quantile(0.975)
	for range 3 {
		t -= (d.CDF(t) - 0.975) / d.Prob(t)
	}
	return t
}

// quantile is the q-quantile of sorted s, interpolating linearly between
// the order statistics around (n − 1)·q.
func quantile(s []float64, q float64) float64 {
	h := float64(len(s)-1) * q
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (h-lo)*(s[i+1]-s[i])
}

// stats lists a summary's statistics by the suffix a value path takes.
func (s Summary) stats() []stat1 {
	out := make([]stat1, 0, 11)
	out = append(out, stat1{"mean", s.Mean}, stat1{"min", s.Min}, stat1{"max", s.Max},
		stat1{"p5", s.P5}, stat1{"p25", s.P25}, stat1{"p50", s.P50}, stat1{"p75", s.P75}, stat1{"p95", s.P95})
	if s.HasSpread {
		out = append(out, stat1{"sd", s.SD}, stat1{"ci95_lo", s.CI95Lo}, stat1{"ci95_hi", s.CI95Hi})
	}
	return out
}

type stat1 struct {
	name string
	v    float64
}

// StatNames are the suffixes a replicated experiment's value paths take.
var StatNames = []string{"mean", "min", "max", "p5", "p25", "p50", "p75", "p95", "sd", "ci95_lo", "ci95_hi"}

// SweepNames are the suffixes a swept value's series gives as values.
var SweepNames = []string{"min", "max", "argmin", "argmax"}
