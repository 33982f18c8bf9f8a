package run

import (
	"strings"
	"testing"

	"lbcourse/models/model"
)

// TestCheckResultTexts: a text shares no path, with a text or a value, and
// is short, valid UTF-8 without control characters.
func TestCheckResultTexts(t *testing.T) {
	text := func(path, s string) model.Result {
		r := model.Result{Values: []model.Value{{Path: "n", V: 1}}}
		r.SetText(path, s)
		return r
	}
	twice := text("a", "x")
	twice.SetText("a", "y")
	for _, c := range []struct {
		r    model.Result
		want string
	}{
		{text("cpu", "AMD EPYC 7B13 64-Core Processor"), ""},
		{text("n", "x"), `text "n" twice, or a value's path`},
		{twice, `text "a" twice, or a value's path`},
		{text("a", "line\nbreak"), `text "a": control character U+000A`},
		{text("a", "\xff"), `text "a": not valid UTF-8`},
		{text("a", strings.Repeat("x", MaxTextBytes+1)), `text "a": 257 bytes, more than 256`},
	} {
		got := ""
		if err := checkResult(c.r); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("checkResult(%v) = %q, want %q", c.r.Texts, got, c.want)
		}
	}
}
