// Package layer measures the tail one round-robin load balancer leaves on a
// population of subjects with unequal capacity, for three units of
// distribution: the connection (layer 4), the request (layer 7) and the
// request within a class pool (layer 7 with pools).
//
// The population and the connections come from the course generator
// (Subjects, Connections), which reproduces the reference program of the
// source document draw for draw; other models reuse it from here.
//
// For each lever, with load the requests a subject receives and capacity the
// requests it can serve at once:
//
//   - overloaded is the number of subjects with load > capacity and
//     overload_units the sum of load − capacity over them;
//   - idle_units is the sum of capacity − load over subjects with load <
//     capacity; the two are never netted against each other;
//   - min_load, max_load and zero_load (subjects with load 0) describe the
//     spread;
//   - mean_load, load_sd and load_cv are the mean, the population standard
//     deviation and sd/mean of the loads (gonum/stat). The population form
//     is used because the subjects are the whole population, not a sample;
//     load_cv is 0 when mean_load is 0 (then every load is 0).
//
// l7.below_share is the number of subjects whose capacity is below the mean
// share, requests / subjects. Layer 7 gives every subject ⌊share⌋ or
// ⌈share⌉ requests, so a subject below the share is overloaded unless its
// capacity is exactly ⌊share⌋ and it receives ⌊share⌋; the count is
// l7.overloaded plus those subjects, and a page can check whether there are
// any.
//
// long_connections is the number of long-lived connections (Connection.Long)
// and long_requests the requests they carry: the share of the work a
// layer-4 balancer cannot see, because it counts each of them as one.
//
// The layer-4 gauge is the balancer's own counter, connections per subject.
// A subject shows on the gauge only if its count stands above the gauge's
// minimum; under round robin the counts differ by at most one, so this is
// the same as standing above the mean count. l4.hidden is the number of
// overloaded subjects (under layer 4) whose count equals the gauge minimum:
// when the gauge is flat (gauge_min == gauge_max) it equals l4.overloaded.
//
// A layer-7 balancer counts requests, so its gauge is the load itself, read
// the same way: a subject shows only if its request count stands above the
// smallest count on the gauge (l7.min_load, or l7_pool.min_load with class
// pools, one gauge over every subject). l7.hidden and l7_pool.hidden are the
// overloaded subjects whose count equals that minimum; l7.above_gauge_min
// and l7_pool.above_gauge_min count every subject above it, overloaded or
// not, since the gauge knows no capacity.
//
// <lever>.above_max_capacity is the number of subjects whose load exceeds
// max_capacity, the largest capacity in the population, and
// l7_pool.class.<class>.overloaded splits l7_pool.overloaded by class.
//
// long_probability (1/LongOneIn), long_min, long_max, short_min and
// short_max echo the generator's constants, so that a page can name the
// draw it describes without typing it.
package layer

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"lbcourse/models/model"
)

// Limits on the size of a run; they keep the population, the connections
// and the per-subject series in memory. The healthcheck model shares them.
const (
	MaxSubjects    = 100_000
	MaxConnections = 10_000_000
)

// Params are the parameters of a run.
type Params struct {
	// Subjects is the population size.
	Subjects int `yaml:"subjects" unit:"subject"`
	// Connections is the number of connections offered to the balancer.
	Connections int `yaml:"connections" unit:"connection"`
	// Seed draws the subjects.
	Seed int64 `yaml:"seed"`
	// ConnSeed draws the connections. Nil means Seed + ConnSeedOffset, so
	// that setting only Seed moves the connection seed along with it, as in
	// the reference program.
	ConnSeed *int64 `yaml:"conn_seed"`
}

// DefaultParams returns the reference program's values: 40 subjects, 400
// connections, seed 20260812 and the connection seed left at seed + 11.
func DefaultParams() Params {
	return Params{Subjects: 40, Connections: 400, Seed: 20260812}
}

