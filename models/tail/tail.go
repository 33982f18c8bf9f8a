// Package tail models a root server that fans a request out to many leaf
// servers and answers when they have answered (Dean and Barroso, "The Tail
// at Scale", 2013, Table 1): the root's latency is the largest of its
// leaves' latencies, or, when it answers with the fastest share of them,
// the corresponding order statistic.
//
// Each leaf's latency is drawn independently from latency.Dist calibrated
// to the leaf percentiles (the article's leaf row: 1, 5 and 10 ms). The
// root's percentiles are computed exactly (the k-th smallest of n uniform
// draws is Beta(k, n−k+1)) and estimated by simulating requests, so a
// replicated run gives their spread. The model has no network, no
// intermediate servers, no root processing and no correlation between
// leaves: what it leaves out is what separates it from the measured rows.
//
// The simulation draws each leaf's uniform from a PCG generator seeded
// with rand.NewPCG(seed, stream), selects the needed order statistics
// among the uniforms and maps them through the quantile function, which is
// increasing.
package tail

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/latency"
	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MaxLeaves   = 100_000
	MaxRequests = 100_000
	// MaxDraws bounds requests × leaves, the leaves a simulation draws.
	MaxDraws = 50_000_000
)

// stream is the second word of the PCG seed, "tail_sca".
const stream = 0x7461696c5f736361

// Published is the article's Table 1, in ms: the 50th, 95th and 99th
// percentiles of one leaf's latency, of the root's when it waits for the
// fastest 95% of its leaves, and when it waits for all of them.
var Published = struct{ Leaf, Fast95, All [3]float64 }{
	Leaf:   [3]float64{1, 5, 10},
	Fast95: [3]float64{12, 32, 70},
	All:    [3]float64{40, 87, 140},
}

// levels are the percentiles the model reports, with their path names.
var levels = []struct {
	name string
	q    float64
}{{"p50", 0.50}, {"p95", 0.95}, {"p99", 0.99}}

