package queue

import (
	"context"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// ruleNamed returns the rule called name.
func ruleNamed(t *testing.T, name string) rule {
	t.Helper()
	for _, ru := range rules {
		if ru.name == name {
			return ru
		}
	}
	t.Fatalf("no rule %s", name)
	return rule{}
}

// TestRulesByHand runs each rule on a few requests of fixed cost, worked
// out by hand in the comments.
func TestRulesByHand(t *testing.T) {
	cases := []struct {
		name, rule, tie string
		cost, slowdown  []float64
		arrival         float64
		waits, work     []float64
	}{
		// Arrivals at 0, 1, 2, 3. Least connections: 0 → k1 (free at 10),
		// 1 → k2 (free at 4), 2: one open on each, the tie to k1 (wait 8),
		// 3: k1 has 2 open, k2 1 → k2 (wait 1).
		{"one long against two short", "least_connections", TieFirst,
			[]float64{10, 3, 3, 1}, []float64{1, 1}, 1, []float64{0, 0, 8, 1}, []float64{13, 4}},
		// Least loaded: 2: work left 8 on k1, 2 on k2 → k2 (wait 2, free
		// at 7); 3: left 7 and 4 → k2 (wait 4).
		{"one long against two short", "least_loaded", TieFirst,
			[]float64{10, 3, 3, 1}, []float64{1, 1}, 1, []float64{0, 0, 2, 4}, []float64{10, 7}},
		// k1 twice as slow, every cost 2. Least connections: 0 → k1 (free
		// at 4), 1 → k2 (free at 3), 2: a tie → k1 (wait 2, free at 8),
		// 3: k1 has 2 open, k2 none → k2 (wait 0).
		{"k1 twice as slow", "least_connections", TieFirst,
			[]float64{2, 2, 2, 2}, []float64{2, 1}, 1, []float64{0, 0, 2, 0}, []float64{8, 4}},
		// Least outstanding: 1: 1×2 against 0 → k2; 2: 1×2 against 1×1
		// → k2 (wait 1, free at 5); 3: 1×2 against 1×1 → k2 (wait 2).
		{"k1 twice as slow", "least_outstanding", TieFirst,
			[]float64{2, 2, 2, 2}, []float64{2, 1}, 1, []float64{0, 0, 1, 2}, []float64{4, 6}},
		// Arrivals 10 turns apart find every replica idle: every choice is
		// a tie among all three.
		{"idle, first", "least_connections", TieFirst,
			[]float64{1, 1, 1, 1, 1, 1}, []float64{1, 1, 1}, 10, []float64{0, 0, 0, 0, 0, 0}, []float64{6, 0, 0}},
		{"idle, rotating", "least_connections", TieRotating,
			[]float64{1, 1, 1, 1, 1, 1}, []float64{1, 1, 1}, 10, []float64{0, 0, 0, 0, 0, 0}, []float64{2, 2, 2}},
		{"idle, first", "least_loaded", TieFirst,
			[]float64{1, 2, 3, 4}, []float64{1, 1, 1}, 10, []float64{0, 0, 0, 0}, []float64{10, 0, 0}},
		{"idle, rotating", "least_loaded", TieRotating,
			[]float64{1, 2, 3, 4}, []float64{1, 1, 1}, 10, []float64{0, 0, 0, 0}, []float64{5, 2, 3}},
		{"idle, rotating", "least_outstanding", TieRotating,
			[]float64{1, 2, 3, 4}, []float64{1, 1, 1}, 10, []float64{0, 0, 0, 0}, []float64{5, 2, 3}},
		// Weights 1, 3, 3 (slowdown 3, 1, 1): the smooth order is k2 k3
		// k1 k2 k3 k2 k3, whatever the queues. Costs 1 every 10 turns.
		{"smooth order", "weighted_round_robin", TieFirst,
			[]float64{1, 1, 1, 1, 1, 1, 1}, []float64{3, 1, 1}, 10, []float64{0, 0, 0, 0, 0, 0, 0}, []float64{3, 3, 3}},
		// Rotating ties: 1: cur 1 3 3, k2 and k3 tie, none before → k2;
		// then the same order as first, whose ties all fall after the
		// previous choice.
		{"smooth order", "weighted_round_robin", TieRotating,
			[]float64{1, 1, 1, 1, 1, 1, 1}, []float64{3, 1, 1}, 10, []float64{0, 0, 0, 0, 0, 0, 0}, []float64{3, 3, 3}},
		// The smooth order queues behind nothing: k2 then k3 get costs
		// 4 and 4 at turns 0 and 1, k1 the cost 9 at turn 2 (×3 = 27),
		// k2 at turn 3 waits 1.
		{"weights ignore queues", "weighted_round_robin", TieFirst,
			[]float64{4, 4, 9, 1}, []float64{3, 1, 1}, 1, []float64{0, 0, 0, 1}, []float64{27, 5, 4}},
		// One replica: every rule sends everything there.
		{"one replica", "two_choices", TieRandom,
			[]float64{3, 3, 3}, []float64{1}, 1, []float64{0, 2, 4}, []float64{9}},
		{"one replica", "weighted_round_robin", TieRandom,
			[]float64{3, 3, 3}, []float64{2}, 3, []float64{0, 3, 6}, []float64{18}},
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.name+"/"+c.tie, func(t *testing.T) {
			o, err := simulate(context.Background(), ruleNamed(t, c.rule), costsOf(c.cost), c.slowdown, c.arrival, c.tie, 1, make([]float64, len(c.cost)), true)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(o.waits, c.waits) {
				t.Errorf("waits = %v, want %v", o.waits, c.waits)
			}
			if !slices.Equal(o.work, c.work) {
				t.Errorf("work = %v, want %v", o.work, c.work)
			}
		})
	}
}

