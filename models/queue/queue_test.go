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

// TestPrintedHeader checks the two lines the program prints before its table.
func TestPrintedHeader(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if got := modeltest.Value(t, r, "total_work"); got != 1679 {
		t.Errorf("total_work = %v, want 1679", got)
	}
	if got := modeltest.Fixed(t, modeltest.Value(t, r, "utilization"), 3); got != "0.933" {
		t.Errorf("utilization = %s, want 0.933", got)
	}
}

// TestPrintedTable checks every figure of the program's two tables.
func TestPrintedTable(t *testing.T) {
	cases := []struct {
		name     string
		slowdown []float64
		rule     string
		meanWait string
		maxQueue float64
		finish   float64
		work     []float64
	}{
		{"equal", nil, "round_robin", "4.04", 4, 614, []float64{545, 581, 553}},
		{"equal", nil, "least_connections", "1.90", 2, 610, []float64{589, 567, 523}},
		{"equal explicit", []float64{1, 1, 1}, "round_robin", "4.04", 4, 614, []float64{545, 581, 553}},
		{"equal explicit", []float64{1, 1, 1}, "least_connections", "1.90", 2, 610, []float64{589, 567, 523}},
		{"k1 three times slower", []float64{3, 1, 1}, "round_robin", "170.97", 63, 1635, []float64{1635, 581, 553}},
		{"k1 three times slower", []float64{3, 1, 1}, "least_connections", "56.99", 18, 843, []float64{843, 697, 701}},
	}
	for _, c := range cases {
		t.Run(c.name+"/"+c.rule, func(t *testing.T) {
			p := DefaultParams()
			p.Slowdown = c.slowdown
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got := modeltest.Fixed(t, modeltest.Value(t, r, c.rule+".mean_wait"), 2); got != c.meanWait {
				t.Errorf("mean_wait = %s, want %s", got, c.meanWait)
			}
			if got := modeltest.Value(t, r, c.rule+".max_queue"); got != c.maxQueue {
				t.Errorf("max_queue = %v, want %v", got, c.maxQueue)
			}
			if got := modeltest.Value(t, r, c.rule+".finish"); got != c.finish {
				t.Errorf("finish = %v, want %v", got, c.finish)
			}
			for i, w := range c.work {
				path := c.rule + ".work." + strconv.Itoa(i+1)
				if got := modeltest.Value(t, r, path); got != w {
					t.Errorf("%s = %v, want %v", path, got, w)
				}
			}
			if got := modeltest.Value(t, r, "total_work"); got != 1679 {
				t.Errorf("total_work = %v, want 1679", got)
			}
		})
	}
}

// TestCostsFloat64 pins the generator: the float64 step gives the printed
// total of 1679 turns, where exact integer arithmetic would give 1676.
func TestCostsFloat64(t *testing.T) {
	var sum float64
	for _, c := range Costs(20240730, 300) {
		sum += c
	}
	if sum != 1679 {
		t.Errorf("sum of costs = %v, want 1679", sum)
	}
	s := uint64(20240730)
	var exact uint64
	for range 300 {
		s = (s*1103515245 + 12345) % lcgModulus
		exact += 1 + (s>>8)%10
	}
	if exact != 1676 {
		t.Errorf("exact-integer sum = %d, want 1676", exact)
	}
}

