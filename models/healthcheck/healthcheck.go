// Package healthcheck measures the two ends of the tail one health-check
// timeout leaves on the course's subjects: a loose timeout keeps degraded
// subjects in the pool, a tight one removes healthy slow subjects and piles
// their load on the rest, and no single timeout closes both ends.
//
// # Model
//
// The subjects and connections are the layer model's (layer.Subjects,
// layer.Connections, same seeds). A subject's response time is its normal
// latency, or latency × slowdown when it is degraded: slower, but still
// answering. One check with timeout T is applied to every subject; a subject
// passes iff its response time <= T. The passing subjects, in subject order,
// share the requests as the layer-7 balancer shares them (layer.Layer7:
// round robin over requests), so each gets ⌊R/k⌋ or ⌈R/k⌉ of the R requests.
// When no subject passes, every request is dropped and counted in dropped;
// no subject then carries load.
//
// The degraded subjects are evenly spaced by number: with n subjects and d
// degraded, they are the subjects ⌊j·n/d⌋ for j = 1..d (for 40 and 5:
// 8, 16, 24, 32, 40). Subject attributes are independent draws, so a fixed
// spacing is an unbiased choice and needs no seed of its own.
//
// # The two ends, for one T
//
// Loose end: the degraded subjects that pass. loose.load is the requests
// they receive. The check's gauge is pass/fail, and these subjects pass, so
// all of them are hidden: loose.hidden = loose.tail.
//
// Tight end: tight.removed is the healthy subjects that fail (normal latency
// > T). Their removal moves load to the survivors. A survivor is pushed over
// capacity by the removal when its load exceeds its capacity now but would
// not if the removed healthy subjects were still in the pool (same T, same
// degraded decisions). The comparison is with that counterfactual, not with
// "nobody removed at all": under equal sharing some subjects are over
// capacity even with every subject in the pool (baseline_overloaded, 16 by
// default), and a degraded subject that fails is removed correctly, so the
// load it sheds is the check doing its job rather than the tight end.
// tight.tail is the removed healthy subjects plus the pushed survivors. The
// removed ones show on the gauge (they fail, though they are healthy); the
// pushed ones pass, so tight.hidden is the number pushed.
//
// overloaded is every passing subject over capacity, whatever the cause:
// it also counts subjects over capacity in the baseline and those pushed
// over by the load a failing degraded subject sheds.
//
// total.tail is the size of the union of both tails (a degraded subject can
// be both in the loose tail and pushed over capacity; it is counted once),
// so it is 0 iff both ends are empty.
//
// # Over many timeouts
//
// A run measures one T; a page sweeps the parameter timeout (sweep:
// {timeout: A..B}) to see the ends move, and reads what the sweep shows
// together from the sweep: the smallest total tail (total.tail.min) and
// where it lies (total.tail.argmin), the first T with an empty tight end
// (tight.tail.argmin), and so on. The run reports the values that say where
// the ends move, which do not depend on T. The loose end is empty iff
// T < min_degraded_latency (the smallest slowed-down response) and holds
// every degraded subject iff T >= max_degraded_latency; tight.removed is 0
// iff T >= max_normal_latency (the largest latency of a healthy subject),
// and then no survivor is pushed either, so the tight end is empty from that
// T on. Both ends can be empty together only when gap = min_degraded_latency
// − max_normal_latency is positive, for the T in [max_normal_latency,
// min_degraded_latency); when min_degraded_latency <= T <
// max_normal_latency both are occupied. loose.tail never shrinks as T grows
// (a degraded subject that passes at some T passes at every larger T) and
// tight.removed never grows; tight.tail can, because the pushed survivors
// can rise, so whether it only falls is a finding of a sweep, not a rule of
// the model. With no degraded subject the loose end is always empty, and
// min_degraded_latency, max_degraded_latency and gap are reported as 0; with
// no healthy subject max_normal_latency is 0.
//
// # Defaults
//
// 40 subjects, 400 connections and the seeds are the layer model's. Five
// degraded subjects (one in eight) keep the loose end a minority, the way
// the source keeps one connection in eight long-lived. A slowdown of 2 is a
// clear degradation (twice the normal response time) but a modest one: a
// fast subject, degraded, still answers sooner than a slow healthy one,
// which is the overlap the source argues from. With the default population
// (degraded latencies 10, 25, 8, 40, 40; slowest healthy 48) the overlap
// holds for every slowdown up to 6 (8 × 6 = 48). The default timeout, 100,
// lies above 49 × 2 = 98, the slowest response any seed can produce at
// slowdown 2, so every subject passes, nobody is removed and the run shares
// the requests exactly as the layer model's layer 7 does: its overloaded
// count is the source's layer-7 figure, 16 of 40. A sweep of 0..100 thus
// runs from nobody passing to everybody passing.
//
// The run reports slowdown and timeout back as values, so that a page can
// cite the degradation and the timeout it measured without typing them.
//
// The draining period the source mentions is not modelled: it is a length of
// time, and the course's connections have no duration or arrival time to
// measure it against.
package healthcheck