// TestWeightedOrder checks the smooth weighted round robin against NGINX's
// own example: weights 5, 1, 1 give a a b a c a a, and 1, 3, 3 the order
// of TestRulesByHand; every cycle of sum-of-weights picks gives each
// replica its weight's count.
func TestWeightedOrder(t *testing.T) {
	for _, c := range []struct {
		slowdown []float64
		want     []int
	}{
		{[]float64{1, 5, 5}, []int{0, 0, 1, 0, 2, 0, 0}},
		{[]float64{3, 1, 1}, []int{1, 2, 0, 1, 2, 1, 2}},
		{[]float64{1, 1, 1}, []int{0, 1, 2, 0, 1, 2}},
	} {
		s := &state{open: make([]int, len(c.slowdown)), ties: tieBreaker{mode: TieFirst, last: -1}}
		pick := startWeighted(c.slowdown, 0)
		var got []int
		for i := range 3 * len(c.want) {
			r := pick(i, s)
			s.ties.last = r
			got = append(got, r)
		}
		for k := 0; k < len(got); k += len(c.want) {
			if !slices.Equal(got[k:k+len(c.want)], c.want) {
				t.Errorf("slowdown %v: picks %v, want %v repeated", c.slowdown, got, c.want)
				break
			}
		}
	}
}

func TestWeights(t *testing.T) {
	for _, c := range []struct {
		slowdown []float64
		want     []int64
	}{
		{[]float64{1, 1, 1}, []int64{1, 1, 1}},
		{[]float64{3, 1, 1}, []int64{1, 3, 3}},
		{[]float64{1.5, 1, 1}, []int64{2, 3, 3}},
		{[]float64{0.5, 0.5}, []int64{1, 1}},
		{[]float64{0.25, 1}, []int64{4, 1}},
		{[]float64{1, 2.7, 1, 0.3}, []int64{27, 10, 27, 90}},
		// No L ≤ 10 000 makes L/π whole: the speeds to six figures.
		{[]float64{1, math.Pi}, []int64{1_000_000, 318_310}},
		{[]float64{1e-12, 1}, []int64{1_000_000, 1}},
	} {
		if got := Weights(c.slowdown); !slices.Equal(got, c.want) {
			t.Errorf("Weights(%v) = %v, want %v", c.slowdown, got, c.want)
		}
	}
	p := DefaultParams()
	p.Slowdown = []float64{1.5, 1, 1}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{2, 3, 3} {
		path := "weighted_round_robin.weight." + strconv.Itoa(i+1)
		if got := modeltest.Value(t, r, path); got != w {
			t.Errorf("%s = %v, want %v", path, got, w)
		}
	}
}

