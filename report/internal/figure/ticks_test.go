package figure

import (
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

func labels(ticks []plot.Tick) (major, minor []string) {
	for _, tk := range ticks {
		if tk.Label != "" {
			major = append(major, tk.Label)
		} else {
			minor = append(minor, strconv.FormatFloat(tk.Value, 'g', -1, 64))
		}
	}
	return major, minor
}

// TestNiceTicks: ranges (as the axes have them, padded or not) to the major
// ticks they get: 1, 2 or 5 times a power of ten apart, on multiples of
// that step, four to seven of them where that can be, whole numbers on an
// integer axis.
func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi  float64
		integer bool
		most    int
		want    string
	}{
		{-0.56, 41.56, true, 7, "0 10 20 30 40"}, // subjects 1 to 40, padded
		{1, 40, true, 7, "10 20 30 40"},          // the same, unpadded: never 5 20 35
		{-1.6, 41.6, true, 7, "0 10 20 30 40"},   // subjects against 0 to 40
		{-0.04, 1.04, false, 7, "0 0.2 0.4 0.6 0.8 1"},
		{0, 1, false, 7, "0 0.2 0.4 0.6 0.8 1"},
		{-5.6, 145.6, true, 7, "0 20 40 60 80 100 120 140"}, // an extra tick costs less than a missing one
		{-5.6, 145.6, true, 6, "0 50 100"},                  // unless the axis has room for six
		{0, 1664, true, 7, "0 500 1000 1500"},
		{-41.6, 1081.6, false, 7, "0 200 400 600 800 1000"},
		{-0.12, 3.12, true, 7, "0 1 2 3"},
		{-0.08, 2.08, true, 7, "0 1 2"}, // counts: no 0.5
		{-0.08, 2.08, false, 7, "0 0.5 1 1.5 2"},
		{0, 0.3, false, 7, "0 0.1 0.2 0.3"}, // 0.3, not 0.30000000000000004
		{0, 0.003, false, 7, "0 0.001 0.002 0.003"},
		{-37, 112, false, 7, "-20 0 20 40 60 80 100"},
		{1e6 - 0.2, 1e6 + 5.2, true, 7, "1000000 1000001 1000002 1000003 1000004 1000005"},
		{0.952, 2.268, false, 7, "1 1.2 1.4 1.6 1.8 2 2.2"},
		{4, 6, true, 7, "4 5 6"},
	} {
		major, _ := labels(niceTicks{integer: c.integer, most: c.most}.Ticks(c.lo, c.hi))
		if got := strings.Join(major, " "); got != c.want {
			t.Errorf("%g to %g (integer %t, at most %d): ticks %s, want %s", c.lo, c.hi, c.integer, c.most, got, c.want)
		}
	}
}

// TestMinorTicks: an unlabelled tick half way between two major ones, but
// not at a half on an integer axis.
func TestMinorTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi  float64
		integer bool
		want    string
	}{
		{-0.56, 41.56, true, "5 15 25 35"},
		{-0.12, 3.12, true, ""},
		{-0.08, 2.08, false, "0.25 0.75 1.25 1.75"},
		{-0.04, 1.04, false, "0.1 0.3 0.5 0.7 0.9"},
	} {
		_, minor := labels(niceTicks{integer: c.integer, most: mostTicks}.Ticks(c.lo, c.hi))
		if got := strings.Join(minor, " "); got != c.want {
			t.Errorf("%g to %g: minor ticks %s, want %s", c.lo, c.hi, got, c.want)
		}
	}
}

// TestLogTicks: powers of ten, with 2 and 5 times them when fewer than three
// are in range, every so many when they are many.
func TestLogTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0.76, 1318, "1 10 100 1000"},
		{2, 30, "2 5 10 20"},
		{0.5, 60, "0.5 1 2 5 10 20 50"},
		{0.3, 3000, "1 10 100 1000"},
		{1e-15, 1e15, "1e-15 1e-10 1e-05 1 100000 1e+10 1e+15"},
	} {
		var major []string
		ticks := logTicks{}.Ticks(c.lo, c.hi)
		for _, tk := range ticks {
			if tk.Label != "" {
				major = append(major, strconv.FormatFloat(tk.Value, 'g', -1, 64))
			}
		}
		if got := strings.Join(major, " "); got != c.want {
			t.Errorf("log %g to %g: ticks %s, want %s", c.lo, c.hi, got, c.want)
		}
		if len(ticks) > MaxTicks {
			t.Errorf("log %g to %g: %d ticks", c.lo, c.hi, len(ticks))
		}
	}
}
