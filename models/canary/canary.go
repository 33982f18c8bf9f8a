// Package canary models canary requests (Dean and Barroso, "The Tail at
// Scale", 2013): before fanning a request out to all of its leaves, the
// root sends it to a few leaves and waits for their answers, so that a
// request that crashes leaves (a "query of death") takes down only those.
//
// Each leaf's latency is drawn independently from latency.Dist calibrated
// to three percentiles. Without canaries the root waits for the largest of
// Leaves latencies; with Canaries canaries it waits for the largest of the
// canaries' latencies, then for the largest of the other leaves'. A
// request crashes every leaf it reaches with probability PCrash; with
// canaries it reaches only the canaries. Percentiles are simulated from a
// PCG generator seeded with rand.NewPCG(seed, stream), and the crash
// counts are expectations.
package canary

import (
	"context"
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
	MaxDraws    = 50_000_000
)

// stream is the second word of the PCG seed, "canaries".
const stream = 0x63616e6172696573

// levels are the percentiles the model reports, with their path names.
var levels = []struct {
	name string
	q    float64
}{{"p50", 0.50}, {"p99", 0.99}}

// Params are the model's inputs.
type Params struct {
	// Leaves is the number of leaves a request fans out to.
	Leaves int `yaml:"leaves" unit:"server"`
	// Canaries is the number of leaves tried first.
	Canaries int `yaml:"canaries" unit:"server"`
	// P50, P95 and P99 are a leaf's latency percentiles.
	P50 float64 `yaml:"p50" unit:"ms"`
	P95 float64 `yaml:"p95" unit:"ms"`
	P99 float64 `yaml:"p99" unit:"ms"`
	// PCrash is the share of requests that crash the leaves they reach.
	PCrash float64 `yaml:"p_crash"`
	// Requests is the number of simulated requests.
	Requests int `yaml:"requests" unit:"request"`
	// Seed starts the generator.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns 1 000 leaves, one canary, the Table 1 leaf (1, 5,
// 10 ms), one request in a million crashing leaves, 2 000 requests.
func DefaultParams() Params {
	return Params{Leaves: 1000, Canaries: 1, P50: 1, P95: 5, P99: 10, PCrash: 1e-6, Requests: 2000, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	if p.Leaves < 2 || p.Leaves > MaxLeaves {
		bad("leaves", "must be between 2 and "+itoa(MaxLeaves)+", got "+itoa(p.Leaves))
	}
	if p.Canaries < 1 || p.Canaries >= p.Leaves {
		bad("canaries", "must be at least 1 and below leaves ("+itoa(p.Leaves)+"), got "+itoa(p.Canaries))
	}
	es = append(es, latency.ParamErrors(p.P50, p.P95, p.P99)...)
	if !(p.PCrash >= 0 && p.PCrash <= 1) {
		bad("p_crash", "must be between 0 and 1, got "+ftoa(p.PCrash))
	}
	if p.Requests < 1 || p.Requests > MaxRequests {
		bad("requests", "must be between 1 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	} else if p.Leaves >= 2 && p.Leaves <= MaxLeaves && p.Requests*p.Leaves > MaxDraws {
		bad("requests", "times leaves must be at most "+itoa(MaxDraws)+", got "+itoa(p.Requests*p.Leaves))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// Run simulates the requests with and without canaries and returns the
// values Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	d, err := latency.Calibrate(p.P50, p.P95, p.P99)
	if err != nil {
		return model.Result{}, err
	}
	rng := rand.New(rand.NewPCG(uint64(p.Seed), stream))
	without := make([]float64, p.Requests)
	with := make([]float64, p.Requests)
	for r := range p.Requests {
		if r%64 == 0 {
			if err := ctx.Err(); err != nil {
				return model.Result{}, err
			}
		}
		var first, rest float64 // the largest uniform among the canaries, among the others
		for l := range p.Leaves {
			u := rng.Float64()
			if l < p.Canaries {
				first = max(first, u)
			} else {
				rest = max(rest, u)
			}
		}
		without[r] = d.Quantile(max(first, rest))
		with[r] = d.Quantile(first) + d.Quantile(rest)
	}
	slices.Sort(without)
	slices.Sort(with)
	var res model.Result
	res.Set("leaves", float64(p.Leaves), "server")
	res.Set("canaries", float64(p.Canaries), "server")
	for _, l := range levels {
		res.Set("without."+l.name, latency.Percentile(without, l.q), "ms")
		res.Set("with."+l.name, latency.Percentile(with, l.q), "ms")
		res.Set("added."+l.name, latency.Percentile(with, l.q)-latency.Percentile(without, l.q), "ms")
	}
	res.Set("crashed.without", float64(p.Leaves), "server")
	res.Set("crashed.with", float64(p.Canaries), "server")
	res.Set("crashed_per_million.without", 1e6*p.PCrash*float64(p.Leaves), "server")
	res.Set("crashed_per_million.with", 1e6*p.PCrash*float64(p.Canaries), "server")
	return res, nil
}
