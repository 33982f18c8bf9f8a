package main

import (
	"bytes"
	"strings"
	"testing"

	"lbcourse/models/model"
)

// TestTexts: report run lists a result's texts before its values, -json
// under "texts".
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
}
