package layer

import (
	"context"
	"reflect"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/model"
)

func run(t testing.TB, p Params) model.Result {
	t.Helper()
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

// TestPrintedTable checks every figure the reference program prints.
func TestPrintedTable(t *testing.T) {
	r := run(t, DefaultParams())
	want := []struct {
		path string
		v    float64
	}{
		// özne 40 | toplam kapasite 2336 | en küçük 22 en büyük 99
		{"subjects", 40}, {"total_capacity", 2336}, {"min_capacity", 22}, {"max_capacity", 99},
		// bağlantı 400 | istek 2193
		{"connections", 400}, {"requests", 2193},
		// the three class lines
		{"class.interactive.subjects", 11}, {"class.interactive.capacity", 580}, {"class.interactive.requests", 655},
		{"class.batch.subjects", 20}, {"class.batch.capacity", 1346}, {"class.batch.requests", 700},
		{"class.backup.subjects", 9}, {"class.backup.capacity", 410}, {"class.backup.requests", 838},
		// katman 4 (bağlantı)  17 438 581 21 164 0
		{"l4.overloaded", 17}, {"l4.overload_units", 438}, {"l4.idle_units", 581},
		{"l4.min_load", 21}, {"l4.max_load", 164}, {"l4.zero_load", 0},
		// katman 7 (istek)  16 310 453 54 55 0
		{"l7.overloaded", 16}, {"l7.overload_units", 310}, {"l7.idle_units", 453},
		{"l7.min_load", 54}, {"l7.max_load", 55}, {"l7.zero_load", 0},
		// katman 7 (sınıf havuzu)  18 558 701 35 94 0
		{"l7_pool.overloaded", 18}, {"l7_pool.overload_units", 558}, {"l7_pool.idle_units", 701},
		{"l7_pool.min_load", 35}, {"l7_pool.max_load", 94}, {"l7_pool.zero_load", 0},
		// gauge: en az 10, en çok 10; 17 hidden
		{"l4.gauge_min", 10}, {"l4.gauge_max", 10}, {"l4.hidden", 17},
		// the prose: nine special devices; no class pool is empty
		{"special", 9}, {"l7_pool.dropped", 0},
	}
	for _, w := range want {
		if got := modeltest.Value(t, r, w.path); got != w.v {
			t.Errorf("%s = %v, want %v", w.path, got, w.v)
		}
	}
}

// TestIdentities checks relations that hold for any parameters: every
// request is either served or dropped, and overload − idle = served − capacity.
func TestIdentities(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Subjects: 7, Connections: 123, Seed: 5}, {Subjects: 1, Connections: 50, Seed: 0}} {
		r := run(t, p)
		for _, lv := range []string{"l4", "l7", "l7_pool"} {
			s, ok := r.SeriesNamed(lv + ".load")
			if !ok {
				t.Fatalf("no series %s.load", lv)
			}
			served := 0.0
			for _, y := range s.Y {
				served += y
			}
			dropped := 0.0
			if lv == "l7_pool" {
				dropped = modeltest.Value(t, r, "l7_pool.dropped")
			}
			if got, want := served+dropped, modeltest.Value(t, r, "requests"); got != want {
				t.Errorf("%+v %s: served + dropped = %v, want %v", p, lv, got, want)
			}
			net := modeltest.Value(t, r, lv+".overload_units") - modeltest.Value(t, r, lv+".idle_units")
			if want := served - modeltest.Value(t, r, "total_capacity"); net != want {
				t.Errorf("%+v %s: overload − idle = %v, want %v", p, lv, net, want)
			}
		}
	}
}