// TestSeries checks the series against each other and against the values.
func TestSeries(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range []string{"round_robin", "least_connections"} {
		total, ok := r.SeriesNamed(rule + ".queue.total")
		if !ok {
			t.Fatalf("no series %s.queue.total", rule)
		}
		if len(total.X) != p.Requests || len(total.Y) != p.Requests {
			t.Fatalf("%s.queue.total has %d/%d points, want %d", rule, len(total.X), len(total.Y), p.Requests)
		}
		sum := make([]float64, p.Requests)
		peak := 0.0
		for rep := 1; rep <= p.Replicas; rep++ {
			s, ok := r.SeriesNamed(rule + ".queue." + strconv.Itoa(rep))
			if !ok {
				t.Fatalf("no series %s.queue.%d", rule, rep)
			}
			if !reflect.DeepEqual(s.X, total.X) {
				t.Errorf("%s.queue.%d X differs from the total's", rule, rep)
			}
			for i, y := range s.Y {
				sum[i] += y
				peak = max(peak, y)
			}
		}
		if !reflect.DeepEqual(sum, total.Y) {
			t.Errorf("%s: per-replica series do not add up to the total", rule)
		}
		if want := modeltest.Value(t, r, rule+".max_queue"); peak != want {
			t.Errorf("%s: largest per-replica queue %v, max_queue %v", rule, peak, want)
		}
		for i, x := range total.X {
			if x != float64(i)*p.Arrival {
				t.Fatalf("%s: X[%d] = %v, want %v", rule, i, x, float64(i)*p.Arrival)
			}
		}
		w, ok := r.SeriesNamed(rule + ".wait")
		if !ok {
			t.Fatalf("no series %s.wait", rule)
		}
		var sw float64
		for _, y := range w.Y {
			sw += y
		}
		if got := sw / float64(len(w.Y)); got != modeltest.Value(t, r, rule+".mean_wait") {
			t.Errorf("%s: mean of wait series %v, mean_wait %v", rule, got, modeltest.Value(t, r, rule+".mean_wait"))
		}
	}
}

