// Package queue compares balancing rules on a turn-based queue model (the
// course's alg/kuyruk.mjs, which has the first two).
//
// Requests arrive one at a time at a fixed interval. Each replica is a single
// first-in first-out server; a request's cost comes from a fixed-seed linear
// congruential generator, and a replica's slowdown multiplies the cost of every
// request it serves. Every rule sees the same cost sequence. Times are abstract
// turns, not measured durations.
//
// The rules, each deciding when a request arrives, from the state of the
// replicas at that turn:
//
//   - round_robin: request i goes to replica i mod N (the program's rule).
//   - least_connections: the replica with the fewest open requests, those
//     placed on it and not finished (the program's rule, with tie_break
//     first).
//   - weighted_round_robin: NGINX's smooth weighted round robin with weights
//     proportional to each replica's speed, 1/slowdown (see Weights): every
//     replica's current weight grows by its weight, the largest current
//     weight wins and loses the sum of the weights. It looks at no queue.
//   - least_loaded: the replica with the least work left, the turns of
//     service still to do on it (its busy time ahead, max(free − t, 0)); the
//     new request's own cost is not counted, so an idle slow replica beats a
//     fast one with one turn to go.
//   - least_outstanding: the replica with the least open requests × slowdown,
//     its open requests weighted by how slowly it serves them: the time to
//     drain its queue if every request had the same cost. Least connections
//     counts open requests only, so it treats a replica three times slower
//     as an equal as long as its queue is as short; least_outstanding keeps
//     about a third as many open on it.
//   - two_choices: the power of two choices: two distinct replicas drawn
//     uniformly at random, and the one with fewer open requests.
//
// Every rule that compares replicas (all but round_robin) may find several
// equally good; tie_break says which it takes (see Params.TieBreak). The
// random draws (two_choices' samples, random tie-breaking) come from two PCG
// streams of math/rand/v2 seeded with seed, each started afresh for every
// rule and apart from the cost generator, so every rule sees the same costs,
// two_choices draws the same pairs under any tie_break, and the rules'
// results do not depend on one another.
//
// The arithmetic follows the JavaScript program exactly: every quantity is a
// float64, and products that feed a sum are rounded on their own (an explicit
// float64 conversion) so that no platform fuses them into a multiply-add.
package queue

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"

	"lbcourse/models/model"
)

// Limits on the size of a run. Without series a run keeps one wait per
// request (80 MB at MaxRequests) and the requests open, and its time grows
// with replicas × requests (MaxWork bounds it); with series every rule
// keeps one series per replica, requests long, so the series' limits bound
// them (at MaxReplicaRequests about 50 MB in all).
const (
	MaxReplicas        = 100
	MaxRequests        = 10_000_000
	MaxSeriesRequests  = 100_000     // requests, with series
	MaxReplicaRequests = 1_000_000   // replicas × requests, with series
	MaxWork            = 100_000_000 // replicas × requests, without series: a few seconds a run
)

// lcgModulus bounds the generator's state: a seed must lie in [0, lcgModulus).
const lcgModulus = 2147483648

// Params are the model's inputs.
type Params struct {
	// Replicas is the number of servers.
	Replicas int `yaml:"replicas" unit:"replica"`
	// Requests is the number of requests simulated.
	Requests int `yaml:"requests" unit:"request"`
	// Arrival is the interval between two arrivals, in turns.
	Arrival float64 `yaml:"arrival" unit:"turn"`
	// Seed starts the cost generator.
	Seed int64 `yaml:"seed"`
	// Slowdown holds one cost multiplier per replica; empty means all 1.
	Slowdown []float64 `yaml:"slowdown"`
	// TieBreak picks among equally good replicas: first, rotating or random.
	// With first (the program's behaviour; empty means first) a rule takes
	// the lowest-numbered of them; with rotating, the first of them after
	// the replica it chose for the previous request, cyclically (replica 1
	// first when it has chosen none); with random, one of them uniformly,
	// drawn from a PCG stream seeded with seed and independent of the costs.
	TieBreak string `yaml:"tie_break"`
	// Series says whether Run returns the queue and wait series, one point
	// per request (and per replica); the values are the same without them.
	Series bool `yaml:"series"`
}