import (
	"context"
	"fmt"
	"math"
	"slices"

	"lbcourse/models/layer"
	"lbcourse/models/model"
)

// MaxTimeout bounds the timeout, besides the layer model's
// layer.MaxSubjects and layer.MaxConnections; it lies far above any
// response time (latencies are below 50).
const MaxTimeout = 1_000_000

// Params are the parameters of a run.
type Params struct {
	// Subjects is the population size.
	Subjects int `yaml:"subjects" unit:"subject"`
	// Connections is the number of connections whose requests are shared.
	Connections int `yaml:"connections" unit:"connection"`
	// Seed draws the subjects.
	Seed int64 `yaml:"seed"`
	// ConnSeed draws the connections; nil means Seed + 11, as in the layer
	// model.
	ConnSeed *int64 `yaml:"conn_seed"`
	// Degraded is how many subjects are degraded, 0..Subjects.
	Degraded int `yaml:"degraded" unit:"subject"`
	// Slowdown multiplies a degraded subject's latency; it is greater than 1.
	Slowdown float64 `yaml:"slowdown"`
	// Timeout is the check's timeout T, 0..MaxTimeout, in the latencies'
	// abstract time unit: a subject passes iff it answers within T.
	Timeout int `yaml:"timeout"`
}

// DefaultParams returns the defaults justified in the package comment.
func DefaultParams() Params {
	return Params{Subjects: 40, Connections: 400, Seed: 20260812, Degraded: 5, Slowdown: 2, Timeout: 100}
}

// Validate reports every invalid field: subjects, connections and seeds as
// in the layer model (subjects 1..layer.MaxSubjects, connections
// 0..layer.MaxConnections), degraded in 0..subjects, slowdown finite and
// greater than 1, timeout in 0..MaxTimeout.
func (p Params) Validate() error {
	errs := layer.ValidateSize(p.Subjects, p.Connections)
	add := func(param, format string, a ...any) {
		errs = append(errs, model.ParamError{Param: param, Msg: fmt.Sprintf(format, a...)})
	}
	errs = append(errs, layer.ValidateSeeds(p.Seed, p.ConnSeed)...)
	switch {
	case p.Degraded < 0:
		add("degraded", "must be at least 0 (got %d)", p.Degraded)
	case p.Subjects >= 1 && p.Degraded > p.Subjects:
		add("degraded", "must be at most subjects (%d) (got %d)", p.Subjects, p.Degraded)
	}
	if math.IsNaN(p.Slowdown) || math.IsInf(p.Slowdown, 0) || p.Slowdown <= 1 {
		add("slowdown", "must be a finite number greater than 1 (got %v)", p.Slowdown)
	}
	switch {
	case p.Timeout < 0:
		add("timeout", "must be at least 0 (got %d)", p.Timeout)
	case p.Timeout > MaxTimeout:
		add("timeout", "must be at most %d (got %d)", MaxTimeout, p.Timeout)
	}
	return errs.Err()
}

// degradedMask marks the d of n subjects that are degraded: indices
// ⌊j·n/d⌋ − 1 for j = 1..d.
func degradedMask(n, d int) []bool {
	m := make([]bool, n)
	for j := 1; j <= d; j++ {
		m[j*n/d-1] = true
	}
	return m
}

// A population is the subjects with their degradation and response times.
type population struct {
	subjects []layer.Subject
	degraded []bool
	response []float64 // latency, times slowdown when degraded
	conns    []layer.Connection
}

// newPopulation draws the population of valid p.
func newPopulation(p Params) *population {
	pop := &population{
		subjects: layer.Subjects(p.Subjects, p.Seed),
		degraded: degradedMask(p.Subjects, p.Degraded),
		response: make([]float64, p.Subjects),
		conns:    layer.Connections(p.Connections, layer.ConnSeed(p.Seed, p.ConnSeed)),
	}
	for i, s := range pop.subjects {
		pop.response[i] = float64(s.Latency)
		if pop.degraded[i] {
			pop.response[i] *= p.Slowdown
		}
	}
	return pop
}

// An outcome is what one timeout does to the population.
type outcome struct {
	passing, dropped, overloaded int
	looseTail, looseLoad         int
	removed, pushed, tightTail   int
	totalTail                    int
}