// TestJavaScriptRuns pins full-precision results printed by the functions of
// kuyruk.mjs run with the same inputs, fractional arrivals and multipliers
// included.
func TestJavaScriptRuns(t *testing.T) {
	type rule struct {
		meanWait, maxQueue, finish float64
		work                       []float64
	}
	for _, c := range []struct {
		p           Params
		total, util float64
		rr, lc      rule
	}{
		{DefaultParams(), 1679, 0.9327777777777778,
			rule{4.04, 4, 614, []float64{545, 581, 553}},
			rule{1.8966666666666667, 2, 610, []float64{589, 567, 523}}},
		{Params{Replicas: 3, Requests: 300, Arrival: 2, Seed: 20240730, Slowdown: []float64{3, 1, 1}}, 1679, 0.9327777777777778,
			rule{170.96666666666667, 63, 1635, []float64{1635, 581, 553}},
			rule{56.99, 18, 843, []float64{843, 697, 701}}},
		{Params{Replicas: 4, Requests: 500, Arrival: 1.3, Seed: 7, Slowdown: []float64{1, 2.7, 1, 0.3}}, 2800, 1.0769230769230769,
			rule{164.62299999999996, 79, 1826.4999999999993, []float64{715, 1825.1999999999994, 692, 215.10000000000002}},
			rule{1.4554000000000002, 2, 658.8000000000001, []float64{634, 647.9999999999999, 592, 400.1999999999998}}},
		{Params{Replicas: 1, Requests: 50, Arrival: 0.1, Seed: 2147483647, Slowdown: []float64{1.1}}, 240, 48,
			rule{126.58, 48, 264.00000000000006, []float64{264.00000000000006}},
			rule{126.58, 48, 264.00000000000006, []float64{264.00000000000006}}},
	} {
		r, err := Run(context.Background(), c.p)
		if err != nil {
			t.Fatal(err)
		}
		check := func(path string, want float64) {
			t.Helper()
			if got := modeltest.Value(t, r, path); got != want {
				t.Errorf("%+v: %s = %v, want %v", c.p, path, got, want)
			}
		}
		check("total_work", c.total)
		check("utilization", c.util)
		for name, want := range map[string]rule{"round_robin": c.rr, "least_connections": c.lc} {
			check(name+".mean_wait", want.meanWait)
			check(name+".max_queue", want.maxQueue)
			check(name+".finish", want.finish)
			for i, w := range want.work {
				check(name+".work."+strconv.Itoa(i+1), w)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"default", func(*Params) {}, ""},
		{"slowdown given", func(p *Params) { p.Slowdown = []float64{3, 1, 1} }, ""},
		{"fractional arrival", func(p *Params) { p.Arrival = 1.5 }, ""},
		{"no replicas", func(p *Params) { p.Replicas = 0 },
			"parameter replicas: must be between 1 and 100, got 0"},
		{"too many replicas", func(p *Params) { p.Replicas = 101 },
			"parameter replicas: must be between 1 and 100, got 101"},
		{"no requests", func(p *Params) { p.Requests = 0 },
			"parameter requests: must be between 1 and 10000000, got 0"},
		{"too many requests", func(p *Params) { p.Requests, p.Series = 10_000_001, false },
			"parameter requests: must be between 1 and 10000000, got 10000001"},
		{"too many requests with series", func(p *Params) { p.Replicas, p.Requests, p.Slowdown = 1, 100_001, nil },
			"parameter requests: must be at most 100000 with series (series: false for more), got 100001"},
		{"replicas × requests too large", func(p *Params) { p.Replicas, p.Requests = 100, 10_001 },
			"parameter requests: times replicas must be at most 1000000 with series (series: false for more), got 10001 × 100"},
		{"replicas × requests without series", func(p *Params) { p.Replicas, p.Requests, p.Slowdown, p.Series = 100, 20_000, nil, false }, ""},
		{"replicas × requests too large without series", func(p *Params) { p.Replicas, p.Requests, p.Slowdown, p.Series = 100, 1_000_001, nil, false },
			"parameter requests: times replicas must be at most 100000000, got 1000001 × 100"},
		{"arrival times requests overflows", func(p *Params) { p.Arrival = math.MaxFloat64 / 2 },
			"parameter arrival: times requests must stay a finite number of turns, got 8.988465674311579e+307 × 300"},
		{"replicas × requests at the bound", func(p *Params) { p.Replicas, p.Requests, p.Slowdown = 100, 10_000, nil }, ""},
		{"zero arrival", func(p *Params) { p.Arrival = 0 },
			"parameter arrival: must be a finite number greater than 0, got 0"},
		{"negative seed", func(p *Params) { p.Seed = -1 },
			"parameter seed: must be in [0, 2147483648), got -1"},
		{"seed too large", func(p *Params) { p.Seed = 2147483648 },
			"parameter seed: must be in [0, 2147483648), got 2147483648"},
		{"slowdown length", func(p *Params) { p.Slowdown = []float64{3, 1} },
			"parameter slowdown: must have one multiplier per replica (3), got 2"},
		{"slowdown multiplier", func(p *Params) { p.Slowdown = []float64{3, 0, -1} },
			"parameter slowdown: multiplier of replica 2 must be a finite number greater than 0, got 0"},
		{"several", func(p *Params) {
			p.Replicas = 2
			p.Requests = 0
			p.Arrival = -2
			p.Seed = 1 << 40
			p.Slowdown = []float64{3, 1, 1}
		},
			"parameter requests: must be between 1 and 10000000, got 0; " +
				"parameter arrival: must be a finite number greater than 0, got -2; " +
				"parameter seed: must be in [0, 2147483648), got 1099511627776; " +
				"parameter slowdown: must have one multiplier per replica (2), got 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := DefaultParams()
			c.edit(&p)
			modeltest.CheckValidate(t, p, c.want, Run)
		})
	}
}

func TestDeterministic(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	a, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same params differ")
	}
}

func TestCanceled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWaitQuantiles checks the quantiles against the wait series: the
// empirical q-quantile of n waits is the ceil(q*n)-th smallest.
func TestWaitQuantiles(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range []string{"round_robin", "least_connections"} {
		w, _ := r.SeriesNamed(rule + ".wait")
		sorted := slices.Clone(w.Y)
		slices.Sort(sorted)
		for _, q := range []struct {
			name string
			p    float64
		}{{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}} {
			want := sorted[int(math.Ceil(q.p*float64(len(sorted))))-1]
			if got := modeltest.Value(t, r, rule+".wait_"+q.name); got != want {
				t.Errorf("%s.wait_%s = %v, want %v", rule, q.name, got, want)
			}
		}
		if got := modeltest.Value(t, r, rule+".wait_max"); got != sorted[len(sorted)-1] {
			t.Errorf("%s.wait_max = %v", rule, got)
		}
	}
}

