package run

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"lbcourse/models/model"
	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/par"
	"lbcourse/report/internal/registry"
)

// A point is one run of a varied experiment: its sweep and replicate values.
type point struct {
	s, r   registry.Value // nil when not swept or not replicated
	params registry.Params
	key    string // the run's cache key
	res    model.Result
	ok     bool
	errs   diag.List
}

// runVaried runs x once per sweep value and replicate value, in parallel,
// each run cached on its own, and aggregates the runs into one result (see
// directive.Vary and doc.go for the paths it has).
func runVaried(ctx context.Context, x *Experiment, refs map[string]float64, c cache.Cache, timeout time.Duration, errs *diag.List, st *Stats) (model.Result, bool) {
	sweep, rep := varyValues(x.D.Sweep), varyValues(x.D.Replicate)
	pts := make([]*point, 0, len(sweep)*len(rep))
	for _, s := range sweep {
		for _, r := range rep {
			pts = append(pts, &point{s: s, r: r})
		}
	}
	probs := make([][]registry.Problem, len(pts))
	par.Each(len(pts), func(i int) {
		p := pts[i]
		p.params, probs[i] = x.Model.Decode(withVaried(x.D, p.s, p.r), refs)
		if len(probs[i]) == 0 {
			p.key = x.Model.CacheKey(p.params)
		}
	})
	for _, pr := range probs {
		if len(pr) > 0 { // the first combination that fails says why; the rest would repeat it
			reportProblems(x, pr, errs)
			return model.Result{}, false
		}
	}
	aggKey := aggregateKey(x, pts)
	switch r, status, err := c.Get(aggKey); {
	case status == cache.Hit && checkResult(r) == nil:
		st.countAll(len(pts))
		return r, true
	case status == cache.Hit:
		st.warn(fmt.Sprintf("%s: experiment %s: cache entry for %s: %v; recomputed", x.File, x.D.Name, aggKey, checkResult(r)))
	case status == cache.Corrupt:
		st.warn(fmt.Sprintf("%s: experiment %s: %v; recomputed", x.File, x.D.Name, err))
	}
	par.Each(len(pts), func(i int) {
		p := pts[i]
		p.res, p.ok, _ = result(ctx, x, x.D.Name+" ("+runLabel(x.D, p)+")", p.key, p.params, c, timeout, &p.errs, st)
	})
	ok := true
	for _, p := range pts {
		errs.Append(&p.errs)
		ok = ok && p.ok
	}
	if !ok {
		return model.Result{}, false
	}
	r, err := aggregate(x.D, pts, len(rep))
	if err != nil {
		errs.Add(x.File, x.D.Off, "experiment %s: %v", x.D.Name, err)
		return model.Result{}, false
	}
	_ = c.Put(aggKey, r)
	return r, true
}

