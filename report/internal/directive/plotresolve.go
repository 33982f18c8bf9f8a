package directive

import (
	"fmt"
	"slices"
	"strconv"

	"gonum.org/v1/plot/vg"

	"lbcourse/models/model"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/numfmt"
)

// PlotView is what templates/directives/plot.html shows: the figure and,
// for readers who cannot see it, the data behind it as a table.
type PlotView struct {
	ID, File, Alt, Caption string
	Width, Height          int // CSS pixels
	Summary, Label         string
	Head                   []string
	Rows                   []TableRow
	spec                   figure.Spec
}

// FigureSpec returns the plot's id, the figure's file name and what to draw
// in it.
func (v PlotView) FigureSpec() (string, string, figure.Spec) { return v.ID, v.File, v.spec }

type plotData struct {
	legend string
	key    string // EXPERIMENT:SERIES, the series' identity in the numbers file
	s      model.Series
}

func resolvePlot(d Directive, c Context) (any, bool) {
	p := d.(*Plot)
	spec := figure.Spec{
		Kind: p.Type, Title: p.Title, Bins: p.Bins, Legend: p.Legend,
		X: figure.Axis{Label: p.X.Label, Log: p.X.Log, Min: p.X.Min, Max: p.X.Max},
		Y: figure.Axis{Label: p.Y.Label, Log: p.Y.Log, Min: p.Y.Min, Max: p.Y.Max},
	}
	data, ok := p.seriesData(c)
	for _, s := range data {
		spec.Series = append(spec.Series, figure.Series{Legend: s.legend, X: s.s.X, Y: s.s.Y, Labels: s.s.Labels})
	}
	lines, lok := p.refLines(c)
	spec.Lines = lines
	if points := plotPoints(data); points > MaxPlotPoints {
		c.Errorf(p.Off, "plot %s: %d points, more than the %d one figure may show", p.ID, points, MaxPlotPoints)
		ok = false
	}
	if !ok || !lok || len(data) == 0 || p.Type == "" { // no kind, or an unknown one: reported where it is written
		return nil, false
	}
	p.record(c, data, lines)
	v := PlotView{ID: p.ID, Alt: p.Alt, Caption: p.Caption, spec: spec,
		Summary: c.UI("figure_data"), Label: c.UI("figure_data") + ": " + p.Caption}
	v.File = c.Figure(p.ID, spec)
	v.Width, v.Height = cssPixels(spec)
	v.Head, v.Rows = p.dataTable(c, data)
	return v, true
}

// seriesData resolves the plot's series, with their bar labels translated.
func (p *Plot) seriesData(c Context) ([]plotData, bool) {
	var data []plotData
	ok := true
	for _, s := range p.Series {
		exp := s.Experiment
		if exp == "" {
			exp = p.Experiment
		}
		ser, found := c.Series(exp, s.Data, s.Off)
		if !found {
			ok = false
			continue
		}
		var labels []string
		for _, l := range ser.Labels {
			labels = append(labels, c.Term(l, s.Off))
		}
		if p.Type == "bar" && ser.Labels == nil {
			for _, x := range ser.X {
				labels = append(labels, c.Locale().Format(numfmt.Format{}, x))
			}
		}
		ser.Labels = labels
		if msg := p.outsideAxes(ser); msg != "" {
			c.Errorf(s.Off, "plot %s: series %s %s", p.ID, s.Data, msg)
			ok = false
		}
		data = append(data, plotData{s.Legend, exp + ":" + s.Data, ser})
	}
	return data, ok
}

// refLines resolves the plot's reference lines and checks that each shows.
func (p *Plot) refLines(c Context) ([]figure.RefLine, bool) {
	var out []figure.RefLine
	ok := true
	for _, l := range p.Lines {
		at := l.Number
		if l.Path != "" {
			exp := l.Experiment
			if exp == "" {
				exp = p.Experiment
			}
			v, found := c.Value(exp+"."+l.Path, l.Off)
			if !found {
				ok = false
				continue
			}
			at = v.V
		}
		ax, name := p.Y, "y"
		if l.Vertical {
			ax, name = p.X, "x"
		}
		switch {
		case ax.Log && at <= 0:
			c.Errorf(l.Off, "plot %s: a line at %v cannot be drawn on a logarithmic axis", p.ID, at)
			ok = false
			continue
		case ax.Min != nil && at < *ax.Min, ax.Max != nil && at > *ax.Max:
			c.Errorf(l.Off, "plot %s: a line at %v lies outside the %s axis bounds, so only its legend would show", p.ID, at, name)
			ok = false
			continue
		}
		out = append(out, figure.RefLine{Legend: l.Legend, Vertical: l.Vertical, At: at})
	}
	return out, ok
}

func plotPoints(data []plotData) int {
	n := 0
	for _, d := range data {
		n += len(d.s.Y)
	}
	return n
}

// cssPixels returns the figure's width and height in CSS pixels (a point
// is 4/3 px), for the img element.
func cssPixels(s figure.Spec) (int, int) {
	w, h := s.Size()
	px := func(l vg.Length) int { return int(float64(l)*4/3 + 0.5) }
	return px(w), px(h)
}

