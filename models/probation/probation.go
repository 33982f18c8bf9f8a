// Package probation models latency-induced probation (Dean and Barroso,
// "The Tail at Scale", 2013): a root that fans every request out to its
// leaves takes a leaf that answers slowly out of the fan-out, keeps
// sending it shadow requests to watch it, and takes it back once it is
// fast again.
//
// Each leaf's latency is drawn independently from latency.Dist calibrated
// to three percentiles; during an episode (requests From to To − 1) the
// first Slow leaves answer Factor times slower, as a machine does while a
// neighbour's job interferes. A leaf goes on probation after Strikes
// answers in a row slower than Threshold and comes back after Strikes
// answers in a row within it (answers to shadow requests count). A request
// waits for every leaf not on probation; a leaf on probation costs the
// answer its share of the index. Without probation every request waits
// for every leaf. Both policies see the same draws, from a PCG generator
// seeded with rand.NewPCG(seed, stream).
package probation

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
	MaxLeaves   = 10_000
	MaxRequests = 100_000
	MaxDraws    = 50_000_000
)

// stream is the second word of the PCG seed, "probatio".
const stream = 0x70726f626174696f

// levels are the percentiles the model reports, with their path names.
var levels = []struct {
	name string
	q    float64
}{{"p50", 0.50}, {"p99", 0.99}}

// Params are the model's inputs.
type Params struct {
	// Leaves is the number of leaves each request fans out to.
	Leaves int `yaml:"leaves" unit:"server"`
	// P50, P95 and P99 are a healthy leaf's latency percentiles.
	P50 float64 `yaml:"p50" unit:"ms"`
	P95 float64 `yaml:"p95" unit:"ms"`
	P99 float64 `yaml:"p99" unit:"ms"`
	// Slow is the number of leaves slowed down during the episode.
	Slow int `yaml:"slow" unit:"server"`
	// Factor multiplies a slowed leaf's latency.
	Factor float64 `yaml:"factor"`
	// From and To bound the episode: requests From … To − 1.
	From int `yaml:"from" unit:"request"`
	To   int `yaml:"to" unit:"request"`
	// Threshold is the latency above which an answer is a strike.
	Threshold float64 `yaml:"threshold" unit:"ms"`
	// Strikes is the number of answers in a row that put a leaf on
	// probation, and that take it back.
	Strikes int `yaml:"strikes"`
	// Requests is the number of requests.
	Requests int `yaml:"requests" unit:"request"`
	// Seed starts the generator.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns 100 leaves with the Table 1 leaf (1, 5, 10 ms),
// one of them 50 times slower from request 1 000 to 2 999 of 4 000, and
// probation after 3 answers in a row above 20 ms.
func DefaultParams() Params {
	return Params{Leaves: 100, P50: 1, P95: 5, P99: 10, Slow: 1, Factor: 50, From: 1000, To: 3000,
		Threshold: 20, Strikes: 3, Requests: 4000, Seed: 1}
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
	if p.Slow < 0 || p.Slow > p.Leaves {
		bad("slow", "must be between 0 and leaves ("+itoa(p.Leaves)+"), got "+itoa(p.Slow))
	}
	if !(p.Factor >= 1 && p.Factor <= 1e6) {
		bad("factor", "must be between 1 and 1e6, got "+ftoa(p.Factor))
	}
	if p.Requests < 1 || p.Requests > MaxRequests {
		bad("requests", "must be between 1 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	} else if p.Leaves >= 1 && p.Leaves <= MaxLeaves && p.Requests*p.Leaves > MaxDraws {
		bad("requests", "times leaves must be at most "+itoa(MaxDraws)+", got "+itoa(p.Requests*p.Leaves))
	}
	if p.From < 0 || p.From > p.Requests {
		bad("from", "must be between 0 and requests ("+itoa(p.Requests)+"), got "+itoa(p.From))
	}
	if p.To < p.From || p.To > p.Requests {
		bad("to", "must be between from ("+itoa(p.From)+") and requests ("+itoa(p.Requests)+"), got "+itoa(p.To))
	}
	if !(p.Threshold > 0) || math.IsInf(p.Threshold, 0) {
		bad("threshold", "must be positive and finite, got "+ftoa(p.Threshold))
	}
	if p.Strikes < 1 || p.Strikes > 1000 {
		bad("strikes", "must be between 1 and 1000, got "+itoa(p.Strikes))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// Run simulates the requests with and without probation and returns the
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
	var (
		without   = make([]float64, p.Requests)
		with      = make([]float64, p.Requests)
		onProb    = make([]bool, p.Leaves)
		run       = make([]int, p.Leaves) // strikes (off probation) or clean answers (on) in a row
		missing   int                     // leaf answers left out
		healthyIn int                     // probations of leaves outside an episode
		slowIn    int                     // probations of slowed leaves during the episode
		detect    = -1                    // requests from the episode's start to the first slowed leaf's probation
		recover   = -1                    // requests from the episode's end to the last slowed leaf's return
	)
	for r := range p.Requests {
		if r%256 == 0 {
			if err := ctx.Err(); err != nil {
				return model.Result{}, err
			}
		}
		episode := r >= p.From && r < p.To
		var all, kept float64
		for l := range p.Leaves {
			x := d.Quantile(rng.Float64())
			slowed := episode && l < p.Slow
			if slowed {
				x *= p.Factor
			}
			all = max(all, x)
			if onProb[l] {
				missing++
			} else {
				kept = max(kept, x)
			}
			// The answer updates the leaf's record after the request.
			strike := x > p.Threshold
			switch {
			case !onProb[l] && strike:
				run[l]++
				if run[l] >= p.Strikes {
					onProb[l], run[l] = true, 0
					if slowed {
						slowIn++
						if detect < 0 {
							detect = r - p.From + 1
						}
					} else {
						healthyIn++
					}
				}
			case !onProb[l]:
				run[l] = 0
			case !strike:
				run[l]++
				if run[l] >= p.Strikes {
					onProb[l], run[l] = false, 0
					if l < p.Slow && r >= p.To {
						recover = r - p.To + 1
					}
				}
			default:
				run[l] = 0
			}
		}
		without[r], with[r] = all, kept
	}
	slices.Sort(without)
	slices.Sort(with)
	var res model.Result
	res.Set("leaves", float64(p.Leaves), "server")
	res.Set("requests", float64(p.Requests), "request")
	res.Set("factor", p.Factor, "")
	res.Set("strikes", float64(p.Strikes), "")
	res.Set("threshold", p.Threshold, "ms")
	res.Set("threshold_quantile", d.CDF(p.Threshold), "")
	for _, l := range levels {
		res.Set("without."+l.name, latency.Percentile(without, l.q), "ms")
		res.Set("with."+l.name, latency.Percentile(with, l.q), "ms")
	}
	res.Set("missing_share", float64(missing)/float64(p.Requests*p.Leaves), "")
	res.Set("healthy_probations", float64(healthyIn), "")
	res.Set("slow_probations", float64(slowIn), "")
	res.Set("detect_requests", float64(detect), "request")
	res.Set("recover_requests", float64(recover), "request")
	res.Set("healthy_strike_chance", math.Pow(d.Survival(p.Threshold), float64(p.Strikes)), "")
	return res, nil
}
