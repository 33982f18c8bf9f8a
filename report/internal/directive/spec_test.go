package directive

import "testing"

// TestParseSpecPaths: a value's path starts with a name; a table column's
// path is a suffix of its row's and may start with a digit.
func TestParseSpecPaths(t *testing.T) {
	for _, c := range []struct {
		text   string
		column bool
		want   string // the one problem, or "" for none
	}{
		{"queue.round_robin.mean_wait | 2", false, ""},
		{"run.150.mean_wait", false, ""},
		{"150.mean_wait", false, `bad value path "150.mean_wait": want dotted lower-case names such as queue.round_robin.mean_wait`},
		{"5x150.ns_per_op | 1", true, ""},
		{"1", true, ""},
		{"work | 0 join \"/\"", true, ""},
		{"work | 0 join \"/\"", false, "join is for table columns only"},
		{"Mean.wait", true, `bad value path "Mean.wait": want dotted lower-case names such as queue.round_robin.mean_wait`},
		{"a..b", true, `bad value path "a..b": want dotted lower-case names such as queue.round_robin.mean_wait`},
		{".a", true, `bad value path ".a": want dotted lower-case names such as queue.round_robin.mean_wait`},
	} {
		_, probs := ParseSpec(c.text, 0, c.column)
		switch {
		case c.want == "" && len(probs) > 0:
			t.Errorf("ParseSpec(%q, column=%v): %v, want no problem", c.text, c.column, probs)
		case c.want != "" && (len(probs) != 1 || probs[0].Msg != c.want):
			t.Errorf("ParseSpec(%q, column=%v): %v, want %q", c.text, c.column, probs, c.want)
		}
	}
}
