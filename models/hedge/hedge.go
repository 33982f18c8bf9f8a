// Package hedge models hedged requests (Dean and Barroso, "The Tail at
// Scale", 2013): a request reads keys, each from one of its replicas, and
// waits for all of them; a key whose read has been outstanding longer than
// a delay gets a second copy sent to another replica, and the first answer
// wins.
//
// Each read's latency is drawn independently from latency.Dist calibrated
// to three percentiles: the slowness is the moment's (interference,
// queueing), not the key's, so a second copy's latency is a fresh draw.
// Sending the copy adds no load to the first replica and the loser is not
// cancelled: the extra load is the share of reads that got a copy. A key's
// latency is then min(X₁, d + X₂) when X₁ > d, else X₁, and the request's
// the largest over its keys; its percentiles are computed exactly (the
// key's survival is S(t)·S(t − d) beyond d, solved for by bisection) and
// estimated by simulating requests, each read drawn from a PCG generator
// seeded with rand.NewPCG(seed, stream).
package hedge

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
	MaxKeys     = 100_000
	MaxRequests = 100_000
	// MaxDraws bounds requests × keys, the reads a simulation draws.
	MaxDraws = 50_000_000
	// MaxDelay bounds the hedging delay, in ms.
	MaxDelay = 1e6
)

// stream is the second word of the PCG seed, "hedged_r".
const stream = 0x6865646765645f72

// Published is the article's Bigtable benchmark: reading 1 000 keys spread
// over 100 servers, hedging after 10 ms cut the 99.9th percentile from
// 1 800 ms to 74 ms and sent 2% more requests.
var Published = struct {
	Keys, Servers, After, P999None, P999Hedged, Extra float64
}{1000, 100, 10, 1800, 74, 0.02}

// levels are the percentiles the model reports, with their path names.
var levels = []struct {
	name string
	q    float64
}{{"p50", 0.50}, {"p99", 0.99}, {"p999", 0.999}}

