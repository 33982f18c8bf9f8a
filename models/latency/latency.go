// Package latency is the leaf latency distribution the tail-latency models
// share: a lognormal body spliced at its 95th percentile to a Pareto tail,
// calibrated in closed form to three percentiles.
//
// Below the 95th percentile a leaf's latency is lognormal with median p50
// and a spread σ chosen so that its 95th percentile is p95; above it, the
// latency is Pareto from p95 with the index α chosen so that the 99th
// percentile is p99: P(X > x) = 0.05 (x/p95)^−α. Both pieces meet at p95
// with the same probability, so the three percentiles hold exactly, and
// the CDF and the quantile function are closed forms. The Pareto piece is
// the slow tail (interference, queueing behind other work), the lognormal
// the ordinary spread of a fast service; nothing beyond the 99th
// percentile is pinned by the three figures, and α is what extrapolates
// there.
package latency

import (
	"math"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"

	"lbcourse/models/model"
)

// Splice is the probability below the splice point, the 95th percentile.
const Splice = 0.95

// Dist is a calibrated leaf latency distribution. The zero Dist is not
// usable; make one with Calibrate.
type Dist struct {
	P50, P95, P99 float64 // the calibration percentiles
	Sigma         float64 // the lognormal body's log-scale spread
	Alpha         float64 // the Pareto tail's index
}

// ParamErrors returns one model.ParamError per percentile that cannot
// calibrate a Dist, named p50, p95 and p99 as every model that calibrates
// one names its parameters: p50 must be positive, each further one above
// the one before, all finite.
func ParamErrors(p50, p95, p99 float64) model.ParamErrors {
	var es model.ParamErrors
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	if !(p50 > 0) || math.IsInf(p50, 0) {
		es = append(es, model.ParamError{Param: "p50", Msg: "must be positive and finite, got " + ftoa(p50)})
	}
	if !(p95 > p50) || math.IsInf(p95, 0) {
		es = append(es, model.ParamError{Param: "p95", Msg: "must be finite and above p50 (" + ftoa(p50) + "), got " + ftoa(p95)})
	}
	if !(p99 > p95) || math.IsInf(p99, 0) {
		es = append(es, model.ParamError{Param: "p99", Msg: "must be finite and above p95 (" + ftoa(p95) + "), got " + ftoa(p99)})
	}
	return es
}

// Calibrate returns the distribution whose 50th, 95th and 99th percentiles
// are p50 < p95 < p99, all positive and finite, or ParamErrors' error.
func Calibrate(p50, p95, p99 float64) (Dist, error) {
	if err := ParamErrors(p50, p95, p99).Err(); err != nil {
		return Dist{}, err
	}
	z95 := distuv.UnitNormal.Quantile(Splice)
	return Dist{
		P50: p50, P95: p95, P99: p99,
		Sigma: math.Log(p95/p50) / z95,
		// 0.05 (p99/p95)^−α = 0.01
		Alpha: math.Log((1-Splice)/0.01) / math.Log(p99/p95),
	}, nil
}

// Survival returns P(X > x).
func (d Dist) Survival(x float64) float64 {
	switch {
	case x <= 0:
		return 1
	case x <= d.P95:
		return distuv.UnitNormal.Survival(math.Log(x/d.P50) / d.Sigma)
	default:
		return (1 - Splice) * math.Pow(x/d.P95, -d.Alpha)
	}
}

// CDF returns P(X ≤ x).
func (d Dist) CDF(x float64) float64 {
	if x > d.P95 {
		return 1 - d.Survival(x)
	}
	if x <= 0 {
		return 0
	}
	return distuv.UnitNormal.CDF(math.Log(x/d.P50) / d.Sigma)
}

// Quantile returns the latency below which a share u of leaves fall,
// 0 < u < 1.
func (d Dist) Quantile(u float64) float64 {
	if u <= Splice {
		return d.P50 * math.Exp(d.Sigma*distuv.UnitNormal.Quantile(u))
	}
	return d.Upper(1 - u)
}

// Upper returns the latency exceeded with probability s, 0 < s < 1: the
// quantile at 1 − s, computed from s so that a tiny s keeps its precision.
func (d Dist) Upper(s float64) float64 {
	if s >= 1-Splice {
		return d.Quantile(1 - s)
	}
	return d.P95 * math.Pow(s/(1-Splice), -1/d.Alpha)
}

// MaxQuantile returns the q-quantile of the largest of n independent
// latencies: the latency exceeded with probability 1 − q^(1/n).
func (d Dist) MaxQuantile(q float64, n int) float64 {
	return d.Upper(-math.Expm1(math.Log(q) / float64(n)))
}

// OrderQuantile returns the q-quantile of the k-th smallest of n
// independent latencies, 1 ≤ k ≤ n. The k-th smallest of n uniform draws
// is Beta(k, n−k+1); the latency is the quantile function at it.
func (d Dist) OrderQuantile(q float64, k, n int) float64 {
	if k == n {
		return d.MaxQuantile(q, n)
	}
	// The survival of U_(k) is what Upper needs; Beta's quantile of 1 − U
	// is Beta(n−k+1, k).
	s := distuv.Beta{Alpha: float64(n - k + 1), Beta: float64(k)}.Quantile(1 - q)
	return d.Upper(s)
}

// Percentile returns the q-quantile of sorted values, 0 ≤ q ≤ 1, by
// linear interpolation between the order statistics at (n − 1)q, the
// default of NumPy and R. sorted must not be empty.
func Percentile(sorted []float64, q float64) float64 {
	h := float64(len(sorted)-1) * q
	i := int(h)
	if i >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-float64(i))*(sorted[i+1]-sorted[i])
}
