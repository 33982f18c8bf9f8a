package directive

import (
	"fmt"
	"strconv"
	"strings"

	"lbcourse/models/model"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/numfmt"
)

// PlotView is what templates/directives/plot.html shows: the figure and,
// for readers who cannot see it, the data behind it as a table.
type PlotView struct {
	Number                 Label // "Şekil 3" / "Figure 3"
	ID, File, Alt, Caption string
	Width, Height          int // CSS pixels
	// The narrow drawing a phone shows instead (figure.Narrow): its file,
	// size and the media query that picks it.
	NarrowFile                string
	NarrowWidth, NarrowHeight int
	NarrowMedia               string
	Summary, Label            string
	Head                      []string
	Rows                      []TableRow
	spec                      figure.Spec
}

// FigureSpec returns the plot's id, the figure's file name and what to draw
// in it.
func (v PlotView) FigureSpec() (string, string, figure.Spec) { return v.ID, v.File, v.spec }

func resolvePlot(d Directive, c Context) (any, bool) {
	p := d.(*Plot)
	kind, known := p.Type.Def()
	spec := figure.Spec{Kind: p.Type, Title: p.Title, X: p.X, Y: p.Y, Bins: p.Bins, Legend: p.Legend}
	if p.Aspect == "square" {
		spec.Width, spec.Height = figure.SquareSide, figure.SquareSide
	}
	series, ok := p.seriesData(c, kind)
	for _, s := range series {
		spec.Series = append(spec.Series, s.Series)
	}
	lines, lok := p.refLines(c)
	spec.Lines = lines
	if points := plotPoints(spec); points > MaxPlotPoints {
		c.Errorf(p.Off, "plot %s: %d points, more than the %d one figure may show", p.ID, points, MaxPlotPoints)
		ok = false
	}
	if !ok || !lok || len(series) == 0 || !known { // no kind, or an unknown one: reported where it is written
		return nil, false
	}
	p.record(c, kind, spec, series, lines)
	v := PlotView{ID: p.ID, Alt: p.Alt, Caption: p.Caption, spec: spec,
		Summary: c.UI("figure_data"), Label: c.UI("figure_data") + ": " + p.Caption}
	v.Number, _ = c.Numbered(d)
	v.File = c.Figure(p.ID, spec)
	v.Width, v.Height = spec.Pixels(figure.Wide)
	v.NarrowFile = NarrowFile(v.File)
	v.NarrowWidth, v.NarrowHeight = spec.Pixels(figure.Narrow)
	v.NarrowMedia = figure.NarrowMedia
	t := kind.Tabulate(spec, c.Locale(), c.UI)
	v.Head = t.Head
	for _, r := range t.Rows {
		v.Rows = append(v.Rows, TableRow(r))
	}
	return v, true
}

// seriesData resolves the plot's series: each with its experiment filled
// in, its data, its labels translated and its band; each checked against
// the axes along which kind lays its values, and each band's bounds
// against the series' x values and the y axis.
func (p *Plot) seriesData(c Context, kind figure.KindDef) ([]PlotSeries, bool) {
	var out []PlotSeries
	ok := true
	drawn := false // whether the last series to draw resolved, so out ends with it
	for _, s := range p.Series {
		if s.Experiment == "" {
			s.Experiment = p.Experiment
		}
		ser, found := c.Series(s.Experiment, s.Data, s.Off)
		if !found {
			ok = false
			if s.Bound == "" {
				drawn = false
			}
			continue
		}
		if s.Bound != "" {
			if !drawn {
				continue
			}
			if !p.bound(c, kind, &out[len(out)-1], s, ser) {
				ok = false
			}
			continue
		}
		s.X, s.Y, s.Labels = ser.X, ser.Y, nil
		for _, l := range ser.Labels {
			s.Labels = append(s.Labels, c.Term(l, s.Off))
		}
		if msg := p.outsideAxes(kind, s.Series); msg != "" {
			c.Errorf(s.Off, "plot %s: series %s %s", p.ID, s.Data, msg)
			ok = false
		} else if kind.Check != nil {
			if msg := kind.Check(s.Series); msg != "" {
				c.Errorf(s.Off, "plot %s: series %s %s", p.ID, s.Data, msg)
				ok = false
			}
		}
		out = append(out, s)
		drawn = true
	}
	return out, ok
}

