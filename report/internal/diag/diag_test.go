package diag

import "testing"

func TestDidYouMean(t *testing.T) {
	tests := []struct {
		name  string
		cands []string
		want  string
	}{
		{"queu", []string{"queue", "hashing"}, ` (did you mean "queue"?)`},
		{"titel", []string{"title", "slug", "summary"}, ` (did you mean "title"?)`},
		{"replica", []string{"replicas", "requests"}, ` (did you mean "replicas"?)`},
		{"xyz", []string{"queue", "hashing"}, ""},
		{"a", []string{"b"}, ` (did you mean "b"?)`},
		{"özne", []string{"ozne"}, ` (did you mean "ozne"?)`},
	}
	for _, tc := range tests {
		if got := DidYouMean(tc.name, tc.cands); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestErrorsSortedWithPositions(t *testing.T) {
	var l List
	l.AddSource("b.md", []byte("one\ntwö three\n"))
	l.AddSource("a.md", []byte("x"))
	l.Add("b.md", 9, "second")
	l.Add("b.md", 1, "first")
	l.Add("a.md", 0, "in a")
	l.AddFile("a.md", "whole file")
	l.Add("b.md", 1, "first") // duplicate
	want := "a.md: whole file\na.md:1:1: in a\nb.md:1:2: first\nb.md:2:5: second"
	if got := l.Err().Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
