// Package layer measures the tail one round-robin load balancer leaves on a
// population of subjects with unequal capacity, for three units of
// distribution: the connection (layer 4), the request (layer 7) and the
// request within a class pool (layer 7 with pools); and, to close the loop,
// a fourth lever, l7_weighted, that deals requests by smooth weighted round
// robin with each subject's capacity as its weight (NGINX's algorithm, see
// weighted.deal). The weighted lever needs to know every capacity: a real
// balancer is told its weights by configuration, it does not measure them.
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
// The threshold separation test asks whether a lever's gauge alone could
// flag exactly the overloaded subjects. The gauge is connections per subject
// for l4 and requests per subject (the load) for l7, l7_pool and
// l7_weighted. A threshold τ flags the subjects whose count is above τ;
// <lever>.best_threshold_errors is the fewest subjects any τ misclassifies
// (overloaded at or below τ plus healthy, load ≤ capacity, above τ),
// <lever>.best_threshold the smallest τ with that many (τ is one of the
// gauge's counts, or one below its smallest count to flag every subject),
// and <lever>.separable is 1 when that fewest is 0, else 0.
//
// by_capacity.* are the per-subject series in capacity order, for figures:
// X is the rank by capacity (1 = smallest, ties by subject number),
// by_capacity.subject the subject at each rank, by_capacity.capacity and
// by_capacity.<lever>.load the capacities and loads, and
// by_capacity.<lever>.overloaded the overloaded subjects only (X their
// rank, Y their load), which is empty when no subject is overloaded.
//
// The old rule, kept so that its numbers do not move (l4.hidden,
// l7.hidden, l7_pool.hidden, l7.above_gauge_min, l7_pool.above_gauge_min),
// calls a subject visible on a gauge when its count stands above the
// gauge's minimum; the separation test above supersedes it.
//
// The layer-4 gauge is the balancer's own counter, connections per subject.
// Under the old rule a subject shows on the gauge only if its count stands
// above the gauge's minimum; under round robin the counts differ by at most one, so this is
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
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

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

// measure summarises load; buf, of len(load), is scratch space.
func measure(load []int, subjects []Subject, buf []float64) loadStats {
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
	for i, v := range load {
		buf[i] = float64(v)
	}
	st.mean, st.sd, st.cv = meanSDCV(buf)
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

// Run draws the subjects and connections and measures the four levers: it
// returns the values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	o := scratch.Get().(*outcome)
	defer scratch.Put(o)
	o.draw(p)
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	o.deal()
	r := model.Result{Values: make([]model.Value, 0, numValues), Series: make([]model.Series, 0, numSeries)}
	o.setPopulation(&r)
	o.setClasses(&r)
	o.setLevers(&r)
	o.setGauges(&r)
	o.setWeighted(&r)
	o.addSeries(&r)
	o.addByCapacity(&r)
	return r, nil
}

// An outcome is a population, its connections and the load each lever
// gives every subject. Its slices are scratch space that Run reuses from
// one run to the next (scratch); nothing in a Result points into them.
type outcome struct {
	subs  []Subject
	conns []Connection
	caps  []int // capacity of each subject
	// per class: subjects, their capacity and the requests addressed to it
	classSubs, classCap, classReq [NumClasses]int

	load4, gauge []int             // layer 4: requests and connections per subject
	load7        []int             // layer 7
	loadPool     []int             // layer 7 with class pools
	loadW        []int             // layer 7, smooth weighted round robin
	weighted     weighted          // scratch for layer7Weighted
	order        []int             // scratch: subjects sorted by gauge or capacity
	poolDropped  int               // requests layer 7 with class pools could not place
	pools        [NumClasses][]int // scratch for layer7Pools
	buf          []float64
}

// scratch holds outcomes between runs, so that replicated runs do not
// allocate their population, connections and loads anew.
var scratch = sync.Pool{New: func() any { return new(outcome) }}

// draw sizes o for p and draws its subjects and connections.
func (o *outcome) draw(p Params) {
	n := p.Subjects
	o.subs = drawSubjects(resize(o.subs, n), p.Seed)
	o.conns = drawConnections(resize(o.conns, p.Connections), ConnSeed(p.Seed, p.ConnSeed))
	o.caps, o.load4, o.gauge = resize(o.caps, n), resize(o.load4, n), resize(o.gauge, n)
	o.load7, o.loadPool, o.loadW = resize(o.load7, n), resize(o.loadPool, n), resize(o.loadW, n)
	o.buf = resize(o.buf, n)
}