// The values of Params.TieBreak.
const (
	TieFirst    = "first"
	TieRotating = "rotating"
	TieRandom   = "random"
)

// TieBreaks lists the values of Params.TieBreak.
var TieBreaks = []string{TieFirst, TieRotating, TieRandom}

// The streams of the PCG generators (rand.NewPCG(seed, stream)) that break
// ties at random and that draw two_choices' pairs.
const (
	tieStream    = 0x746965627265616b // "tiebreak"
	sampleStream = 0x74776f63686f6963 // "twochoic"
)

// DefaultParams returns the source document's values: 3 equal replicas, 300
// requests arriving every 2 turns, seed 20240730, ties to the first replica,
// with series.
func DefaultParams() Params {
	return Params{Replicas: 3, Requests: 300, Arrival: 2, Seed: 20240730, TieBreak: TieFirst, Series: true}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	if p.Replicas < 1 || p.Replicas > MaxReplicas {
		bad("replicas", "must be between 1 and "+strconv.Itoa(MaxReplicas)+", got "+strconv.Itoa(p.Replicas))
	}
	switch {
	case p.Requests < 1 || p.Requests > MaxRequests:
		bad("requests", "must be between 1 and "+strconv.Itoa(MaxRequests)+", got "+strconv.Itoa(p.Requests))
	case p.Series && p.Requests > MaxSeriesRequests:
		bad("requests", "must be at most "+strconv.Itoa(MaxSeriesRequests)+" with series (series: false for more), got "+strconv.Itoa(p.Requests))
	case p.Series && p.Replicas >= 1 && p.Replicas <= MaxReplicas && p.Replicas*p.Requests > MaxReplicaRequests:
		bad("requests", "times replicas must be at most "+strconv.Itoa(MaxReplicaRequests)+" with series (series: false for more), got "+strconv.Itoa(p.Requests)+" × "+strconv.Itoa(p.Replicas))
	case p.Replicas >= 1 && p.Replicas <= MaxReplicas && p.Replicas*p.Requests > MaxWork:
		bad("requests", "times replicas must be at most "+strconv.Itoa(MaxWork)+", got "+strconv.Itoa(p.Requests)+" × "+strconv.Itoa(p.Replicas))
	}
	switch {
	case !(p.Arrival > 0) || math.IsInf(p.Arrival, 1):
		bad("arrival", "must be a finite number greater than 0, got "+formatFloat(p.Arrival))
	case p.Requests >= 1 && math.IsInf(float64(p.Requests-1)*p.Arrival, 1):
		bad("arrival", "times requests must stay a finite number of turns, got "+formatFloat(p.Arrival)+" × "+strconv.Itoa(p.Requests))
	}
	if p.Seed < 0 || p.Seed >= lcgModulus {
		bad("seed", "must be in [0, 2147483648), got "+strconv.FormatInt(p.Seed, 10))
	}
	if len(p.Slowdown) > 0 {
		if len(p.Slowdown) != p.Replicas {
			bad("slowdown", "must have one multiplier per replica ("+strconv.Itoa(p.Replicas)+"), got "+strconv.Itoa(len(p.Slowdown)))
		} else {
			for i, m := range p.Slowdown {
				if !(m > 0) || math.IsInf(m, 1) {
					bad("slowdown", "multiplier of replica "+strconv.Itoa(i+1)+" must be a finite number greater than 0, got "+formatFloat(m))
					break
				}
			}
		}
	}
	if p.TieBreak != "" && !slices.Contains(TieBreaks, p.TieBreak) {
		bad("tie_break", "must be one of "+strings.Join(TieBreaks, ", ")+", got "+strconv.Quote(p.TieBreak))
	}
	return es.Err()
}

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// A rule names a balancing rule. start begins one simulation: it returns
// the rule's pick, which gives the replica request i goes to from the state
// of the replicas when it arrives. seed is Params.Seed, for the rules that
// draw.
type rule struct {
	name  string
	start func(slowdown []float64, seed int64) func(i int, s *state) int
}

