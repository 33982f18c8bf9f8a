package run

import "lbcourse/models/model"

// A Declaration says which value paths and series names an experiment's
// result may have, for checking a lesson before anything runs.
// *registry.Model is one; a replicated or swept experiment derives its own.
type Declaration interface {
	DeclaresOutputs() bool
	MatchValue(path string) bool
	MatchSeries(name string) bool
	ValuePatterns() []string
	ValueCandidates(path string) []string
	SeriesCandidates(name string) []string
}

// Varied reports whether x replicates or sweeps a parameter.
func (x *Experiment) Varied() bool { return x.D.Replicate != nil || x.D.Sweep != nil }

// Declared returns what x's result may hold: its model's outputs, or for a
// replicated or swept experiment the statistics, per-run values and series
// its runs give (see aggregate).
func (x *Experiment) Declared() Declaration {
	if !x.Varied() || !x.Model.DeclaresOutputs() {
		return x.Model
	}
	x.declOnce.Do(func() {
		var outs []model.Output
		for _, o := range x.Model.Outputs() {
			if o.Series || o.Text {
				continue // a varied experiment keeps its runs' values, not their series or texts
			}
			outs = append(outs, x.expand(o)...)
		}
		x.decl = expanded(outs)
	})
	return x.decl
}

// expand lists what one value declaration becomes in a varied result.
func (x *Experiment) expand(o model.Output) []model.Output {
	val := func(p, unit string) model.Output { return model.OutValue(p, unit, o.Doc) }
	ser := func(p string) model.Output { return model.OutSeries(p, o.Unit, o.Doc) }
	var out []model.Output
	switch {
	case x.D.Sweep == nil:
		for _, s := range StatNames {
			out = append(out, val(o.Pattern+"."+s, o.Unit))
		}
		out = append(out, val("run.<run>."+o.Pattern, o.Unit), ser(o.Pattern))
	case x.D.Replicate == nil:
		out = append(out, extremes(o.Pattern, o.Unit, o.Doc)...)
		out = append(out, val("run.<run>."+o.Pattern, o.Unit), ser(o.Pattern))
	default:
		for _, s := range StatNames {
			out = append(out, extremes(o.Pattern+"."+s, o.Unit, o.Doc)...)
			out = append(out, val("run.<run>."+o.Pattern+"."+s, o.Unit), ser(o.Pattern+"."+s))
		}
	}
	return out
}

func extremes(p, unit, doc string) []model.Output {
	return []model.Output{model.OutValue(p+".min", unit, doc), model.OutValue(p+".max", unit, doc),
		model.OutValue(p+".argmin", "", doc), model.OutValue(p+".argmax", "", doc)}
}

// expanded is a list of declarations matched as a registry.Model matches
// its own.
type expanded []model.Output

func (e expanded) DeclaresOutputs() bool { return true }

func (e expanded) MatchValue(path string) bool  { return e.match(false, path) }
func (e expanded) MatchSeries(name string) bool { return e.match(true, name) }

func (e expanded) match(series bool, path string) bool {
	for _, o := range e {
		if o.Series == series && o.Matches(path) {
			return true
		}
	}
	return false
}

func (e expanded) ValuePatterns() []string { return e.patterns(false) }

func (e expanded) patterns(series bool) []string {
	var out []string
	for _, o := range e {
		if o.Series == series {
			out = append(out, o.Pattern)
		}
	}
	return out
}

func (e expanded) ValueCandidates(path string) []string  { return e.candidates(false, path) }
func (e expanded) SeriesCandidates(name string) []string { return e.candidates(true, name) }

func (e expanded) candidates(series bool, path string) []string {
	ps := e.patterns(series)
	for i, p := range ps {
		ps[i] = model.Fill(p, path)
	}
	return ps
}

// RunKeys names x's runs for claims over them: the path segment of each
// (run.KEY.P) and a label for errors ("conn_seed = 7"). A swept and
// replicated experiment's runs are its swept values, whose values are
// statistics over the replicates.
func (x *Experiment) RunKeys() (keys, labels []string) {
	v := x.D.Sweep
	if v == nil {
		v = x.D.Replicate
	}
	if v == nil {
		return nil, nil
	}
	for _, val := range v.Values {
		labels = append(labels, v.Param+" = "+val.String())
	}
	return RunKeys(v.Values), labels
}