// resize returns s with length n, reusing its array when it is large
// enough; the contents are unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// deal runs the three levers on o's subjects and connections.
func (o *outcome) deal() {
	subs, conns := o.subs, o.conns
	o.classSubs, o.classCap, o.classReq = [NumClasses]int{}, [NumClasses]int{}, [NumClasses]int{}
	for i, s := range subs {
		o.caps[i] = s.Capacity
		o.classSubs[s.Class]++
		o.classCap[s.Class] += s.Capacity
	}
	for _, c := range conns {
		o.classReq[c.Class] += c.Requests
	}
	layer4(o.load4, o.gauge, conns, len(subs))
	layer7(o.load7, conns)
	o.poolDropped = layer7Pools(o.loadPool, &o.pools, conns, subs)
	o.weighted.deal(o.loadW, conns, subs) // capacities are at least 20: nothing is dropped
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
	for i, c := range caps {
		o.buf[i] = float64(c)
	}
	meanCap, _, cvCap := meanSDCV(o.buf)
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
		n := &classPaths[c]
		r.Set(n.subjects, float64(o.classSubs[c]), "subject")
		r.Set(n.capacity, float64(o.classCap[c]), "unit")
		r.Set(n.requests, float64(o.classReq[c]), "request")
	}
}

// setLevers sets each lever's load measures, the class-pool lever's
// overloaded subjects per class and dropped requests, and
// l7.below_share.
func (o *outcome) setLevers(r *model.Result) {
	subs, maxCap := o.subs, slices.Max(o.caps)
	for k, load := range [...][]int{o.load4, o.load7, o.loadPool} {
		o.setLever(r, &leverPaths[k], load, maxCap)
	}
	for c := range Class(NumClasses) {
		over := 0
		for i, s := range subs {
			if s.Class == c && o.loadPool[i] > s.Capacity {
				over++
			}
		}
		r.Set(classPaths[c].poolOverloaded, float64(over), "subject")
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

// setLever sets the load measures of one lever.
func (o *outcome) setLever(r *model.Result, n *leverPath, load []int, maxCap int) {
	st := measure(load, o.subs, o.buf)
	r.Set(n.overloaded, float64(st.overloaded), "subject")
	r.Set(n.overloadUnits, float64(st.overloadUnits), "unit")
	r.Set(n.idleUnits, float64(st.idleUnits), "unit")
	r.Set(n.minLoad, float64(st.minLoad), "request")
	r.Set(n.maxLoad, float64(st.maxLoad), "request")
	r.Set(n.zeroLoad, float64(st.zeroLoad), "subject")
	r.Set(n.meanLoad, st.mean, "request")
	r.Set(n.loadSD, st.sd, "request")
	r.Set(n.loadCV, st.cv, "")
	above := 0
	for _, l := range load {
		if l > maxCap {
			above++
		}
	}
	r.Set(n.aboveMaxCapacity, float64(above), "subject")
}

// setWeighted sets the weighted lever's load measures and, for every
// lever, the threshold separation test of its gauge (see separation).
func (o *outcome) setWeighted(r *model.Result) {
	o.setLever(r, &leverPaths[3], o.loadW, slices.Max(o.caps))
	for k, gauge := range [...][]int{o.gauge, o.load7, o.loadPool, o.loadW} {
		load := [...][]int{o.load4, o.load7, o.loadPool, o.loadW}[k]
		sep := separation(gauge, load, o.subs, &o.order)
		n := &leverPaths[k]
		sepable := 0.0
		if sep.errors == 0 {
			sepable = 1
		}
		unit := "request"
		if k == 0 {
			unit = "connection"
		}
		r.Set(n.separable, sepable, "")
		r.Set(n.bestThresholdErrors, float64(sep.errors), "subject")
		r.Set(n.bestThreshold, float64(sep.threshold), unit)
	}
}

// A split is the best threshold on a gauge and the subjects it
// misclassifies.
type split struct{ threshold, errors int }

// separation finds the threshold τ on gauge (one count a subject) that
// misclassifies the fewest subjects when the subjects with gauge > τ are
// flagged as overloaded: errors counts the overloaded subjects (load >
// capacity) at or below τ plus the healthy ones above it. τ is taken among
// the gauge's values and one below its smallest value (flag everyone);
// every other integer τ misclassifies as one of these does. Of the τ with
// the fewest errors it returns the smallest. order is scratch space.
func separation(gauge, load []int, subjects []Subject, order *[]int) split {
	idx := resize(*order, len(gauge))
	*order = idx
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(gauge[a], gauge[b]) })
	healthy := 0
	for i, s := range subjects {
		if load[i] <= s.Capacity {
			healthy++
		}
	}
	errs := healthy // τ below every count: every healthy subject is flagged
	best := split{threshold: gauge[idx[0]] - 1, errors: errs}
	for j := 0; j < len(idx); {
		v := gauge[idx[j]]
		for ; j < len(idx) && gauge[idx[j]] == v; j++ {
			if i := idx[j]; load[i] > subjects[i].Capacity {
				errs++ // no longer flagged, but overloaded
			} else {
				errs--
			}
		}
		if errs < best.errors {
			best = split{threshold: v, errors: errs}
		}
	}
	return best
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
	for k, load := range [...][]int{o.load7, o.loadPool} {
		hidden, above := requestGauge(load, o.subs)
		r.Set(leverPaths[k+1].hidden, float64(hidden), "subject")
		r.Set(leverPaths[k+1].aboveGaugeMin, float64(above), "subject")
	}
}