// TestTwoChoicesPairs feeds two_choices fixed queues, one replica's empty,
// another's the longest: it picks the better of two distinct replicas drawn
// uniformly, so never the longest queue, and the empty one whenever it is
// drawn, in 2 of N draws.
func TestTwoChoicesPairs(t *testing.T) {
	for _, c := range []struct {
		open          []int
		empty, unused int
	}{{[]int{0, 5, 10}, 0, 2}, {[]int{10, 5, 0}, 2, 0}, {[]int{5, 0, 10, 5}, 1, 2}} {
		s := &state{open: c.open, ties: tieBreaker{mode: TieFirst, last: -1}}
		pick := startTwoChoices(nil, 42)
		const n = 30_000
		count := make([]int, len(c.open))
		for i := range n {
			count[pick(i, s)]++
		}
		if count[c.unused] != 0 {
			t.Errorf("%v: the longest queue chosen %d times", c.open, count[c.unused])
		}
		want := 2 / float64(len(c.open)) // the share of pairs that hold it
		if share := float64(count[c.empty]) / n; math.Abs(share-want) > 0.02 {
			t.Errorf("%v: the empty queue chosen in a share %v of the draws, want %v", c.open, share, want)
		}
	}
}

// TestTwoChoicesOfTwo: with two replicas the two choices are both of them,
// so the rule is least connections, under every tie-break.
func TestTwoChoicesOfTwo(t *testing.T) {
	for _, tie := range TieBreaks {
		p := Params{Replicas: 2, Requests: 2000, Arrival: 2.9, Seed: 11, Slowdown: []float64{1, 1.2}, TieBreak: tie}
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{"mean_wait", "wait_p99", "max_queue", "finish", "work.1", "work.2"} {
			if a, b := modeltest.Value(t, r, "two_choices."+out), modeltest.Value(t, r, "least_connections."+out); a != b {
				t.Errorf("%s: two_choices.%s = %v, least_connections.%s = %v", tie, out, a, out, b)
			}
		}
	}
}

// spread returns the largest minus the smallest work of rule.
func spread(t *testing.T, tie, rule string) float64 {
	t.Helper()
	p := DefaultParams()
	p.TieBreak = tie
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var w []float64
	for i := 1; i <= p.Replicas; i++ {
		w = append(w, modeltest.Value(t, r, rule+".work."+strconv.Itoa(i)))
	}
	return slices.Max(w) - slices.Min(w)
}

// TestTieBreakBias: on the source's equal replicas least connections'
// uneven split (589, 567, 523) comes from ties going to the first replica;
// rotating and random ties split the work more evenly, more evenly than
// round robin does too.
func TestTieBreakBias(t *testing.T) {
	first := spread(t, TieFirst, "least_connections")
	if first != 589-523 {
		t.Errorf("first: spread %v, want 66", first)
	}
	rr := spread(t, TieFirst, "round_robin")
	for _, tie := range []string{TieRotating, TieRandom} {
		if got := spread(t, tie, "least_connections"); !(got < first/2 && got < rr) {
			t.Errorf("%s: least connections' spread %v, first's %v, round robin's %v", tie, got, first, rr)
		}
	}
}

// TestTieBreakLeavesCosts: the tie-break changes no cost and no rule that
// compares no replicas: the total work and every round-robin value are the
// same under each, and least connections' differ.
func TestTieBreakLeavesCosts(t *testing.T) {
	base, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, tie := range []string{TieRotating, TieRandom, ""} {
		p := DefaultParams()
		p.TieBreak = tie
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Values) != len(base.Values) {
			t.Fatalf("%q: %d values, first gives %d", tie, len(r.Values), len(base.Values))
		}
		lcDiffers := false
		for i, v := range r.Values {
			b := base.Values[i]
			if v.Path != b.Path {
				t.Fatalf("%q: value %d is %s, first gives %s", tie, i, v.Path, b.Path)
			}
			switch {
			case v.Path == "total_work" || v.Path == "offered_load" || len(v.Path) > 12 && v.Path[:12] == "round_robin.":
				if v.V != b.V {
					t.Errorf("%q: %s = %v, first gives %v", tie, v.Path, v.V, b.V)
				}
			case v.Path == "least_connections.mean_wait":
				lcDiffers = v.V != b.V
			}
		}
		if lcDiffers != (tie != "") {
			t.Errorf("%q: least_connections.mean_wait differs from first's: %v", tie, lcDiffers)
		}
	}
}

