package registry

import (
	"slices"

	"lbcourse/models/model"
)

// Outputs returns the values and series m declares, in declaration order:
// each a pattern (see model.Output for the syntax), a unit and a one-line
// description.
func (m *Model) Outputs() []model.Output { return slices.Clone(m.outputs) }

// DeclaresOutputs reports whether m declares its outputs. Every model of a
// model.Def does; a model built by New does not unless given WithOutputs.
func (m *Model) DeclaresOutputs() bool { return len(m.outputs) > 0 }

// MatchValue reports whether path matches a value or text pattern m
// declares (the paths a lesson may name; a text where a number is wanted
// is reported once the experiment ran). A model that declares no outputs
// matches every path: its paths can only be checked against what a run
// returns.
func (m *Model) MatchValue(path string) bool {
	_, ok := m.output(false, path)
	return ok || !m.DeclaresOutputs()
}

// MatchSeries reports whether name matches a series pattern m declares; as
// MatchValue, it is true for every name when m declares no outputs.
func (m *Model) MatchSeries(name string) bool {
	_, ok := m.output(true, name)
	return ok || !m.DeclaresOutputs()
}

// ValueOutput returns the declaration of the number at path: there is at
// most one, since declared patterns do not overlap.
func (m *Model) ValueOutput(path string) (model.Output, bool) {
	o, ok := m.output(false, path)
	return o, ok && !o.Text
}

// TextOutput returns the declaration of the text at path.
func (m *Model) TextOutput(path string) (model.Output, bool) {
	o, ok := m.output(false, path)
	return o, ok && o.Text
}

// SeriesOutput returns the declaration of the series called name.
func (m *Model) SeriesOutput(name string) (model.Output, bool) { return m.output(true, name) }

func (m *Model) output(series bool, path string) (model.Output, bool) {
	for _, o := range m.outputs {
		if o.Series == series && o.Matches(path) {
			return o, true
		}
	}
	return model.Output{}, false
}

// ValuePatterns returns the value patterns m declares, in declaration order.
func (m *Model) ValuePatterns() []string { return m.patterns(false) }

// SeriesPatterns returns the series patterns m declares, in declaration order.
func (m *Model) SeriesPatterns() []string { return m.patterns(true) }

func (m *Model) patterns(series bool) []string {
	var out []string
	for _, o := range m.outputs {
		if o.Series == series {
			out = append(out, o.Pattern)
		}
	}
	return out
}

// ValueCandidates returns the candidates for a did-you-mean on a value path
// that matches no declaration (diag.DidYouMean(path, m.ValueCandidates(path))):
// each value pattern with its placeholders filled from path where path has
// a number in the same position (model.Fill), so that "t.45.totl.tail"
// suggests "t.45.total.tail".
func (m *Model) ValueCandidates(path string) []string { return m.candidates(false, path) }

// SeriesCandidates is ValueCandidates for a series name.
func (m *Model) SeriesCandidates(name string) []string { return m.candidates(true, name) }

func (m *Model) candidates(series bool, path string) []string {
	ps := m.patterns(series)
	for i, p := range ps {
		ps[i] = model.Fill(p, path)
	}
	return ps
}
