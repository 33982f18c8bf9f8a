package modeltest

import "testing"

func TestToFixed(t *testing.T) {
	for _, c := range []struct {
		v    float64
		n    int
		want string
	}{
		{0.5, 0, "1"}, {2.5, 0, "3"}, {1.125, 2, "1.13"}, {1.005, 2, "1.00"},
		{9.995, 2, "9.99"}, {99.5, 0, "100"}, {-2.5, 0, "-3"}, {0.25, 4, "0.2500"},
	} {
		if got := ToFixed(c.v, c.n); got != c.want {
			t.Errorf("ToFixed(%v, %d) = %s, want %s", c.v, c.n, got, c.want)
		}
	}
}
