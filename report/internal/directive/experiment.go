package directive

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// An Experiment names a model and its parameters:
//
//	```experiment NAME
//	model: MODEL
//	param: value
//	other: !ref OTHER_EXPERIMENT.value.path
//	```
type Experiment struct {
	Off      int
	Name     string
	Model    string
	ModelOff int
	// Params holds the parameter fields in source order, the model key
	// removed. Values tagged !ref are references to other experiments.
	Params []Field
	Block  *Block
}

// A ParamRef is a parameter whose value is another experiment's value.
type ParamRef struct {
	Param string
	Node  *yaml.Node
	Path  string // EXPERIMENT.value.path
	Off   int
}

func (e *Experiment) Kind() string { return "experiment" }
func (e *Experiment) Pos() int     { return e.Off }

// Neutral is "NAME model=MODEL key=value ..." with keys sorted and values
// in YAML flow form.
func (e *Experiment) Neutral() string {
	parts := []string{e.Name, "model=" + e.Model}
	var ps []string
	for _, f := range e.Params {
		ps = append(ps, f.Key.Value+"="+Flow(f.Value))
	}
	slices.Sort(ps)
	return strings.Join(append(parts, ps...), " ")
}

// Flow renders a YAML value the way an author would write it on one line:
// [3, 1, 1], {a: 1}, or the scalar.
func Flow(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = Flow(c)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, Flow(n.Content[i])+": "+Flow(n.Content[i+1]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	if n.Tag == "!ref" {
		return "!ref " + n.Value
	}
	return n.Value
}

// Refs returns the parameters written as !ref.
func (e *Experiment) Refs() []ParamRef {
	var out []ParamRef
	for _, f := range e.Params {
		if f.Value.Tag == "!ref" {
			out = append(out, ParamRef{Param: f.Key.Value, Node: f.Value, Path: f.Value.Value, Off: e.Block.NodeOff(f.Value)})
		}
	}
	return out
}

// ParseExperiment parses an experiment block. Parameter names and values
// are checked later against the model.
func ParseExperiment(b *Block) Directive {
	name, _ := b.Name("experiment")
	e := &Experiment{Off: b.Off, Name: name, Block: b}
	m := b.Mapping()
	if m == nil {
		// Its body's error is reported; the name stays known, so that what
		// refers to it is not reported again.
		return e
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if seen[k.Value] {
			b.Errorf(b.NodeOff(k), "experiment %s: %s given twice", name, k.Value)
			continue
		}
		seen[k.Value] = true
		if k.Value == "model" {
			e.Model, e.ModelOff = v.Value, b.NodeOff(v)
			continue
		}
		if v.Tag == "!ref" && !pathRE.MatchString(v.Value) {
			b.Errorf(b.NodeOff(v), "!ref needs a value path such as other.round_robin.mean_wait, not %q", v.Value)
		}
		e.Params = append(e.Params, Field{k, v})
	}
	if e.Model == "" {
		b.Errorf(b.Off, "experiment %s: missing key \"model\"", name)
	}
	return e
}

// ExperimentView is what templates/directives/experiment.html shows: the
// experiment's name, its model and the parameters the lesson sets.
type ExperimentView struct {
	Name, Model      string
	Label, ModelWord string
	Params           []ParamView
}

// A ParamView is one parameter as the lesson writes it.
type ParamView struct{ Key, Value string }

func resolveExperiment(d Directive, c Context) (any, bool) {
	e := d.(*Experiment)
	v := ExperimentView{Name: e.Name, Model: e.Model, Label: c.UI("experiment"), ModelWord: c.UI("model")}
	for _, f := range e.Params {
		val := Flow(f.Value)
		if f.Value.Tag == "!ref" {
			val = "← " + f.Value.Value
		}
		v.Params = append(v.Params, ParamView{f.Key.Value, val})
	}
	return v, true
}
