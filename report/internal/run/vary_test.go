package run

import (
	"bufio"
	"context"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/model"
	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/course"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/registry"
)

func seeds(lo, hi int64) []registry.Value {
	var out []registry.Value
	for i := lo; i <= hi; i++ {
		out = append(out, registry.Number{Text: strconv.FormatInt(i, 10), F: float64(i), I: i, IsInt: true})
	}
	return out
}

// TestReplicatedLayerMatchesReference: the layer model replicated over
// conn_seed 1..40 gives, for every value path, the statistics a separate
// program computed from the forty runs (testdata/layer_conn_seed_1_40.tsv).
func TestReplicatedLayerMatchesReference(t *testing.T) {
	m, _ := course.Registry().Lookup("layer")
	d := &directive.Experiment{Name: "draws", Model: "layer",
		Replicate: &directive.Vary{Param: "conn_seed", Text: "1..40", Values: seeds(1, 40)}}
	x := &Experiment{File: "t.md", D: d, Model: m, done: make(chan struct{})}
	var errs diag.List
	st := All(context.Background(), []*Experiment{x}, cache.Cache{}, DefaultTimeout, &errs)
	if errs.Len() > 0 || !x.OK {
		t.Fatalf("run: %v", errs.Err())
	}
	if st.Ran != 40 {
		t.Errorf("%d runs, want 40", st.Ran)
	}
	f, err := os.Open("testdata/layer_conn_seed_1_40.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fs := strings.Split(line, "\t")
		want, _ := strconv.ParseFloat(fs[2], 64)
		got, ok := x.Result.Value(fs[0] + "." + fs[1])
		if !ok {
			t.Errorf("no value %s.%s", fs[0], fs[1])
			continue
		}
		if math.Abs(got.V-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("%s.%s = %v, reference %v", fs[0], fs[1], got.V, want)
		}
		n++
	}
	if n < 700 {
		t.Errorf("only %d reference values", n)
	}
	// One run by its parameter value, and the series over the runs.
	if v, _ := x.Result.Value("run.7.l4.overloaded"); v.V != 20 {
		t.Errorf("run.7.l4.overloaded = %v", v.V)
	}
	if s, ok := x.Result.SeriesNamed("l4.overloaded"); !ok || len(s.Y) != 40 || s.X[6] != 7 || s.Y[6] != 20 {
		t.Errorf("series l4.overloaded = %v", s)
	}
}

// TestSweepExtremes: a sweep gives each value as a series over the swept
// parameter, with its min, max and where they lie (ties to the smallest).
func TestSweepExtremes(t *testing.T) {
	m, _ := course.Registry().Lookup("queue")
	d := &directive.Experiment{Name: "q", Model: "queue",
		Sweep: &directive.Vary{Param: "replicas", Text: "1..6", Values: seeds(1, 6)}}
	x := &Experiment{File: "t.md", D: d, Model: m, done: make(chan struct{})}
	var errs diag.List
	All(context.Background(), []*Experiment{x}, cache.Cache{}, DefaultTimeout, &errs)
	if errs.Len() > 0 || !x.OK {
		t.Fatalf("run: %v", errs.Err())
	}
	s, _ := x.Result.SeriesNamed("round_robin.mean_wait")
	lo, hi := 0, 0
	for i := range s.Y {
		if s.Y[i] < s.Y[lo] {
			lo = i
		}
		if s.Y[i] > s.Y[hi] {
			hi = i
		}
	}
	for path, want := range map[string]float64{
		"round_robin.mean_wait.min": s.Y[lo], "round_robin.mean_wait.argmin": s.X[lo],
		"round_robin.mean_wait.max": s.Y[hi], "round_robin.mean_wait.argmax": s.X[hi],
		"run.3.replicas": 3,
	} {
		if v, ok := x.Result.Value(path); !ok || v.V != want {
			t.Errorf("%s = %v, %v; want %v", path, v.V, ok, want)
		}
	}
	if len(s.X) != 6 || s.X[0] != 1 || s.X[5] != 6 {
		t.Errorf("series x = %v", s.X)
	}
}

func TestSummarizeOneRun(t *testing.T) {
	s := Summarize([]float64{4})
	if s.HasSpread || s.Mean != 4 || s.P95 != 4 {
		t.Errorf("%+v", s)
	}
	for _, st := range s.stats() {
		if st.name == "sd" || strings.HasPrefix(st.name, "ci95") {
			t.Errorf("one run has %s", st.name)
		}
	}
}

