package layer

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/model"
)

// naiveWeighted is NGINX's smooth weighted round robin step by step: it
// returns the index chosen for each of n requests.
func naiveWeighted(weights []int, n int) []int {
	cur := make([]int, len(weights))
	total := 0
	for _, w := range weights {
		total += w
	}
	seq := make([]int, n)
	for k := range seq {
		best := -1
		for i, w := range weights {
			cur[i] += w
			if best < 0 || cur[i] > cur[best] {
				best = i
			}
		}
		cur[best] -= total
		seq[k] = best
	}
	return seq
}

func subjectsOf(caps ...int) []Subject {
	subs := make([]Subject, len(caps))
	for i, c := range caps {
		subs[i] = Subject{ID: i + 1, Capacity: c}
	}
	return subs
}

// TestWeightedSmall checks hand-worked cases: capacities 1, 2, 3 and six
// requests give loads 1, 2, 3; NGINX's weights 5, 1, 1 give the order
// a a b a c a a, which the loads after each request trace.
func TestWeightedSmall(t *testing.T) {
	load, dropped := LayerWeighted([]Connection{{Requests: 2}, {Requests: 4}}, subjectsOf(1, 2, 3))
	if !reflect.DeepEqual(load, []int{1, 2, 3}) || dropped != 0 {
		t.Errorf("capacities 1,2,3, 6 requests: loads %v dropped %d, want [1 2 3] 0", load, dropped)
	}
	if got := naiveWeighted([]int{5, 1, 1}, 7); !reflect.DeepEqual(got, []int{0, 0, 1, 0, 2, 0, 0}) {
		t.Errorf("naive 5,1,1 order = %v", got)
	}
	subs := subjectsOf(5, 1, 1)
	var order strings.Builder
	prev := []int{0, 0, 0}
	for k := 1; k <= 7; k++ {
		load, _ := LayerWeighted([]Connection{{Requests: k}}, subs)
		for i := range load {
			if load[i] == prev[i]+1 {
				order.WriteByte("abc"[i])
			}
		}
		prev = load
	}
	if got := order.String(); got != "aabacaa" {
		t.Errorf("5,1,1 order = %s, want aabacaa", got)
	}
	if load, dropped := LayerWeighted([]Connection{{Requests: 3}}, subjectsOf(0, 0)); dropped != 3 || load[0]+load[1] != 0 {
		t.Errorf("zero weights: %v, %d dropped; want nothing placed, 3 dropped", load, dropped)
	}
}

// TestWeightedNaive compares the cycle-and-group computation with the
// step-by-step algorithm, also beyond one cycle and with tied weights.
func TestWeightedNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := 1 + rng.IntN(8)
		caps := make([]int, n)
		total := 0
		for i := range caps {
			caps[i] = 1 + rng.IntN(6)
			total += caps[i]
		}
		reqs := rng.IntN(3*total + 2)
		want := make([]int, n)
		for _, i := range naiveWeighted(caps, reqs) {
			want[i]++
		}
		got, _ := LayerWeighted([]Connection{{Requests: reqs}}, subjectsOf(caps...))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("capacities %v, %d requests: loads %v, want %v", caps, reqs, got, want)
		}
	}
}

