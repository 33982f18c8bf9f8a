package resolve

import (
	"strings"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/run"
)

// Declared reports, before any experiment runs, every path a page of l names
// that its experiment's model does not declare among its outputs, with a
// did-you-mean over the declared patterns; it records each in said (file ->
// offsets), so that resolving does not report it again. A path to an
// unknown experiment is left to the resolver, which names the experiments
// there are.
func Declared(l *lesson.Lesson, exps map[string]*run.Experiment, said Said, errs *diag.List) {
	for _, p := range l.Pages {
		for _, d := range p.Directives {
			pd, ok := d.(directive.Pather)
			if !ok {
				continue
			}
			var bad []string          // prefixes reported: what lies under them is not reported again
			once := map[string]bool{} // experiments reported as running once, in this directive
			for _, r := range pd.Paths() {
				x := exps[r.Experiment]
				if x == nil || x.Model == nil || under(r, bad) {
					continue
				}
				if r.Of == directive.RefRun {
					if !x.Varied() && once[r.Experiment] {
						continue
					}
					once[r.Experiment] = true
					if msg := runUndeclared(x, r); msg != "" {
						errs.Add(p.File, r.Off, "experiment %s (model %s) %s", r.Experiment, x.Model.Name, msg)
						said.add(p.File, r.Off)
					}
					continue
				}
				msg := undeclared(x.Declared(), r)
				if msg != "" && r.Of == directive.RefValue && x.Varied() && x.Model.MatchValue(r.Path) {
					msg = "runs more than once: name a statistic of " + quote(r.Path) + " (" + r.Path + ".mean, .sd, .p50, …) or one run (run.N." + r.Path + ")"
				}
				if msg != "" {
					if r.Of == directive.RefPrefix {
						bad = append(bad, r.Experiment+"."+r.Path)
					}
					errs.Add(p.File, r.Off, "experiment %s (model %s) %s", r.Experiment, x.Model.Name, msg)
					said.add(p.File, r.Off)
				}
			}
		}
	}
}

func under(r directive.PathRef, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(r.Experiment+"."+r.Path, p+".") {
			return true
		}
	}
	return false
}

// runUndeclared says how a path of each run names nothing x's runs have:
// x must be replicated or swept, and run.N.PATH one of its values.
func runUndeclared(x *run.Experiment, r directive.PathRef) string {
	if !x.Varied() {
		return "runs once: count, share and claims over runs need an experiment that replicates or sweeps a parameter"
	}
	d := x.Declared()
	if d.MatchValue("run.1." + r.Path) {
		return ""
	}
	var per []string // each run's value paths, the run.N. prefix taken off
	for _, c := range d.ValueCandidates("run.1." + r.Path) {
		if rest, ok := strings.CutPrefix(c, "run.1."); ok {
			per = append(per, rest)
		}
	}
	return "has no value " + quote(r.Path) + " in each run" + diag.DidYouMean(r.Path, per)
}

// Said holds, per file, the offsets of the paths Declared reported.
type Said map[string]map[int]bool

func (s Said) add(file string, off int) {
	if s[file] == nil {
		s[file] = map[int]bool{}
	}
	s[file][off] = true
}

// undeclared says how r names nothing m declares, or "".
func undeclared(m run.Declaration, r directive.PathRef) string {
	switch r.Of {
	case directive.RefSeries:
		if !m.MatchSeries(r.Path) {
			return "declares no series " + quote(r.Path) + diag.DidYouMean(r.Path, m.SeriesCandidates(r.Path))
		}
	case directive.RefGroup:
		if !m.MatchValue(r.Path+".1") && m.DeclaresOutputs() && m.MatchValue(r.Path) {
			return "declares " + quote(r.Path) + " as a single value, not a group " + r.Path + ".1, " + r.Path + ".2, …: drop join"
		}
		if !m.MatchValue(r.Path + ".1") {
			return "declares no group " + quote(r.Path) + " (values " + r.Path + ".1, " + r.Path + ".2, …)" +
				diag.DidYouMean(r.Path+".1", m.ValueCandidates(r.Path+".1"))
		}
	case directive.RefPrefix:
		if r.Path != "" && !declaresUnder(m, r.Path) {
			return "declares no values under " + quote(r.Path) + diag.DidYouMean(r.Path, prefixes(m.ValueCandidates(r.Path+".x")))
		}
	default:
		if !m.MatchValue(r.Path) {
			return "declares no value " + quote(r.Path) + diag.DidYouMean(r.Path, m.ValueCandidates(r.Path))
		}
	}
	return ""
}

func quote(s string) string { return `"` + s + `"` }

// declaresUnder reports whether some value pattern of m continues prefix.
func declaresUnder(m run.Declaration, prefix string) bool {
	if !m.DeclaresOutputs() {
		return true
	}
	n := strings.Count(prefix, ".") + 1
	for _, p := range m.ValuePatterns() {
		segs := strings.Split(p, ".")
		if len(segs) > n && model.Match(strings.Join(segs[:n], "."), prefix) {
			return true
		}
	}
	return false
}

// prefixes drops the last segment of each pattern, for a did-you-mean on a
// row prefix.
func prefixes(patterns []string) []string {
	out := make([]string, 0, len(patterns))
	for _, p := range patterns {
		if i := strings.LastIndexByte(p, '.'); i > 0 {
			out = append(out, p[:i])
		}
	}
	return out
}