func TestStatistics(t *testing.T) {
	r := run(t, DefaultParams())
	if got, want := modeltest.Value(t, r, "mean_capacity"), 2336.0/40; got != want {
		t.Errorf("mean_capacity = %v, want %v", got, want)
	}
	if got, want := modeltest.Value(t, r, "l7.mean_load"), 2193.0/40; got != want {
		t.Errorf("l7.mean_load = %v, want %v", got, want)
	}
	// Layer 7: 33 subjects take 55 requests and 7 take 54 (2193 = 40·54 + 33).
	m := 2193.0 / 40
	variance := (33*(55-m)*(55-m) + 7*(54-m)*(54-m)) / 40
	if got := modeltest.Value(t, r, "l7.load_sd"); abs(got*got-variance) > 1e-12 {
		t.Errorf("l7.load_sd² = %v, want %v", got*got, variance)
	}
	if got, want := modeltest.Value(t, r, "l7.load_cv"), modeltest.Value(t, r, "l7.load_sd")/m; got != want {
		t.Errorf("l7.load_cv = %v, want %v", got, want)
	}
	// No connections: every load is zero and the ratio is defined as 0.
	z := run(t, Params{Subjects: 3, Connections: 0, Seed: 1})
	for _, path := range []string{"l4.mean_load", "l4.load_sd", "l4.load_cv", "l7_pool.load_cv"} {
		if got := modeltest.Value(t, z, path); got != 0 {
			t.Errorf("zero connections: %s = %v, want 0", path, got)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestGaugeHidden(t *testing.T) {
	// 401 connections over 40 subjects: subject 1 gets 11, the rest 10, so
	// only subject 1 can show on the gauge.
	p := DefaultParams()
	p.Connections = 401
	r := run(t, p)
	if modeltest.Value(t, r, "l4.gauge_min") != 10 || modeltest.Value(t, r, "l4.gauge_max") != 11 {
		t.Fatalf("gauge = %v..%v, want 10..11", modeltest.Value(t, r, "l4.gauge_min"), modeltest.Value(t, r, "l4.gauge_max"))
	}
	subs := Subjects(p.Subjects, p.Seed)
	load, _, _ := Layer4(Connections(p.Connections, p.Seed+11), subs)
	want := 0
	for i, s := range subs[1:] {
		if load[i+1] > s.Capacity {
			want++
		}
	}
	if got := modeltest.Value(t, r, "l4.hidden"); got != float64(want) {
		t.Errorf("l4.hidden = %v, want %v", got, want)
	}
}

func TestSeries(t *testing.T) {
	r := run(t, DefaultParams())
	for _, name := range []string{"capacity", "latency", "special", "class", "l4.load", "l7.load", "l7_pool.load", "l4.gauge"} {
		s, ok := r.SeriesNamed(name)
		if !ok {
			t.Fatalf("no series %s", name)
		}
		if len(s.X) != 40 || len(s.Y) != 40 || s.X[0] != 1 || s.X[39] != 40 {
			t.Errorf("series %s: X = %v..., len %d/%d", name, s.X[:1], len(s.X), len(s.Y))
		}
	}
	for name, want := range map[string][]float64{"class.capacity": {580, 1346, 410}, "class.requests": {655, 700, 838}} {
		s, _ := r.SeriesNamed(name)
		if !reflect.DeepEqual(s.Y, want) || !reflect.DeepEqual(s.X, []float64{0, 1, 2}) ||
			!reflect.DeepEqual(s.Labels, []string{"interactive", "batch", "backup"}) {
			t.Errorf("series %s = %+v", name, s)
		}
	}
	// Subject 1 of the reference population: capacity 22, latency 10, backup, not special.
	for name, want := range map[string]float64{"capacity": 22, "latency": 10, "class": 2, "special": 0} {
		if s, _ := r.SeriesNamed(name); s.Y[0] != want {
			t.Errorf("%s[1] = %v, want %v", name, s.Y[0], want)
		}
	}
}

func TestConnSeed(t *testing.T) {
	p := DefaultParams()
	cs := p.Seed + 11
	q := p
	q.ConnSeed = &cs
	if !reflect.DeepEqual(run(t, p), run(t, q)) {
		t.Error("explicit conn_seed = seed + 11 differs from unset conn_seed")
	}
	// Setting only seed moves the connection seed along.
	p.Seed = 7
	r := run(t, p)
	want := TotalRequests(Connections(400, 18))
	if got := modeltest.Value(t, r, "requests"); got != float64(want) {
		t.Errorf("seed 7: requests = %v, want %v (connections from seed 18)", got, want)
	}
}

func TestDeterminism(t *testing.T) {
	a, b := run(t, DefaultParams()), run(t, DefaultParams())
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same params differ")
	}
}

func TestStream(t *testing.T) {
	// Negative seeds reduce as Python's %: -1 ≡ 2147483645.
	a, b := NewStream(-1), NewStream(2147483645)
	for range 5 {
		if x, y := a.Intn(1000), b.Intn(1000); x != y {
			t.Fatalf("streams differ: %d vs %d", x, y)
		}
	}
}

func TestValidate(t *testing.T) {
	neg := int64(-3)
	ok := int64(0)
	for i, c := range []struct {
		p    Params
		want string
	}{
		{DefaultParams(), ""},
		{Params{Subjects: 1, Connections: 0, Seed: 0, ConnSeed: &ok}, ""},
		{Params{Subjects: 0, Connections: 400, Seed: 1}, "parameter subjects: must be at least 1 (got 0)"},
		{Params{Subjects: 40, Connections: -1, Seed: 1}, "parameter connections: must be at least 0 (got -1)"},
		{Params{Subjects: 40, Connections: 1, Seed: -2}, "parameter seed: must be at least 0 (got -2)"},
		{Params{Subjects: 40, Connections: 1, Seed: 1, ConnSeed: &neg}, "parameter conn_seed: must be at least 0 (got -3)"},
		{Params{Subjects: 40, Connections: 1, Seed: 9223372036854775800},
			"parameter seed: must be at most 9223372036854775796 when conn_seed is unset (got 9223372036854775800)"},
		{Params{Subjects: -1, Connections: -1, Seed: -1, ConnSeed: &neg},
			"parameter subjects: must be at least 1 (got -1); parameter connections: must be at least 0 (got -1); " +
				"parameter seed: must be at least 0 (got -1); parameter conn_seed: must be at least 0 (got -3)"},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) { modeltest.CheckValidate(t, c.p, c.want, Run) })
	}
}

