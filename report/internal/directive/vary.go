package directive

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/registry"
)

// MaxRuns bounds the runs one experiment may ask for: the replicated values
// times the swept ones.
const MaxRuns = 10000

// A Vary is a parameter an experiment runs over, replicated (a statistic
// over the runs) or swept (a series over the values):
//
//	replicate: {conn_seed: 1..40}      # A..B, both ends included
//	sweep: {timeout: 30..70:2}         # A..B:STEP, STEP 1 unless given
//	sweep: {slowdown: [1, 1.5, 2]}     # or a list
type Vary struct {
	Param    string
	ParamOff int
	ValueOff int
	Text     string           // as written: 1..40, 30..70:2, [1, 1.5, 2]
	Values   []registry.Value // each a registry.Number
}

// parseVary parses the value of a replicate or sweep key.
func (b *Block) parseVary(key string, n *yaml.Node) *Vary {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		b.Errorf(b.NodeOff(n), "%s takes one parameter and its values, as in {conn_seed: 1..40}", key)
		return nil
	}
	k, v := n.Content[0], n.Content[1]
	vr := &Vary{Param: k.Value, ParamOff: b.NodeOff(k), ValueOff: b.NodeOff(v)}
	var err error
	switch v.Kind {
	case yaml.SequenceNode:
		vr.Values, err = listValues(v)
		vr.Text = ParamValueOf(v).String()
	case yaml.ScalarNode:
		vr.Text = v.Value
		vr.Values, err = rangeValues(v.Value)
	default:
		err = fmt.Errorf("want a range such as 1..40 or 300..400:20, or a list")
	}
	if err != nil {
		b.Errorf(vr.ValueOff, "%s %s: %v", key, vr.Param, err)
		return nil
	}
	return vr
}

func listValues(n *yaml.Node) ([]registry.Value, error) {
	if len(n.Content) == 0 {
		return nil, fmt.Errorf("the list is empty")
	}
	if len(n.Content) > MaxRuns {
		return nil, fmt.Errorf("%d values, more than the %d runs an experiment may ask for", len(n.Content), MaxRuns)
	}
	var out []registry.Value
	for _, c := range n.Content {
		num, ok := ParamValueOf(c).(registry.Number)
		if !ok {
			return nil, fmt.Errorf("want numbers, not %q", c.Value)
		}
		out = append(out, num)
	}
	return out, nil
}

// ParseVary reads the values of a varied parameter as `report run` takes
// them: a range A..B[:STEP], or numbers separated by commas.
func ParseVary(param, text string) (*Vary, error) {
	v := &Vary{Param: param, Text: text}
	var err error
	if strings.Contains(text, "..") {
		v.Values, err = rangeValues(text)
		return v, err
	}
	for _, item := range strings.Split(strings.Trim(text, "[]"), ",") {
		n, ok := registry.Value(nil), false
		if f, ferr := strconv.ParseFloat(strings.TrimSpace(item), 64); ferr == nil && finite(f) {
			if i, ierr := strconv.ParseInt(strings.TrimSpace(item), 10, 64); ierr == nil {
				n, ok = registry.Number{Text: strings.TrimSpace(item), F: f, I: i, IsInt: true}, true
			} else {
				n, ok = registry.Number{Text: strings.TrimSpace(item), F: f}, true
			}
		}
		if !ok {
			return nil, fmt.Errorf("want a range such as 1..40 or numbers such as 1,2,5, not %q", text)
		}
		v.Values = append(v.Values, n)
	}
	if len(v.Values) > MaxRuns {
		return nil, fmt.Errorf("%d values, more than the %d runs an experiment may ask for", len(v.Values), MaxRuns)
	}
	return v, nil
}

// rangeValues expands A..B or A..B:STEP. Integer ends and step give whole
// numbers; otherwise the i-th value is A + i*STEP.
func rangeValues(s string) ([]registry.Value, error) {
	lo, rest, ok := strings.Cut(s, "..")
	if !ok {
		return nil, fmt.Errorf("want a range such as 1..40 or 300..400:20, or a list, not %q", s)
	}
	hi, step, hasStep := strings.Cut(rest, ":")
	if !hasStep {
		step = "1"
	}
	if li, lerr := strconv.ParseInt(lo, 10, 64); lerr == nil {
		hiI, herr := strconv.ParseInt(hi, 10, 64)
		stI, serr := strconv.ParseInt(step, 10, 64)
		if herr == nil && serr == nil {
			return intRange(s, li, hiI, stI)
		}
	}
	a, aerr := strconv.ParseFloat(lo, 64)
	z, zerr := strconv.ParseFloat(hi, 64)
	d, derr := strconv.ParseFloat(step, 64)
	if aerr != nil || zerr != nil || derr != nil || !finite(a) || !finite(z) || !finite(d) {
		return nil, fmt.Errorf("want a range such as 1..40 or 300..400:20, not %q", s)
	}
	if d <= 0 || z < a {
		return nil, fmt.Errorf("the range %s is empty or reversed (write A..B:STEP with A <= B and STEP > 0)", s)
	}
	n := math.Floor((z-a)/d+1e-9) + 1
	if n > MaxRuns {
		return nil, fmt.Errorf("%.0f values, more than the %d runs an experiment may ask for", n, MaxRuns)
	}
	out := make([]registry.Value, int(n))
	for i := range out {
		out[i] = registry.Float(a + float64(i)*d)
	}
	return out, nil
}

func intRange(text string, lo, hi, step int64) ([]registry.Value, error) {
	if step <= 0 || hi < lo {
		return nil, fmt.Errorf("the range %s is empty or reversed (write A..B:STEP with A <= B and STEP > 0)", text)
	}
	if (hi-lo)/step+1 > MaxRuns {
		return nil, fmt.Errorf("%d values, more than the %d runs an experiment may ask for", (hi-lo)/step+1, MaxRuns)
	}
	var out []registry.Value
	for v := lo; v <= hi; v += step {
		out = append(out, registry.Number{Text: strconv.FormatInt(v, 10), F: float64(v), I: v, IsInt: true})
	}
	return out, nil
}

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }

// Runs is the number of runs e asks for: 1 unless it replicates or sweeps.
func (e *Experiment) Runs() int {
	n := 1
	if e.Replicate != nil {
		n *= len(e.Replicate.Values)
	}
	if e.Sweep != nil {
		n *= len(e.Sweep.Values)
	}
	return n
}
