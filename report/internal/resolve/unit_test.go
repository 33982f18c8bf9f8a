package resolve

import (
	"testing"

	"lbcourse/report/internal/expr"
)

func TestExprUnit(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a.t - b.t", "turn"},
		{"2 * a.t", "turn"},
		{"a.t / 2", "turn"},
		{"a.t / b.t", ""},
		{"1 / a.n", ""},
		{"a.n / a.t", ""},
		{"a.t + a.n", ""},
		{"max(a.t, b.t) - 1", ""},
		{"abs(a.t - b.t)", "turn"},
		{"-a.t", "turn"},
	}
	unitOf := map[string]string{"a.t": "turn", "b.t": "turn", "a.n": "subject"}
	for _, tc := range tests {
		n, err := expr.ParseNumber(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		units := map[*expr.Path]string{}
		for _, p := range expr.Paths(n) {
			units[p] = unitOf[p.Name]
		}
		if got, _ := exprUnit(n, units); got != tc.want {
			t.Errorf("unit of %s = %q, want %q", tc.src, got, tc.want)
		}
	}
}
