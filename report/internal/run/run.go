// Package run plans and executes a course's experiments: each once per
// lesson, after the ones its !ref parameters name, in parallel, with a
// timeout, panic recovery and a verified cache. It knows nothing of HTML.
package run

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"lbcourse/models/model"
	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/registry"
)

// NewExperiment returns an experiment of d on model m outside any lesson
// (for `report run`), file naming it in errors.
func NewExperiment(file string, d *directive.Experiment, m *registry.Model) *Experiment {
	return &Experiment{File: file, D: d, Model: m, done: make(chan struct{})}
}

// An Experiment is one experiment of a lesson, run once for every language.
// Result and OK are set once Run has returned.
type Experiment struct {
	File   string                // the lesson file it is read from
	D      *directive.Experiment // as parsed
	Model  *registry.Model       // nil for an unknown model, or one that cannot run
	Result model.Result
	OK     bool // it ran (or came from the cache) and its result passed the checks
	Cached bool

	deps []*Experiment
	refs []directive.ParamRef
	done chan struct{}

	indexOnce sync.Once
	index     *valueIndex // value path → position in Result.Values
	declOnce  sync.Once
	decl      expanded // a varied experiment's Declared
}

// Value returns the value at path of x's result and whether it exists, as
// Result.Value does, from an index built on first use: a varied result
// holds hundreds of thousands of values. Safe for concurrent use once x
// has run.
func (x *Experiment) Value(path string) (model.Value, bool) {
	x.indexOnce.Do(func() { x.index = newValueIndex(x.Result.Values) })
	i, ok := x.index.lookup(path)
	if !ok {
		return model.Value{}, false
	}
	return x.Result.Values[i], true
}

// Plan collects the experiments of a lesson from its first page, checks
// models and references, and orders them: a cycle of references is an error.
// An experiment whose model is unknown, or whose !ref names no experiment,
// has a nil Model and does not run.
func Plan(l *lesson.Lesson, reg *registry.Registry, errs *diag.List) map[string]*Experiment {
	p := l.Pages[0]
	exps, order := collect(p, reg, errs)
	link(p.File, exps, order, errs)
	breakCycles(p.File, order, errs)
	return exps
}

// collect returns the experiments of page p by name, and in page order,
// reporting unknown models; a nameless or duplicate experiment is left
// out (reported when the page was parsed).
func collect(p *lesson.Page, reg *registry.Registry, errs *diag.List) (map[string]*Experiment, []*Experiment) {
	exps := map[string]*Experiment{}
	var order []*Experiment
	for _, d := range p.Directives {
		e, ok := d.(*directive.Experiment)
		if !ok || e.Name == "" {
			continue
		}
		if _, dup := exps[e.Name]; dup {
			continue
		}
		x := &Experiment{File: p.File, D: e, done: make(chan struct{})}
		m, ok := reg.Lookup(e.Model)
		if !ok && e.Model != "" {
			errs.Add(p.File, e.ModelOff, "unknown model %q%s", e.Model, diag.DidYouMean(e.Model, reg.Names()))
		}
		x.Model = m
		exps[e.Name] = x
		order = append(order, x)
	}
	return exps, order
}