// TestDefaultOutputsKept pins the order of the values: the source's
// rules' come first, where they were before the other rules were added
// after them (TestPrintedTable pins their figures).
func TestDefaultOutputsKept(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, v := range r.Values {
		paths = append(paths, v.Path)
	}
	want := []string{"replicas", "requests", "arrival", "slowdown.1", "slowdown.2", "slowdown.3",
		"total_work", "utilization", "offered_load", "round_robin.mean_wait"}
	if !slices.Equal(paths[:len(want)], want) {
		t.Errorf("first values %v, want %v", paths[:len(want)], want)
	}
	perRule := (len(paths) - 9 - 3) / len(rules) // 3: weighted round robin's weights
	if got := paths[9+2*perRule]; got != "weighted_round_robin.mean_wait" {
		t.Errorf("value after the program's two rules: %s", got)
	}
}

// TestEveryRuleConsistent checks each rule's values against its series:
// with equal replicas the work adds up to total_work, the per-replica
// queues add up to the total, and the mean of the wait series is
// mean_wait.
func TestEveryRuleConsistent(t *testing.T) {
	for _, tie := range TieBreaks {
		for _, sd := range [][]float64{nil, {3, 1, 1}} {
			p := DefaultParams()
			p.TieBreak, p.Slowdown = tie, sd
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			for _, ru := range rules {
				total, _ := r.SeriesNamed(ru.name + ".queue.total")
				sum := make([]float64, p.Requests)
				work := 0.0
				for rep := 1; rep <= p.Replicas; rep++ {
					s, ok := r.SeriesNamed(ru.name + ".queue." + strconv.Itoa(rep))
					if !ok {
						t.Fatalf("no series %s.queue.%d", ru.name, rep)
					}
					for i, y := range s.Y {
						sum[i] += y
					}
					work += modeltest.Value(t, r, ru.name+".work."+strconv.Itoa(rep))
				}
				if !reflect.DeepEqual(sum, total.Y) {
					t.Errorf("%s %v %s: per-replica queues do not add up to the total", tie, sd, ru.name)
				}
				if want := modeltest.Value(t, r, "total_work"); sd == nil && work != want {
					t.Errorf("%s %s: work sums to %v, want %v", tie, ru.name, work, want)
				}
				w, _ := r.SeriesNamed(ru.name + ".wait")
				var sw float64
				for _, y := range w.Y {
					sw += y
				}
				if got := sw / float64(len(w.Y)); got != modeltest.Value(t, r, ru.name+".mean_wait") {
					t.Errorf("%s %v %s: mean of the wait series %v, mean_wait %v", tie, sd, ru.name, got, modeltest.Value(t, r, ru.name+".mean_wait"))
				}
			}
		}
	}
}

// TestEqualReplicas: with equal replicas least outstanding is least
// connections (the weights are all 1), and weighted round robin with ties
// to the first is round robin.
func TestEqualReplicas(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range r.Values {
		for _, pair := range [][2]string{{"least_outstanding.", "least_connections."}, {"weighted_round_robin.", "round_robin."}} {
			if rest, ok := cutPrefix(v.Path, pair[0]); ok && !startsWith(rest, "weight.") {
				if want := modeltest.Value(t, r, pair[1]+rest); v.V != want {
					t.Errorf("%s = %v, %s%s = %v", v.Path, v.V, pair[1], rest, want)
				}
			}
		}
	}
}

