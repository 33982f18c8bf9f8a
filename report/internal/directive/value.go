package directive

import "strings"

// A Value is an inline reference {{ experiment.path | format }} in prose.
type Value struct {
	Off  int // offset of "{{"
	Spec Spec
}

func (v *Value) Kind() string    { return "value" }
func (v *Value) Pos() int        { return v.Off }
func (v *Value) Neutral() string { return v.Spec.String() }

// Experiment returns the experiment the value belongs to: the path's first
// element.
func (v *Value) Experiment() string { e, _, _ := strings.Cut(v.Spec.Path, "."); return e }

// ParseValue parses the text between {{ and }}; innerOff is its offset. It
// returns the value and any problems.
func ParseValue(inner []byte, off, innerOff int) (*Value, []Problem) {
	s, probs := ParseSpec(string(inner), innerOff, false)
	if !strings.Contains(s.Path, ".") && len(probs) == 0 {
		probs = append(probs, Problem{s.Off, "a value path starts with its experiment: write EXPERIMENT.PATH"})
	}
	return &Value{Off: off, Spec: s}, probs
}
