// Package resolve binds each page's directives and inline values to the
// results of its lesson's experiments, before any HTML: every value, table
// cell, plot series, listing and claim becomes plain data for a template,
// and every miss a positioned error with a did-you-mean. It reads no file.
package resolve

import (
	"slices"
	"strconv"
	"strings"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/run"
)

// resolver finds values and series of a lesson's experiments for a page,
// reporting a missing one at an offset of the page's file.
type resolver struct {
	file string
	exps map[string]*run.Experiment
	errs *diag.List
	// falses receives the claims that do not hold (Claims only).
	falses *diag.List
	// said holds the offsets Declared reported already: a miss there is
	// not reported twice.
	said map[int]bool
}

// miss reports a missing result at off, unless Declared reported it.
func (r *resolver) miss(off int, format string, args ...any) {
	if !r.said[off] {
		r.errs.Add(r.file, off, format, args...)
	}
}

func (r *resolver) names() []string {
	out := make([]string, 0, len(r.exps))
	for n := range r.exps {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// experiment returns the named experiment's result; ok is false when it is
// unknown (reported) or failed (reported where it is defined).
func (r *resolver) experiment(name string, off int) (*run.Experiment, bool) {
	x, found := r.exps[name]
	if !found {
		r.errs.Add(r.file, off, "unknown experiment %q%s", name, diag.DidYouMean(name, r.names()))
		return nil, false
	}
	return x, x.OK
}

// value resolves EXPERIMENT.PATH.
func (r *resolver) value(full string, off int) (model.Value, bool) {
	name, path, _ := strings.Cut(full, ".")
	x, ok := r.experiment(name, off)
	if !ok {
		return model.Value{}, false
	}
	v, found := x.Value(path)
	if !found {
		if _, text := x.Result.Text(path); text {
			r.errs.Add(r.file, off, "%s is a text, not a number: only an inline value shows it, without a format: {{ %s }}", full, full)
			return model.Value{}, false
		}
		r.miss(off, "experiment %s (model %s) has no value %q%s", name, x.Model.Name, path, diag.DidYouMean(path, run.ValuePaths(x.Result)))
		return model.Value{}, false
	}
	return v, true
}

// text returns, quietly, the text at EXPERIMENT.PATH of a result that ran.
func (r *resolver) text(full string) (string, bool) {
	name, path, _ := strings.Cut(full, ".")
	x := r.exps[name]
	if x == nil || !x.OK {
		return "", false
	}
	t, found := x.Result.Text(path)
	return t.S, found
}

// has reports, quietly, whether EXPERIMENT.PATH or its group's first value
// EXPERIMENT.PATH.1 exists in a result that ran.
func (r *resolver) has(full string) bool {
	name, path, _ := strings.Cut(full, ".")
	x := r.exps[name]
	if x == nil || !x.OK {
		return false
	}
	_, one := x.Value(path)
	_, group := x.Value(path + ".1")
	return one || group
}

// prefix reports whether EXPERIMENT[.PREFIX] names an experiment with at
// least one value under the prefix, reporting it at off when not.
func (r *resolver) prefix(full string, off int) bool {
	name, path, _ := strings.Cut(full, ".")
	x, ok := r.experiment(name, off)
	if !ok {
		return false
	}
	if path == "" {
		return true
	}
	var under []string
	for _, v := range x.Result.Values {
		if strings.HasPrefix(v.Path, path+".") {
			return true
		}
		if i := strings.LastIndexByte(v.Path, '.'); i > 0 {
			under = append(under, v.Path[:i])
		}
	}
	r.miss(off, "experiment %s (model %s) has no values under %q%s", name, x.Model.Name, path, diag.DidYouMean(path, slices.Compact(under)))
	return false
}

// group resolves EXPERIMENT.PATH.1 … EXPERIMENT.PATH.N.
func (r *resolver) group(full string, off int) ([]model.Value, bool) {
	name, path, _ := strings.Cut(full, ".")
	x, ok := r.experiment(name, off)
	if !ok {
		return nil, false
	}
	var out []model.Value
	for i := 1; ; i++ {
		v, found := x.Value(path + "." + strconv.Itoa(i))
		if !found {
			break
		}
		if i > directive.MaxJoin {
			r.errs.Add(r.file, off, "group %s has more than %d values, too many for one cell", full, directive.MaxJoin)
			return nil, false
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		if _, single := x.Value(path); single {
			r.miss(off, "%s is a single value, not a group %s.1, %s.2, …: drop join", full, path, path)
			return nil, false
		}
		r.miss(off, "experiment %s has no group %q (want values %s.1, %s.2, …)%s", name, path, path, path, diag.DidYouMean(path+".1", run.ValuePaths(x.Result)))
		return nil, false
	}
	return out, true
}

// series resolves a series of experiment name.
func (r *resolver) series(name, series string, off int) (model.Series, bool) {
	x, ok := r.experiment(name, off)
	if !ok {
		return model.Series{}, false
	}
	s, found := x.Result.SeriesNamed(series)
	if !found {
		r.miss(off, "experiment %s (model %s) has no series %q%s", name, x.Model.Name, series, diag.DidYouMean(series, run.SeriesNames(x.Result)))
		return model.Series{}, false
	}
	return s, true
}