// rules lists the rules in the order Run reports them: the program's two
// first, so that their values keep their places.
var rules = []rule{
	{"round_robin", always(func(i int, s *state) int { return i % len(s.open) })},
	{"least_connections", always(func(_ int, s *state) int {
		return s.argmin(func(r int) float64 { return float64(s.open[r]) })
	})},
	{"weighted_round_robin", startWeighted},
	{"least_loaded", always(func(_ int, s *state) int {
		return s.argmin(func(r int) float64 { return s.left[r] })
	})},
	{"least_outstanding", always(func(_ int, s *state) int {
		return s.argmin(func(r int) float64 { return float64(float64(s.open[r]) * s.slowdown[r]) })
	})},
	{"two_choices", startTwoChoices},
}

// always is the start of a rule that keeps no state of its own.
func always(pick func(i int, s *state) int) func([]float64, int64) func(int, *state) int {
	return func([]float64, int64) func(int, *state) int { return pick }
}

// state is what a rule sees when a request arrives.
type state struct {
	open     []int     // open[r]: requests placed on replica r and not finished
	left     []float64 // left[r]: turns of service still to do on replica r
	slowdown []float64 // slowdown[r]: replica r's cost multiplier
	ties     tieBreaker
	cands    []int // scratch for argmin and argmax
}

// argmin returns the replica with the smallest key, ties broken by s.ties.
func (s *state) argmin(key func(r int) float64) int {
	best := key(0)
	s.cands = append(s.cands[:0], 0)
	for r := 1; r < len(s.open); r++ {
		switch k := key(r); {
		case k < best:
			best = k
			s.cands = append(s.cands[:0], r)
		case k == best:
			s.cands = append(s.cands, r)
		}
	}
	return s.ties.pick(s.cands)
}

// A tieBreaker picks one of several equally good replicas (Params.TieBreak).
type tieBreaker struct {
	mode string
	last int        // replica chosen for the previous request, -1 before the first
	rng  *rand.Rand // the random mode's stream
}

// pick returns one of cands, which lists replicas in increasing order. A
// random pick draws only when there is a choice.
func (tb *tieBreaker) pick(cands []int) int {
	if len(cands) == 1 {
		return cands[0]
	}
	switch tb.mode {
	case TieRotating:
		for _, r := range cands {
			if r > tb.last {
				return r
			}
		}
	case TieRandom:
		return cands[tb.rng.IntN(len(cands))]
	}
	return cands[0]
}

// MaxWeightScale bounds the search of Weights for whole weights.
const MaxWeightScale = 10_000

