package healthcheck

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/layer"
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

func series(t testing.TB, r model.Result, name string) model.Series {
	t.Helper()
	s, ok := r.SeriesNamed(name)
	if !ok {
		t.Fatalf("no series %q", name)
	}
	return s
}

// row is one timeout's figures, in the order of the value paths.
type row struct {
	passing, dropped, overloaded                    int
	looseTail, looseLoad, looseHidden               int
	tightTail, tightRemoved, tightHidden, totalTail int
}

func rowAt(t testing.TB, r model.Result, T int) row {
	t.Helper()
	v := func(k string) int { return int(modeltest.Value(t, r, fmt.Sprintf("t.%d.%s", T, k))) }
	return row{v("passing"), v("dropped"), v("overloaded"),
		v("loose.tail"), v("loose.load"), v("loose.hidden"),
		v("tight.tail"), v("tight.removed"), v("tight.hidden"), v("total.tail")}
}

// independent recomputes a row from the definitions without the package's
// code paths: round robin over R requests gives the subject at position j of
// k passing subjects ⌊R/k⌋ requests, plus one when j < R mod k.
func independent(subs []layer.Subject, degraded map[int]bool, slowdown float64, R, T int) row {
	share := func(ids []int) map[int]int {
		m := map[int]int{}
		for j, id := range ids {
			m[id] = R / len(ids)
			if j < R%len(ids) {
				m[id]++
			}
		}
		return m
	}
	capOf := map[int]int{}
	var pass, kept []int
	removed := 0
	for _, s := range subs {
		capOf[s.ID] = s.Capacity
		resp := float64(s.Latency)
		if degraded[s.ID] {
			resp *= slowdown
		}
		switch {
		case resp <= float64(T):
			pass = append(pass, s.ID)
			kept = append(kept, s.ID)
		case !degraded[s.ID]:
			removed++
			kept = append(kept, s.ID)
		}
	}
	var w row
	w.passing, w.tightRemoved = len(pass), removed
	if len(pass) == 0 {
		w.dropped = R
	}
	now, before := share(pass), share(kept)
	tail := map[int]bool{}
	for _, id := range pass {
		if now[id] > capOf[id] {
			w.overloaded++
		}
		if degraded[id] {
			w.looseTail++
			w.looseLoad += now[id]
			tail[id] = true
		}
		if removed > 0 && now[id] > capOf[id] && before[id] <= capOf[id] {
			w.tightHidden++
			tail[id] = true
		}
	}
	w.looseHidden = w.looseTail
	w.tightTail = removed + w.tightHidden
	w.totalTail = len(tail) + removed
	return w
}