// aggregateKey names the aggregated result of a varied experiment in the
// cache: the cache key of every run, in order, and the shape of the
// variation (which parameter is swept and which replicated). A warm build
// reads this one entry instead of every run's.
func aggregateKey(x *Experiment, pts []*point) string {
	h := sha256.New()
	fmt.Fprintf(h, "aggregate v1\nsweep %v replicate %v\n", x.D.Sweep != nil, x.D.Replicate != nil)
	for _, p := range pts {
		fmt.Fprintf(h, "%s\n", p.key)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func varyValues(v *directive.Vary) []registry.Value {
	if v == nil {
		return []registry.Value{nil}
	}
	return v.Values
}

// withVaried returns the experiment's parameters with the varied ones set.
func withVaried(e *directive.Experiment, s, r registry.Value) []registry.Arg {
	args := slices.Clone(e.Params)
	for _, v := range []struct {
		vary *directive.Vary
		val  registry.Value
	}{{e.Sweep, s}, {e.Replicate, r}} {
		if v.vary != nil {
			args = append(args, registry.Arg{Name: v.vary.Param, NameOff: v.vary.ParamOff, ValueOff: v.vary.ValueOff, Value: v.val})
		}
	}
	return args
}

func runLabel(e *directive.Experiment, p *point) string {
	var s string
	if e.Sweep != nil {
		s = e.Sweep.Param + " = " + p.s.String()
	}
	if e.Replicate != nil {
		if s != "" {
			s += ", "
		}
		s += e.Replicate.Param + " = " + p.r.String()
	}
	return s
}

// RunKeys returns the path segments that name the runs of a list of
// parameter values: the values themselves when every one is a whole number
// from 0, else their 1-based positions, for all of them (so that 1 and the
// position of 0.9 never name the same run).
func RunKeys(values []registry.Value) []string {
	keys := make([]string, len(values))
	for i, v := range values {
		n, ok := v.(registry.Number)
		if !ok || !n.IsInt || n.I < 0 {
			for i := range keys {
				keys[i] = strconv.Itoa(i + 1)
			}
			return keys
		}
		keys[i] = strconv.FormatInt(n.I, 10)
	}
	return keys
}

func number(v registry.Value) float64 {
	if n, ok := v.(registry.Number); ok {
		if n.IsInt {
			return float64(n.I)
		}
		return n.F
	}
	return 0
}

// aggregate turns the runs (sweep-major, nrep replicates per sweep value)
// into one result. Replicated runs must return the same value paths; the
// values of a sweep are the union of its points' paths, each a series over
// the points that have it.
func aggregate(e *directive.Experiment, pts []*point, nrep int) (model.Result, error) {
	var groups [][]*point
	for k := 0; k < len(pts); k += nrep {
		groups = append(groups, pts[k:k+nrep])
		if err := samePaths(e, pts[k:k+nrep]); err != nil {
			return model.Result{}, err
		}
	}
	index := make([]map[string]int, len(groups)) // path -> position, the same in every run of a group
	for k, g := range groups {
		index[k] = map[string]int{}
		for i, v := range g[0].res.Values {
			index[k][v.Path] = i
		}
	}
	paths := unionPaths(groups)
	prefix := make([]string, len(groups[0])) // "run.KEY." of each replicate
	if e.Replicate != nil {
		for j, k := range RunKeys(e.Replicate.Values) {
			prefix[j] = "run." + k + "."
		}
	}
	var keys []string // "KEY" of each swept value
	if e.Sweep != nil {
		keys = RunKeys(e.Sweep.Values)
	}
	// The paths are aggregated in parallel, a chunk each, and the chunks'
	// results joined in path order: the result is the same for any
	// chunking. Without a sweep every path gives the same number of values
	// and one series, so the chunks write in place and there is no join.
	var out model.Result
	perPath := -1
	if e.Sweep == nil {
		perPath = len(Summarize(make([]float64, nrep)).stats()) + nrep
		out.Values, out.Series = make([]model.Value, len(paths)*perPath), make([]model.Series, len(paths))
	}
	chunks := make([]model.Result, min(len(paths), 4*runtime.GOMAXPROCS(0)))
	par.Each(len(chunks), func(c int) {
		ch := &chunks[c]
		lo, hi := c*len(paths)/len(chunks), (c+1)*len(paths)/len(chunks)
		if perPath >= 0 {
			ch.Values = out.Values[lo*perPath : lo*perPath : hi*perPath]
			ch.Series = out.Series[lo:lo:hi]
		}
		for _, path := range paths[lo:hi] {
			switch {
			case e.Sweep == nil:
				replicated(ch, groups[0], index[0], prefix, path)
			case e.Replicate == nil:
				swept(ch, groups, keys, index, path)
			default:
				sweptReplicated(ch, groups, keys, index, path)
			}
		}
	})
	if perPath >= 0 {
		for c, ch := range chunks { // in place only if every path gave perPath values
			if lo, hi := c*len(paths)/len(chunks), (c+1)*len(paths)/len(chunks); len(ch.Values) != (hi-lo)*perPath || len(ch.Series) != hi-lo {
				return model.Result{}, fmt.Errorf("internal error: paths %d..%d gave %d values, want %d", lo, hi, len(ch.Values), (hi-lo)*perPath)
			}
		}
		return out, nil
	}
	nv, ns := 0, 0
	for _, c := range chunks {
		nv, ns = nv+len(c.Values), ns+len(c.Series)
	}
	out.Values, out.Series = make([]model.Value, 0, nv), make([]model.Series, 0, ns)
	for _, c := range chunks {
		out.Values, out.Series = append(out.Values, c.Values...), append(out.Series, c.Series...)
	}
	return out, nil
}

// samePaths reports a replicate whose values differ from the first's.
func samePaths(e *directive.Experiment, g []*point) error {
	first := g[0].res
	for _, p := range g[1:] {
		if len(p.res.Values) != len(first.Values) {
			return fmt.Errorf("the run %s has %d values, the run %s %d: replicated runs must return the same paths", runLabel(e, p), len(p.res.Values), runLabel(e, g[0]), len(first.Values))
		}
		for i, v := range p.res.Values {
			if v.Path != first.Values[i].Path {
				return fmt.Errorf("the run %s returns %q where the run %s returns %q", runLabel(e, p), v.Path, runLabel(e, g[0]), first.Values[i].Path)
			}
		}
	}
	return nil
}

// unionPaths lists the value paths of the groups' first runs, in the order
// they first appear.
func unionPaths(groups [][]*point) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range groups {
		for _, v := range g[0].res.Values {
			if !seen[v.Path] {
				seen[v.Path] = true
				out = append(out, v.Path)
			}
		}
	}
	return out
}

// values returns path's value in each run of g (index: the positions of
// its paths), and its unit; ok is false when the runs lack it.
func values(g []*point, index map[string]int, path string) (ys []float64, unit string, ok bool) {
	i, found := index[path]
	if !found {
		return nil, "", false
	}
	ys = make([]float64, len(g))
	for j, p := range g {
		ys[j] = p.res.Values[i].V
	}
	return ys, g[0].res.Values[i].Unit, true
}

// replicated: P.STAT for each statistic, run.KEY.P for each run, and the
// series P of the runs' values over the replicated parameter. The paths it
// sets are substrings of one string built per path.
func replicated(out *model.Result, g []*point, index map[string]int, prefix []string, path string) {
	ys, unit, _ := values(g, index, path)
	stats := Summarize(ys).stats()
	var b strings.Builder
	n := len(stats) * (len(path) + len(".ci95_lo"))
	for _, pre := range prefix {
		n += len(pre) + len(path)
	}
	b.Grow(n)
	ends := make([]int, 0, len(stats)+len(prefix))
	for _, st := range stats {
		b.WriteString(path)
		b.WriteByte('.')
		b.WriteString(st.name)
		ends = append(ends, b.Len())
	}
	for _, pre := range prefix {
		b.WriteString(pre)
		b.WriteString(path)
		ends = append(ends, b.Len())
	}
	names, start := b.String(), 0
	name := func(k int) string {
		s := names[start:ends[k]]
		start = ends[k]
		return s
	}
	for k, st := range stats {
		out.Set(name(k), st.v, unit)
	}
	xs := make([]float64, len(g))
	for j, p := range g {
		out.Set(name(len(stats)+j), ys[j], unit)
		xs[j] = number(p.r)
	}
	out.AddSeries(model.Series{Name: path, X: xs, Y: ys})
}

// swept: the series P over the swept values that have it, its min, max,
// argmin and argmax, and run.KEY.P for each of those values.
func swept(out *model.Result, groups [][]*point, keys []string, index []map[string]int, path string) {
	var xs, ys []float64
	unit := ""
	for k, g := range groups {
		i, ok := index[k][path]
		if !ok {
			continue
		}
		v := g[0].res.Values[i]
		xs, ys, unit = append(xs, number(g[0].s)), append(ys, v.V), v.Unit
		out.Set("run."+keys[k]+"."+path, v.V, v.Unit)
	}
	setExtremes(out, path, unit, xs, ys)
	out.AddSeries(model.Series{Name: path, X: xs, Y: ys})
}

// sweptReplicated: for each statistic the series P.STAT over the swept
// values, P.STAT.min/max/argmin/argmax, and run.KEY.P.STAT at each swept
// value.
func sweptReplicated(out *model.Result, groups [][]*point, keys []string, index []map[string]int, path string) {
	var xs []float64
	series := map[string][]float64{}
	var names []string
	unit := ""
	for k, g := range groups {
		ys, u, ok := values(g, index[k], path)
		if !ok {
			continue
		}
		unit = u
		xs = append(xs, number(g[0].s))
		for _, s := range Summarize(ys).stats() {
			if _, seen := series[s.name]; !seen {
				names = append(names, s.name)
			}
			series[s.name] = append(series[s.name], s.v)
			out.Set("run."+keys[k]+"."+path+"."+s.name, s.v, unit)
		}
	}
	for _, name := range names {
		setExtremes(out, path+"."+name, unit, xs, series[name])
		out.AddSeries(model.Series{Name: path + "." + name, X: xs, Y: series[name]})
	}
}

// setExtremes sets PATH.min, .max, .argmin and .argmax of ys over xs; a tie
// goes to the smallest x.
func setExtremes(out *model.Result, path, unit string, xs, ys []float64) {
	lo, hi := 0, 0
	for j := range ys {
		if ys[j] < ys[lo] || ys[j] == ys[lo] && xs[j] < xs[lo] {
			lo = j
		}
		if ys[j] > ys[hi] || ys[j] == ys[hi] && xs[j] < xs[hi] {
			hi = j
		}
	}
	out.Set(path+".min", ys[lo], unit)
	out.Set(path+".max", ys[hi], unit)
	out.Set(path+".argmin", xs[lo], "")
	out.Set(path+".argmax", xs[hi], "")
}
