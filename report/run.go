package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"go.yaml.in/yaml/v3"

	"lbcourse/models/model"
	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/course"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/registry"
	"lbcourse/report/internal/run"
)

type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, " ") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("run", stderr)
	var sets setFlags
	fs.Var(&sets, "set", "parameter `name=value` (a list as 3,1,1); repeatable")
	asJSON := fs.Bool("json", false, "print one JSON object with every value at full precision")
	timeout := fs.Duration("timeout", run.DefaultTimeout, "stop the run after `D`")
	replicate := fs.String("replicate", "", "run once per value of a parameter, `NAME=A..B` or NAME=1,2,5, and print statistics over the runs")
	sweep := fs.String("sweep", "", "run once per value of a parameter, `NAME=A..B[:STEP]` or NAME=1,2,5, and print series over it")
	reg := course.Registry()
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "usage: go run ./report run MODEL [-set name=value]... [-json]\nmodels: %s\n", strings.Join(reg.Names(), ", "))
		return 2
	}
	name := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "report run: unexpected argument %q (flags go after the model name)\n", fs.Arg(0))
		return 2
	}
	m, ok := reg.Lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "report run: unknown model %q%s; models: %s\n", name, diag.DidYouMean(name, reg.Names()), strings.Join(reg.Names(), ", "))
		return 2
	}
	set, err := setArgs(sets)
	if err != nil {
		fmt.Fprintf(stderr, "report run: %v\n", err)
		return 2
	}
	if *replicate != "" || *sweep != "" {
		return runVaried(ctx, m, set, *replicate, *sweep, *timeout, *asJSON, stdout, stderr)
	}
	params, probs := m.Decode(set, nil)
	if len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintf(stderr, "report run: %s\n", p.Msg)
		}
		return 1
	}
	res, err := run.RunModel(ctx, m, params, *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "report run: %s: %v\n", name, err)
		return 1
	}
	if *asJSON {
		if err := printJSON(stdout, name, params.Canonical(), res); err != nil {
			fmt.Fprintf(stderr, "report run: %v\n", err)
			return 1
		}
		return 0
	}
	printTable(stdout, name, params.Canonical(), res)
	return 0
}

// printJSON writes one JSON object: the model's name, its canonical
// parameters, every value at full precision (a NaN or an infinity as
// text) and each series' length.
func nonNil(v []float64) []float64 {
	if v == nil {
		return []float64{}
	}
	return v
}

// runVaried runs m once per value of the replicated and the swept parameter
// and prints what a lesson's varied experiment would have.
func runVaried(ctx context.Context, m *registry.Model, set []registry.Arg, replicate, sweep string, timeout time.Duration, asJSON bool, stdout, stderr io.Writer) int {
	d := &directive.Experiment{Name: m.Name, Model: m.Name, Params: set}
	for _, v := range []struct {
		flag, text string
		into       **directive.Vary
	}{{"replicate", replicate, &d.Replicate}, {"sweep", sweep, &d.Sweep}} {
		if v.text == "" {
			continue
		}
		name, values, ok := strings.Cut(v.text, "=")
		if !ok {
			fmt.Fprintf(stderr, "report run: -%s %q: want NAME=A..B\n", v.flag, v.text)
			return 2
		}
		vary, err := directive.ParseVary(name, values)
		if err != nil {
			fmt.Fprintf(stderr, "report run: -%s %s: %v\n", v.flag, name, err)
			return 2
		}
		*v.into = vary
	}
	if d.Runs() > directive.MaxRuns {
		fmt.Fprintf(stderr, "report run: %d runs, more than %d\n", d.Runs(), directive.MaxRuns)
		return 2
	}
	x := run.NewExperiment("", d, m)
	var errs diag.List
	run.All(ctx, []*run.Experiment{x}, cache.Cache{}, timeout, &errs)
	if errs.Len() > 0 || !x.OK {
		for _, e := range errs.Errors() {
			fmt.Fprintf(stderr, "report run: %s\n", e.Msg)
		}
		return 1
	}
	canon := d.Neutral()
	if asJSON {
		if err := printJSON(stdout, m.Name, strconv.Quote(canon), x.Result); err != nil {
			fmt.Fprintf(stderr, "report run: %v\n", err)
			return 1
		}
		return 0
	}
	printTable(stdout, m.Name, canon, x.Result)
	return 0
}

