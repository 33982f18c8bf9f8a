// Package fanout computes how often a request that waits for every one of
// its leaves is slow, when each leaf is slow independently with the same
// small probability (Dean and Barroso, "The Tail at Scale", 2013, Figure
// 1): in closed form, 1 − (1 − p)^n, and by simulating the leaves.
//
// The closed form is computed as −expm1(n·log1p(−p)), which keeps its
// relative precision for tiny p where 1 − (1 − p)^n would cancel. The
// simulation draws each leaf of each request from a PCG generator seeded
// with rand.NewPCG(seed, stream) and stops at a request's first slow leaf;
// its 95% interval is Wilson's score interval, which stays inside [0, 1]
// and is sound for shares near 0.
package fanout

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"

	"lbcourse/models/model"
)

// Limits on the size of a run: the simulation draws at most
// MaxTrials × MaxServers leaves only when no leaf is slow.
const (
	MaxServers = 100_000
	MaxTrials  = 1_000_000
	// MaxDraws bounds trials × servers, the leaves a simulation may draw.
	MaxDraws = 200_000_000
)

// stream is the second word of the PCG seed, "fan_out_".
const stream = 0x66616e5f6f75745f

// Params are the model's inputs.
type Params struct {
	// Servers is the number of leaves a request waits for.
	Servers int `yaml:"servers" unit:"server"`
	// PSlow is the probability that one leaf is slow.
	PSlow float64 `yaml:"p_slow"`
	// Trials is the number of simulated requests; 0 skips the simulation.
	Trials int `yaml:"trials" unit:"request"`
	// Seed starts the generator of the simulation.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns the article's first case: 100 leaves, each slow
// one time in 100, and 20 000 simulated requests.
func DefaultParams() Params {
	return Params{Servers: 100, PSlow: 0.01, Trials: 20_000, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.Servers < 1 || p.Servers > MaxServers {
		bad("servers", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	if !(p.PSlow >= 0 && p.PSlow <= 1) {
		bad("p_slow", "must be between 0 and 1, got "+strconv.FormatFloat(p.PSlow, 'g', -1, 64))
	}
	if p.Trials < 0 || p.Trials > MaxTrials {
		bad("trials", "must be between 0 and "+itoa(MaxTrials)+", got "+itoa(p.Trials))
	} else if p.Servers >= 1 && p.Servers <= MaxServers && p.Trials*p.Servers > MaxDraws {
		bad("trials", "times servers must be at most "+itoa(MaxDraws)+", got "+itoa(p.Trials*p.Servers))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// PAnySlow returns the probability that at least one of n independent
// leaves, each slow with probability p, is slow: 1 − (1 − p)^n.
func PAnySlow(n int, p float64) float64 {
	if p == 1 {
		return 1
	}
	return -math.Expm1(float64(n) * math.Log1p(-p))
}

// Simulate returns how many of trials requests, each over n leaves slow
// independently with probability p, had at least one slow leaf.
func Simulate(ctx context.Context, n, trials int, p float64, rng *rand.Rand) (int, error) {
	slow := 0
	for t := range trials {
		if t%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		for range n {
			if rng.Float64() < p {
				slow++
				break
			}
		}
	}
	return slow, nil
}

// Wilson returns the 95% Wilson score interval of a share of k in n.
func Wilson(k, n int) (lo, hi float64) {
	z := distuv.UnitNormal.Quantile(0.975)
	fn, ph := float64(n), float64(k)/float64(n)
	den := 1 + z*z/fn
	mid := (ph + z*z/(2*fn)) / den
	half := z / den * math.Sqrt(ph*(1-ph)/fn+z*z/(4*fn*fn))
	return max(0, mid-half), min(1, mid+half)
}

// Grid returns the leaf counts the series is drawn at: every count up to
// 100, then 20 a decade evenly spaced on a log scale, rounded, and n
// itself, so that a figure of up to MaxServers leaves stays light.
func Grid(n int) []int {
	var g []int
	for i := 1; i <= min(n, 100); i++ {
		g = append(g, i)
	}
	for k := 1; ; k++ {
		v := int(math.Round(100 * math.Pow(10, float64(k)/20)))
		if float64(v)*1.05 >= float64(n) {
			break // n itself ends the grid
		}
		if v > g[len(g)-1] {
			g = append(g, v)
		}
	}
	if g[len(g)-1] != n {
		g = append(g, n)
	}
	return g
}

// Run computes the closed form and simulates the requests, returning the
// values and the series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	var res model.Result
	res.Set("servers", float64(p.Servers), "server")
	res.Set("p_slow", p.PSlow, "")
	res.Set("p_any_slow", PAnySlow(p.Servers, p.PSlow), "")
	res.Set("slow_per_request", float64(p.Servers)*p.PSlow, "")
	if p.Trials > 0 {
		k, err := Simulate(ctx, p.Servers, p.Trials, p.PSlow, rand.New(rand.NewPCG(uint64(p.Seed), stream)))
		if err != nil {
			return model.Result{}, err
		}
		lo, hi := Wilson(k, p.Trials)
		res.Set("mc.trials", float64(p.Trials), "request")
		res.Set("mc.p_any_slow", float64(k)/float64(p.Trials), "")
		res.Set("mc.ci95_lo", lo, "")
		res.Set("mc.ci95_hi", hi, "")
	}
	var x, y []float64
	for _, n := range Grid(p.Servers) {
		x = append(x, float64(n))
		y = append(y, PAnySlow(n, p.PSlow))
	}
	res.AddSeries(model.Series{Name: "p_any_slow", X: x, Y: y})
	return res, nil
}
