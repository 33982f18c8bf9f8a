package main

import (
	"bytes"
	"strings"
	"testing"

	"lbcourse/models/model"
)

// TestTexts: report run lists a result's texts before its values, -json
// under "texts", and report diff shows a text that moved as text.
func TestTexts(t *testing.T) {
	var r model.Result
	r.SetText("date", "2026-12-04")
	r.Set("cores", 2, "")
	var b bytes.Buffer
	printTable(&b, "timings", "{}", r)
	if want := "model timings {}\n\ndate   2026-12-04  text\ncores  2           \n"; b.String() != want {
		t.Errorf("printTable:\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	if err := printJSON(&b, "timings", "{}", r); err != nil || !strings.Contains(b.String(), "\"texts\": {\n    \"date\": \"2026-12-04\"\n  }") {
		t.Errorf("printJSON: %v\n%s", err, b.String())
	}
	got := diffLesson(map[string]string{"t.date|text": "2026-12-04", "t.go|text": "go 1.26"}, map[string]string{"t.date|text": "2026-12-05", "t.go|text": "go 1.27"}, 0)
	want := []string{"    t.date|text\t2026-12-04 -> 2026-12-05\t(text)", "    t.go|text\tgo 1.26 -> go 1.27\t(text)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diffLesson = %q, want %q", got, want)
	}
}