// BenchmarkReplicatedLayer40 runs layer over conn_seed 1..40, uncached, on
// one core and on all: the runs go in parallel.
func BenchmarkReplicatedLayer40(b *testing.B) {
	m, _ := course.Registry().Lookup("layer")
	d := &directive.Experiment{Name: "draws", Model: "layer",
		Replicate: &directive.Vary{Param: "conn_seed", Text: "1..40", Values: seeds(1, 40)}}
	for _, procs := range []int{1, runtime.NumCPU()} {
		b.Run("procs="+strconv.Itoa(procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			for b.Loop() {
				x := NewExperiment("t.md", d, m)
				var errs diag.List
				All(context.Background(), []*Experiment{x}, cache.Cache{}, DefaultTimeout, &errs)
				if !x.OK {
					b.Fatal(errs.Err())
				}
			}
		})
	}
}

func TestCheckResult(t *testing.T) {
	ok := model.Result{Values: []model.Value{{Path: "a", V: 1}, {Path: "b", V: 2}}, Series: []model.Series{{Name: "s", X: []float64{1}, Y: []float64{2}}}}
	if err := checkResult(ok); err != nil {
		t.Errorf("sound result: %v", err)
	}
	for want, r := range map[string]model.Result{
		`value "a" twice`:                       {Values: []model.Value{{Path: "a"}, {Path: "b"}, {Path: "a"}}},
		`value "b" = NaN`:                       {Values: []model.Value{{Path: "a"}, {Path: "b", V: math.NaN()}}},
		`series "s" twice`:                      {Series: []model.Series{{Name: "s"}, {Name: "s"}}},
		`series "s" with 1 x and 0 y values`:    {Series: []model.Series{{Name: "s", X: []float64{1}}}},
		`series "s" point 0 = (1, +Inf)`:        {Series: []model.Series{{Name: "s", X: []float64{1}, Y: []float64{math.Inf(1)}}}},
		`series "s" with 1 points and 2 labels`: {Series: []model.Series{{Name: "s", X: []float64{1}, Y: []float64{1}, Labels: []string{"a", "b"}}}},
	} {
		if err := checkResult(r); err == nil || err.Error() != want {
			t.Errorf("checkResult = %v, want %s", err, want)
		}
	}
}

// TestUnsoundCacheEntry: a cached result that fails the result checks is
// recomputed, and the warning says which check it failed.
func TestUnsoundCacheEntry(t *testing.T) {
	m, _ := course.Registry().Lookup("warmup")
	c := cache.Cache{Dir: t.TempDir()}
	params, probs := m.Decode(nil, nil)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	bad := model.Result{Values: []model.Value{{Path: "moved", V: math.NaN()}}}
	if err := c.Put(m.CacheKey(params), bad); err != nil {
		t.Fatal(err)
	}
	x := NewExperiment("t.md", &directive.Experiment{Name: "w", Model: "warmup"}, m)
	var errs diag.List
	st := All(context.Background(), []*Experiment{x}, c, DefaultTimeout, &errs)
	if !x.OK || st.Ran != 1 || len(st.Warnings) != 1 || !strings.Contains(st.Warnings[0], `value "moved" = NaN; recomputed`) {
		t.Errorf("ok %v, ran %d, warnings %q", x.OK, st.Ran, st.Warnings)
	}
}

// TestRunKeysMixed: a list with a non-whole value names every run by its
// position, so that the value 1 and the position of 0.9 never collide.
func TestRunKeysMixed(t *testing.T) {
	whole := func(i int64) registry.Value {
		return registry.Number{Text: strconv.FormatInt(i, 10), F: float64(i), I: i, IsInt: true}
	}
	frac := func(f float64) registry.Value {
		return registry.Number{Text: strconv.FormatFloat(f, 'g', -1, 64), F: f}
	}
	for _, c := range []struct {
		in   []registry.Value
		want string
	}{
		{[]registry.Value{whole(0), whole(5), whole(20)}, "0 5 20"},
		{[]registry.Value{frac(0.9), frac(0.99), whole(1)}, "1 2 3"},
		{[]registry.Value{whole(1), frac(0.5)}, "1 2"},
		{[]registry.Value{whole(-3), whole(2)}, "1 2"},
	} {
		if got := strings.Join(RunKeys(c.in), " "); got != c.want {
			t.Errorf("RunKeys(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}