func printJSON(w io.Writer, name string, params string, res model.Result) error {
	vals := map[string]any{}
	for _, v := range res.Values {
		if math.IsNaN(v.V) || math.IsInf(v.V, 0) {
			vals[v.Path] = strconv.FormatFloat(v.V, 'g', -1, 64)
		} else {
			vals[v.Path] = v.V
		}
	}
	series := map[string]any{}
	for _, s := range res.Series {
		series[s.Name] = map[string][]float64{"x": nonNil(s.X), "y": nonNil(s.Y)}
	}
	out := map[string]any{"model": name, "params": json.RawMessage(params), "values": vals, "series": series}
	if len(res.Texts) > 0 {
		texts := map[string]string{}
		for _, t := range res.Texts {
			texts[t.Path] = t.S
		}
		out["texts"] = texts
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// printTable writes the model and its canonical parameters, a table of
// texts (path, text, "text") and values (path, value at full precision,
// unit) and the series' names
// with their lengths.
func printTable(w io.Writer, name string, params string, res model.Result) {
	fmt.Fprintf(w, "model %s %s\n\n", name, params)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, t := range res.Texts {
		fmt.Fprintf(tw, "%s\t%s\ttext\n", t.Path, t.S)
	}
	for _, v := range res.Values {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", v.Path, strconv.FormatFloat(v.V, 'g', -1, 64), v.Unit)
	}
	tw.Flush()
	if len(res.Series) > 0 {
		var names []string
		for _, s := range res.Series {
			names = append(names, fmt.Sprintf("%s (%d)", s.Name, len(s.Y)))
		}
		sort.Strings(names)
		fmt.Fprintf(w, "\nseries: %s\n", strings.Join(names, ", "))
	}
}

// setArgs reads the -set name=value flags as parameters for
// registry.Model.Decode, the path a lesson's parameters take; each Arg's
// offsets are the flag's index. A flag without =, a name given twice and
// a value setValue refuses are errors.
func setArgs(sets []string) ([]registry.Arg, error) {
	var args []registry.Arg
	given := map[string]bool{}
	for i, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("-set %q: want name=value", s)
		}
		if given[k] {
			return nil, fmt.Errorf("-set %s given twice", k)
		}
		given[k] = true
		val, err := setValue(v)
		if err != nil {
			return nil, fmt.Errorf("-set %s: %v", k, err)
		}
		args = append(args, registry.Arg{Name: k, NameOff: i, ValueOff: i, Value: val})
	}
	return args, nil
}

// setValue reads the text of -set name=value as the value a lesson's
// parameter would have: YAML flow syntax as written ([3, 1, 1]), a list for
// comma-separated text (3,1,1), else one scalar resolved by YAML's rules (so
// null is null, as in a lesson). Text that is none of these, such as
// [1,2]] or an empty value, is an error, and so is a !ref, which names an
// experiment of a lesson.
func setValue(v string) (registry.Value, error) {
	if strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("no value after =")
	}
	n, err := setNode(v)
	if err != nil {
		return nil, err
	}
	val := directive.ParamValueOf(n)
	if _, ok := val.(registry.Ref); ok {
		return nil, fmt.Errorf("%q: a !ref names an experiment of a lesson; give the value itself", v)
	}
	return val, nil
}

// setNode parses the text of a -set value, not blank, into a YAML node as
// setValue describes.
func setNode(v string) (*yaml.Node, error) {
	if strings.HasPrefix(strings.TrimSpace(v), "[") {
		n, err := yamlValue(v)
		if err != nil || n.Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("%q is not a list such as [3, 1, 1]", v)
		}
		return n, nil
	}
	if !strings.Contains(v, ",") {
		n, err := yamlValue(v)
		if err != nil || n.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("%q is not a single value (a list is written 3,1,1)", v)
		}
		if blank(n) {
			return nil, fmt.Errorf("no value after = in %q", v)
		}
		return n, nil
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, item := range strings.Split(v, ",") {
		n, err := yamlValue(item)
		if err != nil || n.Kind != yaml.ScalarNode || blank(n) {
			return nil, fmt.Errorf("%q: item %q is not a single value", v, strings.TrimSpace(item))
		}
		seq.Content = append(seq.Content, n)
	}
	return seq, nil
}

// blank reports an unquoted scalar with no text: a comment, a bare tag.
func blank(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) == 0 && strings.TrimSpace(n.Value) == ""
}

// yamlValue parses s as the value of a key in a lesson's experiment body
// (key: s), so that -set accepts exactly what a lesson accepts.
func yamlValue(s string) (*yaml.Node, error) {
	if strings.ContainsAny(s, "\n\r") {
		return nil, fmt.Errorf("a value is one line")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("v: "+s), &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode || len(doc.Content[0].Content) != 2 {
		return nil, fmt.Errorf("not one value")
	}
	return doc.Content[0].Content[1], nil
}

// cmdModels prints every model of the course, in registry order: its name
// and directory, its doc line, its parameters (name, type, default, unit,
// the first sentence of the field's comment) and its outputs (pattern,
// unit, description), values first, then series.
func cmdModels(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("models", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "report models: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	reg := course.Registry()
	for i, n := range reg.Names() {
		m, _ := reg.Lookup(n)
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s (%s)\n", m.Name, m.Dir)
		if m.Doc != "" {
			fmt.Fprintf(stdout, "  %s\n", m.Doc)
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "\n  parameter\ttype\tdefault\tunit\tdescription\n")
		for _, p := range m.Parameters() {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", p.Name, p.Type, p.Default, orDash(p.Unit), p.Doc)
		}
		tw.Flush()
		for _, series := range []bool{false, true} {
			head := "value"
			if series {
				head = "series"
			}
			var outs []model.Output
			for _, o := range m.Outputs() {
				if o.Series == series {
					outs = append(outs, o)
				}
			}
			if len(outs) == 0 {
				continue
			}
			tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintf(tw, "\n  %s\tunit\tdescription\n", head)
			for _, o := range outs {
				unit := orDash(o.Unit)
				if o.Text {
					unit = "text"
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", o.Pattern, unit, o.Doc)
			}
			tw.Flush()
		}
	}
	return 0
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