// addSeries adds the per-subject series (X = subject number, 1-based) and
// the per-class ones (X = 0, 1, 2, labelled with the class names).
func (o *outcome) addSeries(r *model.Result) {
	subs := o.subs
	n := len(subs)
	slab := make([]float64, 9*n) // x and the eight per-subject series, one allocation
	col := func(k int) []float64 { return slab[k*n : (k+1)*n : (k+1)*n] }
	x, capacity, lat, spec, class := col(0), col(1), col(2), col(3), col(4)
	for i, s := range subs {
		x[i] = float64(i + 1)
		capacity[i] = float64(s.Capacity)
		lat[i] = float64(s.Latency)
		if s.Special {
			spec[i] = 1
		}
		class[i] = float64(s.Class)
	}
	loads := [...][]float64{col(5), col(6), col(7), col(8)}
	for k, load := range [...][]int{o.load4, o.load7, o.loadPool, o.gauge} {
		for i, v := range load {
			loads[k][i] = float64(v)
		}
	}
	r.AddSeries(model.Series{Name: "capacity", X: x, Y: capacity})
	r.AddSeries(model.Series{Name: "latency", X: x, Y: lat})
	r.AddSeries(model.Series{Name: "special", X: x, Y: spec})
	r.AddSeries(model.Series{Name: "class", X: x, Y: class})
	r.AddSeries(model.Series{Name: "l4.load", X: x, Y: loads[0]})
	r.AddSeries(model.Series{Name: "l7.load", X: x, Y: loads[1]})
	r.AddSeries(model.Series{Name: "l7_pool.load", X: x, Y: loads[2]})
	r.AddSeries(model.Series{Name: "l4.gauge", X: x, Y: loads[3]})

	cx := []float64{0, 1, 2}
	labels := []string{Interactive.String(), Batch.String(), Backup.String()}
	r.AddSeries(model.Series{Name: "class.capacity", X: cx, Y: floats(o.classCap[:]), Labels: labels})
	r.AddSeries(model.Series{Name: "class.requests", X: cx, Y: floats(o.classReq[:]), Labels: slices.Clone(labels)})
	r.AddSeries(model.Series{Name: "l7_weighted.load", X: slices.Clone(x), Y: floats(o.loadW)})
}