// TestQueueEnds checks queue_mid, queue_end and queue_max against the
// per-replica series and pins them for the lesson's slowed run, where both
// rules' queues on k1 grow to the end.
func TestQueueEnds(t *testing.T) {
	for _, sd := range [][]float64{nil, {3, 1, 1}, {1, 2.7, 1, 0.3}} {
		p := DefaultParams()
		if len(sd) > 0 {
			p.Replicas = len(sd)
		}
		p.Slowdown = sd
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, rule := range []string{"round_robin", "least_connections"} {
			for rep := 1; rep <= p.Replicas; rep++ {
				s, _ := r.SeriesNamed(rule + ".queue." + strconv.Itoa(rep))
				for name, want := range map[string]float64{
					"queue_mid": s.Y[(p.Requests-1)/2], "queue_end": s.Y[len(s.Y)-1], "queue_max": slices.Max(s.Y),
				} {
					path := rule + "." + name + "." + strconv.Itoa(rep)
					if got := modeltest.Value(t, r, path); got != want {
						t.Errorf("%v: %s = %v, want %v", sd, path, got, want)
					}
				}
			}
		}
	}
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, _ := Run(context.Background(), p)
	for path, want := range map[string]float64{
		"round_robin.queue_mid.1": 31, "round_robin.queue_end.1": 63, "round_robin.queue_max.1": 63,
		"least_connections.queue_mid.1": 9, "least_connections.queue_end.1": 18, "least_connections.queue_max.1": 18,
		"least_connections.queue_end.2": 17, "least_connections.queue_end.3": 16,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("slow: %s = %v, want %v", path, got, want)
		}
	}
}

// TestOfferedLoad checks offered_load: equal to utilization with equal
// replicas, and 1679 / 600 / (1/3 + 2) with k1 three times slower.
func TestOfferedLoad(t *testing.T) {
	r, _ := Run(context.Background(), DefaultParams())
	if got, want := modeltest.Value(t, r, "offered_load"), modeltest.Value(t, r, "utilization"); got != want {
		t.Errorf("equal replicas: offered_load = %v, utilization %v", got, want)
	}
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, _ = Run(context.Background(), p)
	work, turns, speed := 1679.0, 600.0, 0.0
	for _, m := range []float64{3, 1, 1} {
		speed += 1 / m
	}
	if got, want := modeltest.Value(t, r, "offered_load"), work/turns/speed; got != want {
		t.Errorf("k1 slow: offered_load = %v, want %v", got, want)
	}
}

// TestReplicaWait checks the per-replica mean waits against the wait
// series, with each request's replica recovered from the rule: round robin
// sends request i to replica i mod N, least connections to the first
// replica with the fewest open requests in the queue series. The fast
// replicas' means under round robin do not depend on k1's slowdown.
func TestReplicaWait(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = []float64{3, 1, 1}
	r, _ := Run(context.Background(), p)
	for _, rule := range []string{"round_robin", "least_connections"} {
		w, _ := r.SeriesNamed(rule + ".wait")
		queues := make([][]float64, p.Replicas)
		for rep := range queues {
			s, _ := r.SeriesNamed(rule + ".queue." + strconv.Itoa(rep+1))
			queues[rep] = s.Y
		}
		sum := make([]float64, p.Replicas)
		n := make([]int, p.Replicas)
		for i, y := range w.Y {
			target := i % p.Replicas
			if rule == "least_connections" {
				target = 0
				for rep := range queues {
					if queues[rep][i] < queues[target][i] {
						target = rep
					}
				}
			}
			sum[target] += y
			n[target]++
		}
		for rep := range sum {
			path := rule + ".replica_wait." + strconv.Itoa(rep+1)
			if got, want := modeltest.Value(t, r, path), sum[rep]/float64(n[rep]); got != want {
				t.Errorf("%s = %v, want %v", path, got, want)
			}
		}
	}
	eq, _ := Run(context.Background(), DefaultParams())
	for _, path := range []string{"round_robin.replica_wait.2", "round_robin.replica_wait.3"} {
		if a, b := modeltest.Value(t, r, path), modeltest.Value(t, eq, path); a != b {
			t.Errorf("%s: %v with k1 slow, %v with equal replicas", path, a, b)
		}
	}
	for path, want := range map[string]float64{"round_robin.replica_wait.1": 504, "round_robin.replica_wait.2": 4.4, "round_robin.replica_wait.3": 4.5} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	// A replica that receives no request reports 0.
	p = Params{Replicas: 3, Requests: 2, Arrival: 100, Seed: 1}
	r, _ = Run(context.Background(), p)
	if got := modeltest.Value(t, r, "least_connections.replica_wait.3"); got != 0 {
		t.Errorf("idle replica: replica_wait = %v, want 0", got)
	}
}