// Validate reports every invalid field: subjects must be in
// 1..MaxSubjects, connections in 0..MaxConnections, both seeds at least 0,
// and with conn_seed unset seed + 11 must not overflow int64.
func (p Params) Validate() error {
	errs := ValidateSize(p.Subjects, p.Connections)
	errs = append(errs, ValidateSeeds(p.Seed, p.ConnSeed)...)
	return errs.Err()
}

// ValidateSize checks a population size and a connection count under the
// rules of Params.Validate, for models that draw the same population.
func ValidateSize(subjects, connections int) model.ParamErrors {
	var errs model.ParamErrors
	switch {
	case subjects < 1:
		errs = append(errs, model.ParamError{Param: "subjects", Msg: fmt.Sprintf("must be at least 1 (got %d)", subjects)})
	case subjects > MaxSubjects:
		errs = append(errs, model.ParamError{Param: "subjects", Msg: fmt.Sprintf("must be at most %d (got %d)", MaxSubjects, subjects)})
	}
	switch {
	case connections < 0:
		errs = append(errs, model.ParamError{Param: "connections", Msg: fmt.Sprintf("must be at least 0 (got %d)", connections)})
	case connections > MaxConnections:
		errs = append(errs, model.ParamError{Param: "connections", Msg: fmt.Sprintf("must be at most %d (got %d)", MaxConnections, connections)})
	}
	return errs
}

// ValidateSeeds checks a subject seed and an optional connection seed under
// the rules of Params.Validate, for models that take the same two seeds.
func ValidateSeeds(seed int64, connSeed *int64) model.ParamErrors {
	var errs model.ParamErrors
	switch {
	case seed < 0:
		errs = append(errs, model.ParamError{Param: "seed", Msg: fmt.Sprintf("must be at least 0 (got %d)", seed)})
	case connSeed == nil && seed > math.MaxInt64-ConnSeedOffset:
		errs = append(errs, model.ParamError{Param: "seed", Msg: fmt.Sprintf("must be at most %d when conn_seed is unset (got %d)", int64(math.MaxInt64-ConnSeedOffset), seed)})
	}
	if connSeed != nil && *connSeed < 0 {
		errs = append(errs, model.ParamError{Param: "conn_seed", Msg: fmt.Sprintf("must be at least 0 (got %d)", *connSeed)})
	}
	return errs
}

// loadStats summarises one lever's loads against the subjects' capacities.
type loadStats struct {
	overloaded, overloadUnits, idleUnits int
	minLoad, maxLoad, zeroLoad           int
	mean, sd, cv                         float64
}

func measure(load []int, subjects []Subject) loadStats {
	st := loadStats{minLoad: slices.Min(load), maxLoad: slices.Max(load)}
	for i, s := range subjects {
		switch d := load[i] - s.Capacity; {
		case d > 0:
			st.overloaded++
			st.overloadUnits += d
		case d < 0:
			st.idleUnits -= d
		}
		if load[i] == 0 {
			st.zeroLoad++
		}
	}
	st.mean, st.sd, st.cv = meanSDCV(floats(load))
	return st
}

// meanSDCV returns the mean, population standard deviation and their ratio
// of non-negative x; the ratio is 0 when the mean is 0.
func meanSDCV(x []float64) (mean, sd, cv float64) {
	mean, sd = stat.PopMeanStdDev(x, nil)
	if mean != 0 {
		cv = sd / mean
	}
	return mean, sd, cv
}

func floats(x []int) []float64 {
	f := make([]float64, len(x))
	for i, v := range x {
		f[i] = float64(v)
	}
	return f
}

func indices(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}

// requestGauge reads a layer-7 gauge, requests per subject, the way
// l4.hidden reads the layer-4 one: a subject shows only if its count stands
// above the gauge's minimum. hidden is the number of overloaded subjects at
// the minimum and above the number of subjects, overloaded or not, above it.
func requestGauge(load []int, subjects []Subject) (hidden, above int) {
	gaugeMin := slices.Min(load)
	for i, s := range subjects {
		switch {
		case load[i] > gaugeMin:
			above++
		case load[i] > s.Capacity:
			hidden++
		}
	}
	return hidden, above
}

