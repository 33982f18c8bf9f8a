package figure

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"

	"lbcourse/report/internal/numfmt"
)

// Ticks on a linear axis are 1, 2 or 5 times a power of ten apart and fall
// on multiples of that step, so they read well: subjects 1 to 40 get 0, 10,
// 20, 30, 40, never 5, 20, 35. An axis whose values are all whole numbers
// (counts, subject numbers) gets whole-number ticks only.
const (
	fewestTicks = 4 // the fewest major ticks a linear axis aims at
	mostTicks   = 7 // the most, on an axis with room for them
)

// niceTicks is a plot.Ticker for a linear axis: major ticks at the step
// pickStep chooses, and an unlabelled minor tick half way between two major
// ones unless that half step is not whole on an integer axis.
type niceTicks struct {
	integer bool // the axis's values are whole numbers: so are its ticks
	most    int  // the most major ticks the axis has room for
}

func (t niceTicks) Ticks(lo, hi float64) []plot.Tick {
	m, e := pickStep(lo, hi, t.integer, t.most)
	// Count in half steps, m×10^e / 2 = 5m×10^(e-1), when they are allowed.
	hm, he, halves := 5*m, e-1, true
	if t.integer && e == 0 && m%2 == 1 {
		hm, he, halves = m, e, false
	}
	h := decimal(hm, he)
	a, b := math.Ceil(lo/h-1e-9), math.Floor(hi/h+1e-9)
	if b-a > 2*MaxTicks {
		b = a + 2*MaxTicks // localTicks refuses so many
	}
	var ticks []plot.Tick
	for k := int64(a); k <= int64(b); k++ {
		tk := plot.Tick{Value: decimal(k*hm, he)}
		if !halves || k%2 == 0 {
			tk.Label = strconv.FormatFloat(tk.Value, 'f', -1, 64)
		}
		ticks = append(ticks, tk)
	}
	return ticks
}

// pickStep returns the step between major ticks from lo to hi as m×10^e,
// m one of 1, 2 and 5 (and e >= 0 on an integer axis): of the steps giving
// from fewestTicks to most ticks the largest; when none does, the step whose
// count misses that interval by least, an extra tick costing less than a
// missing one (0 to 140 gets 0, 20, …, 140 rather than 0, 50, 100).
func pickStep(lo, hi float64, integer bool, most int) (m int64, e int) {
	most = max(most, fewestTicks)
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return 1, 0
	}
	start := int(math.Floor(math.Log10(span))) - 2
	if integer {
		start = max(start, 0)
	}
	best := math.Inf(1)
	m, e = 1, start
	for ee := start; ee < start+40; ee++ {
		for _, mm := range []int64{1, 2, 5} {
			n := tickCount(lo, hi, mm, ee)
			cost := 0.0
			switch {
			case n > most:
				cost = float64(n - most)
			case n < fewestTicks:
				cost = 1.5 * float64(fewestTicks-n)
			}
			if cost <= best {
				best, m, e = cost, mm, ee
			}
			if n <= 1 {
				return m, e
			}
		}
	}
	return m, e
}

// tickCount is the number of multiples of m×10^e from lo to hi.
func tickCount(lo, hi float64, m int64, e int) int {
	step := decimal(m, e)
	a := math.Ceil(lo/step - 1e-9)
	b := math.Floor(hi/step + 1e-9)
	if b < a {
		return 0
	}
	if b-a > 1e6 {
		return 1e6
	}
	return int(b-a) + 1
}

// decimal returns k×10^e rounded once, to the float nearest the decimal
// number, so that a tick at 0.3 is 0.3 and not 0.30000000000000004.
func decimal(k int64, e int) float64 {
	if e >= 0 {
		return float64(k) * math.Pow10(e)
	}
	if e < -22 { // beyond exact powers of ten: parse the decimal
		v, _ := strconv.ParseFloat(strconv.FormatInt(k, 10)+"e"+strconv.Itoa(e), 64)
		return v
	}
	return float64(k) / math.Pow10(-e)
}

// logTicks is a plot.Ticker for a logarithmic axis: a labelled tick at each
// power of ten, every so many when they are many, and unlabelled minor ticks
// at 2 to 9 times each when the axis spans few decades; with fewer than
// three powers of ten in range, 2 and 5 times each are labelled too.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) {
		panic(fmt.Sprintf("a logarithmic axis from %g to %g", lo, hi))
	}
	e0 := int(math.Floor(math.Log10(lo)))
	e1 := int(math.Ceil(math.Log10(hi)))
	decades := e1 - e0
	every := max(1, (decades+mostTicks-1)/mostTicks)
	powers := 0
	for e := e0; e <= e1; e++ {
		if v := math.Pow10(e); v >= lo && v <= hi {
			powers++
		}
	}
	var ticks []plot.Tick
	for e := e0; e <= e1; e++ {
		for k := int64(1); k < 10; k++ {
			v := decimal(k, e)
			if v < lo || v > hi {
				continue
			}
			switch {
			case k == 1 && e%every == 0, powers < 3 && (k == 2 || k == 5):
				ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
			case decades <= 6:
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// localTicks relabels another ticker's major ticks in a locale. On a linear
// axis every label gets the fewest decimals that show each of them exactly
// (0.5, 1.0, 1.5); on a logarithmic one each label keeps its own (0.01, 1,
// 100), since its ticks are powers of ten apart.
type localTicks struct {
	inner plot.Ticker
	loc   *numfmt.Locale
}

// decimals is the number of decimals that shows v exactly, at most 6.
func decimals(v float64) int {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if j := strings.IndexByte(s, '.'); j >= 0 {
		return min(len(s)-j-1, 6)
	}
	return 0
}

func (t localTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := t.inner.Ticks(lo, hi)
	if len(ticks) > MaxTicks {
		panic(fmt.Sprintf("%d ticks from %g to %g", len(ticks), lo, hi))
	}
	_, log := t.inner.(logTicks)
	d := 0
	for _, tk := range ticks {
		if tk.Label != "" {
			d = max(d, decimals(tk.Value))
		}
	}
	for i, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		if log {
			d = decimals(tk.Value)
		}
		ticks[i].Label = t.loc.Format(numfmt.Format{Digits: d, Fixed: true}, tk.Value)
	}
	return ticks
}