// link records each experiment's references and the experiments they name;
// a reference to an unknown experiment is an error, and its experiment
// does not run, its parameter having no value.
func link(file string, exps map[string]*Experiment, order []*Experiment, errs *diag.List) {
	names := make([]string, 0, len(exps))
	for n := range exps {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, x := range order {
		for _, r := range x.D.Refs() {
			name, _, _ := strings.Cut(r.Path, ".")
			dep, ok := exps[name]
			if !ok {
				errs.Add(file, r.Off, "!ref to unknown experiment %q%s", name, diag.DidYouMean(name, names))
				x.Model = nil
				continue
			}
			x.refs = append(x.refs, r)
			if !slices.Contains(x.deps, dep) {
				x.deps = append(x.deps, dep)
			}
		}
	}
}

// breakCycles reports each cycle of references once, at the experiment
// where a depth-first search in page order first enters it, and drops the
// dependencies of its members so that runs do not wait forever (their
// references then have no value and they do not run).
func breakCycles(file string, order []*Experiment, errs *diag.List) {
	state := map[*Experiment]int{} // 0 new, 1 on stack, 2 done
	var stack []*Experiment
	var visit func(x *Experiment)
	visit = func(x *Experiment) {
		state[x] = 1
		stack = append(stack, x)
		for _, d := range x.deps {
			switch state[d] {
			case 0:
				visit(d)
			case 1:
				i := slices.Index(stack, d)
				var path []string
				for _, s := range stack[i:] {
					path = append(path, s.D.Name)
				}
				path = append(path, d.D.Name)
				errs.Add(file, d.D.Off, "experiments refer to each other in a cycle: %s", strings.Join(path, " -> "))
				for _, s := range stack[i:] {
					s.deps = nil
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[x] = 2
	}
	for _, x := range order {
		if state[x] == 0 {
			visit(x)
		}
	}
}

// Stats say what All did.
type Stats struct {
	mu sync.Mutex
	// Runs is the number of distinct model runs the experiments asked for
	// (two asking for the same model and parameters share one); each was
	// Ran or Cached, or failed.
	Runs, Ran, Cached int
	// Warnings are problems it repaired, such as a corrupt cache entry.
	Warnings []string
	memo     map[string]*memoEntry
}

// A memoEntry is one distinct run of a build, computed once.
type memoEntry struct {
	once   sync.Once
	r      model.Result
	ok     bool
	cached bool
	fail   string // why it failed, when !ok
}

// entry returns the build's entry for the run of cache key key.
func (st *Stats) entry(key string) *memoEntry {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.memo == nil {
		st.memo = map[string]*memoEntry{}
	}
	e := st.memo[key]
	if e == nil {
		e = &memoEntry{}
		st.memo[key] = e
		st.Runs++
	}
	return e
}

func (st *Stats) count(n *int) {
	st.mu.Lock()
	*n++
	st.mu.Unlock()
}

// countAll counts n runs taken from the cache at once (a varied
// experiment's aggregated result).
func (st *Stats) countAll(n int) {
	st.mu.Lock()
	st.Runs += n
	st.Cached += n
	st.mu.Unlock()
}

func (st *Stats) warn(w string) {
	st.mu.Lock()
	st.Warnings = append(st.Warnings, w)
	st.mu.Unlock()
}

// All runs every experiment of every lesson, each once, at most
// GOMAXPROCS at a time, a dependent one after the ones it refers to.
func All(ctx context.Context, all []*Experiment, c cache.Cache, timeout time.Duration, errs *diag.List) *Stats {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	local := map[*Experiment]*diag.List{}
	for _, x := range all {
		local[x] = &diag.List{}
	}
	st := &Stats{}
	for _, x := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(x.done)
			for _, d := range x.deps {
				<-d.done
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			defer diag.RecoverAt(local[x], x.File, x.D.Off, "running experiment "+x.D.Name)
			runOne(ctx, x, c, timeout, local[x], st)
		}()
	}
	wg.Wait()
	for _, x := range all { // in plan order, so the error list is stable
		errs.Append(local[x])
	}
	slices.Sort(st.Warnings)
	return st
}

// runOne runs x, once its dependencies are done: it decodes x's
// parameters, its !ref values taken from the experiments they name, and
// takes the result from c or runs the model, reporting every problem at
// its place in x's file. An experiment that cannot run, or one whose
// dependency failed (reported there), leaves x.OK false.
func runOne(ctx context.Context, x *Experiment, c cache.Cache, timeout time.Duration, errs *diag.List, st *Stats) {
	if x.Model == nil {
		return
	}
	refs, ok := refValues(x, errs)
	if !ok {
		return
	}
	if x.D.Replicate != nil || x.D.Sweep != nil {
		x.Result, x.OK = runVaried(ctx, x, refs, c, timeout, errs, st)
		return
	}
	params, probs := x.Model.Decode(x.D.Params, refs)
	if len(probs) > 0 {
		reportProblems(x, probs, errs)
		return
	}
	x.Result, x.OK, x.Cached = result(ctx, x, x.D.Name, x.Model.CacheKey(params), params, c, timeout, errs, st)
}

// reportProblems reports parameter problems at their offsets, or at the
// experiment for a problem of the parameters as a whole.
func reportProblems(x *Experiment, probs []registry.Problem, errs *diag.List) {
	for _, pr := range probs {
		off := pr.Off
		if off < 0 {
			off = x.D.Off
		}
		errs.Add(x.File, off, "%s", pr.Msg)
	}
}

// refValues returns the value of each of x's references, by path, at full
// precision. ok is false when one is missing: a dependency that failed (its
// own error is reported where it is) or a value its result lacks (reported
// at the reference).
func refValues(x *Experiment, errs *diag.List) (map[string]float64, bool) {
	refs := map[string]float64{}
	for _, r := range x.refs {
		name, path, _ := strings.Cut(r.Path, ".")
		dep := depNamed(x, name)
		if dep == nil || !dep.OK {
			return nil, false
		}
		v, ok := dep.Value(path)
		if !ok {
			errs.Add(x.File, r.Off, "experiment %s has no value %q%s", name, path, diag.DidYouMean(path, ValuePaths(dep.Result)))
			return nil, false
		}
		refs[r.Path] = v.V
	}
	return refs, true
}

// result returns the result of running x's model on params, whose cache
// key is key: from c when it holds a sound one, else from a run, which it
// stores in c; a run that several experiments of the build ask for is
// computed once. A corrupt entry is a warning; a run that fails or returns an unsound result is an
// error at x naming the run (name), and ok is false.
func result(ctx context.Context, x *Experiment, name, key string, params registry.Params, c cache.Cache, timeout time.Duration, errs *diag.List, st *Stats) (r model.Result, ok, cached bool) {
	e := st.entry(key)
	e.once.Do(func() { e.r, e.ok, e.cached, e.fail = compute(ctx, x, name, key, params, c, timeout, st) })
	if !e.ok {
		errs.Add(x.File, x.D.Off, "experiment %s: %s", name, e.fail)
		return model.Result{}, false, false
	}
	return e.r, true, e.cached
}

// compute takes the verified result of key from c, or runs the model.
func compute(ctx context.Context, x *Experiment, name, key string, params registry.Params, c cache.Cache, timeout time.Duration, st *Stats) (r model.Result, ok, cached bool, fail string) {
	r, status, err := c.Get(key)
	if status == cache.Hit {
		if cerr := checkResult(r); cerr != nil {
			status, err = cache.Corrupt, fmt.Errorf("cache entry for %s: %v", key, cerr)
		}
	}
	switch status {
	case cache.Hit:
		st.count(&st.Cached)
		return r, true, true, ""
	case cache.Corrupt:
		st.warn(fmt.Sprintf("%s: experiment %s: %v; recomputed", x.File, name, err))
	}
	r, err = runModel(ctx, x.Model, params, timeout)
	if err != nil {
		return model.Result{}, false, false, err.Error()
	}
	if err := checkResult(r); err != nil {
		return model.Result{}, false, false, fmt.Sprintf("model %s returned %v", x.Model.Name, err)
	}
	st.count(&st.Ran)
	_ = c.Put(key, r)
	return r, true, false, ""
}

// DefaultTimeout bounds one model run unless Options.Timeout says otherwise.
const DefaultTimeout = 2 * time.Minute

// RunModel runs m on params as a build does: within timeout, a panic
// recovered, the result checked.
func RunModel(ctx context.Context, m *registry.Model, params registry.Params, timeout time.Duration) (model.Result, error) {
	r, err := runModel(ctx, m, params, timeout)
	if err != nil {
		return model.Result{}, err
	}
	if err := checkResult(r); err != nil {
		return model.Result{}, fmt.Errorf("model %s returned %v", m.Name, err)
	}
	return r, nil
}

// runModel runs m on params within timeout. A model that ignores its context
// keeps running after the timeout; runModel returns anyway, so the build can
// finish and report it, and the process ends soon after.
func runModel(ctx context.Context, m *registry.Model, params registry.Params, timeout time.Duration) (model.Result, error) {
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type outcome struct {
		r   model.Result
		err error
	}
	ch := make(chan outcome, 1)
	go func() {
		r, err := m.Run(rctx, params)
		ch <- outcome{r, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil && ctx.Err() != nil {
			return model.Result{}, ErrInterrupted
		}
		return o.r, o.err
	case <-rctx.Done():
		if ctx.Err() != nil {
			return model.Result{}, ErrInterrupted
		}
		return model.Result{}, fmt.Errorf("did not finish within %v", timeout)
	}
}

// ErrInterrupted is the error of a run stopped by the build's own context.
var ErrInterrupted = errors.New("interrupted")

// checkResult rejects results that pages could not show reliably.
func checkResult(r model.Result) error {
	if len(r.Texts) == 0 && soundFast(r) {
		return nil
	}
	seen := map[string]bool{}
	for _, v := range r.Values {
		if seen[v.Path] {
			return fmt.Errorf("value %q twice", v.Path)
		}
		if !finite(v.V) {
			return fmt.Errorf("value %q = %v", v.Path, v.V)
		}
		seen[v.Path] = true
	}
	for _, t := range r.Texts {
		if seen[t.Path] {
			return fmt.Errorf("text %q twice, or a value's path", t.Path)
		}
		seen[t.Path] = true
		if err := checkText(t.S); err != nil {
			return fmt.Errorf("text %q: %v", t.Path, err)
		}
	}
	seen = map[string]bool{}
	for _, s := range r.Series {
		if seen[s.Name] {
			return fmt.Errorf("series %q twice", s.Name)
		}
		seen[s.Name] = true
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("series %q with %d x and %d y values", s.Name, len(s.X), len(s.Y))
		}
		if s.Labels != nil && len(s.Labels) != len(s.X) {
			return fmt.Errorf("series %q with %d points and %d labels", s.Name, len(s.X), len(s.Labels))
		}
		for i := range s.X {
			if !finite(s.X[i]) || !finite(s.Y[i]) {
				return fmt.Errorf("series %q point %d = (%v, %v)", s.Name, i, s.X[i], s.Y[i])
			}
		}
	}
	return nil
}

// MaxTextBytes bounds a text of a result, which a page shows in a
// sentence and the numbers file on one line.
const MaxTextBytes = 256

// checkText accepts a text a page can show as it is: valid UTF-8 of at
// most MaxTextBytes, without control characters.
func checkText(s string) error {
	if len(s) > MaxTextBytes {
		return fmt.Errorf("%d bytes, more than %d", len(s), MaxTextBytes)
	}
	if !utf8.ValidString(s) {
		return errors.New("not valid UTF-8")
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return fmt.Errorf("control character %U", c)
		}
	}
	return nil
}

// soundFast reports that r passes every check of checkResult; false means
// checkResult must look for the first problem. Names are compared by a
// 64-bit hash, sorted: a collision only sends r to checkResult's exact
// check, so the outcome never depends on the hash.
func soundFast(r model.Result) bool {
	hashes := make([]uint64, 0, max(len(r.Values), len(r.Series)))
	for _, v := range r.Values {
		if !finite(v.V) {
			return false
		}
		hashes = append(hashes, maphash.String(nameSeed, v.Path))
	}
	if !distinct(hashes) {
		return false
	}
	hashes = hashes[:0]
	for _, s := range r.Series {
		if len(s.X) != len(s.Y) || s.Labels != nil && len(s.Labels) != len(s.X) {
			return false
		}
		for i := range s.X {
			if !finite(s.X[i]) || !finite(s.Y[i]) {
				return false
			}
		}
		hashes = append(hashes, maphash.String(nameSeed, s.Name))
	}
	return distinct(hashes)
}

var nameSeed = maphash.MakeSeed()

// distinct reports whether hashes has no repeat; it sorts hashes.
func distinct(hashes []uint64) bool {
	slices.Sort(hashes)
	for i := 1; i < len(hashes); i++ {
		if hashes[i] == hashes[i-1] {
			return false
		}
	}
	return true
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func depNamed(x *Experiment, name string) *Experiment {
	for _, d := range x.deps {
		if d.D.Name == name {
			return d
		}
	}
	return nil
}

// ValuePaths lists the value paths of r, for a did-you-mean.
func ValuePaths(r model.Result) []string {
	out := make([]string, len(r.Values))
	for i, v := range r.Values {
		out[i] = v.Path
	}
	return out
}

// SeriesNames lists the series names of r, for a did-you-mean.
func SeriesNames(r model.Result) []string {
	out := make([]string, len(r.Series))
	for i, s := range r.Series {
		out[i] = s.Name
	}
	return out
}
