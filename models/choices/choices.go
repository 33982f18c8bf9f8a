// Package choices throws balls into bins: the power of d choices
// (Azar, Broder, Karlin and Upfal, "Balanced allocations", 1994;
// Mitzenmacher, "The power of two choices in randomized load balancing",
// 1996).
//
// Each of m balls in turn draws d bins independently and uniformly at
// random, with replacement (the same bin may be drawn twice, as in the
// analyses, whose choices are independent), and goes into the least loaded
// of them, the first drawn among equally loaded ones: since the draws are
// uniform, that is a uniformly random one of the tied bins. With d = 1
// every ball goes into one uniform bin. With m = n the fullest bin holds
// (1 + o(1)) ln n / ln ln n balls for d = 1, and ln ln n / ln d + O(1) for
// d ≥ 2, with high probability: the second choice changes the order of
// growth, each further one only the constant. theory_d1 and theory_d2 are
// those leading terms, which are not exact expectations: at n = 100 000
// one choice gives 7 to 9 where ln n / ln ln n is 4.7 (Gonnet's finer
// Γ⁻¹(n) − 3/2 is 7.9), and two choices 3 or 4 where ln ln n / ln 2 is 3.5;
// they say how the maximum grows with n, and a lesson should compare the
// two runs' maxima, or their growth, rather than a run with its formula.
//
// The bins are drawn with IntN of math/rand/v2 on a PCG generator seeded
// with rand.NewPCG(seed, stream), so a run is the same on every machine
// for a Go release; the generator's cache key includes the release.
package choices

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MinBins  = 3 // ln ln n > 0, so that the theory values are defined
	MaxBins  = 10_000_000
	MaxBalls = 10_000_000
	MaxD     = 8
)

// stream is the second word of the PCG seed, "balls_in".
const stream = 0x62616c6c735f696e

// Params are the model's inputs.
type Params struct {
	// N is the number of bins.
	N int `yaml:"n"`
	// M is the number of balls; unset means n.
	M *int `yaml:"m"`
	// D is the number of bins each ball draws: 1 for one uniform choice,
	// 2 for the power of two choices, up to 8.
	D int `yaml:"d"`
	// Seed starts the generator that draws the bins.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns 100 000 bins, as many balls, two choices, seed 1.
func DefaultParams() Params {
	return Params{N: 100_000, D: 2, Seed: 1}
}

// balls returns m, n when it is unset.
func (p Params) balls() int {
	if p.M == nil {
		return p.N
	}
	return *p.M
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.N < MinBins || p.N > MaxBins {
		bad("n", "must be between "+itoa(MinBins)+" and "+itoa(MaxBins)+", got "+itoa(p.N))
	}
	if p.M != nil && (*p.M < 1 || *p.M > MaxBalls) {
		bad("m", "must be between 1 and "+itoa(MaxBalls)+", got "+itoa(*p.M))
	}
	if p.D < 1 || p.D > MaxD {
		bad("d", "must be between 1 and "+itoa(MaxD)+", got "+itoa(p.D))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// Throw returns the load of each of n bins after m balls, each into the
// least loaded of d bins drawn with replacement from rng.
func Throw(ctx context.Context, n, m, d int, rng *rand.Rand) ([]int32, error) {
	load := make([]int32, n)
	for i := range m {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		best := rng.IntN(n)
		for range d - 1 {
			if b := rng.IntN(n); load[b] < load[best] {
				best = b
			}
		}
		load[best]++
	}
	return load, nil
}

// Theory returns the leading terms of the maximum load with m = n balls:
// ln n / ln ln n for one choice, ln ln n / ln d for d ≥ 2.
func Theory(n, d int) float64 {
	lnn := math.Log(float64(n))
	if d == 1 {
		return lnn / math.Log(lnn)
	}
	return math.Log(lnn) / math.Log(float64(d))
}

// Run throws the balls and returns the values and the series Model
// declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	m := p.balls()
	load, err := Throw(ctx, p.N, m, p.D, rand.New(rand.NewPCG(uint64(p.Seed), stream)))
	if err != nil {
		return model.Result{}, err
	}
	most := int(slices.Max(load))
	count := make([]float64, most+1)
	for _, l := range load {
		count[l]++
	}
	x := make([]float64, most+1)
	for l := range x {
		x[l] = float64(l)
	}
	mean := float64(m) / float64(p.N)
	var res model.Result
	res.Set("n", float64(p.N), "")
	res.Set("m", float64(m), "")
	res.Set("d", float64(p.D), "")
	res.Set("max_load", float64(most), "")
	res.Set("mean_load", mean, "")
	res.Set("empty_bins", count[0], "")
	res.Set("gap", float64(most)-mean, "")
	res.Set("theory_d1", Theory(p.N, 1), "")
	res.Set("theory_d2", Theory(p.N, 2), "")
	res.Set("theory", Theory(p.N, p.D), "")
	res.AddSeries(model.Series{Name: "load_count", X: x, Y: count})
	return res, nil
}