// Params are the model's inputs.
type Params struct {
	// Leaves is the number of leaves behind the root.
	Leaves int `yaml:"leaves" unit:"server"`
	// P50, P95 and P99 are one leaf's latency percentiles.
	P50 float64 `yaml:"p50" unit:"ms"`
	P95 float64 `yaml:"p95" unit:"ms"`
	P99 float64 `yaml:"p99" unit:"ms"`
	// Answer is the share of leaves the root waits for in the "answer"
	// outputs, 0 < answer ≤ 1: it answers with the fastest
	// ceil(answer × leaves).
	Answer float64 `yaml:"answer"`
	// Requests is the number of simulated requests; 0 skips the simulation.
	Requests int `yaml:"requests" unit:"request"`
	// Seed starts the generator of the simulation.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns the article's leaf row, 1 000 leaves, an answer
// from the fastest 95% and 2 000 simulated requests.
func DefaultParams() Params {
	return Params{Leaves: 1000, P50: 1, P95: 5, P99: 10, Answer: 0.95, Requests: 2000, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	if p.Leaves < 1 || p.Leaves > MaxLeaves {
		bad("leaves", "must be between 1 and "+itoa(MaxLeaves)+", got "+itoa(p.Leaves))
	}
	es = append(es, latency.ParamErrors(p.P50, p.P95, p.P99)...)
	if !(p.Answer > 0 && p.Answer <= 1) {
		bad("answer", "must be above 0 and at most 1, got "+ftoa(p.Answer))
	}
	if p.Requests < 0 || p.Requests > MaxRequests {
		bad("requests", "must be between 0 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	} else if p.Leaves >= 1 && p.Leaves <= MaxLeaves && p.Requests*p.Leaves > MaxDraws {
		bad("requests", "times leaves must be at most "+itoa(MaxDraws)+", got "+itoa(p.Requests*p.Leaves))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// fastest returns how many of n leaves a root waiting for a share of them
// waits for: ceil(share × n), at least 1. The small tolerance keeps 0.95 ×
// 1000 at 950 despite its binary rounding.
func fastest(share float64, n int) int {
	return max(1, int(math.Ceil(share*float64(n)-1e-9)))
}

// roots holds, per simulated request, the latency of the root when it
// waits for all leaves, for the fastest 95%, and for the fastest answer
// share.
type roots struct{ all, fast95, answer []float64 }

// Simulate draws requests × leaves latencies and returns the root's
// latencies, each sorted.
func Simulate(ctx context.Context, d latency.Dist, leaves, requests, k95, kAnswer int, rng *rand.Rand) (roots, error) {
	r := roots{make([]float64, requests), make([]float64, requests), make([]float64, requests)}
	u := make([]float64, leaves)
	for i := range requests {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return roots{}, err
			}
		}
		for j := range u {
			u[j] = rng.Float64()
		}
		r.all[i] = d.Quantile(slices.Max(u))
		r.fast95[i] = d.Quantile(kth(u, k95))
		r.answer[i] = d.Quantile(kth(u, kAnswer))
	}
	slices.Sort(r.all)
	slices.Sort(r.fast95)
	slices.Sort(r.answer)
	return r, nil
}

// kth returns the k-th smallest of u (1-based), reordering u.
func kth(u []float64, k int) float64 {
	lo, hi, want := 0, len(u)-1, k-1
	for lo < hi {
		// Median of three as pivot keeps sorted runs linear.
		mid := lo + (hi-lo)/2
		if u[mid] < u[lo] {
			u[mid], u[lo] = u[lo], u[mid]
		}
		if u[hi] < u[lo] {
			u[hi], u[lo] = u[lo], u[hi]
		}
		if u[hi] < u[mid] {
			u[hi], u[mid] = u[mid], u[hi]
		}
		pivot := u[mid]
		i, j := lo, hi
		for i <= j {
			for u[i] < pivot {
				i++
			}
			for u[j] > pivot {
				j--
			}
			if i <= j {
				u[i], u[j] = u[j], u[i]
				i++
				j--
			}
		}
		switch {
		case want <= j:
			hi = j
		case want >= i:
			lo = i
		default:
			return u[want]
		}
	}
	return u[want]
}

// Run computes the root's percentiles exactly and by simulation, and
// returns the values Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	d, err := latency.Calibrate(p.P50, p.P95, p.P99)
	if err != nil {
		return model.Result{}, err
	}
	n := p.Leaves
	k95, kAns := fastest(0.95, n), fastest(p.Answer, n)
	var res model.Result
	res.Set("leaves", float64(n), "server")
	res.Set("answer", p.Answer, "")
	res.Set("answer_leaves", float64(kAns), "server")
	res.Set("leaf.sigma", d.Sigma, "")
	res.Set("leaf.alpha", d.Alpha, "")
	for i, l := range levels {
		res.Set("published.leaf."+l.name, Published.Leaf[i], "ms")
		res.Set("published.fast95."+l.name, Published.Fast95[i], "ms")
		res.Set("published.all."+l.name, Published.All[i], "ms")
	}
	for _, l := range levels {
		res.Set("exact.leaf."+l.name, d.Quantile(l.q), "ms")
		res.Set("exact.all."+l.name, d.MaxQuantile(l.q, n), "ms")
		// The largest of n is below t with probability F(t)^n: at the
		// root's q-quantile one leaf answer in 1/(1 − q^(1/n)) is slower.
		res.Set("exact.all.leaf_share."+l.name, -math.Expm1(math.Log(l.q)/float64(n)), "")
		res.Set("exact.fast95."+l.name, d.OrderQuantile(l.q, k95, n), "ms")
		res.Set("exact.answer."+l.name, d.OrderQuantile(l.q, kAns, n), "ms")
	}
	all99, fast99 := d.MaxQuantile(0.99, n), d.OrderQuantile(0.99, k95, n)
	res.Set("exact.slowest5_share_p99", 1-fast99/all99, "")
	res.AddSeries(leafSurvival(d))
	res.Set("exact.leaf_share_slow", 1-math.Pow(0.99, float64(n)), "")
	if p.Requests > 0 {
		r, err := Simulate(ctx, d, n, p.Requests, k95, kAns, rand.New(rand.NewPCG(uint64(p.Seed), stream)))
		if err != nil {
			return model.Result{}, err
		}
		for _, l := range levels {
			res.Set("sim.all."+l.name, latency.Percentile(r.all, l.q), "ms")
			res.Set("sim.fast95."+l.name, latency.Percentile(r.fast95, l.q), "ms")
			res.Set("sim.answer."+l.name, latency.Percentile(r.answer, l.q), "ms")
		}
		res.Set("sim.slowest5_share_p99", 1-latency.Percentile(r.fast95, 0.99)/latency.Percentile(r.all, 0.99), "")
	}
	return res, nil
}

// leafSurvival returns the series "leaf.survival": the share of a leaf's
// answers slower than x, P(latency > x), for x from 0.1 ms to 1 s at 20
// points a decade, from the calibrated distribution.
func leafSurvival(d latency.Dist) model.Series {
	s := model.Series{Name: "leaf.survival"}
	for i := 0; i <= 80; i++ {
		x := math.Pow(10, -1+float64(i)/20)
		s.X = append(s.X, x)
		s.Y = append(s.Y, d.Survival(x))
	}
	return s
}