// Weights returns weighted_round_robin's weights: whole numbers
// proportional to each replica's speed, 1/slowdown, so that the smooth
// weighted round robin runs in exact integer arithmetic. They are the
// numbers L/slowdown_r for the least L in 1 … MaxWeightScale that makes
// every one of them a whole number (to within a relative 1e-9, which
// absorbs the decimal slowdowns' binary rounding, as in 27/2.7) no larger
// than 1e9, divided by their greatest common divisor: slowdown [3, 1, 1]
// gives 1, 3, 3, and [1, 2.7, 1, 0.3] gives 27, 10, 27, 90. When there is
// no such L, weight r is round(1e6 × min slowdown / slowdown_r), at least 1:
// the speeds to six figures.
func Weights(slowdown []float64) []int64 {
	w := make([]int64, len(slowdown))
search:
	for l := 1; l <= MaxWeightScale; l++ {
		for r, m := range slowdown {
			x := float64(l) / m
			k := math.Round(x)
			if !(k >= 1 && k <= 1e9) || math.Abs(x-k) > 1e-9*x {
				continue search
			}
			w[r] = int64(k)
		}
		g := w[0]
		for _, v := range w[1:] {
			g = gcd(g, v)
		}
		for r := range w {
			w[r] /= g
		}
		return w
	}
	least := slices.Min(slowdown)
	for r, m := range slowdown {
		w[r] = max(1, int64(math.Round(1e6*(least/m))))
	}
	return w
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// startWeighted begins NGINX's smooth weighted round robin over Weights:
// at each request every replica's current weight (0 at the start) grows by
// its weight; the replica with the largest current weight (ties broken by
// tie_break; with first, the lowest-numbered, as NGINX does) is chosen and
// its current weight falls by the sum of the weights. Over any run each
// replica's count of requests stays within one of its weight's share.
func startWeighted(slowdown []float64, _ int64) func(int, *state) int {
	w := Weights(slowdown)
	var total int64
	for _, v := range w {
		total += v
	}
	cur := make([]int64, len(w))
	return func(_ int, s *state) int {
		for r := range cur {
			cur[r] += w[r]
		}
		best := slices.Max(cur)
		s.cands = s.cands[:0]
		for r, c := range cur {
			if c == best {
				s.cands = append(s.cands, r)
			}
		}
		target := s.ties.pick(s.cands)
		cur[target] -= total
		return target
	}
}

// startTwoChoices begins the power of two choices: for each request two
// distinct replicas a and b, a uniform among all N and b uniform among the
// other N − 1, drawn with IntN from a PCG stream seeded with seed (one
// replica alone is chosen without a draw); the request goes to the one
// with fewer open requests, ties broken by tie_break.
func startTwoChoices(_ []float64, seed int64) func(int, *state) int {
	rng := rand.New(rand.NewPCG(uint64(seed), sampleStream))
	return func(_ int, s *state) int {
		n := len(s.open)
		if n == 1 {
			return 0
		}
		a := rng.IntN(n)
		b := rng.IntN(n - 1)
		if b >= a {
			b++
		}
		lo, hi := min(a, b), max(a, b)
		switch {
		case s.open[lo] < s.open[hi]:
			return lo
		case s.open[hi] < s.open[lo]:
			return hi
		}
		s.cands = append(s.cands[:0], lo, hi)
		return s.ties.pick(s.cands)
	}
}

// Costs returns the first n costs, each a whole number of turns in 1..10,
// drawn from the generator s' = (s*1103515245 + 12345) mod 2^31 started at
// seed. As in the JavaScript program the step is done in float64: the product
// exceeds 2^53 and is rounded before the addition and the remainder. The
// rounded sum is a whole number below 2^63, so its remainder is taken
// exactly in integers (TestCostsMod holds it to math.Mod).
func Costs(seed int64, n int) []float64 {
	cs := newCosts(seed)
	c := make([]float64, n)
	for i := range c {
		c[i] = cs.next()
	}
	return c
}

// costStream yields Costs' sequence one cost at a time, so that a run
// need not keep it.
type costStream struct{ s float64 }

func newCosts(seed int64) costStream { return costStream{s: float64(seed)} }

// next returns the next cost.
func (c *costStream) next() float64 {
	c.s = lcgStep(c.s)
	return float64(1 + (uint32(c.s)>>8)%10)
}

// lcgStep is one step of Costs' generator on a state in [0, 2^31).
func lcgStep(s float64) float64 {
	return float64(uint64(float64(s*1103515245)+12345) & (lcgModulus - 1))
}

// replica is one server's state during a simulation.
type replica struct {
	free float64   // turn at which the replica has served everything placed on it
	work float64   // total turns of service placed on it
	done []float64 // finish turns of its requests from done[next] on, nondecreasing
	next int       // index in done of the first request not yet finished
}

// dropAt is how many finished requests a replica keeps before drop may
// forget them (a variable for the test that turns it off).
var dropAt = 1024

// drop forgets the finished requests once they are most of done, so that
// done holds about the open ones: a run's memory does not grow with its
// length.
func (c *replica) drop() {
	if c.next >= dropAt && 2*c.next >= len(c.done) {
		c.done = append(c.done[:0], c.done[c.next:]...)
		c.next = 0
	}
}

// outcome is what one rule produced.
type outcome struct {
	meanWait float64
	maxQueue int
	finish   float64
	work     []float64
	placed   []int     // placed[r]: requests placed on replica r
	waitSum  []float64 // waitSum[r]: their waits, summed in arrival order
	// queueMid, queueEnd, queueMax: requests open on each replica when the
	// middle request and the last arrive, and the most at any arrival.
	queueMid, queueEnd, queueMax []int
	waits                        []float64 // wait of each request
	series                       *queueSeries
}

// queueSeries are the queue series of one rule (Params.Series).
type queueSeries struct {
	arrivals []float64   // arrival turn of each request
	open     [][]float64 // open[r][i]: requests open on replica r when request i arrives
	total    []float64   // total[i]: sum over replicas of open[r][i]
}

// simulate places every request by rule ru, ties broken as tieBreak says
// (seed seeds the rule's draws), and serves it first come first served,
// request i costing the i-th call of cost, writing each request's wait into
// waits. With withSeries it also keeps
// the queue series, one point per replica and request; without, its
// memory is that of waits and the requests open.
func simulate(ctx context.Context, ru rule, cost func() float64, slowdown []float64, arrival float64, tieBreak string, seed int64, waits []float64, withSeries bool) (outcome, error) {
	nrep, n := len(slowdown), len(waits)
	reps := make([]replica, nrep)
	o := outcome{waits: waits, placed: make([]int, nrep), waitSum: make([]float64, nrep),
		queueMid: make([]int, nrep), queueEnd: make([]int, nrep), queueMax: make([]int, nrep)}
	if withSeries {
		o.series = &queueSeries{arrivals: make([]float64, n), open: make([][]float64, nrep), total: make([]float64, n)}
		for r := range o.series.open {
			o.series.open[r] = make([]float64, n)
		}
	}
	s := &state{
		open:     make([]int, nrep),
		left:     make([]float64, nrep),
		slowdown: slowdown,
		ties:     tieBreaker{mode: tieBreak, last: -1},
		cands:    make([]int, 0, nrep),
	}
	if tieBreak == TieRandom {
		s.ties.rng = rand.New(rand.NewPCG(uint64(seed), tieStream))
	}
	pick := ru.start(slowdown, seed)
	open := s.open
	mid := (n - 1) / 2
	var sumWait float64
	for i := range n {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return outcome{}, err
			}
		}
		t := float64(float64(i) * arrival)
		sum := 0
		for r := range reps {
			c := &reps[r]
			for c.next < len(c.done) && c.done[c.next] <= t {
				c.next++
			}
			open[r] = len(c.done) - c.next
			s.left[r] = 0
			if c.free > t {
				s.left[r] = c.free - t
			}
			o.queueMax[r] = max(o.queueMax[r], open[r])
			sum += open[r]
		}
		if i == mid {
			copy(o.queueMid, open)
		}
		if q := o.series; q != nil {
			q.arrivals[i], q.total[i] = t, float64(sum)
			for r, k := range open {
				q.open[r][i] = float64(k)
			}
		}

		target := pick(i, s)
		s.ties.last = target
		c := &reps[target]
		start := math.Max(t, c.free)
		wait := start - t
		sumWait += wait
		waits[i] = wait
		o.placed[target]++
		o.waitSum[target] += wait
		service := float64(cost() * slowdown[target])
		c.free = start + service
		c.work += service
		c.drop()
		c.done = append(c.done, c.free)
	}
	copy(o.queueEnd, open)
	o.maxQueue = slices.Max(o.queueMax)
	o.meanWait = sumWait / float64(n)
	o.work = make([]float64, nrep)
	o.finish = reps[0].free
	for r, c := range reps {
		o.work[r] = c.work
		o.finish = math.Max(o.finish, c.free)
	}
	return o, nil
}

