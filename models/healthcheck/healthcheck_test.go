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

// at returns p with timeout T.
func at(p Params, T int) Params {
	p.Timeout = T
	return p
}

// row is one timeout's figures, in the order of the value paths.
type row struct {
	passing, dropped, overloaded                    int
	looseTail, looseLoad, looseHidden               int
	tightTail, tightRemoved, tightHidden, totalTail int
}

// rowOf reads a run's row.
func rowOf(t testing.TB, r model.Result) row {
	t.Helper()
	v := func(k string) int { return int(modeltest.Value(t, r, k)) }
	return row{v("passing"), v("dropped"), v("overloaded"),
		v("loose.tail"), v("loose.load"), v("loose.hidden"),
		v("tight.tail"), v("tight.removed"), v("tight.hidden"), v("total.tail")}
}

// rowAt runs p at timeout T and reads its row.
func rowAt(t testing.TB, p Params, T int) row {
	t.Helper()
	return rowOf(t, run(t, at(p, T)))
}

// sweep runs p at every timeout from 0 to last, as a lesson's
// sweep: {timeout: 0..last} does; rows[T] is the row at T.
func sweep(t testing.TB, p Params, last int) []row {
	t.Helper()
	rows := make([]row, last+1)
	for T := range rows {
		rows[T] = rowAt(t, p, T)
	}
	return rows
}

