package placement

import "slices"

// measures are a scheme's balance and movement figures.
type measures struct {
	maxOverMean, minOverMean        float64
	movedAdd, movedFail, movedOther float64
}

// measure returns o's figures for n servers before the change: the
// largest and smallest load over keys/n, the shares of keys whose server
// differs after the addition and after the failure, and, of the keys not
// on the failed server n-1 before, the share whose server differs after
// the failure (0 when there is no such key).
func measure(o outcome, n int) measures {
	loads := make([]int, n)
	for _, s := range o.before {
		loads[s]++
	}
	k := float64(len(o.before))
	mean := k / float64(n)
	var m measures
	m.maxOverMean = float64(slices.Max(loads)) / mean
	m.minOverMean = float64(slices.Min(loads)) / mean
	add, fail, other, stayed := 0, 0, 0, 0
	for i, s := range o.before {
		if o.add[i] != s {
			add++
		}
		if o.fail[i] != s {
			fail++
		}
		if s != int32(n-1) {
			stayed++
			if o.fail[i] != s {
				other++
			}
		}
	}
	m.movedAdd = float64(add) / k
	m.movedFail = float64(fail) / k
	if stayed > 0 {
		m.movedOther = float64(other) / float64(stayed)
	}
	return m
}

// A figure is one value of a scheme, named as in its path s.<name>.
type figure struct {
	name string
	v    float64
	unit string
}

// figures returns the scheme's figures in the order of schemeFigures.
func (m measures) figures(o outcome) []figure {
	return []figure{
		{"max_over_mean", m.maxOverMean, ""},
		{"min_over_mean", m.minOverMean, ""},
		{"moved_add", m.movedAdd, ""},
		{"moved_fail", m.movedFail, ""},
		{"moved_fail_other", m.movedOther, ""},
		{"memory_per_server", o.memoryPerServer, "byte"},
		{"hash_evals", o.hashEvals, ""},
		{"touched", o.touched, ""},
	}
}