// TestSeparation checks the threshold test on hand-made gauges.
func TestSeparation(t *testing.T) {
	subs := subjectsOf(10, 10, 10, 10, 10)
	for _, c := range []struct {
		name        string
		gauge, load []int
		want        split
	}{
		// overloaded subjects 3 and 5 have the two largest counts: τ = 4 separates
		{"separable", []int{1, 2, 5, 4, 6}, []int{5, 5, 11, 9, 12}, split{threshold: 4, errors: 0}},
		// overloaded: subject 1 (count 1) and 5 (count 6); healthy 2, 4 (count 2)
		// and 3 (count 5). τ = 0 errs on 2, 3, 4 (3); τ = 1 on 1, 2, 3, 4 (4);
		// τ = 2 on 1, 3 (2); τ = 5 on 1 (1); τ = 6 on 1, 5 (2): best 1 at 5
		{"not separable", []int{1, 2, 5, 2, 6}, []int{11, 5, 5, 5, 12}, split{threshold: 5, errors: 1}},
		// a flat gauge: flag all (τ = 6) errs on the 3 healthy, flag none (τ = 7) on the 2 overloaded
		{"flat", []int{7, 7, 7, 7, 7}, []int{11, 5, 5, 5, 12}, split{threshold: 7, errors: 2}},
		// every subject overloaded: flag all, one below the minimum
		{"all overloaded", []int{3, 4, 3, 4, 5}, []int{11, 11, 11, 11, 11}, split{threshold: 2, errors: 0}},
	} {
		var scratch []int
		if got := separation(c.gauge, c.load, subs, &scratch); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestSeparationDefault pins the reference population: no lever's gauge
// separates the overloaded subjects except the weighted one's, which has
// none; the flat layer-4 gauge can at best flag nobody and miss the 17.
func TestSeparationDefault(t *testing.T) {
	r := run(t, DefaultParams())
	for path, want := range map[string]float64{
		"l4.separable": 0, "l4.best_threshold_errors": 17, "l4.best_threshold": 10,
		"l7.separable": 0, "l7.best_threshold_errors": 16, "l7.best_threshold": 55,
		"l7_pool.separable": 0, "l7_pool.best_threshold_errors": 6, "l7_pool.best_threshold": 35,
		"l7_weighted.separable": 1, "l7_weighted.best_threshold_errors": 0, "l7_weighted.best_threshold": 93,
		"l7_weighted.overloaded": 0, "l7_weighted.overload_units": 0, "l7_weighted.idle_units": 143,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	// The weighted lever against the step-by-step algorithm.
	p := DefaultParams()
	subs := Subjects(p.Subjects, p.Seed)
	caps := make([]int, len(subs))
	for i, s := range subs {
		caps[i] = s.Capacity
	}
	want := make([]float64, len(subs))
	for _, i := range naiveWeighted(caps, TotalRequests(Connections(p.Connections, ConnSeed(p.Seed, nil)))) {
		want[i]++
	}
	if s, _ := r.SeriesNamed("l7_weighted.load"); !reflect.DeepEqual(s.Y, want) {
		t.Errorf("l7_weighted.load = %v, want %v", s.Y, want)
	}
}

// TestByCapacity checks the sorted series on a population built by hand
// and their consistency with the per-subject series for the reference one.
func TestByCapacity(t *testing.T) {
	o := &outcome{subs: subjectsOf(30, 10, 20, 10)}
	o.caps = []int{30, 10, 20, 10}
	o.load4, o.load7, o.loadPool, o.loadW = []int{31, 11, 5, 9}, []int{1, 2, 3, 4}, []int{0, 0, 0, 0}, []int{30, 10, 20, 10}
	var r model.Result
	o.addByCapacity(&r)
	get := func(name string) ([]float64, []float64) {
		s, ok := r.SeriesNamed(name)
		if !ok {
			t.Fatalf("no series %s", name)
		}
		return s.X, s.Y
	}
	for _, c := range []struct {
		name string
		x, y []float64
	}{
		{"by_capacity.subject", []float64{1, 2, 3, 4}, []float64{2, 4, 3, 1}},
		{"by_capacity.capacity", []float64{1, 2, 3, 4}, []float64{10, 10, 20, 30}},
		{"by_capacity.l4.load", []float64{1, 2, 3, 4}, []float64{11, 9, 5, 31}},
		{"by_capacity.l4.overloaded", []float64{1, 4}, []float64{11, 31}},
		{"by_capacity.l7.overloaded", []float64{}, []float64{}},
		{"by_capacity.l7_weighted.load", []float64{1, 2, 3, 4}, []float64{10, 10, 20, 30}},
	} {
		if x, y := get(c.name); !reflect.DeepEqual(x, c.x) || !reflect.DeepEqual(y, c.y) {
			t.Errorf("%s = %v, %v; want %v, %v", c.name, x, y, c.x, c.y)
		}
	}

	r = run(t, DefaultParams())
	subject, _ := r.SeriesNamed("by_capacity.subject")
	capacity, _ := r.SeriesNamed("by_capacity.capacity")
	for _, lv := range []string{"l4", "l7", "l7_pool", "l7_weighted"} {
		load, _ := r.SeriesNamed(lv + ".load")
		sorted, _ := r.SeriesNamed("by_capacity." + lv + ".load")
		over, _ := r.SeriesNamed("by_capacity." + lv + ".overloaded")
		n := 0
		for k, id := range subject.Y {
			if sorted.Y[k] != load.Y[int(id)-1] {
				t.Fatalf("%s: rank %d is subject %v with load %v, want %v", lv, k+1, id, sorted.Y[k], load.Y[int(id)-1])
			}
			if k > 0 && capacity.Y[k] < capacity.Y[k-1] {
				t.Fatalf("capacities not sorted at rank %d", k+1)
			}
			if sorted.Y[k] > capacity.Y[k] {
				if n >= len(over.X) || over.X[n] != float64(k+1) || over.Y[n] != sorted.Y[k] {
					t.Fatalf("%s: overloaded point %d = rank %v, want rank %d", lv, n, over.X, k+1)
				}
				n++
			}
		}
		if float64(n) != modeltest.Value(t, r, lv+".overloaded") || n != len(over.X) {
			t.Errorf("%s: %d overloaded points, %v overloaded", lv, len(over.X), modeltest.Value(t, r, lv+".overloaded"))
		}
	}
}