// argminTotal returns the smallest total tail of rows and the first T that
// has it (a sweep's total.tail.min and total.tail.argmin).
func argminTotal(rows []row) (minTotal, first int) {
	minTotal = math.MaxInt
	for T, w := range rows {
		if w.totalTail < minTotal {
			minTotal, first = w.totalTail, T
		}
	}
	return minTotal, first
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

// TestSourceFigures checks the figures of source 002 that the health-check
// model reproduces. The default timeout lets every subject pass, so the run
// shares the requests as the source's layer 7 does: 2193 requests, 16 of 40
// subjects over capacity, as with every subject in the pool.
func TestSourceFigures(t *testing.T) {
	r := run(t, DefaultParams())
	for path, want := range map[string]float64{
		"subjects": 40, "requests": 2193, "baseline_overloaded": 16,
		"timeout": 100, "passing": 40, "dropped": 0, "overloaded": 16, "tight.tail": 0,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestDefaultTable pins the default population and the rows at selected
// timeouts; the rows were also checked against a separate Python
// transcription of the definitions.
func TestDefaultTable(t *testing.T) {
	r := run(t, DefaultParams())
	for path, want := range map[string]float64{
		"degraded_count": 5, "slowdown": 2,
		// degraded responses 20, 50, 16, 80, 80
		"max_normal_latency": 48, "min_degraded_latency": 16, "max_degraded_latency": 80, "gap": 0,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	for T, want := range map[int]row{
		0:   {0, 2193, 0, 0, 0, 0, 35, 35, 0, 35},
		10:  {8, 0, 8, 0, 0, 0, 29, 27, 2, 29},
		16:  {16, 0, 16, 1, 137, 1, 25, 20, 5, 25},
		20:  {18, 0, 18, 2, 244, 2, 24, 19, 5, 25},
		25:  {24, 0, 22, 2, 183, 2, 19, 13, 6, 20},
		40:  {34, 0, 20, 2, 129, 2, 4, 3, 1, 6},
		45:  {36, 0, 21, 2, 122, 2, 2, 1, 1, 4},
		47:  {36, 0, 21, 2, 122, 2, 2, 1, 1, 4},
		48:  {37, 0, 21, 2, 119, 2, 0, 0, 0, 2},
		50:  {38, 0, 21, 3, 174, 3, 0, 0, 0, 3},
		80:  {40, 0, 16, 5, 274, 5, 0, 0, 0, 5},
		100: {40, 0, 16, 5, 274, 5, 0, 0, 0, 5},
	} {
		if got := rowAt(t, DefaultParams(), T); got != want {
			t.Errorf("T=%d: got %+v, want %+v", T, got, want)
		}
	}
}

// TestUnitGrid pins what lesson 01 reads from its sweep of the default
// population over T = 0..100 in unit steps: the smallest total tail is 2,
// first at T = 48 (the slowest healthy response) and last at 49, where only
// the loose end is occupied; the tight end only falls; no T empties both
// ends; every T of [16, 48) has both ends occupied.
func TestUnitGrid(t *testing.T) {
	rows := sweep(t, DefaultParams(), 100)
	if m, first := argminTotal(rows); m != 2 || first != 48 {
		t.Errorf("smallest total tail %d first at T=%d, want 2 at 48", m, first)
	}
	for T, w := range rows {
		if w.totalTail == 2 && T != 48 && T != 49 {
			t.Errorf("T=%d: total tail 2, want it only at 48 and 49", T)
		}
		if T > 0 && w.tightTail > rows[T-1].tightTail {
			t.Errorf("T=%d: tight tail grows from %d to %d", T, rows[T-1].tightTail, w.tightTail)
		}
		if w.totalTail == 0 {
			t.Errorf("T=%d: both ends empty", T)
		}
		if (w.looseTail > 0 && w.tightTail > 0) != (T >= 16 && T < 48) {
			t.Errorf("T=%d: loose %d, tight %d; both occupied iff 16 <= T < 48", T, w.looseTail, w.tightTail)
		}
		if w.totalTail != w.looseTail && T >= 48 {
			t.Errorf("T=%d: total tail %d is not the loose end %d", T, w.totalTail, w.looseTail)
		}
	}
}

// TestIndependent compares several runs over a range of timeouts with
// independent.
func TestIndependent(t *testing.T) {
	alt := DefaultParams()
	alt.Seed, alt.Degraded, alt.Slowdown = 99, 12, 1.5
	few := DefaultParams()
	few.Subjects, few.Connections, few.Degraded, few.Slowdown = 7, 3, 7, 3
	for _, p := range []Params{DefaultParams(), alt, few} {
		subs := layer.Subjects(p.Subjects, p.Seed)
		R := layer.TotalRequests(layer.Connections(p.Connections, p.Seed+11))
		degraded := map[int]bool{}
		for j := 1; j <= p.Degraded; j++ {
			degraded[j*p.Subjects/p.Degraded] = true
		}
		if len(degraded) != p.Degraded {
			t.Fatalf("%d degraded subjects chosen, want %d", len(degraded), p.Degraded)
		}
		for T := 0; T <= 160; T++ {
			if got, want := rowAt(t, p, T), independent(subs, degraded, p.Slowdown, R, T); got != want {
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
// and the passing subjects never shrink, the removed count never grows;
// and the values that describe the population do not move with T.
func TestMonotone(t *testing.T) {
	for _, seed := range []int64{20260812, 1, 7, 123456} {
		for _, sd := range []float64{1.2, 2, 5} {
			p := DefaultParams()
			p.Seed, p.Slowdown, p.Degraded = seed, sd, 9
			first := run(t, at(p, 0))
			prev := rowOf(t, first)
			for T := 1; T <= 120; T++ {
				r := run(t, at(p, T))
				w := rowOf(t, r)
				if w.looseTail < prev.looseTail || w.tightRemoved > prev.tightRemoved || w.passing < prev.passing {
					t.Errorf("seed %d slowdown %v: not monotone between T=%d and T=%d", seed, sd, T-1, T)
				}
				for _, k := range []string{"subjects", "requests", "max_normal_latency", "min_degraded_latency", "max_degraded_latency", "gap", "baseline_overloaded"} {
					if a, b := modeltest.Value(t, first, k), modeltest.Value(t, r, k); a != b {
						t.Errorf("seed %d slowdown %v: %s is %v at T=0, %v at T=%d", seed, sd, k, a, b, T)
					}
				}
				prev = w
			}
		}
	}
}

// TestTightFinding: that the tight end only falls as T grows is a finding
// of a sweep, not a rule. It holds for the default population (see
// TestUnitGrid), but for seed 5 at slowdown 1.2 a removal pushes more
// survivors over capacity at a larger T.
func TestTightFinding(t *testing.T) {
	p := DefaultParams()
	p.Seed, p.Slowdown, p.Degraded = 5, 1.2, 9
	rows := sweep(t, p, 120)
	grows := false
	for T := 1; T < len(rows); T++ {
		grows = grows || rows[T].tightTail > rows[T-1].tightTail
	}
	if !grows {
		t.Error("seed 5, slowdown 1.2: the tight end never grows; want a T where it does")
	}
}

// TestExtremes checks T = 0 (nobody passes, every request dropped, every
// healthy subject removed) and T above every response time (nobody
// removed, every degraded subject passes, the loads are the baseline's).
func TestExtremes(t *testing.T) {
	if got, want := rowAt(t, DefaultParams(), 0), (row{0, 2193, 0, 0, 0, 0, 35, 35, 0, 35}); got != want {
		t.Errorf("T=0: got %+v, want %+v", got, want)
	}
	for _, T := range []int{1000, MaxTimeout} {
		if got, want := rowAt(t, DefaultParams(), T), (row{40, 0, 16, 5, 274, 5, 0, 0, 0, 5}); got != want {
			t.Errorf("T=%d: got %+v, want %+v", T, got, want)
		}
	}
	pop := newPopulation(DefaultParams())
	inf := pop.evaluate(math.Inf(1))
	if inf.removed != 0 || inf.looseTail != 5 || inf.passing != 40 || inf.dropped != 0 || inf.overloaded != 16 {
		t.Errorf("T=+Inf: %+v", inf)
	}
	// Every subject degraded: the tight end is always empty.
	p := DefaultParams()
	p.Degraded = 40
	if got := modeltest.Value(t, run(t, p), "max_normal_latency"); got != 0 {
		t.Errorf("all degraded: max_normal_latency = %v, want 0", got)
	}
	for T, w := range sweep(t, p, 100) {
		if w.tightTail != 0 {
			t.Fatalf("all degraded, T=%d: tight tail %d, want 0", T, w.tightTail)
		}
	}
	// No subject degraded: the loose end is always empty.
	p.Degraded = 0
	r := run(t, p)
	if modeltest.Value(t, r, "min_degraded_latency") != 0 || modeltest.Value(t, r, "gap") != 0 ||
		modeltest.Value(t, r, "max_degraded_latency") != 0 {
		t.Error("no degraded subject: min_degraded_latency, max_degraded_latency and gap should be 0")
	}
	for T, w := range sweep(t, p, 100) {
		if w.looseTail != 0 {
			t.Fatalf("no degraded subject, T=%d: loose tail %d, want 0", T, w.looseTail)
		}
	}
}

// TestGap checks the both-empty timeouts against gap: at slowdown 7 the
// fastest degraded subject answers in 56 and the slowest healthy one in 48,
// so the 8 timeouts T = 48..55 leave both ends empty, the first of them is
// where the smallest total tail (0) lies, and 21 subjects are over capacity
// there.
func TestGap(t *testing.T) {
	p := DefaultParams()
	p.Slowdown = 7
	for path, want := range map[string]float64{"min_degraded_latency": 56, "max_normal_latency": 48, "gap": 8, "max_degraded_latency": 280} {
		if got := modeltest.Value(t, run(t, p), path); got != want {
			t.Errorf("slowdown 7: %s = %v, want %v", path, got, want)
		}
	}
	rows := sweep(t, p, 100)
	for T, w := range rows {
		if empty := w.totalTail == 0; empty != (T >= 48 && T < 56) {
			t.Errorf("slowdown 7, T=%d: total tail %d; both ends empty iff 48 <= T < 56", T, w.totalTail)
		}
		if T >= 48 && T < 56 && w.overloaded != 21 {
			t.Errorf("slowdown 7, T=%d: overloaded %d, want 21", T, w.overloaded)
		}
	}
	if m, first := argminTotal(rows); m != 0 || first != 48 {
		t.Errorf("slowdown 7: smallest total tail %d first at T=%d, want 0 at 48", m, first)
	}
	p.Slowdown = 6 // 8 × 6 = 48: the ends touch and never open
	for T, w := range sweep(t, p, 100) {
		if w.totalTail == 0 {
			t.Errorf("slowdown 6, T=%d: both ends empty", T)
		}
	}
}

// TestIdentities checks the relations between the values of one run.
func TestIdentities(t *testing.T) {
	for T, w := range sweep(t, DefaultParams(), 100) {
		if w.looseHidden != w.looseTail || w.tightTail != w.tightRemoved+w.tightHidden ||
			w.totalTail > w.looseTail+w.tightTail || w.totalTail < max(w.looseTail, w.tightTail) ||
			w.tightHidden > w.overloaded || (w.totalTail == 0) != (w.looseTail == 0 && w.tightTail == 0) {
			t.Errorf("T=%d: inconsistent %+v", T, w)
		}
	}
	r := run(t, DefaultParams())
	for _, name := range []string{"latency", "response", "degraded"} {
		s := series(t, r, name)
		if len(s.X) != 40 || len(s.Y) != 40 || s.X[0] != 1 || s.X[39] != 40 {
			t.Errorf("series %s: bad X axis %v", name, s.X)
		}
	}
}

// TestOverlap recomputes max_degraded_latency from the response series, and
// checks that both ends are occupied exactly at the timeouts in
// [min_degraded_latency, max_normal_latency).
func TestOverlap(t *testing.T) {
	alt := DefaultParams()
	alt.Seed, alt.Degraded, alt.Slowdown = 99, 12, 1.5
	for _, p := range []Params{DefaultParams(), alt} {
		r := run(t, p)
		resp, deg := series(t, r, "response").Y, series(t, r, "degraded").Y
		maxDeg := 0.0
		for i, d := range deg {
			if d == 1 {
				maxDeg = max(maxDeg, resp[i])
			}
		}
		if got := modeltest.Value(t, r, "max_degraded_latency"); got != maxDeg {
			t.Errorf("seed %d slowdown %v: max_degraded_latency = %v, want %v", p.Seed, p.Slowdown, got, maxDeg)
		}
		lo, hi := modeltest.Value(t, r, "min_degraded_latency"), modeltest.Value(t, r, "max_normal_latency")
		points := 0
		for T, w := range sweep(t, p, 120) {
			in := float64(T) >= lo && float64(T) < hi
			if in {
				points++
			}
			if full := w.looseTail > 0 && w.tightTail > 0; full != in {
				t.Errorf("seed %d slowdown %v, T=%d: both ends occupied %v, in [%v, %v) %v", p.Seed, p.Slowdown, T, full, lo, hi, in)
			}
		}
		if points == 0 {
			t.Errorf("seed %d slowdown %v: no timeout in the overlap", p.Seed, p.Slowdown)
		}
	}
}

func TestDeterminism(t *testing.T) {
	for _, T := range []int{0, 25, 48, 100} {
		modeltest.CheckDeterministic(t, at(DefaultParams(), T), Run)
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
		{mod(func(p *Params) { p.Subjects, p.Degraded, p.Timeout = 1, 1, 0 }), ""},
		{mod(func(p *Params) { p.Subjects = 0; p.Degraded = 0 }), "parameter subjects: must be at least 1 (got 0)"},
		{mod(func(p *Params) { p.Connections = -4 }), "parameter connections: must be at least 0 (got -4)"},
		{mod(func(p *Params) { p.Seed = -5 }), "parameter seed: must be at least 0 (got -5)"},
		{mod(func(p *Params) { p.ConnSeed = &neg }), "parameter conn_seed: must be at least 0 (got -1)"},
		{mod(func(p *Params) { p.Degraded = -1 }), "parameter degraded: must be at least 0 (got -1)"},
		{mod(func(p *Params) { p.Degraded = 41 }), "parameter degraded: must be at most subjects (40) (got 41)"},
		{mod(func(p *Params) { p.Slowdown = 1 }), "parameter slowdown: must be a finite number greater than 1 (got 1)"},
		{mod(func(p *Params) { p.Slowdown = math.NaN() }), "parameter slowdown: must be a finite number greater than 1 (got NaN)"},
		{mod(func(p *Params) { p.Slowdown = math.Inf(1) }), "parameter slowdown: must be a finite number greater than 1 (got +Inf)"},
		{mod(func(p *Params) { p.Timeout = -5 }), "parameter timeout: must be at least 0 (got -5)"},
		{mod(func(p *Params) { p.Timeout = math.MinInt }), fmt.Sprintf("parameter timeout: must be at least 0 (got %d)", math.MinInt)},
		{mod(func(p *Params) { p.Subjects, p.Degraded = layer.MaxSubjects, 0 }), ""},
		{mod(func(p *Params) { p.Subjects = 100_001 }), "parameter subjects: must be at most 100000 (got 100001)"},
		{mod(func(p *Params) { p.Subjects = 1_000_000_000 }), "parameter subjects: must be at most 100000 (got 1000000000)"},
		{mod(func(p *Params) { p.Connections = 10_000_001 }), "parameter connections: must be at most 10000000 (got 10000001)"},
		{mod(func(p *Params) { p.Timeout = MaxTimeout }), ""},
		{mod(func(p *Params) { p.Timeout = 1_000_001 }), "parameter timeout: must be at most 1000000 (got 1000001)"},
		{mod(func(p *Params) { p.Timeout = math.MaxInt }), fmt.Sprintf("parameter timeout: must be at most 1000000 (got %d)", math.MaxInt)},
		{mod(func(p *Params) { p.Subjects, p.Connections, p.Timeout = 1<<40, 1<<40, 1<<40 }),
			"parameter subjects: must be at most 100000 (got 1099511627776); " +
				"parameter connections: must be at most 10000000 (got 1099511627776); " +
				"parameter timeout: must be at most 1000000 (got 1099511627776)"},
		{Params{Subjects: -1, Connections: -1, Seed: -1, Degraded: 2, Slowdown: 0.5, Timeout: -1},
			"parameter subjects: must be at least 1 (got -1); parameter connections: must be at least 0 (got -1); " +
				"parameter seed: must be at least 0 (got -1); " +
				"parameter slowdown: must be a finite number greater than 1 (got 0.5); parameter timeout: must be at least 0 (got -1)"},
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