func TestCancelled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEmptyPool checks that requests of a class with no subject are dropped.
func TestEmptyPool(t *testing.T) {
	subs := []Subject{{ID: 1, Capacity: 10, Class: Batch}}
	conns := []Connection{{Requests: 3, Class: Batch}, {Requests: 5, Class: Backup}, {Requests: 2, Class: Batch}}
	load, dropped := Layer7Pools(conns, subs)
	if load[0] != 5 || dropped != 5 {
		t.Errorf("Layer7Pools = %v, %d; want [5], 5", load, dropped)
	}
	if load, dropped := Layer7(conns, nil); len(load) != 0 || dropped != 10 {
		t.Errorf("Layer7 with no subjects = %v, %d; want [], 10", load, dropped)
	}
}

// TestLongConnections checks the long-lived connection counts against the
// connections themselves, and their values for the reference program.
func TestLongConnections(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Subjects: 3, Connections: 77, Seed: 9}, {Subjects: 2, Connections: 0, Seed: 1}} {
		r := run(t, p)
		n, req := 0, 0
		for _, c := range Connections(p.Connections, ConnSeed(p.Seed, p.ConnSeed)) {
			if c.Requests < 1 || c.Requests > LongMaxRequests || c.Requests > ShortMaxRequests && c.Requests < LongMinRequests {
				t.Fatalf("%+v: connection carries %d requests", p, c.Requests)
			}
			if c.Long() {
				n++
				req += c.Requests
			}
		}
		if got := modeltest.Value(t, r, "long_connections"); got != float64(n) {
			t.Errorf("%+v: long_connections = %v, want %d", p, got, n)
		}
		if got := modeltest.Value(t, r, "long_requests"); got != float64(req) {
			t.Errorf("%+v: long_requests = %v, want %d", p, got, req)
		}
	}
	r := run(t, DefaultParams())
	if modeltest.Value(t, r, "long_connections") != 47 || modeltest.Value(t, r, "long_requests") != 1331 {
		t.Errorf("reference: %v long connections carrying %v requests, want 47 and 1331",
			modeltest.Value(t, r, "long_connections"), modeltest.Value(t, r, "long_requests"))
	}
}

