package render

import (
	"bytes"
	"fmt"
	"html"
	"slices"
	"strconv"

	"github.com/yuin/goldmark/util"
	"gonum.org/v1/plot/vg"

	"lbcourse/models/model"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/numfmt"
)

type plotData struct {
	legend string
	key    string // EXPERIMENT:SERIES, the series' identity in the numbers file
	s      model.Series
}

func (r *pageRenderer) renderPlot(w util.BufWriter, p *directive.Plot) {
	spec := figure.Spec{
		Kind:   p.Type,
		Title:  p.Title,
		X:      figure.Axis{Label: p.X.Label, Log: p.X.Log, Min: p.X.Min, Max: p.X.Max},
		Y:      figure.Axis{Label: p.Y.Label, Log: p.Y.Log, Min: p.Y.Min, Max: p.Y.Max},
		Bins:   p.Bins,
		Legend: p.Legend,
	}
	var data []plotData
	ok := true
	for _, s := range p.Series {
		exp := s.Experiment
		if exp == "" {
			exp = p.Experiment
		}
		ser, found := r.res.series(exp, s.Data, s.Off)
		if !found {
			ok = false
			continue
		}
		var labels []string
		for _, l := range ser.Labels {
			labels = append(labels, r.term(l, s.Off))
		}
		if p.Type == "bar" && ser.Labels == nil {
			for _, x := range ser.X {
				labels = append(labels, r.page.Lang.Locale.Format(numfmt.Format{}, x))
			}
		}
		ser.Labels = labels
		if msg := outsideAxes(p, ser); msg != "" {
			r.errs.Add(r.page.File, s.Off, "plot %s: series %s %s", p.ID, s.Data, msg)
			ok = false
		}
		data = append(data, plotData{s.Legend, exp + ":" + s.Data, ser})
		spec.Series = append(spec.Series, figure.Series{Legend: s.Legend, X: ser.X, Y: ser.Y, Labels: ser.Labels})
	}
	for _, l := range p.Lines {
		at := l.Number
		if l.Path != "" {
			exp := l.Experiment
			if exp == "" {
				exp = p.Experiment
			}
			v, found := r.res.value(exp+"."+l.Path, l.Off)
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
			r.errs.Add(r.page.File, l.Off, "plot %s: a line at %v cannot be drawn on a logarithmic axis", p.ID, at)
			ok = false
			continue
		case ax.Min != nil && at < *ax.Min, ax.Max != nil && at > *ax.Max:
			r.errs.Add(r.page.File, l.Off, "plot %s: a line at %v lies outside the %s axis bounds, so only its legend would show", p.ID, at, name)
			ok = false
			continue
		}
		spec.Lines = append(spec.Lines, figure.RefLine{Legend: l.Legend, Vertical: l.Vertical, At: at})
	}
	if points := plotPoints(data); points > directive.MaxPlotPoints {
		r.errs.Add(r.page.File, p.Off, "plot %s: %d points, more than the %d one figure may show", p.ID, points, directive.MaxPlotPoints)
		ok = false
	}
	if !ok || len(data) == 0 || p.Type == "" { // no kind, or an unknown one: reported where it is written
		return
	}
	r.recordFigure(p, data, spec.Lines)
	svg, err := figure.SVG(spec, r.page.Lang.Locale)
	if err != nil {
		r.errs.Add(r.page.File, p.Off, "plot %s: %v", p.ID, err)
		return
	}
	name := r.lesson.Key + "-" + p.ID + ".svg"
	r.figures[name] = svg
	wd, ht := cssPixels(spec)
	fmt.Fprintf(w, `<figure class="plot" id="fig-%s"><img src="fig/%s" alt="%s" width="%s" height="%s">`,
		p.ID, name, html.EscapeString(p.Alt), wd, ht)
	fmt.Fprintf(w, "<figcaption>%s</figcaption>\n", html.EscapeString(p.Caption))
	r.plotTable(w, p, data)
	w.WriteString("</figure>\n")
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
func cssPixels(s figure.Spec) (string, string) {
	w, h := s.Size()
	px := func(l vg.Length) string { return strconv.Itoa(int(float64(l)*4/3 + 0.5)) }
	return px(w), px(h)
}

// plotTable writes the data behind a plot as a table inside <details>, so
// that it is there for readers who cannot see the picture.
func (r *pageRenderer) plotTable(w util.BufWriter, p *directive.Plot, data []plotData) {
	loc := r.page.Lang.Locale
	num := func(v float64) string { return html.EscapeString(loc.Format(numfmt.Format{}, v)) }
	var b bytes.Buffer
	summary := html.EscapeString(r.ui("figure_data"))
	label := html.EscapeString(r.ui("figure_data") + ": " + p.Caption)
	fmt.Fprintf(&b, `<details class="data"><summary>%s</summary><div class="scroll" tabindex="0" role="region" aria-label="%s"><table>`, summary, label)
	sameX := len(data) > 0
	for _, d := range data[1:] {
		if !slices.Equal(d.s.X, data[0].s.X) {
			sameX = false
		}
	}
	xLabel := p.X.Label
	if xLabel == "" {
		xLabel = "x"
	}
	switch {
	case p.Type == "cdf":
		// One row per distinct value: the share of values at or below it.
		fmt.Fprintf(&b, `<thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			html.EscapeString(r.ui("series")), html.EscapeString(xLabel), html.EscapeString(p.Y.Label))
		for _, d := range data {
			for _, st := range cdfSteps(d.s.Y) {
				fmt.Fprintf(&b, `<tr><th scope="row">%s</th><td>%s</td><td>%s</td></tr>`, html.EscapeString(d.legend), num(st.value),
					html.EscapeString(loc.Format(shareFormat, st.share)))
			}
		}
	case p.Type == "histogram":
		fmt.Fprintf(&b, `<thead><tr><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`, html.EscapeString(r.ui("series")), html.EscapeString(xLabel))
		for _, d := range data {
			for _, v := range sorted(d.s.Y) {
				fmt.Fprintf(&b, `<tr><th scope="row">%s</th><td>%s</td></tr>`, html.EscapeString(d.legend), num(v))
			}
		}
	case sameX:
		fmt.Fprintf(&b, `<thead><tr><th scope="col">%s</th>`, html.EscapeString(xLabel))
		for _, d := range data {
			fmt.Fprintf(&b, `<th scope="col">%s</th>`, html.EscapeString(d.legend))
		}
		b.WriteString("</tr></thead><tbody>")
		for i, x := range data[0].s.X {
			label := num(x)
			if data[0].s.Labels != nil {
				label = html.EscapeString(data[0].s.Labels[i])
			}
			fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, label)
			for _, d := range data {
				fmt.Fprintf(&b, "<td>%s</td>", num(d.s.Y[i]))
			}
			b.WriteString("</tr>")
		}
	default:
		fmt.Fprintf(&b, `<thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			html.EscapeString(r.ui("series")), html.EscapeString(xLabel), html.EscapeString(p.Y.Label))
		for _, d := range data {
			for i := range d.s.X {
				fmt.Fprintf(&b, `<tr><th scope="row">%s</th><td>%s</td><td>%s</td></tr>`, html.EscapeString(d.legend), num(d.s.X[i]), num(d.s.Y[i]))
			}
		}
	}
	b.WriteString("</tbody></table></div></details>\n")
	w.Write(b.Bytes())
}

// outsideAxes says how a series does not fit the plot's axes: a value <= 0
// on a logarithmic axis, or a value beyond an explicit min or max, which the
// plot would silently cut off. It returns "" when the series fits.
func outsideAxes(p *directive.Plot, s model.Series) string {
	type axis struct {
		name string
		a    directive.Axis
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

// recordFigure puts the data behind a figure into the numbers file, as its
// table under the figure shows it: one line per point
// (fig.ID.EXPERIMENT:SERIES[i] with "x y"; for a CDF "value share" per
// distinct value; for a histogram the sorted values) and one per reference
// line, so that a moved point shows in git diff and report diff like any
// other number.
func (r *pageRenderer) recordFigure(p *directive.Plot, data []plotData, lines []figure.RefLine) {
	n := func(v float64) string { return numfmt.Format{}.Neutral(v) }
	for _, d := range data {
		key := "fig." + p.ID + "." + d.key
		switch p.Type {
		case "histogram":
			for i, v := range sorted(d.s.Y) {
				r.numbers.Add(fmt.Sprintf("%s[%0*d]", key, width(len(d.s.Y)), i), n(v), "")
			}
			continue
		case "cdf":
			for _, st := range cdfSteps(d.s.Y) {
				r.numbers.Add(fmt.Sprintf("%s[%0*d]", key, width(len(d.s.Y)), st.index), n(st.value)+" "+shareFormat.Neutral(st.share), "")
			}
			continue
		}
		for i := range d.s.Y {
			r.numbers.Add(fmt.Sprintf("%s[%0*d]", key, width(len(d.s.Y)), i), n(d.s.X[i])+" "+n(d.s.Y[i]), "")
		}
	}
	for i, l := range lines {
		r.numbers.Add(fmt.Sprintf("fig.%s.line[%d]", p.ID, i), n(l.At), "")
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