// TestDefaultTable pins the default run; the rows were also checked against
// a separate Python transcription of the definitions.
func TestDefaultTable(t *testing.T) {
	r := run(t, DefaultParams())
	for path, want := range map[string]float64{
		"subjects": 40, "requests": 2193, "degraded_count": 5, "slowdown": 2,
		"max_normal_latency": 48, "min_degraded_latency": 16, "gap": 0,
		"baseline_overloaded": 16, "both_empty": 0, "min_total_tail": 3, "best_t": 50,
		// degraded responses 20, 50, 16, 80, 80; T = 20, 25, …, 45 lie in [16, 48)
		"max_degraded_latency": 80, "overlap_points": 6, "overlap_both_full": 6,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	for T, want := range map[int]row{
		0:   {0, 2193, 0, 0, 0, 0, 35, 35, 0, 35},
		10:  {8, 0, 8, 0, 0, 0, 29, 27, 2, 29},
		20:  {18, 0, 18, 2, 244, 2, 24, 19, 5, 25},
		25:  {24, 0, 22, 2, 183, 2, 19, 13, 6, 20},
		40:  {34, 0, 20, 2, 129, 2, 4, 3, 1, 6},
		45:  {36, 0, 21, 2, 122, 2, 2, 1, 1, 4},
		50:  {38, 0, 21, 3, 174, 3, 0, 0, 0, 3},
		80:  {40, 0, 16, 5, 274, 5, 0, 0, 0, 5},
		100: {40, 0, 16, 5, 274, 5, 0, 0, 0, 5},
	} {
		if got := rowAt(t, r, T); got != want {
			t.Errorf("T=%d: got %+v, want %+v", T, got, want)
		}
	}
}

// TestIndependent compares every timeout of several runs with independent.
func TestIndependent(t *testing.T) {
	alt := DefaultParams()
	alt.Seed, alt.Degraded, alt.Slowdown = 99, 12, 1.5
	few := DefaultParams()
	few.Subjects, few.Connections, few.Degraded, few.Slowdown = 7, 3, 7, 3
	for _, p := range []Params{DefaultParams(), alt, few} {
		r := run(t, p)
		subs := layer.Subjects(p.Subjects, p.Seed)
		R := layer.TotalRequests(layer.Connections(p.Connections, p.Seed+11))
		degraded := map[int]bool{}
		for j := 1; j <= p.Degraded; j++ {
			degraded[j*p.Subjects/p.Degraded] = true
		}
		if len(degraded) != p.Degraded {
			t.Fatalf("%d degraded subjects chosen, want %d", len(degraded), p.Degraded)
		}
		for _, T := range p.Timeouts {
			if got, want := rowAt(t, r, T), independent(subs, degraded, p.Slowdown, R, T); got != want {
				t.Errorf("%+v T=%d: got %+v, want %+v", p, T, got, want)
			}
		}
	}
}

func TestDegradedRule(t *testing.T) {
	var got []int
	for i, d := range degradedMask(40, 5) {
		if d {
			got = append(got, i+1)
		}
	}
	if want := []int{8, 16, 24, 32, 40}; !reflect.DeepEqual(got, want) {
		t.Errorf("degraded subjects = %v, want %v", got, want)
	}
	s := series(t, run(t, DefaultParams()), "response")
	for id, want := range map[int]float64{8: 20, 16: 50, 24: 16, 32: 80, 40: 80, 27: 48, 1: 10} {
		if s.Y[id-1] != want {
			t.Errorf("response of subject %d = %v, want %v", id, s.Y[id-1], want)
		}
	}
}

// TestMonotone checks what must move one way as T grows: the loose tail
// never shrinks, the removed count never grows.
func TestMonotone(t *testing.T) {
	var ts []int
	for T := 0; T <= 120; T++ {
		ts = append(ts, T)
	}
	for _, seed := range []int64{20260812, 1, 7, 123456} {
		for _, sd := range []float64{1.2, 2, 5} {
			p := DefaultParams()
			p.Seed, p.Slowdown, p.Degraded, p.Timeouts = seed, sd, 9, ts
			r := run(t, p)
			loose, removed, passing := series(t, r, "loose.tail").Y, series(t, r, "removed").Y, series(t, r, "passing").Y
			tight := series(t, r, "tight.tail").Y
			tightDown := 1.0
			for i := 1; i < len(ts); i++ {
				if loose[i] < loose[i-1] || removed[i] > removed[i-1] || passing[i] < passing[i-1] {
					t.Errorf("seed %d slowdown %v: not monotone between T=%d and T=%d", seed, sd, ts[i-1], ts[i])
				}
				if tight[i] > tight[i-1] {
					tightDown = 0
				}
			}
			if got := modeltest.Value(t, r, "loose_nondecreasing"); got != 1 {
				t.Errorf("seed %d slowdown %v: loose_nondecreasing = %v, want 1", seed, sd, got)
			}
			if got := modeltest.Value(t, r, "tight_nonincreasing"); got != tightDown {
				t.Errorf("seed %d slowdown %v: tight_nonincreasing = %v, recomputed %v", seed, sd, got, tightDown)
			}
		}
	}
}

// TestTightFlag pins tight_nonincreasing: 1 for the default run, whose
// tight end only falls along the sweep, and 0 for seed 5 at slowdown 1.2,
// where a removal pushes more survivors over capacity at a larger T.
func TestTightFlag(t *testing.T) {
	if got := modeltest.Value(t, run(t, DefaultParams()), "tight_nonincreasing"); got != 1 {
		t.Errorf("default: tight_nonincreasing = %v, want 1", got)
	}
	p := DefaultParams()
	p.Seed, p.Slowdown, p.Degraded = 5, 1.2, 9
	if got := modeltest.Value(t, run(t, p), "tight_nonincreasing"); got != 0 {
		t.Errorf("seed 5, slowdown 1.2: tight_nonincreasing = %v, want 0", got)
	}
}

// TestExtremes checks T = 0 (nobody passes, every request dropped, every
// healthy subject removed) and T above every response time (nobody
// removed, every degraded subject passes, the loads are the baseline's).
func TestExtremes(t *testing.T) {
	p := DefaultParams()
	p.Timeouts = []int{0, 1000}
	r := run(t, p)
	if got, want := rowAt(t, r, 0), (row{0, 2193, 0, 0, 0, 0, 35, 35, 0, 35}); got != want {
		t.Errorf("T=0: got %+v, want %+v", got, want)
	}
	if got, want := rowAt(t, r, 1000), (row{40, 0, 16, 5, 274, 5, 0, 0, 0, 5}); got != want {
		t.Errorf("T=1000: got %+v, want %+v", got, want)
	}
	pop := newPopulation(DefaultParams())
	inf := pop.evaluate(math.Inf(1))
	if inf.removed != 0 || inf.looseTail != 5 || inf.passing != 40 || inf.dropped != 0 || inf.overloaded != 16 {
		t.Errorf("T=+Inf: %+v", inf)
	}
	// Every subject degraded: the tight end is always empty.
	p = DefaultParams()
	p.Degraded = 40
	r = run(t, p)
	if modeltest.Value(t, r, "max_normal_latency") != 0 {
		t.Errorf("all degraded: max_normal_latency = %v, want 0", modeltest.Value(t, r, "max_normal_latency"))
	}
	for _, y := range series(t, r, "tight.tail").Y {
		if y != 0 {
			t.Fatalf("all degraded: tight tail %v, want 0", y)
		}
	}
	// No subject degraded: the loose end is always empty.
	p.Degraded = 0
	r = run(t, p)
	if modeltest.Value(t, r, "min_degraded_latency") != 0 || modeltest.Value(t, r, "gap") != 0 ||
		modeltest.Value(t, r, "max_degraded_latency") != 0 || modeltest.Value(t, r, "overlap_points") != 0 {
		t.Error("no degraded subject: min_degraded_latency, max_degraded_latency, gap and overlap_points should be 0")
	}
	for _, y := range series(t, r, "loose.tail").Y {
		if y != 0 {
			t.Fatalf("no degraded subject: loose tail %v, want 0", y)
		}
	}
}

// TestGap checks both_empty against gap: at slowdown 7 the fastest degraded
// subject answers in 56 and the slowest healthy one in 48, so T = 50 and
// T = 55 leave both ends empty.
func TestGap(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = 7
	r := run(t, p)
	for path, want := range map[string]float64{"min_degraded_latency": 56, "max_normal_latency": 48, "gap": 8, "both_empty": 2, "min_total_tail": 0, "best_t": 50,
		"max_degraded_latency": 280, "overlap_points": 0, "overlap_both_full": 0} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("slowdown 7: %s = %v, want %v", path, got, want)
		}
	}
	p.Slowdown = 6 // 8 × 6 = 48: the ends touch and never open
	if got := modeltest.Value(t, run(t, p), "both_empty"); got != 0 {
		t.Errorf("slowdown 6: both_empty = %v, want 0", got)
	}
}