// TestBelowShare recomputes l7.below_share from the subjects and checks
// that it is not l7.overloaded by definition: with the default population
// the two agree (16), with seed 1 two subjects sit at exactly ⌊share⌋ and
// receive ⌊share⌋, so they are below the share but not overloaded.
func TestBelowShare(t *testing.T) {
	for _, c := range []struct {
		p                 Params
		below, overloaded float64
	}{
		{DefaultParams(), 16, 16},
		{Params{Subjects: 40, Connections: 400, Seed: 1}, 17, 15},
	} {
		r := run(t, c.p)
		subs := Subjects(c.p.Subjects, c.p.Seed)
		share := float64(TotalRequests(Connections(c.p.Connections, ConnSeed(c.p.Seed, c.p.ConnSeed)))) / float64(len(subs))
		n := 0
		for _, s := range subs {
			if float64(s.Capacity) < share {
				n++
			}
		}
		if got := modeltest.Value(t, r, "l7.below_share"); got != float64(n) || got != c.below {
			t.Errorf("%+v: l7.below_share = %v, recomputed %d, want %v", c.p, got, n, c.below)
		}
		if got := modeltest.Value(t, r, "l7.overloaded"); got != c.overloaded {
			t.Errorf("%+v: l7.overloaded = %v, want %v", c.p, got, c.overloaded)
		}
	}
}

// TestLimits checks the upper bounds on the size of a run.
func TestLimits(t *testing.T) {
	for i, c := range []struct {
		p    Params
		want string
	}{
		{Params{Subjects: MaxSubjects, Connections: 1, Seed: 1}, ""},
		{Params{Subjects: 1, Connections: MaxConnections, Seed: 1}, ""},
		{Params{Subjects: MaxSubjects + 1, Connections: 400, Seed: 1}, "parameter subjects: must be at most 100000 (got 100001)"},
		{Params{Subjects: 1_000_000_000, Connections: 400, Seed: 1}, "parameter subjects: must be at most 100000 (got 1000000000)"},
		{Params{Subjects: 40, Connections: MaxConnections + 1, Seed: 1}, "parameter connections: must be at most 10000000 (got 10000001)"},
		{Params{Subjects: 1 << 40, Connections: 1 << 40, Seed: -1},
			"parameter subjects: must be at most 100000 (got 1099511627776); " +
				"parameter connections: must be at most 10000000 (got 1099511627776); " +
				"parameter seed: must be at least 0 (got -1)"},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) { modeltest.CheckValidate(t, c.p, c.want, Run) })
	}
}

// TestGeneratorConstants checks that the echoed constants are the ones the
// generator draws with.
func TestGeneratorConstants(t *testing.T) {
	r := run(t, DefaultParams())
	for path, want := range map[string]float64{
		"long_probability": 0.125, "long_min": 20, "long_max": 40, "short_min": 1, "short_max": 4,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	for _, c := range Connections(10_000, 3) {
		if c.Long() && (c.Requests < LongMinRequests || c.Requests > LongMaxRequests) ||
			!c.Long() && (c.Requests < ShortMinRequests || c.Requests > ShortMaxRequests) {
			t.Fatalf("connection carries %d requests", c.Requests)
		}
	}
}

// TestFlatGaugeHidesAll checks what the layer-4 definition implies: the
// gauge counts every connection once, so with as many connections per
// subject it is flat at connections / subjects, and then every overloaded
// subject stands at its minimum, so l4.hidden equals l4.overloaded. A page
// need not check either.
func TestFlatGaugeHidesAll(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Subjects: 7, Connections: 140, Seed: 5}, {Subjects: 40, Connections: 400, Seed: 1}} {
		r := run(t, p)
		if modeltest.Value(t, r, "l4.gauge_min") != modeltest.Value(t, r, "l4.gauge_max") {
			t.Fatalf("%+v: gauge not flat", p)
		}
		if got, want := modeltest.Value(t, r, "l4.gauge_min")*modeltest.Value(t, r, "subjects"), modeltest.Value(t, r, "connections"); got != want {
			t.Errorf("%+v: gauge × subjects = %v, want %v connections", p, got, want)
		}
		if h, o := modeltest.Value(t, r, "l4.hidden"), modeltest.Value(t, r, "l4.overloaded"); h != o {
			t.Errorf("%+v: l4.hidden = %v, l4.overloaded = %v", p, h, o)
		}
	}
}