// Params are the model's inputs.
type Params struct {
	// Keys is the number of keys a request reads.
	Keys int `yaml:"keys" unit:"key"`
	// P50, P95 and P99 are one read's latency percentiles.
	P50 float64 `yaml:"p50" unit:"ms"`
	P95 float64 `yaml:"p95" unit:"ms"`
	P99 float64 `yaml:"p99" unit:"ms"`
	// After is how long a read is outstanding before its second copy is
	// sent; 0 sends none.
	After float64 `yaml:"after" unit:"ms"`
	// Requests is the number of simulated requests; 0 skips the simulation.
	Requests int `yaml:"requests" unit:"request"`
	// Seed starts the generator of the simulation.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns the article's benchmark shape: 1 000 keys, a
// second copy after 10 ms, reads with the Table 1 leaf percentiles
// (1, 5, 10 ms), and 2 000 simulated requests.
func DefaultParams() Params {
	return Params{Keys: 1000, P50: 1, P95: 5, P99: 10, After: 10, Requests: 2000, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	if p.Keys < 1 || p.Keys > MaxKeys {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	es = append(es, latency.ParamErrors(p.P50, p.P95, p.P99)...)
	if !(p.After >= 0 && p.After <= MaxDelay) {
		bad("after", "must be between 0 and "+ftoa(MaxDelay)+", got "+ftoa(p.After))
	}
	if p.Requests < 0 || p.Requests > MaxRequests {
		bad("requests", "must be between 0 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	} else if p.Keys >= 1 && p.Keys <= MaxKeys && p.Requests*p.Keys > MaxDraws {
		bad("requests", "times keys must be at most "+itoa(MaxDraws)+", got "+itoa(p.Requests*p.Keys))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// keySurvival returns P(a key's latency > t) with a copy after d (d = 0:
// no copy).
func keySurvival(dist latency.Dist, d, t float64) float64 {
	s := dist.Survival(t)
	if d > 0 && t > d {
		s *= dist.Survival(t - d)
	}
	return s
}

// RequestQuantile returns the q-quantile of the largest of keys
// independent key latencies, hedged after d (0: not hedged): the t at
// which a key's survival equals 1 − q^(1/keys), found by bisection to a
// relative 1e-12.
func RequestQuantile(dist latency.Dist, d float64, keys int, q float64) float64 {
	target := -math.Expm1(math.Log(q) / float64(keys))
	if d == 0 {
		return dist.Upper(target)
	}
	// Hedged latency never exceeds the unhedged one.
	lo, hi := 0.0, dist.Upper(target)
	for hi-lo > 1e-12*hi {
		mid := (lo + hi) / 2
		if keySurvival(dist, d, mid) > target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// sample is one simulated set of requests: the sorted latencies without
// and with hedging (the same first reads), and the copies sent.
type sample struct {
	none, hedged []float64
	copies       int
}

// Simulate draws requests of keys reads each; a read slower than d gets a
// second, independent read started at d.
func Simulate(ctx context.Context, dist latency.Dist, keys, requests int, d float64, rng *rand.Rand) (sample, error) {
	s := sample{none: make([]float64, requests), hedged: make([]float64, requests)}
	hedge := d > 0
	fd := dist.CDF(d)
	for i := range requests {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return sample{}, err
			}
		}
		var umax, fastMax, hedgedMax float64
		for range keys {
			u := rng.Float64()
			umax = max(umax, u)
			if !hedge || u <= fd {
				fastMax = max(fastMax, u) // answered before the copy is due
				continue
			}
			s.copies++
			hedgedMax = max(hedgedMax, min(dist.Quantile(u), d+dist.Quantile(rng.Float64())))
		}
		s.none[i] = dist.Quantile(umax)
		s.hedged[i] = s.none[i]
		if hedge {
			s.hedged[i] = max(dist.Quantile(fastMax), hedgedMax)
		}
	}
	slices.Sort(s.none)
	slices.Sort(s.hedged)
	return s, nil
}

// Run computes the request's percentiles with and without hedging, exactly
// and by simulation, and returns the values Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	dist, err := latency.Calibrate(p.P50, p.P95, p.P99)
	if err != nil {
		return model.Result{}, err
	}
	var res model.Result
	res.Set("keys", float64(p.Keys), "key")
	res.Set("after", p.After, "ms")
	res.Set("published.keys", Published.Keys, "key")
	res.Set("published.servers", Published.Servers, "server")
	res.Set("published.after", Published.After, "ms")
	res.Set("published.none.p999", Published.P999None, "ms")
	res.Set("published.hedged.p999", Published.P999Hedged, "ms")
	res.Set("published.extra", Published.Extra, "")
	res.Set("published.ratio", Published.P999None/Published.P999Hedged, "")
	extra := 0.0
	if p.After > 0 {
		extra = dist.Survival(p.After)
	}
	res.Set("exact.extra", extra, "")
	res.Set("exact.after_quantile", dist.CDF(p.After), "")
	for _, l := range levels {
		res.Set("exact.none."+l.name, RequestQuantile(dist, 0, p.Keys, l.q), "ms")
		res.Set("exact.hedged."+l.name, RequestQuantile(dist, p.After, p.Keys, l.q), "ms")
	}
	res.Set("exact.key_share.p999", -math.Expm1(math.Log(0.999)/float64(p.Keys)), "")
	res.Set("exact.ratio", RequestQuantile(dist, 0, p.Keys, 0.999)/RequestQuantile(dist, p.After, p.Keys, 0.999), "")
	// The same cost as the article: the delay after which the published
	// share of reads is still outstanding.
	same := dist.Upper(Published.Extra)
	res.Set("same_cost.after", same, "ms")
	res.Set("same_cost.hedged.p999", RequestQuantile(dist, same, p.Keys, 0.999), "ms")
	res.Set("same_cost.ratio", RequestQuantile(dist, 0, p.Keys, 0.999)/RequestQuantile(dist, same, p.Keys, 0.999), "")
	if p.Requests > 0 {
		s, err := Simulate(ctx, dist, p.Keys, p.Requests, p.After, rand.New(rand.NewPCG(uint64(p.Seed), stream)))
		if err != nil {
			return model.Result{}, err
		}
		res.Set("sim.extra", float64(s.copies)/float64(p.Keys*p.Requests), "")
		for _, l := range levels {
			res.Set("sim.none."+l.name, latency.Percentile(s.none, l.q), "ms")
			res.Set("sim.hedged."+l.name, latency.Percentile(s.hedged, l.q), "ms")
		}
	}
	return res, nil
}