// TestIdentities checks the relations between the per-T values.
func TestIdentities(t *testing.T) {
	r := run(t, DefaultParams())
	for _, T := range DefaultParams().Timeouts {
		w := rowAt(t, r, T)
		if w.looseHidden != w.looseTail || w.tightTail != w.tightRemoved+w.tightHidden ||
			w.totalTail > w.looseTail+w.tightTail || w.totalTail < max(w.looseTail, w.tightTail) ||
			w.tightHidden > w.overloaded {
			t.Errorf("T=%d: inconsistent %+v", T, w)
		}
	}
	for _, name := range []string{"loose.tail", "tight.tail", "loose.hidden", "tight.hidden", "total.tail", "removed", "loose.load", "passing", "dropped", "overloaded"} {
		s := series(t, r, name)
		if len(s.X) != 21 || len(s.Y) != 21 || s.X[0] != 0 || s.X[20] != 100 {
			t.Errorf("series %s: bad X axis %v", name, s.X)
		}
	}
}

func TestDeterminism(t *testing.T) {
	if !reflect.DeepEqual(run(t, DefaultParams()), run(t, DefaultParams())) {
		t.Error("two runs with the same params differ")
	}
}

func TestValidate(t *testing.T) {
	neg := int64(-1)
	mod := func(f func(*Params)) Params {
		p := DefaultParams()
		f(&p)
		return p
	}
	for i, c := range []struct {
		p    Params
		want string
	}{
		{DefaultParams(), ""},
		{mod(func(p *Params) { p.Subjects, p.Degraded, p.Timeouts = 1, 1, []int{0} }), ""},
		{mod(func(p *Params) { p.Subjects = 0; p.Degraded = 0 }), "parameter subjects: must be at least 1 (got 0)"},
		{mod(func(p *Params) { p.Connections = -4 }), "parameter connections: must be at least 0 (got -4)"},
		{mod(func(p *Params) { p.Seed = -5 }), "parameter seed: must be at least 0 (got -5)"},
		{mod(func(p *Params) { p.ConnSeed = &neg }), "parameter conn_seed: must be at least 0 (got -1)"},
		{mod(func(p *Params) { p.Degraded = -1 }), "parameter degraded: must be at least 0 (got -1)"},
		{mod(func(p *Params) { p.Degraded = 41 }), "parameter degraded: must be at most subjects (40) (got 41)"},
		{mod(func(p *Params) { p.Slowdown = 1 }), "parameter slowdown: must be a finite number greater than 1 (got 1)"},
		{mod(func(p *Params) { p.Slowdown = math.NaN() }), "parameter slowdown: must be a finite number greater than 1 (got NaN)"},
		{mod(func(p *Params) { p.Slowdown = math.Inf(1) }), "parameter slowdown: must be a finite number greater than 1 (got +Inf)"},
		{mod(func(p *Params) { p.Timeouts = nil }), "parameter timeouts: must not be empty"},
		{mod(func(p *Params) { p.Timeouts = []int{-5, 0} }), "parameter timeouts: element 0 must be at least 0 (got -5)"},
		{mod(func(p *Params) { p.Timeouts = []int{0, 10, 10} }), "parameter timeouts: must be strictly increasing (element 2 is 10 after 10)"},
		{mod(func(p *Params) { p.Subjects, p.Degraded = layer.MaxSubjects, 0 }), ""},
		{mod(func(p *Params) { p.Subjects = 100_001 }), "parameter subjects: must be at most 100000 (got 100001)"},
		{mod(func(p *Params) { p.Subjects = 1_000_000_000 }), "parameter subjects: must be at most 100000 (got 1000000000)"},
		{mod(func(p *Params) { p.Connections = 10_000_001 }), "parameter connections: must be at most 10000000 (got 10000001)"},
		{mod(func(p *Params) { p.Timeouts = []int{0, MaxTimeout} }), ""},
		{mod(func(p *Params) { p.Timeouts = []int{0, 1_000_001} }), "parameter timeouts: element 1 must be at most 1000000 (got 1000001)"},
		{mod(func(p *Params) { p.Timeouts = []int{0, math.MaxInt} }),
			fmt.Sprintf("parameter timeouts: element 1 must be at most 1000000 (got %d)", math.MaxInt)},
		{mod(func(p *Params) { p.Timeouts = make([]int, MaxTimeouts) }), "parameter timeouts: must be strictly increasing (element 1 is 0 after 0)"},
		{mod(func(p *Params) { p.Timeouts = make([]int, MaxTimeouts+1) }), "parameter timeouts: must have at most 10000 elements (got 10001)"},
		{mod(func(p *Params) { p.Subjects, p.Connections, p.Timeouts = 1<<40, 1<<40, make([]int, 1<<20) }),
			"parameter subjects: must be at most 100000 (got 1099511627776); " +
				"parameter connections: must be at most 10000000 (got 1099511627776); " +
				"parameter timeouts: must have at most 10000 elements (got 1048576)"},
		{Params{Subjects: -1, Connections: -1, Seed: -1, Degraded: 2, Slowdown: 0.5},
			"parameter subjects: must be at least 1 (got -1); parameter connections: must be at least 0 (got -1); " +
				"parameter seed: must be at least 0 (got -1); " +
				"parameter slowdown: must be a finite number greater than 1 (got 0.5); parameter timeouts: must not be empty"},
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

// TestOverlap recomputes overlap_points, overlap_both_full and
// max_degraded_latency from the response series and the per-T rows.
func TestOverlap(t *testing.T) {
	alt := DefaultParams()
	alt.Seed, alt.Degraded, alt.Slowdown = 99, 12, 1.5
	fine := DefaultParams()
	fine.Timeouts = nil
	for T := 0; T <= 120; T += 3 {
		fine.Timeouts = append(fine.Timeouts, T)
	}
	for _, p := range []Params{DefaultParams(), alt, fine} {
		r := run(t, p)
		resp, deg := series(t, r, "response").Y, series(t, r, "degraded").Y
		maxDeg := 0.0
		for i, d := range deg {
			if d == 1 {
				maxDeg = max(maxDeg, resp[i])
			}
		}
		lo, hi := modeltest.Value(t, r, "min_degraded_latency"), modeltest.Value(t, r, "max_normal_latency")
		points, full := 0, 0
		for _, T := range p.Timeouts {
			if float64(T) >= lo && float64(T) < hi {
				points++
				if w := rowAt(t, r, T); w.looseTail > 0 && w.tightTail > 0 {
					full++
				}
			}
		}
		for path, want := range map[string]float64{"max_degraded_latency": maxDeg, "overlap_points": float64(points), "overlap_both_full": float64(full)} {
			if got := modeltest.Value(t, r, path); got != want {
				t.Errorf("seed %d slowdown %v: %s = %v, want %v", p.Seed, p.Slowdown, path, got, want)
			}
		}
		if points == 0 {
			t.Errorf("seed %d slowdown %v: no timeout in the overlap", p.Seed, p.Slowdown)
		}
	}
}