func cutPrefix(s, prefix string) (string, bool) {
	if startsWith(s, prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

func startsWith(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

// TestSlowReplicaRules pins the lesson's slowed run (k1 three times
// slower, offered load 1.199) under the new rules: each of them, knowing
// the speeds or the queues, keeps k1's work near the others'.
func TestSlowReplicaRules(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]float64{
		"weighted_round_robin.work.1": 744, "weighted_round_robin.work.2": 701, "weighted_round_robin.work.3": 730,
		"least_loaded.work.1": 720, "least_loaded.work.2": 721, "least_loaded.work.3": 718,
		"least_outstanding.work.1": 741, "least_outstanding.work.2": 734, "least_outstanding.work.3": 698,
		"two_choices.work.1": 933, "two_choices.work.2": 685, "two_choices.work.3": 683,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	for _, name := range []string{"weighted_round_robin", "least_loaded", "least_outstanding", "two_choices"} {
		if got, rr := modeltest.Value(t, r, name+".mean_wait"), modeltest.Value(t, r, "round_robin.mean_wait"); !(got < rr/2) {
			t.Errorf("%s.mean_wait = %v, round robin's %v", name, got, rr)
		}
	}
}

func TestValidateTieBreak(t *testing.T) {
	for _, c := range []struct{ tie, want string }{
		{"first", ""}, {"rotating", ""}, {"random", ""}, {"", ""},
		{"middle", `parameter tie_break: must be one of first, rotating, random, got "middle"`},
		{"First", `parameter tie_break: must be one of first, rotating, random, got "First"`},
	} {
		p := DefaultParams()
		p.TieBreak = c.tie
		modeltest.CheckValidate(t, p, c.want, Run)
	}
}

func TestDeterministicEveryTieBreak(t *testing.T) {
	for _, tie := range TieBreaks {
		p := DefaultParams()
		p.Replicas, p.Slowdown, p.TieBreak = 4, []float64{1, 2.7, 1, 0.3}, tie
		modeltest.CheckDeterministic(t, p, Run)
	}
}

// TestRandomTieBreakSeeded: random ties come from the seed, so two seeds
// that share their first costs need not share their choices, and one seed
// always gives the same. Here the costs are the same (every arrival finds
// the replicas idle, so the costs do not matter) and only the stream
// differs.
func TestRandomTieBreakSeeded(t *testing.T) {
	lc := ruleNamed(t, "least_connections")
	cost := slices.Repeat([]float64{1}, 300)
	a, _ := simulate(context.Background(), lc, costsOf(cost), []float64{1, 1, 1}, 10, TieRandom, 1, make([]float64, len(cost)), true)
	b, _ := simulate(context.Background(), lc, costsOf(cost), []float64{1, 1, 1}, 10, TieRandom, 1, make([]float64, len(cost)), true)
	c, _ := simulate(context.Background(), lc, costsOf(cost), []float64{1, 1, 1}, 10, TieRandom, 2, make([]float64, len(cost)), true)
	if !slices.Equal(a.work, b.work) {
		t.Errorf("seed 1 twice: work %v and %v", a.work, b.work)
	}
	if slices.Equal(a.work, c.work) {
		t.Errorf("seeds 1 and 2 place the same work %v", a.work)
	}
	for r, w := range a.work {
		if w < 70 || w > 130 {
			t.Errorf("seed 1: replica %d got %v of 300 idle-time requests", r+1, w)
		}
	}
}

func BenchmarkRunLarge(b *testing.B) {
	p := DefaultParams()
	p.Replicas, p.Requests, p.TieBreak = 10, 100_000, TieRandom
	p.Slowdown = []float64{3, 1, 1, 1, 1, 2, 1, 1, 1, 1.5}
	p.Arrival = 0.6
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// costsOf yields the costs c in turn.
func costsOf(c []float64) func() float64 {
	i := 0
	return func() float64 {
		i++
		return c[i-1]
	}
}

// BenchmarkRunWide is bench-compare's large queue case in process: 30
// equal replicas, a million requests, no series.
func BenchmarkRunWide(b *testing.B) {
	p := DefaultParams()
	p.Replicas, p.Requests, p.Series = 30, 1_000_000, false
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