// waitQuantiles are the quantiles of the wait reported for each rule, as
// <rule>.wait_<name>; gonum's empirical quantile is the smallest wait with
// at least that share of requests at or below it.
var waitQuantiles = []struct {
	name string
	p    float64
}{{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}}

// Run simulates every rule on the same cost sequence and returns the values
// and series Model declares: the inputs and the offered load, then, for
// each rule in turn, the distribution of its waits, the work and queues of
// each replica, and the queue and wait series; after weighted round robin's,
// its weights.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	slowdown := p.Slowdown
	if len(slowdown) == 0 {
		slowdown = make([]float64, p.Replicas)
		for r := range slowdown {
			slowdown[r] = 1
		}
	}
	var res model.Result
	setLoad(&res, p, slowdown)
	tieBreak := p.TieBreak
	if tieBreak == "" {
		tieBreak = TieFirst
	}
	var waits []float64
	for _, ru := range rules {
		if waits == nil || p.Series { // a rule's waits are its wait series
			waits = make([]float64, p.Requests)
		}
		costs := newCosts(p.Seed)
		o, err := simulate(ctx, ru, costs.next, slowdown, p.Arrival, tieBreak, p.Seed, waits, p.Series)
		if err != nil {
			return model.Result{}, err
		}
		setOutcome(&res, ru.name, o)
		if ru.name == "weighted_round_robin" {
			for r, w := range Weights(slowdown) {
				res.Set(ru.name+".weight."+strconv.Itoa(r+1), float64(w), "")
			}
		}
	}
	return res, nil
}

