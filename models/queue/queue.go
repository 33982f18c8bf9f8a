// Package queue compares the round-robin and least-connections balancing
// rules on a turn-based queue model (the course's alg/kuyruk.mjs).
//
// Requests arrive one at a time at a fixed interval. Each replica is a single
// first-in first-out server; a request's cost comes from a fixed-seed linear
// congruential generator, and a replica's slowdown multiplies the cost of every
// request it serves. Both rules see the same cost sequence. Times are abstract
// turns, not measured durations.
//
// The arithmetic follows the JavaScript program exactly: every quantity is a
// float64, and products that feed a sum are rounded on their own (an explicit
// float64 conversion) so that no platform fuses them into a multiply-add.
package queue

import (
	"context"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/stat"

	"lbcourse/models/model"
)

// Limits on the size of a run; they keep the per-replica series in memory.
const (
	MaxReplicas = 100
	MaxRequests = 100_000
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
}

// DefaultParams returns the source document's values: 3 equal replicas, 300
// requests arriving every 2 turns, seed 20240730.
func DefaultParams() Params {
	return Params{Replicas: 3, Requests: 300, Arrival: 2, Seed: 20240730}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	if p.Replicas < 1 || p.Replicas > MaxReplicas {
		bad("replicas", "must be between 1 and "+strconv.Itoa(MaxReplicas)+", got "+strconv.Itoa(p.Replicas))
	}
	if p.Requests < 1 || p.Requests > MaxRequests {
		bad("requests", "must be between 1 and "+strconv.Itoa(MaxRequests)+", got "+strconv.Itoa(p.Requests))
	}
	if !(p.Arrival > 0) || math.IsInf(p.Arrival, 1) {
		bad("arrival", "must be a finite number greater than 0, got "+formatFloat(p.Arrival))
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
	return es.Err()
}

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// A rule names a balancing rule and picks the replica for request i given the
// number of open requests on each replica.
type rule struct {
	name string
	pick func(i int, open []int) int
}

var rules = []rule{
	{"round_robin", func(i int, open []int) int { return i % len(open) }},
	{"least_connections", firstMin},
}

// firstMin returns the index of the first smallest element of open.
func firstMin(_ int, open []int) int {
	best := 0
	for r, n := range open {
		if n < open[best] {
			best = r
		}
	}
	return best
}

// Costs returns the first n costs, each a whole number of turns in 1..10,
// drawn from the generator s' = (s*1103515245 + 12345) mod 2^31 started at
// seed. As in the JavaScript program the step is done in float64: the product
// exceeds 2^53 and is rounded before the addition and the remainder.
func Costs(seed int64, n int) []float64 {
	s := float64(seed)
	c := make([]float64, n)
	for i := range c {
		s = math.Mod(float64(s*1103515245)+12345, lcgModulus)
		c[i] = float64(1 + (uint32(s)>>8)%10)
	}
	return c
}

// replica is one server's state during a simulation.
type replica struct {
	free float64   // turn at which the replica has served everything placed on it
	work float64   // total turns of service placed on it
	done []float64 // finish turn of each request placed on it, nondecreasing
	next int       // index in done of the first request not yet finished
}

// outcome is what one rule produced.
type outcome struct {
	meanWait float64
	maxQueue int
	finish   float64
	work     []float64
	placed   [][]float64 // placed[r]: wait of each request placed on replica r
	arrivals []float64   // arrival turn of each request
	waits    []float64   // wait of each request
	open     [][]float64 // open[r][i]: requests open on replica r when request i arrives
	total    []float64   // total[i]: sum over replicas of open[r][i]
}

// simulate places every request by rule ru and serves it first come first
// served.
func simulate(ctx context.Context, ru rule, cost, slowdown []float64, arrival float64) (outcome, error) {
	reps := make([]replica, len(slowdown))
	n := len(cost)
	o := outcome{
		arrivals: make([]float64, n),
		waits:    make([]float64, n),
		open:     make([][]float64, len(reps)),
		total:    make([]float64, n),
		placed:   make([][]float64, len(reps)),
	}
	for r := range o.open {
		o.open[r] = make([]float64, n)
	}
	open := make([]int, len(reps))
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
			o.maxQueue = max(o.maxQueue, open[r])
			o.open[r][i] = float64(open[r])
			sum += open[r]
		}
		o.arrivals[i] = t
		o.total[i] = float64(sum)

		target := ru.pick(i, open)
		c := &reps[target]
		start := math.Max(t, c.free)
		wait := start - t
		sumWait += wait
		o.waits[i] = wait
		o.placed[target] = append(o.placed[target], wait)
		service := float64(cost[i] * slowdown[target])
		c.free = start + service
		c.work += service
		c.done = append(c.done, c.free)
	}
	o.meanWait = sumWait / float64(n)
	o.work = make([]float64, len(reps))
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

// Run simulates both rules on the same cost sequence and returns the values
// and series Model declares: the inputs and the offered load, then, for
// each rule in turn, the distribution of its waits, the work and queues of
// each replica, and the queue and wait series.
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
	cost := Costs(p.Seed, p.Requests)
	var res model.Result
	setLoad(&res, p, cost, slowdown)
	for _, ru := range rules {
		o, err := simulate(ctx, ru, cost, slowdown, p.Arrival)
		if err != nil {
			return model.Result{}, err
		}
		setOutcome(&res, ru.name, o, p.Requests)
	}
	return res, nil
}

// setLoad sets the values that do not depend on the rule: the inputs, the
// total work, the utilization and the offered load.
func setLoad(res *model.Result, p Params, cost, slowdown []float64) {
	var totalWork float64
	for _, c := range cost {
		totalWork += c
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

// setOutcome sets the values and series of one rule's outcome o, named
// name.
func setOutcome(res *model.Result, name string, o outcome, requests int) {
	res.Set(name+".mean_wait", o.meanWait, "turn")
	res.Set(name+".max_queue", float64(o.maxQueue), "request")
	res.Set(name+".finish", o.finish, "turn")
	sorted := slices.Clone(o.waits)
	slices.Sort(sorted)
	for _, q := range waitQuantiles {
		res.Set(name+".wait_"+q.name, stat.Quantile(q.p, stat.Empirical, sorted, nil), "turn")
	}
	res.Set(name+".wait_max", sorted[len(sorted)-1], "turn")
	for r, w := range o.work {
		res.Set(name+".work."+strconv.Itoa(r+1), w, "turn")
	}
	mid := (requests - 1) / 2
	for r, y := range o.open {
		rs := strconv.Itoa(r + 1)
		res.Set(name+".queue_mid."+rs, y[mid], "request")
		res.Set(name+".queue_end."+rs, y[len(y)-1], "request")
		res.Set(name+".queue_max."+rs, slices.Max(y), "request")
	}
	for r, w := range o.placed {
		mean := 0.0
		if len(w) > 0 {
			var sum float64
			for _, x := range w {
				sum += x
			}
			mean = sum / float64(len(w))
		}
		res.Set(name+".replica_wait."+strconv.Itoa(r+1), mean, "turn")
	}
	res.AddSeries(model.Series{Name: name + ".queue.total", X: o.arrivals, Y: o.total})
	for r, y := range o.open {
		x := append([]float64(nil), o.arrivals...)
		res.AddSeries(model.Series{Name: name + ".queue." + strconv.Itoa(r+1), X: x, Y: y})
	}
	index := make([]float64, len(o.waits))
	for i := range index {
		index[i] = float64(i)
	}
	res.AddSeries(model.Series{Name: name + ".wait", X: index, Y: o.waits})
}