// TestClassSums checks that the classes partition the population, its
// capacity and the requests.
func TestClassSums(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Subjects: 7, Connections: 123, Seed: 5}} {
		r := run(t, p)
		for _, field := range []string{"subjects", "capacity", "requests"} {
			sum := 0.0
			for c := range Class(NumClasses) {
				sum += modeltest.Value(t, r, "class."+c.String()+"."+field)
			}
			total := map[string]string{"subjects": "subjects", "capacity": "total_capacity", "requests": "requests"}[field]
			if want := modeltest.Value(t, r, total); sum != want {
				t.Errorf("%+v: class %s sum to %v, want %v", p, field, sum, want)
			}
		}
		over := 0.0
		for c := range Class(NumClasses) {
			over += modeltest.Value(t, r, "l7_pool.class."+c.String()+".overloaded")
		}
		if want := modeltest.Value(t, r, "l7_pool.overloaded"); over != want {
			t.Errorf("%+v: class overloaded sum to %v, want %v", p, over, want)
		}
	}
}

// TestRequestGauge recomputes the layer-7 gauges and the counts above the
// largest capacity, and pins them for the reference program: under layer 7
// two of the 16 overloaded subjects stand at the gauge minimum of 54 and 33
// subjects stand above it; with class pools two of the 18 stand at 35.
func TestRequestGauge(t *testing.T) {
	p := DefaultParams()
	r := run(t, p)
	subs := Subjects(p.Subjects, p.Seed)
	conns := Connections(p.Connections, ConnSeed(p.Seed, p.ConnSeed))
	load7, _ := Layer7(conns, subs)
	loadPool, _ := Layer7Pools(conns, subs)
	load4, _, _ := Layer4(conns, subs)
	maxCap := 0
	for _, s := range subs {
		maxCap = max(maxCap, s.Capacity)
	}
	for _, c := range []struct {
		lever                string
		load                 []int
		hidden, above, abMax float64
	}{
		{"l7", load7, 2, 33, 0},
		{"l7_pool", loadPool, 2, 20, 0},
	} {
		lo := c.load[0]
		for _, l := range c.load {
			lo = min(lo, l)
		}
		hidden, above := 0, 0
		for i, s := range subs {
			if c.load[i] > lo {
				above++
			} else if c.load[i] > s.Capacity {
				hidden++
			}
		}
		if got := modeltest.Value(t, r, c.lever+".hidden"); got != float64(hidden) || got != c.hidden {
			t.Errorf("%s.hidden = %v, recomputed %d, want %v", c.lever, got, hidden, c.hidden)
		}
		if got := modeltest.Value(t, r, c.lever+".above_gauge_min"); got != float64(above) || got != c.above {
			t.Errorf("%s.above_gauge_min = %v, recomputed %d, want %v", c.lever, got, above, c.above)
		}
		if got := modeltest.Value(t, r, c.lever+".above_max_capacity"); got != c.abMax {
			t.Errorf("%s.above_max_capacity = %v, want %v", c.lever, got, c.abMax)
		}
	}
	n := 0
	for _, l := range load4 {
		if l > maxCap {
			n++
		}
	}
	if got := modeltest.Value(t, r, "l4.above_max_capacity"); got != float64(n) || got != 4 {
		t.Errorf("l4.above_max_capacity = %v, recomputed %d, want 4", got, n)
	}
	for path, want := range map[string]float64{
		"l7_pool.class.interactive.overloaded": 7, "l7_pool.class.batch.overloaded": 2, "l7_pool.class.backup.overloaded": 9,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestResultSize keeps numValues and numSeries, the capacities Run
// allocates, equal to what it returns.
func TestResultSize(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Values) != numValues || len(r.Series) != numSeries {
		t.Errorf("Run returns %d values and %d series; numValues = %d, numSeries = %d", len(r.Values), len(r.Series), numValues, numSeries)
	}
}

// TestScratchReuse: a run gives the same result whatever ran before it on
// the reused scratch space, larger or smaller.
func TestScratchReuse(t *testing.T) {
	small, large := DefaultParams(), DefaultParams()
	large.Subjects, large.Connections, large.Seed = 300, 5000, 7
	want, err := Run(context.Background(), small)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Params{large, small, large, small} {
		got, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if p == small && !reflect.DeepEqual(got, want) {
			t.Fatalf("run after a larger one differs")
		}
	}
}