// addByCapacity adds the series in capacity order: X is the rank by
// capacity (1 = smallest, ties by subject number), by_capacity.subject the
// subject number at each rank, by_capacity.capacity the capacities,
// by_capacity.<lever>.load each lever's loads and by_capacity.<lever>.overloaded
// the overloaded subjects only (X their rank, Y their load); and the values
// by_capacity.<lever>.smallest_load and .largest_load (the loads at rank 1
// and at the last rank) and .top_overloaded_rank (the highest rank of an
// overloaded subject, 0 when none).
func (o *outcome) addByCapacity(r *model.Result) {
	n := len(o.subs)
	idx := resize(o.order, n)
	o.order = idx
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(o.caps[a], o.caps[b]) })
	x, subject, capacity := make([]float64, n), make([]float64, n), make([]float64, n)
	for k, i := range idx {
		x[k], subject[k], capacity[k] = float64(k+1), float64(i+1), float64(o.caps[i])
	}
	r.AddSeries(model.Series{Name: "by_capacity.subject", X: x, Y: subject})
	r.AddSeries(model.Series{Name: "by_capacity.capacity", X: x, Y: capacity})
	for k, load := range [...][]int{o.load4, o.load7, o.loadPool, o.loadW} {
		y := make([]float64, n)
		var ox, oy []float64
		for j, i := range idx {
			y[j] = float64(load[i])
			if load[i] > o.caps[i] {
				ox, oy = append(ox, x[j]), append(oy, y[j])
			}
		}
		if ox == nil {
			ox, oy = []float64{}, []float64{}
		}
		r.AddSeries(model.Series{Name: leverPaths[k].byCapacityLoad, X: x, Y: y})
		r.AddSeries(model.Series{Name: leverPaths[k].byCapacityOverloaded, X: ox, Y: oy})
		top := 0.0
		if len(ox) > 0 {
			top = ox[len(ox)-1]
		}
		n := &leverPaths[k]
		r.Set(n.smallestLoad, y[0], "request")
		r.Set(n.largestLoad, y[len(y)-1], "request")
		r.Set(n.topOverloadedRank, top, "")
	}
}

// The sizes of a result, so that Run allocates its slices once;
// TestResultSize keeps them exact.
const (
	numValues = 67 + 10 + 4*3 + 4*3
	numSeries = 10 + 1 + 2 + 2*len(leverPaths)
)

// leverPath names the values of one lever (l4, l7, l7_pool), built once.
type leverPath struct {
	overloaded, overloadUnits, idleUnits, minLoad, maxLoad, zeroLoad  string
	meanLoad, loadSD, loadCV, aboveMaxCapacity, hidden, aboveGaugeMin string
	separable, bestThresholdErrors, bestThreshold                     string
	load, byCapacityLoad, byCapacityOverloaded                        string
	smallestLoad, largestLoad, topOverloadedRank                      string
}

func newLeverPath(lever string) leverPath {
	p := func(name string) string { return lever + "." + name }
	return leverPath{
		overloaded: p("overloaded"), overloadUnits: p("overload_units"), idleUnits: p("idle_units"),
		minLoad: p("min_load"), maxLoad: p("max_load"), zeroLoad: p("zero_load"),
		meanLoad: p("mean_load"), loadSD: p("load_sd"), loadCV: p("load_cv"),
		aboveMaxCapacity: p("above_max_capacity"), hidden: p("hidden"), aboveGaugeMin: p("above_gauge_min"),
		separable: p("separable"), bestThresholdErrors: p("best_threshold_errors"), bestThreshold: p("best_threshold"),
		load: p("load"), byCapacityLoad: "by_capacity." + p("load"), byCapacityOverloaded: "by_capacity." + p("overloaded"),
		smallestLoad: "by_capacity." + p("smallest_load"), largestLoad: "by_capacity." + p("largest_load"),
		topOverloadedRank: "by_capacity." + p("top_overloaded_rank"),
	}
}

// leverPaths are the paths of l4, l7, l7_pool and l7_weighted, in that
// order.
var leverPaths = [...]leverPath{newLeverPath("l4"), newLeverPath("l7"), newLeverPath("l7_pool"), newLeverPath("l7_weighted")}

// classPath names the values of one class.
type classPath struct{ subjects, capacity, requests, poolOverloaded string }

var classPaths = func() (p [NumClasses]classPath) {
	for c := range Class(NumClasses) {
		p[c] = classPath{
			subjects:       "class." + c.String() + ".subjects",
			capacity:       "class." + c.String() + ".capacity",
			requests:       "class." + c.String() + ".requests",
			poolOverloaded: "l7_pool.class." + c.String() + ".overloaded",
		}
	}
	return p
}()