// Run draws the subjects and connections and measures the three levers: it
// returns the values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	subs := Subjects(p.Subjects, p.Seed)
	conns := Connections(p.Connections, ConnSeed(p.Seed, p.ConnSeed))
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	o := deal(subs, conns)
	var r model.Result
	o.setPopulation(&r)
	o.setClasses(&r)
	o.setLevers(&r)
	o.setGauges(&r)
	o.addSeries(&r)
	return r, nil
}

// An outcome is a population, its connections and the load each lever
// gives every subject.
type outcome struct {
	subs  []Subject
	conns []Connection
	caps  []int // capacity of each subject
	// per class: subjects, their capacity and the requests addressed to it
	classSubs, classCap, classReq [NumClasses]int

	load4, gauge []int // layer 4: requests and connections per subject
	load7        []int // layer 7
	loadPool     []int // layer 7 with class pools
	poolDropped  int   // requests layer 7 with class pools could not place
}

// deal runs the three levers on subs and conns.
func deal(subs []Subject, conns []Connection) *outcome {
	o := &outcome{subs: subs, conns: conns, caps: make([]int, len(subs))}
	for i, s := range subs {
		o.caps[i] = s.Capacity
	}
	for _, s := range subs {
		o.classSubs[s.Class]++
		o.classCap[s.Class] += s.Capacity
	}
	for _, c := range conns {
		o.classReq[c.Class] += c.Requests
	}
	o.load4, o.gauge, _ = Layer4(conns, subs)
	o.load7, _ = Layer7(conns, subs)
	o.loadPool, o.poolDropped = Layer7Pools(conns, subs)
	return o
}

// setPopulation sets the values that describe the population and the
// connections, and the generator's constants.
func (o *outcome) setPopulation(r *model.Result) {
	subs, conns, caps := o.subs, o.conns, o.caps
	total := 0
	for _, c := range caps {
		total += c
	}
	r.Set("subjects", float64(len(subs)), "subject")
	r.Set("connections", float64(len(conns)), "connection")
	r.Set("requests", float64(TotalRequests(conns)), "request")
	longConns, longReqs := 0, 0
	for _, c := range conns {
		if c.Long() {
			longConns++
			longReqs += c.Requests
		}
	}
	r.Set("long_connections", float64(longConns), "connection")
	r.Set("long_requests", float64(longReqs), "request")
	r.Set("long_probability", 1/float64(LongOneIn), "")
	r.Set("long_min", LongMinRequests, "request")
	r.Set("long_max", LongMaxRequests, "request")
	r.Set("short_min", ShortMinRequests, "request")
	r.Set("short_max", ShortMaxRequests, "request")
	r.Set("total_capacity", float64(total), "unit")
	r.Set("min_capacity", float64(slices.Min(caps)), "unit")
	r.Set("max_capacity", float64(slices.Max(caps)), "unit")
	meanCap, _, cvCap := meanSDCV(floats(caps))
	r.Set("mean_capacity", meanCap, "unit")
	r.Set("capacity_cv", cvCap, "")
	special := 0
	for _, s := range subs {
		if s.Special {
			special++
		}
	}
	r.Set("special", float64(special), "subject")
}

// setClasses sets the subjects, capacity and requests of each class.
func (o *outcome) setClasses(r *model.Result) {
	for c := range Class(NumClasses) {
		r.Set("class."+c.String()+".subjects", float64(o.classSubs[c]), "subject")
		r.Set("class."+c.String()+".capacity", float64(o.classCap[c]), "unit")
		r.Set("class."+c.String()+".requests", float64(o.classReq[c]), "request")
	}
}

