package mdext

import (
	"strconv"
	"strings"
	"testing"
)

func TestGuard(t *testing.T) {
	nested := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat("  ", i) + "- x\n")
		}
		return b.String()
	}
	tests := []struct {
		name, src string
		want      []string // "offset message"
	}{
		{"prose", "Text with [a link](x) and > a quote.\n\n> > quoted twice\n- a\n  - b\n", nil},
		{"quotes", strings.Repeat(">", 17) + " deep\n" + strings.Repeat(">", 40) + "\n",
			[]string{"16 more than 16 nested quotes and list items on one line"}},
		{"list markers", strings.Repeat("1. ", 16) + "x\n" + strings.Repeat("- ", 17) + "x\n",
			[]string{"82 more than 16 nested quotes and list items on one line"}},
		{"indentation", nested(40),
			[]string{"1252 indented more than 64 columns: nest lists and quotes at most 16 deep"}},
		{"tabs", strings.Repeat("\t", 16) + "x\n" + strings.Repeat("\t", 17) + "x\n",
			[]string{"34 indented more than 64 columns: nest lists and quotes at most 16 deep"}},
		{"brackets", strings.Repeat("[", MaxBrackets) + "\n[[\n",
			[]string{"5001 more than 5000 [ in one file (links, images, references): split the lesson"}},
		{"code is free", "```go\n" + strings.Repeat(">", 40) + strings.Repeat("\t", 20) + strings.Repeat("[", MaxBrackets+1) + "\n```\n", nil},
		{"longer fence", "````\n```\n" + strings.Repeat(">", 40) + "\n````\n" + strings.Repeat(">", 20) + "\n",
			[]string{"71 more than 16 nested quotes and list items on one line"}},
		{"emphasis is no marker", strings.Repeat("*a ", 40) + "\n", nil},
		{"number without dot", strings.Repeat("12 ", 40) + "\n", nil},
	}
	for _, tc := range tests {
		var got []string
		for _, p := range Guard([]byte(tc.src)) {
			got = append(got, strconv.Itoa(p.Off)+" "+p.Msg)
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