// dataTable returns the data behind the plot as its table's heading and
// rows: for a CDF each distinct value and its share, for a histogram the
// sorted values, for series over one x a column each, else x and y.
func (p *Plot) dataTable(c Context, data []plotData) ([]string, []TableRow) {
	num := func(v float64) string { return c.Locale().Format(numfmt.Format{}, v) }
	xLabel := p.X.Label
	if xLabel == "" {
		xLabel = "x"
	}
	var rows []TableRow
	switch {
	case p.Type == "cdf":
		for _, d := range data {
			for _, st := range cdfSteps(d.s.Y) {
				rows = append(rows, TableRow{d.legend, []string{num(st.value), c.Locale().Format(shareFormat, st.share)}})
			}
		}
		return []string{c.UI("series"), xLabel, p.Y.Label}, rows
	case p.Type == "histogram":
		for _, d := range data {
			for _, v := range sorted(d.s.Y) {
				rows = append(rows, TableRow{d.legend, []string{num(v)}})
			}
		}
		return []string{c.UI("series"), xLabel}, rows
	case sameX(data):
		head := []string{xLabel}
		for _, d := range data {
			head = append(head, d.legend)
		}
		for i, x := range data[0].s.X {
			r := TableRow{Label: num(x)}
			if data[0].s.Labels != nil {
				r.Label = data[0].s.Labels[i]
			}
			for _, d := range data {
				r.Cells = append(r.Cells, num(d.s.Y[i]))
			}
			rows = append(rows, r)
		}
		return head, rows
	}
	for _, d := range data {
		for i := range d.s.X {
			rows = append(rows, TableRow{d.legend, []string{num(d.s.X[i]), num(d.s.Y[i])}})
		}
	}
	return []string{c.UI("series"), xLabel, p.Y.Label}, rows
}

func sameX(data []plotData) bool {
	for _, d := range data[1:] {
		if !slices.Equal(d.s.X, data[0].s.X) {
			return false
		}
	}
	return len(data) > 0
}

// outsideAxes says how a series does not fit the plot's axes: a value <= 0
// on a logarithmic axis, or a value beyond an explicit min or max, which the
// plot would silently cut off. It returns "" when the series fits.
func (p *Plot) outsideAxes(s model.Series) string {
	type axis struct {
		name string
		a    Axis
		v    []float64
	}
	axes := []axis{{"y", p.Y, s.Y}}
	switch p.Type {
	case "line", "scatter":
		axes = append(axes, axis{"x", p.X, s.X})
	case "histogram", "cdf":
		// The series' values lie along x; y is a count or a share.
		axes = []axis{{"x", p.X, s.Y}}
	}
	for _, ax := range axes {
		for _, v := range ax.v {
			switch {
			case ax.a.Log && v <= 0:
				return fmt.Sprintf("has the value %v, which a logarithmic %s axis cannot show", v, ax.name)
			case ax.a.Min != nil && v < *ax.a.Min:
				return fmt.Sprintf("has the value %v, below the %s axis min %v: the plot would cut it off", v, ax.name, *ax.a.Min)
			case ax.a.Max != nil && v > *ax.a.Max:
				return fmt.Sprintf("has the value %v, above the %s axis max %v: the plot would cut it off", v, ax.name, *ax.a.Max)
			}
		}
	}
	return ""
}

// record puts the data behind a figure into the numbers file, as its table
// under the figure shows it: one line per point
// (fig.ID.EXPERIMENT:SERIES[i] with "x y"; for a CDF "value share" per
// distinct value; for a histogram the sorted values) and one per reference
// line, so that a moved point shows in git diff and report diff like any
// other number.
func (p *Plot) record(c Context, data []plotData, lines []figure.RefLine) {
	n := func(v float64) string { return numfmt.Format{}.Neutral(v) }
	for _, d := range data {
		key := "fig." + p.ID + "." + d.key
		at := func(i int) string { return fmt.Sprintf("%s[%0*d]", key, width(len(d.s.Y)), i) }
		switch p.Type {
		case "histogram":
			for i, v := range sorted(d.s.Y) {
				c.Record(at(i), n(v), "")
			}
		case "cdf":
			for _, st := range cdfSteps(d.s.Y) {
				c.Record(at(st.index), n(st.value)+" "+shareFormat.Neutral(st.share), "")
			}
		default:
			for i := range d.s.Y {
				c.Record(at(i), n(d.s.X[i])+" "+n(d.s.Y[i]), "")
			}
		}
	}
	for i, l := range lines {
		c.Record(fmt.Sprintf("fig.%s.line[%d]", p.ID, i), n(l.At), "")
	}
}

// width is the number of digits of n-1: indexes padded to it sort in order.
func width(n int) int { return len(strconv.Itoa(max(n-1, 0))) }

// shareFormat shows the share of a CDF step.
var shareFormat = numfmt.Format{Digits: 3, Fixed: true}

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
