package model

import (
	"context"
	"testing"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"total_work", "total_work", true},
		{"total_work", "total_works", false},
		{"total_work", "total_work.1", false},
		{"round_robin.work.<i>", "round_robin.work.2", true},
		{"round_robin.work.<i>", "round_robin.work.0", true},
		{"round_robin.work.<i>", "round_robin.work.1000", true},
		{"round_robin.work.<i>", "round_robin.work.02", false},
		{"round_robin.work.<i>", "round_robin.work.-1", false},
		{"round_robin.work.<i>", "round_robin.work.x", false},
		{"round_robin.work.<i>", "round_robin.work.", false},
		{"round_robin.work.<i>", "round_robin.work", false},
		{"round_robin.work.<i>", "round_robin.work.2.x", false},
		{"t.<T>.total.tail", "t.45.total.tail", true},
		{"t.<T>.total.tail", "t.45.loose.tail", false},
		{"ring.<v>.moved", "ring.1.5.moved", false},
		{"<a>.<b>", "1.2", true},
		{"a", "", false},
	}
	for _, tc := range tests {
		if got := Match(tc.pattern, tc.path); got != tc.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestOverlap(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"a.<i>", "a.<j>", true},
		{"a.<i>", "a.3", true},
		{"a.3", "a.<i>", true},
		{"a.<i>", "a.x", false},
		{"a.<i>", "a.<i>.b", false},
		{"a.b", "a.b", true},
		{"a.b", "a.c", false},
		{"a.b", "a.b.c", false},
		{"a.<i>.b", "a.<i>", false},
		{"<i>", "7", true},
		{"a.<i>.<j>", "a.1.2", true},
		{"a.<i>.c", "a.1.d", false},
		{"", "", true},
	}
	for _, tc := range tests {
		if got := Overlap(tc.a, tc.b); got != tc.want {
			t.Errorf("Overlap(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestFill(t *testing.T) {
	for _, tc := range []struct{ pattern, path, want string }{
		{"t.<T>.total.tail", "t.45.totl.tail", "t.45.total.tail"},
		{"round_robin.work.<i>", "round_robin.wrk.x", "round_robin.work.<i>"},
		{"ring.<v>.moved", "ring", "ring.<v>.moved"},
	} {
		if got := Fill(tc.pattern, tc.path); got != tc.want {
			t.Errorf("Fill(%q, %q) = %q, want %q", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestCheckOutputs(t *testing.T) {
	tests := []struct {
		outs []Output
		want string
	}{
		{[]Output{OutValue("a.<i>", "turn", "a"), OutSeries("a.<i>", "", "a series"), OutValue("a.<i>.b", "", "b")}, ""},
		{[]Output{OutValue("a.<i>", "", "a"), OutValue("a.3", "", "three")}, "outputs a.<i> and a.3 overlap"},
		{[]Output{OutValue("a..b", "", "a")}, `output pattern "a..b": segment "" is neither a literal (a-z, 0-9, _) nor a placeholder <name>`},
		{[]Output{OutValue("A.b", "", "a")}, `output pattern "A.b": segment "A" is neither a literal (a-z, 0-9, _) nor a placeholder <name>`},
		{[]Output{OutValue("a.<1x>", "", "a")}, `output pattern "a.<1x>": segment "<1x>" is neither a literal (a-z, 0-9, _) nor a placeholder <name>`},
		{[]Output{OutValue("a.<>", "", "a")}, `output pattern "a.<>": segment "<>" is neither a literal (a-z, 0-9, _) nor a placeholder <name>`},
		{[]Output{OutValue("t.<T>", "", "a")}, ""},
		{[]Output{OutValue("a", "", " ")}, "output a: Doc must be one non-empty line"},
		{[]Output{OutText("a.b", "a text"), OutSeries("a.b", "", "a series")}, ""},
		{[]Output{OutValue("a.<i>", "", "a"), OutText("a.3", "three")}, "outputs a.<i> and a.3 overlap"},
		{[]Output{{Text: true, Pattern: "a", Unit: "byte", Doc: "a"}}, "output a: a text is neither a series nor has a unit"},
		{[]Output{{Text: true, Series: true, Pattern: "a", Doc: "a"}}, "output a: a text is neither a series nor has a unit"},
	}
	for _, tc := range tests {
		err := CheckOutputs(tc.outs)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckOutputs(%v) = %q, want %q", tc.outs, got, tc.want)
		}
	}
}

type toyParams struct{ N int }

func (toyParams) Validate() error { return nil }

func TestDefErase(t *testing.T) {
	d := Def[toyParams]{
		Name:     "toy",
		Defaults: func() toyParams { return toyParams{N: 2} },
		Run: func(_ context.Context, p toyParams) (Result, error) {
			var r Result
			r.Set("n", float64(p.N), "")
			r.SetText("name", "toy")
			return r, nil
		},
	}
	if got := d.Dir(); got != "models/model" {
		t.Errorf("Dir() = %q, want models/model", got)
	}
	e := d.Erase()
	p := e.Defaults()
	if e.Validate(p) != nil {
		t.Error("Validate failed")
	}
	r, err := e.Run(context.Background(), p)
	if v, _ := r.Value("n"); err != nil || v.V != 2 {
		t.Errorf("Run = %v, %v", r, err)
	}
	if x, ok := r.Text("name"); !ok || x.S != "toy" {
		t.Errorf("Text(name) = %v, %v", x, ok)
	}
	if _, ok := r.Text("n"); ok {
		t.Error("Text(n) found a number")
	}
	if e.Params.Name() != "toyParams" {
		t.Errorf("Params = %v", e.Params)
	}
}
