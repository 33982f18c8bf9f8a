package figure

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"lbcourse/report/internal/numfmt"
)

// A Table is the data behind a figure as the table under it shows it: a
// heading and rows, each led by a label.
type Table struct {
	Head []string
	Rows []Row
}

// A Row is a row's label (a series' legend, an x value or a bar's name) and
// its cells, formatted.
type Row struct {
	Label string
	Cells []string
}

// A Number is one numbers-file line of a series: the index of the point it
// stands for and its value, or values separated by a space, in neutral form.
// Part is "" for the series' own points, or "lo" or "hi" for the lower or
// upper bound of its band at that point.
type Number struct {
	Index int
	Part  string
	Text  string
}

// shareFormat shows the share of a CDF step.
var shareFormat = numfmt.Format{Digits: 3, Fixed: true}

// neutral is a number as the numbers file writes it.
func neutral(v float64) string { return numfmt.Format{}.Neutral(v) }

// xHead heads the column of x values: the x axis's label, or "x".
func xHead(s Spec) string {
	if s.X.Label == "" {
		return "x"
	}
	return s.X.Label
}

// pointTable lists the points of line, scatter, bar and step plots. When
// every series has the same x values it has a row per x, labelled by the
// first series' labels if it has them, and a column per series, followed
// by its band's lower and upper bounds if it has one; else a row per point
// with its x and y, and the bounds when a series has a band.
func pointTable(s Spec, loc *numfmt.Locale, ui func(string) string) Table {
	num := func(v float64) string { return dataCell(loc, v) }
	if !sameX(s.Series) {
		t := Table{Head: []string{ui("series"), xHead(s), s.Y.Label}}
		banded := bandHeads(s.Series)
		if banded != nil {
			t.Head = append(t.Head, banded...)
		}
		for _, ser := range s.Series {
			for i := range ser.X {
				r := Row{ser.Legend, []string{num(ser.X[i]), num(ser.Y[i])}}
				switch {
				case ser.Band != nil:
					r.Cells = append(r.Cells, num(ser.Band.Lo[i]), num(ser.Band.Hi[i]))
				case banded != nil:
					r.Cells = append(r.Cells, "", "")
				}
				t.Rows = append(t.Rows, r)
			}
		}
		return t
	}
	t := Table{Head: []string{xHead(s)}}
	for _, ser := range s.Series {
		t.Head = append(t.Head, ser.Legend)
		if b := ser.Band; b != nil {
			t.Head = append(t.Head, joinHead(ser.Legend, b.LoName), joinHead(ser.Legend, b.HiName))
		}
	}
	first := s.Series[0]
	for i, x := range first.X {
		r := Row{Label: num(x)}
		if first.Labels != nil {
			r.Label = first.Labels[i]
		}
		for _, ser := range s.Series {
			r.Cells = append(r.Cells, num(ser.Y[i]))
			if b := ser.Band; b != nil {
				r.Cells = append(r.Cells, num(b.Lo[i]), num(b.Hi[i]))
			}
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

// joinHead heads a band's column: the series' legend and the bound's name.
func joinHead(legend, name string) string {
	if legend == "" {
		return name
	}
	return legend + " " + name
}

// bandHeads heads the two band columns of a table with a row per point:
// the distinct names of the series' lower bounds and of their upper
// bounds, each joined by " / "; nil when no series has a band.
func bandHeads(series []Series) []string {
	var lo, hi []string
	for _, ser := range series {
		if b := ser.Band; b != nil {
			if !slices.Contains(lo, b.LoName) {
				lo = append(lo, b.LoName)
			}
			if !slices.Contains(hi, b.HiName) {
				hi = append(hi, b.HiName)
			}
		}
	}
	if lo == nil {
		return nil
	}
	return []string{strings.Join(lo, " / "), strings.Join(hi, " / ")}
}

// sameX reports whether there are series and all have the same x values.
func sameX(series []Series) bool {
	if len(series) == 0 {
		return false
	}
	for _, ser := range series[1:] {
		if !slices.Equal(ser.X, series[0].X) {
			return false
		}
	}
	return true
}

// pointNumbers writes each point as "x y", then, for a band, each point's
// lower bound as "x lo" (part "lo") and its upper bound as "x hi" ("hi").
func pointNumbers(s Spec, i int) []Number {
	ser := s.Series[i]
	var out []Number
	for i := range ser.Y {
		out = append(out, Number{Index: i, Text: neutral(ser.X[i]) + " " + neutral(ser.Y[i])})
	}
	if b := ser.Band; b != nil {
		for _, part := range []struct {
			name string
			v    []float64
		}{{"lo", b.Lo}, {"hi", b.Hi}} {
			for i, v := range part.v {
				out = append(out, Number{Index: i, Part: part.name, Text: neutral(ser.X[i]) + " " + neutral(v)})
			}
		}
	}
	return out
}

// valueTable lists a histogram's values, sorted, a row each.
func valueTable(s Spec, loc *numfmt.Locale, ui func(string) string) Table {
	t := Table{Head: []string{ui("series"), xHead(s)}}
	for _, ser := range s.Series {
		for _, v := range sorted(ser.Y) {
			t.Rows = append(t.Rows, Row{ser.Legend, []string{dataCell(loc, v)}})
		}
	}
	return t
}

// valueNumbers writes a histogram's values, sorted, indexed in that order.
func valueNumbers(s Spec, i int) []Number {
	var out []Number
	for i, v := range sorted(s.Series[i].Y) {
		out = append(out, Number{Index: i, Text: neutral(v)})
	}
	return out
}

// cdfTable lists each distinct value of a CDF's series and the share of
// the series at or below it.
func cdfTable(s Spec, loc *numfmt.Locale, ui func(string) string) Table {
	t := Table{Head: []string{ui("series"), xHead(s), s.Y.Label}}
	for _, ser := range s.Series {
		for _, st := range cdfSteps(ser.Y) {
			t.Rows = append(t.Rows, Row{ser.Legend, []string{loc.Format(numfmt.Format{}, st.value), loc.Format(shareFormat, st.share)}})
		}
	}
	return t
}

// cdfNumbers writes each distinct value as "value share", indexed by the
// value's last position in sorted order.
func cdfNumbers(s Spec, i int) []Number {
	var out []Number
	for _, st := range cdfSteps(s.Series[i].Y) {
		out = append(out, Number{Index: st.index, Text: neutral(st.value) + " " + shareFormat.Neutral(st.share)})
	}
	return out
}

func sorted(v []float64) []float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s
}

// A cdfStep is one distinct value of a sample and the share of the sample
// at or below it; index is the value's last position in sorted order.
type cdfStep struct {
	index        int
	value, share float64
}

// cdfSteps returns the steps of the empirical CDF of v, one per distinct
// value, as the figure's data table and the numbers file show them.
func cdfSteps(v []float64) []cdfStep {
	s := sorted(v)
	var out []cdfStep
	for i, x := range s {
		if i+1 < len(s) && s[i+1] == x {
			continue
		}
		out = append(out, cdfStep{i, x, float64(i+1) / float64(len(s))})
	}
	return out
}

// dataCell shows a figure's data value for a reader: a whole number (or
// one of 10 000 and more, rounded) as it is, any other to four significant
// digits without trailing zeros, so that 81.92666666666666 reads 81.93,
// cos θ 0.7071 and 2.5 stays 2.5.
func dataCell(loc *numfmt.Locale, v float64) string {
	if v == math.Trunc(v) || math.Abs(v) >= 1e4 {
		return loc.Format(numfmt.Format{Fixed: true}, v)
	}
	return loc.Format(numfmt.Format{}, roundSig4(v))
}

// roundSig4 returns v rounded to four significant digits, the rounding
// dataCell and percentCell show (v itself if the rounding overflows).
func roundSig4(v float64) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	if err != nil {
		return v
	}
	return r
}