// evaluate applies one check with timeout t.
func (pop *population) evaluate(t float64) outcome {
	var o outcome
	var pass, kept []layer.Subject // passing; passing plus removed healthy
	var passIdx, keptPos []int     // subject index of pass[i]; position of pass[i] in kept
	for i, s := range pop.subjects {
		ok := pop.response[i] <= t
		if !ok && !pop.degraded[i] {
			o.removed++
		}
		if ok || !pop.degraded[i] {
			if ok {
				pass = append(pass, s)
				passIdx = append(passIdx, i)
				keptPos = append(keptPos, len(kept))
			}
			kept = append(kept, s)
		}
	}
	o.passing = len(pass)
	load, dropped := layer.Layer7(pop.conns, pass)
	o.dropped = dropped
	var without []int // loads had the removed healthy subjects stayed
	if o.removed > 0 {
		without, _ = layer.Layer7(pop.conns, kept)
	}
	for k, i := range passIdx {
		s := pop.subjects[i]
		loose := pop.degraded[i]
		pushed := without != nil && load[k] > s.Capacity && without[keptPos[k]] <= s.Capacity
		if loose {
			o.looseTail++
			o.looseLoad += load[k]
		}
		if load[k] > s.Capacity {
			o.overloaded++
		}
		if pushed {
			o.pushed++
		}
		if loose || pushed {
			o.totalTail++
		}
	}
	o.tightTail = o.removed + o.pushed
	o.totalTail += o.removed
	return o
}

// Run applies the check with p.Timeout to the population and returns the
// values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	pop := newPopulation(p)
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	o := pop.evaluate(float64(p.Timeout))
	var r model.Result
	setPopulation(&r, p, pop)
	setOutcome(&r, o)
	addSeries(&r, pop)
	return r, nil
}

// responses returns the slowest healthy response and the fastest and
// slowest degraded ones, 0 for none.
func (pop *population) responses() (maxNormal, minDegraded, maxDegraded float64) {
	for i := range pop.subjects { // responses are positive: 0 means none seen
		if !pop.degraded[i] {
			maxNormal = max(maxNormal, pop.response[i])
			continue
		}
		if minDegraded == 0 || pop.response[i] < minDegraded {
			minDegraded = pop.response[i]
		}
		maxDegraded = max(maxDegraded, pop.response[i])
	}
	return maxNormal, minDegraded, maxDegraded
}

// baselineOverloaded counts the subjects over capacity with every subject
// in the pool.
func (pop *population) baselineOverloaded() int {
	baseLoad, _ := layer.Layer7(pop.conns, pop.subjects)
	baseOver := 0
	for i, s := range pop.subjects {
		if baseLoad[i] > s.Capacity {
			baseOver++
		}
	}
	return baseOver
}

// setPopulation sets the values that describe the population and the
// parameters, the same for every timeout.
func setPopulation(r *model.Result, p Params, pop *population) {
	maxNormal, minDegraded, maxDegraded := pop.responses()
	r.Set("subjects", float64(p.Subjects), "subject")
	r.Set("requests", float64(layer.TotalRequests(pop.conns)), "request")
	r.Set("degraded_count", float64(p.Degraded), "subject")
	r.Set("slowdown", p.Slowdown, "")
	r.Set("timeout", float64(p.Timeout), "")
	r.Set("max_normal_latency", maxNormal, "")
	r.Set("min_degraded_latency", minDegraded, "")
	r.Set("max_degraded_latency", maxDegraded, "")
	r.Set("gap", max(0, minDegraded-maxNormal), "")
	r.Set("baseline_overloaded", float64(pop.baselineOverloaded()), "subject")
}

// setOutcome sets the values of the check at the run's timeout.
func setOutcome(r *model.Result, o outcome) {
	r.Set("passing", float64(o.passing), "subject")
	r.Set("dropped", float64(o.dropped), "request")
	r.Set("overloaded", float64(o.overloaded), "subject")
	r.Set("loose.tail", float64(o.looseTail), "subject")
	r.Set("loose.load", float64(o.looseLoad), "request")
	r.Set("loose.hidden", float64(o.looseTail), "subject")
	r.Set("tight.tail", float64(o.tightTail), "subject")
	r.Set("tight.removed", float64(o.removed), "subject")
	r.Set("tight.hidden", float64(o.pushed), "subject")
	r.Set("total.tail", float64(o.totalTail), "subject")
}

// addSeries adds the per-subject series (X = subject ID).
func addSeries(r *model.Result, pop *population) {
	n := len(pop.subjects)
	x := make([]float64, n)
	lat := make([]float64, n)
	deg := make([]float64, n)
	for i, s := range pop.subjects {
		x[i] = float64(s.ID)
		lat[i] = float64(s.Latency)
		if pop.degraded[i] {
			deg[i] = 1
		}
	}
	r.AddSeries(model.Series{Name: "latency", X: x, Y: lat})
	r.AddSeries(model.Series{Name: "response", X: slices.Clone(x), Y: slices.Clone(pop.response)})
	r.AddSeries(model.Series{Name: "degraded", X: slices.Clone(x), Y: deg})
}