// setLoad sets the values that do not depend on the rule: the inputs, the
// total work, the utilization and the offered load.
func setLoad(res *model.Result, p Params, slowdown []float64) {
	var totalWork float64
	costs := newCosts(p.Seed)
	for range p.Requests {
		totalWork += costs.next()
	}
	res.Set("replicas", float64(p.Replicas), "replica")
	res.Set("requests", float64(p.Requests), "request")
	res.Set("arrival", p.Arrival, "turn")
	for r, m := range slowdown {
		res.Set("slowdown."+strconv.Itoa(r+1), m, "")
	}
	res.Set("total_work", totalWork, "turn")
	res.Set("utilization", totalWork/(float64(p.Requests)*p.Arrival)/float64(p.Replicas), "")
	var speed float64 // work the replicas serve per turn
	for _, m := range slowdown {
		speed += 1 / m
	}
	res.Set("offered_load", totalWork/(float64(p.Requests)*p.Arrival)/speed, "")
}

// setOutcome sets the values of one rule's outcome o, named name, and its
// series when it kept them. Without series o.waits is sorted in place.
func setOutcome(res *model.Result, name string, o outcome) {
	res.Set(name+".mean_wait", o.meanWait, "turn")
	res.Set(name+".max_queue", float64(o.maxQueue), "request")
	res.Set(name+".finish", o.finish, "turn")
	sorted := o.waits
	if o.series != nil {
		sorted = slices.Clone(o.waits)
	}
	slices.Sort(sorted)
	for _, q := range waitQuantiles {
		res.Set(name+".wait_"+q.name, stat.Quantile(q.p, stat.Empirical, sorted, nil), "turn")
	}
	res.Set(name+".wait_max", sorted[len(sorted)-1], "turn")
	for r, w := range o.work {
		res.Set(name+".work."+strconv.Itoa(r+1), w, "turn")
	}
	for r := range o.work {
		rs := strconv.Itoa(r + 1)
		res.Set(name+".queue_mid."+rs, float64(o.queueMid[r]), "request")
		res.Set(name+".queue_end."+rs, float64(o.queueEnd[r]), "request")
		res.Set(name+".queue_max."+rs, float64(o.queueMax[r]), "request")
	}
	for r, k := range o.placed {
		mean := 0.0
		if k > 0 {
			mean = o.waitSum[r] / float64(k)
		}
		res.Set(name+".replica_wait."+strconv.Itoa(r+1), mean, "turn")
	}
	q := o.series
	if q == nil {
		return
	}
	// The queue series share one arrival-times slice (a Result is read,
	// never written, once returned): at 100 replicas it is 100 copies fewer.
	x := q.arrivals[:len(q.arrivals):len(q.arrivals)]
	res.AddSeries(model.Series{Name: name + ".queue.total", X: x, Y: q.total})
	for r, y := range q.open {
		res.AddSeries(model.Series{Name: name + ".queue." + strconv.Itoa(r+1), X: x, Y: y})
	}
	index := make([]float64, len(o.waits))
	for i := range index {
		index[i] = float64(i)
	}
	res.AddSeries(model.Series{Name: name + ".wait", X: index, Y: o.waits})
}