// bound adds ser, the band bound b as resolved, to the band of s, after
// checking that it has s's x values and fits the y axis.
func (p *Plot) bound(c Context, kind figure.KindDef, s *PlotSeries, b PlotSeries, ser model.Series) bool {
	if len(ser.X) != len(s.X) {
		c.Errorf(b.Off, "plot %s: %s %s has %d points where series %s has %d: a band needs the series' x values", p.ID, b.Bound, p.named(b), len(ser.X), p.named(*s), len(s.X))
		return false
	}
	for i, x := range ser.X {
		if x != s.X[i] {
			c.Errorf(b.Off, "plot %s: %s %s has x = %v at point %d, where series %s has %v: a band needs the series' x values", p.ID, b.Bound, p.named(b), x, i+1, p.named(*s), s.X[i])
			return false
		}
	}
	// Its x values are the series', so checked with the series.
	if msg := p.outsideAxes(kind, figure.Series{Y: ser.Y}); msg != "" {
		c.Errorf(b.Off, "plot %s: %s %s %s", p.ID, b.Bound, p.named(b), msg)
		return false
	}
	if s.Band == nil {
		s.Band = &figure.Band{}
	}
	if b.Bound == "lo" {
		s.Band.Lo, s.Band.LoName = ser.Y, b.Data
	} else {
		s.Band.Hi, s.Band.HiName = ser.Y, b.Data
	}
	if s.Band.Lo != nil && s.Band.Hi != nil {
		s.Band.LoName, s.Band.HiName = boundNames(s.Band.LoName, s.Band.HiName)
	}
	return true
}

// boundNames names the columns of a band's bounds lo and hi in the table
// under the figure: by the last segment of each path (ci95_lo, p95), or by
// the whole paths when those are the same.
func boundNames(lo, hi string) (string, string) {
	last := func(s string) string { return s[strings.LastIndexByte(s, '.')+1:] }
	if last(lo) == last(hi) {
		return lo, hi
	}
	return last(lo), last(hi)
}

// named names a resolved series as a message does: SERIES, or
// EXPERIMENT:SERIES when it is not of the plot's experiment.
func (p *Plot) named(s PlotSeries) string {
	if s.Experiment != p.Experiment {
		return s.Experiment + ":" + s.Data
	}
	return s.Data
}

// refLines resolves the plot's reference lines and checks that each shows.
func (p *Plot) refLines(c Context) ([]figure.RefLine, bool) {
	var out []figure.RefLine
	ok := true
	for _, l := range p.Lines {
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
			l.At = v.V
		}
		at := l.At
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
		out = append(out, l.RefLine)
	}
	return out, ok
}

func plotPoints(s figure.Spec) int {
	n := 0
	for _, ser := range s.Series {
		n += len(ser.Y)
		if ser.Band != nil {
			n += len(ser.Band.Lo) + len(ser.Band.Hi)
		}
	}
	return n
}

// NarrowFile names the narrow drawing of the figure in file.
func NarrowFile(file string) string {
	return strings.TrimSuffix(file, ".svg") + figure.Narrow.Suffix() + ".svg"
}

// outsideAxes says how a series does not fit the plot's axes, where kind
// lays its values (y checked before x): a value <= 0 on a logarithmic axis,
// or a value beyond an explicit min or max, which the plot would silently
// cut off. It returns "" when the series fits, or when the kind is unknown.
func (p *Plot) outsideAxes(kind figure.KindDef, s figure.Series) string {
	onX, onY := kind.Along(s)
	for _, ax := range []struct {
		name string
		a    figure.Axis
		v    []float64
	}{{"y", p.Y, onY}, {"x", p.X, onX}} {
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
// under the figure shows it: each series' lines as its kind writes them
// (fig.ID.EXPERIMENT:SERIES[i], and its band's fig.ID.EXPERIMENT:SERIES.lo[i]
// and .hi[i]), and one line per reference line
// (fig.ID.line[i]), so that a moved point shows in git diff and report diff
// like any other number. Indexes are padded to sort in order. spec holds
// series' data, in their order.
func (p *Plot) record(c Context, kind figure.KindDef, spec figure.Spec, series []PlotSeries, lines []figure.RefLine) {
	for i, s := range series {
		key := "fig." + p.ID + "." + s.Experiment + ":" + s.Data
		for _, n := range kind.Numbers(spec, i) {
			k := key
			if n.Part != "" {
				k += "." + n.Part
			}
			c.Record(fmt.Sprintf("%s[%0*d]", k, width(len(s.Y)), n.Index), n.Text, "")
		}
	}
	for i, l := range lines {
		c.Record(fmt.Sprintf("fig.%s.line[%d]", p.ID, i), numfmt.Format{}.Neutral(l.At), "")
	}
}

// width is the number of digits of n-1: indexes padded to it sort in order.
func width(n int) int { return len(strconv.Itoa(max(n-1, 0))) }
