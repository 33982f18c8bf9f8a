package directive

import (
	"slices"
	"strconv"
	"strings"

	"lbcourse/report/internal/registry"
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
	// Params holds the parameters in source order, the model key removed,
	// each parsed once; a !ref value is a registry.Ref.
	Params []Param
	// Replicate and Sweep, when set, run the model once per value of a
	// parameter: statistics over the replicated runs, series over the swept
	// values (see Vary).
	Replicate, Sweep *Vary
}

// A ParamRef is a parameter whose value is another experiment's value.
type ParamRef struct {
	Param string
	Path  string // EXPERIMENT.value.path
	Off   int    // of the value, in the lesson file
}

func (e *Experiment) Kind() string { return "experiment" }
func (e *Experiment) Pos() int     { return e.Off }

// Neutral is "NAME model=MODEL key=value ..." with keys sorted and values
// in YAML flow form, as written ([3, 1, 1], !ref a.b).
func (e *Experiment) Neutral() string {
	parts := []string{e.Name, "model=" + e.Model}
	if e.Replicate != nil {
		parts = append(parts, "replicate="+e.Replicate.Param+":"+e.Replicate.Text)
	}
	if e.Sweep != nil {
		parts = append(parts, "sweep="+e.Sweep.Param+":"+e.Sweep.Text)
	}
	var ps []string
	for _, p := range e.Params {
		ps = append(ps, p.Name+"="+p.Value.String())
	}
	slices.Sort(ps)
	return strings.Join(append(parts, ps...), " ")
}

// Refs returns the parameters written as !ref, at their values.
func (e *Experiment) Refs() []ParamRef {
	var out []ParamRef
	for _, p := range e.Params {
		if r, ok := p.Value.(registry.Ref); ok {
			out = append(out, ParamRef{Param: p.Name, Path: r.Path, Off: p.ValueOff})
		}
	}
	return out
}

// ParseExperiment parses an experiment block. Parameter names and values
// are checked later against the model; here only a !ref's path is.
func ParseExperiment(b *Block) Directive {
	name, _ := b.Name("experiment")
	e := &Experiment{Off: b.Off, Name: name}
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
		switch k.Value {
		case "model":
			e.Model, e.ModelOff = v.Value, b.NodeOff(v)
			continue
		case "replicate":
			e.Replicate = b.parseVary(k.Value, v)
			continue
		case "sweep":
			e.Sweep = b.parseVary(k.Value, v)
			continue
		}
		p := Param{Name: k.Value, NameOff: b.NodeOff(k), ValueOff: b.NodeOff(v), Value: ParamValueOf(v)}
		if r, ok := p.Value.(registry.Ref); ok && !pathRE.MatchString(r.Path) {
			b.Errorf(p.ValueOff, "!ref needs a value path such as other.round_robin.mean_wait, not %q", r.Path)
		}
		e.Params = append(e.Params, p)
	}
	if e.Model == "" {
		b.Errorf(b.Off, "experiment %s: missing key \"model\"", name)
	}
	e.checkVary(b)
	return e
}

// checkVary reports a replicate and a sweep of one parameter, a varied
// parameter also set, and more runs than MaxRuns.
func (e *Experiment) checkVary(b *Block) {
	if e.Replicate != nil && e.Sweep != nil && e.Replicate.Param == e.Sweep.Param {
		b.Errorf(e.Sweep.ParamOff, "experiment %s: %s is both replicated and swept", e.Name, e.Sweep.Param)
	}
	for _, v := range []*Vary{e.Replicate, e.Sweep} {
		if v == nil {
			continue
		}
		for _, p := range e.Params {
			if p.Name == v.Param {
				b.Errorf(p.NameOff, "experiment %s: %s is set here and varied by %s", e.Name, p.Name, map[bool]string{true: "replicate", false: "sweep"}[v == e.Replicate])
			}
		}
	}
	if n := e.Runs(); n > MaxRuns {
		b.Errorf(e.Off, "experiment %s: %d runs, more than %d", e.Name, n, MaxRuns)
	}
}

// ExperimentView is what templates/directives/experiment.html shows: the
// experiment's name, its model and the parameters the lesson sets.
type ExperimentView struct {
	Name, Model      string
	Label, ModelWord string
	Params           []ParamView
	// Command is the report run command that reproduces the experiment.
	Command string
}

// A ParamView is one parameter as the lesson writes it.
type ParamView struct{ Key, Value string }

func resolveExperiment(d Directive, c Context) (any, bool) {
	e := d.(*Experiment)
	v := ExperimentView{Name: e.Name, Model: e.Model, Label: c.UI("experiment"), ModelWord: c.UI("model")}
	cmd := []string{"go", "run", "./report", "run", e.Model}
	for _, p := range e.Params {
		val, arg := p.Value.String(), p.Value.String()
		if r, ok := p.Value.(registry.Ref); ok {
			val, arg = "← "+r.Path, "?"
			if !c.Has(r.Path) {
				// reported where the experiment runs
			} else if x, ok := c.Value(r.Path, p.ValueOff); ok {
				arg = strconv.FormatFloat(x.V, 'g', -1, 64)
			}
		}
		v.Params = append(v.Params, ParamView{p.Name, val})
		cmd = append(cmd, "-set", shellWord(p.Name+"="+arg))
	}
	for _, vr := range []struct {
		key  string
		vary *Vary
	}{{"replicate", e.Replicate}, {"sweep", e.Sweep}} {
		if vr.vary != nil {
			v.Params = append(v.Params, ParamView{vr.key, vr.vary.Param + ": " + vr.vary.Text})
			list := strings.NewReplacer("[", "", "]", "", " ", "").Replace(vr.vary.Text)
			cmd = append(cmd, "-"+vr.key, shellWord(vr.vary.Param+"="+list))
		}
	}
	v.Command = strings.Join(cmd, " ")
	return v, true
}

// shellWord quotes s for a POSIX shell when it holds more than letters,
// digits and . , : = + - _ /.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".,:=+-_/", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