// setLevers sets each lever's load measures, the class-pool lever's
// overloaded subjects per class and dropped requests, and
// l7.below_share.
func (o *outcome) setLevers(r *model.Result) {
	subs, maxCap := o.subs, slices.Max(o.caps)
	for _, lv := range []struct {
		name string
		load []int
	}{{"l4", o.load4}, {"l7", o.load7}, {"l7_pool", o.loadPool}} {
		st := measure(lv.load, subs)
		r.Set(lv.name+".overloaded", float64(st.overloaded), "subject")
		r.Set(lv.name+".overload_units", float64(st.overloadUnits), "unit")
		r.Set(lv.name+".idle_units", float64(st.idleUnits), "unit")
		r.Set(lv.name+".min_load", float64(st.minLoad), "request")
		r.Set(lv.name+".max_load", float64(st.maxLoad), "request")
		r.Set(lv.name+".zero_load", float64(st.zeroLoad), "subject")
		r.Set(lv.name+".mean_load", st.mean, "request")
		r.Set(lv.name+".load_sd", st.sd, "request")
		r.Set(lv.name+".load_cv", st.cv, "")
		above := 0
		for _, l := range lv.load {
			if l > maxCap {
				above++
			}
		}
		r.Set(lv.name+".above_max_capacity", float64(above), "subject")
	}
	for c := range Class(NumClasses) {
		over := 0
		for i, s := range subs {
			if s.Class == c && o.loadPool[i] > s.Capacity {
				over++
			}
		}
		r.Set("l7_pool.class."+c.String()+".overloaded", float64(over), "subject")
	}
	r.Set("l7_pool.dropped", float64(o.poolDropped), "request")
	below, requests := 0, TotalRequests(o.conns)
	for _, s := range subs {
		if s.Capacity*len(subs) < requests {
			below++
		}
	}
	r.Set("l7.below_share", float64(below), "subject")
}

// setGauges sets what each lever's gauge shows and hides.
func (o *outcome) setGauges(r *model.Result) {
	gaugeMin := slices.Min(o.gauge)
	hidden := 0
	for i, s := range o.subs {
		if o.load4[i] > s.Capacity && o.gauge[i] == gaugeMin {
			hidden++
		}
	}
	r.Set("l4.gauge_min", float64(gaugeMin), "connection")
	r.Set("l4.gauge_max", float64(slices.Max(o.gauge)), "connection")
	r.Set("l4.hidden", float64(hidden), "subject")
	for _, lv := range []struct {
		name string
		load []int
	}{{"l7", o.load7}, {"l7_pool", o.loadPool}} {
		hidden, above := requestGauge(lv.load, o.subs)
		r.Set(lv.name+".hidden", float64(hidden), "subject")
		r.Set(lv.name+".above_gauge_min", float64(above), "subject")
	}
}

// addSeries adds the per-subject series (X = subject number, 1-based) and
// the per-class ones (X = 0, 1, 2, labelled with the class names).
func (o *outcome) addSeries(r *model.Result) {
	subs := o.subs
	x := indices(len(subs))
	lat := make([]float64, len(subs))
	spec := make([]float64, len(subs))
	class := make([]float64, len(subs))
	for i, s := range subs {
		lat[i] = float64(s.Latency)
		if s.Special {
			spec[i] = 1
		}
		class[i] = float64(s.Class)
	}
	r.AddSeries(model.Series{Name: "capacity", X: x, Y: floats(o.caps)})
	r.AddSeries(model.Series{Name: "latency", X: x, Y: lat})
	r.AddSeries(model.Series{Name: "special", X: x, Y: spec})
	r.AddSeries(model.Series{Name: "class", X: x, Y: class})
	r.AddSeries(model.Series{Name: "l4.load", X: x, Y: floats(o.load4)})
	r.AddSeries(model.Series{Name: "l7.load", X: x, Y: floats(o.load7)})
	r.AddSeries(model.Series{Name: "l7_pool.load", X: x, Y: floats(o.loadPool)})
	r.AddSeries(model.Series{Name: "l4.gauge", X: x, Y: floats(o.gauge)})

	cx := []float64{0, 1, 2}
	labels := []string{Interactive.String(), Batch.String(), Backup.String()}
	r.AddSeries(model.Series{Name: "class.capacity", X: cx, Y: floats(o.classCap[:]), Labels: labels})
	r.AddSeries(model.Series{Name: "class.requests", X: cx, Y: floats(o.classReq[:]), Labels: slices.Clone(labels)})
}