// TestWorkSums checks that with equal replicas both rules do the same total
// work, total_work, split over the replicas: every request is served once,
// at its own cost. A page need not check it.
func TestWorkSums(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Replicas: 4, Requests: 500, Arrival: 1.3, Seed: 7, Slowdown: []float64{1, 1, 1, 1}}} {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, rule := range []string{"round_robin", "least_connections"} {
			sum := 0.0
			for i := range p.Replicas {
				sum += modeltest.Value(t, r, rule+".work."+strconv.Itoa(i+1))
			}
			if want := modeltest.Value(t, r, "total_work"); math.Abs(sum-want) > 1e-9*want {
				t.Errorf("%+v %s: work sums to %v, want %v", p, rule, sum, want)
			}
		}
	}
}

// TestCostsMod: the integer remainder equals the float64 math.Mod the
// JavaScript program's % is, on the states the generator reaches and on the
// edges of its range.
func TestCostsMod(t *testing.T) {
	s := 0.0
	states := []float64{0, 1, 2, 1<<31 - 1, 1 << 30, 12345}
	for range 200_000 {
		s = math.Mod(float64(s*1103515245)+12345, lcgModulus)
		states = append(states, s)
	}
	for _, s := range states {
		if got, want := lcgStep(s), math.Mod(float64(s*1103515245)+12345, lcgModulus); got != want {
			t.Fatalf("state %v: %v, want %v", s, got, want)
		}
	}
}

// TestWithoutSeries: a run without series has exactly the values of the
// same run with them, over every rule, tie break and a long run whose
// replicas forget their finished requests many times; it has no series.
func TestWithoutSeries(t *testing.T) {
	for _, p := range []Params{
		DefaultParams(),
		{Replicas: 3, Requests: 300, Arrival: 2, Seed: 20240730, Slowdown: []float64{3, 1, 1}, TieBreak: TieRandom, Series: true},
		{Replicas: 7, Requests: 60_000, Arrival: 0.8, Seed: 7, Slowdown: []float64{1, 2, 1, 1, 3, 1, 1}, TieBreak: TieRotating, Series: true},
	} {
		with, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		p.Series = false
		without, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if len(without.Series) != 0 {
			t.Errorf("%+v: %d series without series", p, len(without.Series))
		}
		if !slices.Equal(with.Values, without.Values) {
			t.Errorf("%+v: values differ without series", p)
		}
	}
}

// TestDropKeepsResults: forgetting finished requests changes nothing: a
// long run gives the same waits and values as one that keeps every
// finish turn.
func TestDropKeepsResults(t *testing.T) {
	p := Params{Replicas: 4, Requests: 50_000, Arrival: 1.4, Seed: 11, Slowdown: []float64{2, 1, 1, 1}, TieBreak: TieFirst, Series: true}
	kept := dropAt
	dropAt = math.MaxInt
	all, err := Run(context.Background(), p)
	dropAt = kept
	if err != nil {
		t.Fatal(err)
	}
	dropped, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(all.Values, dropped.Values) || !reflect.DeepEqual(all.Series, dropped.Series) {
		t.Error("forgetting finished requests changed the results")
	}
}
