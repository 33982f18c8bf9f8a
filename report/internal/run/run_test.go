package run

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"lbcourse/models/model"
	"lbcourse/report/internal/cache"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/registry"
)

// page parses the experiment blocks of src, a lesson file's text, as the
// lesson stage would: each ```experiment NAME line opens one, ``` closes it.
func page(t *testing.T, file, src string) (*lesson.Page, *diag.List) {
	var probs []directive.Problem
	p := &lesson.Page{File: file, Src: []byte(src)}
	var b *directive.Block
	off := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		switch {
		case strings.HasPrefix(line, "```experiment "):
			name := strings.TrimSpace(strings.TrimPrefix(line, "```experiment "))
			b = directive.NewBlock("experiment", off+3, []string{name}, []int{off + 14}, nil, &probs)
		case strings.HasPrefix(line, "```") && b != nil:
			p.Directives = append(p.Directives, directive.ParseExperiment(b))
			b = nil
		case b != nil:
			b.Lines = append(b.Lines, directive.Line{Text: []byte(line), Off: off})
		}
		off += len(line)
	}
	if len(probs) > 0 {
		t.Fatalf("parse: %v", probs)
	}
	errs := &diag.List{}
	errs.AddSource(file, p.Src)
	return p, errs
}

// echo is a model that returns n, x and the length of list as values, and
// third: 0.1 + 0.2, computed when it runs (0.30000000000000004).
type echo struct {
	N     int       `yaml:"n"`
	X     float64   `yaml:"x"`
	List  []float64 `yaml:"list"`
	Label string    `yaml:"label"`
}

func (echo) Validate() error { return nil }

func runEcho(_ context.Context, p echo) (model.Result, error) {
	var r model.Result
	r.Set("n", float64(p.N), "")
	r.Set("x", p.X, "")
	r.Set("list.len", float64(len(p.List)), "")
	tenth := 0.1
	r.Set("third", tenth+0.2, "")
	return r, nil
}

func testRegistry(t *testing.T) *registry.Registry {
	m := registry.New("echo", "models/echo", fstest.MapFS{"echo.go": {Data: []byte("package echo")}},
		func() echo { return echo{N: 1} }, echo.Validate, runEcho)
	reg, err := registry.NewRegistry(nil, m)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// plan plans and runs the experiments of src and returns them with every
// error, as file:line:col: message lines.
func plan(t *testing.T, src string) (map[string]*Experiment, []string) {
	p, errs := page(t, "x.md", src)
	exps := Plan(&lesson.Lesson{Pages: []*lesson.Page{p}}, testRegistry(t), errs)
	var all []*Experiment
	for _, d := range p.Directives {
		if x := exps[d.(*directive.Experiment).Name]; x != nil && x.D == d {
			all = append(all, x)
		}
	}
	All(context.Background(), all, cache.Cache{}, time.Minute, errs)
	var out []string
	for _, e := range errs.Errors() {
		out = append(out, e.Error())
	}
	return exps, out
}

// TestRefs: a !ref takes the other experiment's value at full precision, as
// a number of the parameter's type; every problem is at its place.
func TestRefs(t *testing.T) {
	exps, errs := plan(t, "```experiment a\nmodel: echo\nn: 3\n```\n"+
		"```experiment b\nmodel: echo\nx: !ref a.third\nn: !ref a.n\nlist: !ref a.third\nlabel: !ref a.n\n```\n"+
		"```experiment c\nmodel: echo\nx: !ref a.thrid\n```\n"+
		"```experiment d\nmodel: echo\nn: !ref a.third\nnn: 2\nx: fast\n```\n"+
		"```experiment e\nmodel: echo\nx: !ref c.x\n```\n")
	want := []string{
		`x.md:14:4: experiment a has no value "thrid" (did you mean "third"?)`,
		`x.md:18:4: parameter n: want a whole number, not "0.30000000000000004"`,
		`x.md:19:1: model echo has no parameter "nn" (did you mean "n"?)`,
		`x.md:20:4: parameter x: want a number, not "fast"`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	b := exps["b"]
	if !b.OK {
		t.Fatal("b did not run")
	}
	got := fmt.Sprint(b.Result.Values)
	for _, v := range []string{"{n 3 }", "{x 0.30000000000000004 }", "{list.len 1 }"} {
		if !strings.Contains(got, v) {
			t.Errorf("b's values %s lack %s", got, v)
		}
	}
	for _, n := range []string{"c", "d", "e"} {
		if exps[n].OK {
			t.Errorf("%s ran", n)
		}
	}
}

// TestPlanErrors: an unknown model, a !ref to an unknown experiment and a
// cycle are each reported once, and nothing waits forever.
func TestPlanErrors(t *testing.T) {
	exps, errs := plan(t, "```experiment a\nmodel: ech\n```\n"+
		"```experiment b\nmodel: echo\nx: !ref zz.x\n```\n"+
		"```experiment c\nmodel: echo\nx: !ref d.x\n```\n"+
		"```experiment d\nmodel: echo\nx: !ref c.x\n```\n")
	want := []string{
		`x.md:2:8: unknown model "ech" (did you mean "echo"?)`,
		`x.md:6:4: !ref to unknown experiment "zz"`,
		`x.md:8:4: experiments refer to each other in a cycle: c -> d -> c`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	for n, x := range exps {
		if x.OK {
			t.Errorf("%s ran", n)
		}
	}
}
