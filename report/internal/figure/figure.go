// Package figure draws a plot specification as an SVG with gonum/plot, with
// tick labels in the page's locale: a wide drawing for the desktop column
// and a narrow one for phones (Variant), with text that stays readable at
// the width each is shown and in place in whatever font the reader has.
package figure

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lbcourse/report/internal/numfmt"
)

// A Spec is everything needed to draw one figure in one language.
type Spec struct {
	Kind Kind // one of Kinds
	// Title names the figure: the SVG's <title>, and drawn above the plot
	// only when DrawTitle is set. A page shows its figures' captions (a plot
	// directive requires one), which a drawn title would only repeat.
	Title     string
	DrawTitle bool
	X, Y      Axis
	Series    []Series
	Lines     []RefLine
	Bins      int // histogram; 0 picks ceil(sqrt(n))
	// Legend is the corner the legend goes in when that corner has no data
	// under it: top-right (the default), top-left, bottom-right or
	// bottom-left. Otherwise it goes in another corner that has none, or,
	// when every corner has some, below the plot.
	Legend string
	// Width and Height of the wide drawing; zero gives 16 cm by 9 cm.
	Width, Height vg.Length
}

// An Axis is a label, a scale and optional bounds.
type Axis struct {
	Label    string
	Log      bool
	Min, Max *float64
}

// A Series is one data set; Labels name the bars of a bar plot. Band,
// when set, is drawn as a shaded band around it, for kinds that take one
// (KindDef.DrawBand). Role is what the series stands for in a kind whose
// series differ (KindDef.Roles: a ring's servers and keys); "" is the
// kind's first role.
type Series struct {
	Legend string
	X, Y   []float64
	Labels []string
	Band   *Band
	Role   string
}

// A Band is the lower and upper bounds of a shaded band around a series:
// one of each per y value, at the series' x (a mean's interval, or two
// quantiles). LoName and HiName head their columns in the table under the
// figure.
type Band struct {
	Lo, Hi         []float64
	LoName, HiName string
}

// refDashes are the dash patterns of reference lines, in turn: dash-dot,
// dotted, long dashes.
var refDashes = [][]vg.Length{
	{vg.Points(4), vg.Points(2), vg.Points(1), vg.Points(2)},
	{vg.Points(1), vg.Points(2)},
	{vg.Points(6), vg.Points(3)},
}

// A RefLine is a dashed reference line across the plot.
type RefLine struct {
	Legend   string
	Vertical bool
	At       float64
}

// palette is a colour-blind-safe sequence (Okabe and Ito).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},
	color.RGBA{213, 94, 0, 255},
	color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255},
	color.RGBA{230, 159, 0, 255},
	color.RGBA{86, 180, 233, 255},
	color.RGBA{0, 0, 0, 255},
}

func colorAt(i int) color.Color { return palette[i%len(palette)] }

// SquareSide is the side of a square wide drawing (a plot with aspect:
// square), the default drawing's height plus room for the legend below.
const SquareSide = 11 * vg.Centimeter

// Size returns the wide drawing's width and height: Width and Height, or
// when they are zero SquareSide by SquareSide for a kind drawn square
// (KindDef.Square) and 16 cm by 9 cm for any other.
func (s Spec) Size() (w, h vg.Length) {
	if s.Width == 0 {
		if d, _ := s.Kind.Def(); d.Square {
			return SquareSide, SquareSide
		}
		return 16 * vg.Centimeter, 9 * vg.Centimeter
	}
	return s.Width, s.Height
}

// SVG draws s as the Wide variant: Render(s, loc, Wide).
func SVG(s Spec, loc *numfmt.Locale) ([]byte, error) { return Render(s, loc, Wide) }

// SVGNarrow draws s as the Narrow variant: Render(s, loc, Narrow).
func SVGNarrow(s Spec, loc *numfmt.Locale) ([]byte, error) { return Render(s, loc, Narrow) }

// Render draws s as the variant v. The output depends only on s, the locale
// and v. A panic in the plotting library (it panics on some inputs, such as
// a value <= 0 on a log axis) is returned as an error.
func Render(s Spec, loc *numfmt.Locale, v Variant) (svg []byte, err error) {
	svg, _, err = render(s, loc, v)
	return svg, err
}

// render draws s and returns, for tests, where it put the parts.
func render(s Spec, loc *numfmt.Locale, v Variant) (svg []byte, lay *layout, err error) {
	defer func() {
		if r := recover(); r != nil {
			svg, lay, err = nil, nil, fmt.Errorf("cannot draw it: %v", r)
		}
	}()
	lk, err := s.look(v)
	if err != nil {
		return nil, nil, err
	}
	hd := anchoredText{fonts: measureFonts}
	p := plot.New()
	for _, st := range []*struct {
		sty  *text.Style
		size vg.Length
	}{
		{&p.Title.TextStyle, lk.title}, {&p.X.Label.TextStyle, lk.label}, {&p.Y.Label.TextStyle, lk.label},
		{&p.X.Tick.Label, lk.tick}, {&p.Y.Tick.Label, lk.tick}, {&p.Legend.TextStyle, lk.legend},
	} {
		st.sty.Handler = hd
		st.sty.Font = font.From(sans, st.size)
	}
	p.X.Tick.Label.Handler = anchoredText{fonts: measureFonts, tick: true}
	p.Y.Tick.Label.Handler = p.X.Tick.Label.Handler
	// The data are padded away from the axes (padRange), so the axes need
	// no gap of their own; bars then stand on the x axis.
	p.X.Padding, p.Y.Padding = 0, 0
	k, _ := s.Kind.Def() // addData refuses an unknown kind
	if k.NoAxes {
		if s.X.set() || s.Y.set() || len(s.Lines) > 0 {
			return nil, nil, fmt.Errorf("a %s plot draws no axes, so it takes no axis label, bound or scale and no reference line", k.Name)
		}
	} else {
		grid := plotter.NewGrid()
		grid.Vertical.Color, grid.Horizontal.Color = color.Gray{Y: 222}, color.Gray{Y: 222}
		p.Add(grid)
	}

	d := &Drawing{p: p}
	if err := addData(d, s, loc); err != nil {
		return nil, nil, err
	}
	if k.NoAxes {
		p.HideAxes()
	} else {
		if err := setAxes(d, s, lk, loc); err != nil {
			return nil, nil, err
		}
		addRefLines(d, s)
	}

	c := newSVGCanvas(lk.w, lk.h)
	lay = layOut(d, s, lk, hd, draw.New(c))
	svg, err = c.bytes(s.Title)
	return svg, lay, err
}

// setAxes sets each axis's range: the data's, widened to the reference
// lines on it, replaced by the lesson's bounds where it gives them, then
// padded (padRange); its scale; and its ticks (niceTicks or logTicks, or a
// bar plot's names), labelled in loc.
func setAxes(d *Drawing, s Spec, lk look, loc *numfmt.Locale) error {
	p := d.p
	for _, r := range s.Lines {
		a := &p.Y
		if r.Vertical {
			a = &p.X
		}
		a.Min, a.Max = math.Min(a.Min, r.At), math.Max(a.Max, r.At)
	}
	for i, ax := range []struct {
		name string
		a    Axis
		axis *plot.Axis
	}{{"x", s.X, &p.X}, {"y", s.Y, &p.Y}} {
		if ax.a.Min != nil {
			ax.axis.Min = *ax.a.Min
		}
		if ax.a.Max != nil {
			ax.axis.Max = *ax.a.Max
		}
		if err := checkRange(ax.name, *ax.axis); err != nil {
			return err
		}
		_, nominal := ax.axis.Tick.Marker.(plot.ConstantTicks)
		base := i == 1 && (s.Kind == Bar || s.Kind == Histogram) // the bars rise from 0
		switch {
		case nominal: // bars named along x: half a category beyond the first and the last
			if ax.a.Min == nil {
				ax.axis.Min = math.Min(ax.axis.Min, -0.5)
			}
			if ax.a.Max == nil {
				ax.axis.Max += 0.5
			}
		default:
			ax.axis.Min, ax.axis.Max = padRange(ax.axis.Min, ax.axis.Max, ax.a.Log, base)
		}
		if err := checkRange(ax.name, *ax.axis); err != nil {
			return err
		}
		var inner plot.Ticker = niceTicks{integer: integerAxis(s, i == 1), most: lk.most[i]}
		if ax.a.Log {
			ax.axis.Scale = plot.LogScale{}
			inner = logTicks{}
		}
		if !nominal {
			ax.axis.Tick.Marker = localTicks{inner, loc}
		}
	}
	return nil
}

// sans is the font text is measured in: Liberation Sans, as gonum/plot
// embeds it.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// padFraction is the share of an axis's range added at each end, so that no
// marker or line end sits on an axis or at the edge of the plot.
const padFraction = 0.04

// padRange widens lo to hi by padFraction of the range at each end (of its
// logarithm on a log axis), but not below a base of 0 that bars rise from.
// An empty range becomes one unit (one decade) each side of its value.
func padRange(lo, hi float64, log, base bool) (float64, float64) {
	if log {
		l, h := math.Log10(lo), math.Log10(hi)
		if l == h {
			l, h = l-1, h+1
		}
		pad := padFraction * (h - l)
		return math.Pow(10, l-pad), math.Pow(10, h+pad)
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
		if base && lo < 0 && hi-1 >= 0 {
			lo = 0
		}
	}
	pad := padFraction * (hi - lo)
	if !(base && lo == 0) {
		lo -= pad
	}
	return lo, hi + pad
}

// integerAxis reports whether every value along an axis (y when y is set)
// is a whole number, and so should be its ticks: a histogram's counts, or
// the series' values along it, their bands' and the reference lines on it.
func integerAxis(s Spec, y bool) bool {
	d, _ := s.Kind.Def()
	along := d.OnX
	if y {
		along = d.OnY
	}
	if along == NoValues {
		return y && s.Kind == Histogram
	}
	var vals []float64
	for _, ser := range s.Series {
		x, yy := d.Along(ser)
		if y {
			vals = append(vals, yy...)
			if b := ser.Band; b != nil {
				vals = append(vals, b.Lo...)
				vals = append(vals, b.Hi...)
			}
		} else {
			vals = append(vals, x...)
		}
	}
	for _, r := range s.Lines {
		if r.Vertical != y {
			vals = append(vals, r.At)
		}
	}
	return len(vals) > 0 && !slices.ContainsFunc(vals, func(v float64) bool { return v != math.Trunc(v) || math.IsInf(v, 0) })
}

// MaxBins bounds a histogram's bins; MaxTicks the ticks of one axis.
const (
	MaxBins  = 1000
	MaxTicks = 100
)

// checkRange refuses an axis whose range cannot be drawn in bounded time:
// not finite, empty after the data and bounds are applied, or too wide.
func checkRange(name string, a plot.Axis) error {
	lo, hi := a.Min, a.Max
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(hi-lo, 0) {
		return fmt.Errorf("the %s axis from %g to %g cannot be drawn", name, lo, hi)
	}
	return nil
}

func xys(x, y []float64) plotter.XYs {
	pts := make(plotter.XYs, len(y))
	for i := range y {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts
}

// set reports whether a lesson gave the axis anything: a label, a scale
// or a bound.
func (a Axis) set() bool { return a.Label != "" || a.Log || a.Min != nil || a.Max != nil }

// A Drawing is a figure being drawn: its plot, its legend's entries in
// order, and the marks the data leave, which the legend must not cover.
// fit, when a kind sets it (one without axes), sets the axes' ranges for
// a data area, and may set the marks anew: the layout calls it whenever
// the data area is known or changes, before the marks are tested and
// before the plot is drawn. state is what a kind's Draw keeps from one
// series to the next (a ring's shared drawing).
type Drawing struct {
	p      *plot.Plot
	legend []legendEntry
	marks  []mark
	fit    func(da draw.Canvas)
	state  any
}

// A legendEntry is a legend's line: the thumbnails drawn over each other
// and the name beside them.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

func (d *Drawing) addLegend(name string, t ...plot.Thumbnailer) {
	if name != "" {
		d.legend = append(d.legend, legendEntry{name, t})
	}
}

// A mark is what one series or line leaves on the plot: dots (markers of
// radius size at each vertex), a path (of width size through them) or an
// area (the polygon they bound). A reference line's path is ref; the box
// of a label drawn in the data area (a ring's) is text.
type mark struct {
	kind markKind
	pts  []vertex
	size vg.Length
	ref  bool
	text bool
}

type markKind int

const (
	dots markKind = iota
	path
	area
)

// A vertex is a point in data coordinates, moved DX and DY along the
// canvas (a bar's side, offset from its category's x; a ring's key, inside
// the circle).
type vertex struct {
	X, Y   float64
	DX, DY vg.Length
}

func vertices(pts plotter.XYs) []vertex {
	out := make([]vertex, len(pts))
	for i, p := range pts {
		out[i] = vertex{X: p.X, Y: p.Y}
	}
	return out
}

// steps returns the corners of pts drawn as post steps: each value held
// to the next x.
func steps(pts plotter.XYs) plotter.XYs {
	var out plotter.XYs
	for i, p := range pts {
		if i > 0 {
			out = append(out, plotter.XY{X: p.X, Y: pts[i-1].Y})
		}
		out = append(out, p)
	}
	return out
}

// addData draws each series of s with its kind's Draw, after checking that
// it has values and, where x values lie along the x axis, one per y value,
// that a band has one lower and one upper bound per y value on a kind
// that takes one, that its role is one the kind takes, and that its values
// pass the kind's Check. The bands go first, behind every series.
func addData(d *Drawing, s Spec, loc *numfmt.Locale) error {
	k, ok := s.Kind.Def()
	if !ok {
		return fmt.Errorf("unknown plot kind %d", int(s.Kind))
	}
	for _, ser := range s.Series {
		if k.OnX == XValues && len(ser.X) != len(ser.Y) {
			return fmt.Errorf("series %q has %d x and %d y values", ser.Legend, len(ser.X), len(ser.Y))
		}
		if len(ser.Y) == 0 {
			return fmt.Errorf("series %q is empty", ser.Legend)
		}
		if b := ser.Band; b != nil {
			if k.DrawBand == nil {
				return fmt.Errorf("series %q has a band, which a %s plot does not draw", ser.Legend, k.Name)
			}
			if len(b.Lo) != len(ser.Y) || len(b.Hi) != len(ser.Y) {
				return fmt.Errorf("series %q has %d y values and a band of %d lower and %d upper bounds", ser.Legend, len(ser.Y), len(b.Lo), len(b.Hi))
			}
		}
		if ser.Role != "" && !slices.Contains(k.Roles, ser.Role) {
			if k.Roles == nil {
				return fmt.Errorf("series %q has the role %q, which a %s plot does not take", ser.Legend, ser.Role, k.Name)
			}
			return fmt.Errorf("series %q has the role %q: a %s plot's series are %s", ser.Legend, ser.Role, k.Name, strings.Join(k.Roles, " or "))
		}
		if k.Check != nil {
			if msg := k.Check(ser); msg != "" {
				return fmt.Errorf("series %q %s", ser.Legend, msg)
			}
		}
	}
	for i, ser := range s.Series {
		if ser.Band == nil {
			continue
		}
		if err := k.DrawBand(d, s, i); err != nil {
			return err
		}
	}
	for i := range s.Series {
		if err := k.Draw(d, s, i, loc); err != nil {
			return err
		}
	}
	return nil
}

// lineWidth is a series' line; glyphRadius its markers'.
const (
	lineWidth   = 1.5 // points
	glyphRadius = 2.5
)

// drawLine draws a series as a line, with a glyph at each point when it has
// at most 40.
func drawLine(d *Drawing, s Spec, i int, _ *numfmt.Locale) error {
	return drawLineStyle(d, s.Series[i], i, plotter.NoStep)
}

// drawStep draws a series as steps: each value held from its x to the
// next, with a glyph at each point when it has at most 40.
func drawStep(d *Drawing, s Spec, i int, _ *numfmt.Locale) error {
	return drawLineStyle(d, s.Series[i], i, plotter.PostStep)
}

func drawLineStyle(d *Drawing, ser Series, i int, step plotter.StepKind) error {
	xy := xys(ser.X, ser.Y)
	l, pts, err := plotter.NewLinePoints(xy)
	if err != nil {
		return err
	}
	l.StepStyle = step
	l.Color = colorAt(i)
	l.Width = vg.Points(lineWidth)
	l.Dashes = dashes(i)
	corners := xy
	if step == plotter.PostStep {
		corners = steps(xy)
	}
	d.marks = append(d.marks, mark{kind: path, pts: vertices(corners), size: l.Width})
	if len(ser.Y) > 40 {
		d.p.Add(l)
		d.addLegend(ser.Legend, l)
		return nil
	}
	pts.Color = colorAt(i)
	pts.Shape = shape(i)
	pts.Radius = vg.Points(glyphRadius)
	d.p.Add(l, pts)
	d.marks = append(d.marks, mark{kind: dots, pts: vertices(xy), size: pts.Radius})
	d.addLegend(ser.Legend, l, pts)
	return nil
}

// drawLineBand draws the band of series i of a line plot: the region
// between its lower and its upper bounds, joined by straight lines, in a
// light tint of the series' colour.
func drawLineBand(d *Drawing, s Spec, i int) error { return drawBand(d, s.Series[i], i, false) }

// drawStepBand draws the band of series i of a step plot: each bound held
// from its x to the next, as the steps are.
func drawStepBand(d *Drawing, s Spec, i int) error { return drawBand(d, s.Series[i], i, true) }

func drawBand(d *Drawing, ser Series, i int, step bool) error {
	lo, hi, n := ser.Band.Lo, ser.Band.Hi, len(ser.Y)
	ring := make(plotter.XYs, 0, 4*n)
	for k := 0; k < n; k++ {
		ring = append(ring, plotter.XY{X: ser.X[k], Y: lo[k]})
		if step && k+1 < n {
			ring = append(ring, plotter.XY{X: ser.X[k+1], Y: lo[k]})
		}
	}
	for k := n - 1; k >= 0; k-- {
		if step && k+1 < n {
			ring = append(ring, plotter.XY{X: ser.X[k+1], Y: hi[k]})
		}
		ring = append(ring, plotter.XY{X: ser.X[k], Y: hi[k]})
	}
	poly, err := plotter.NewPolygon(ring)
	if err != nil {
		return err
	}
	poly.Color = withAlpha(colorAt(i), bandAlpha)
	poly.LineStyle.Width = 0
	d.p.Add(poly)
	d.marks = append(d.marks, mark{kind: area, pts: vertices(ring)})
	return nil
}

// bandAlpha is the opacity of a band's tint: light enough that the grid,
// the line and an overlapping band show through.
const bandAlpha = 64

// drawScatter draws a series as glyphs at its points.
func drawScatter(d *Drawing, s Spec, i int, _ *numfmt.Locale) error {
	ser := s.Series[i]
	xy := xys(ser.X, ser.Y)
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		return err
	}
	sc.Color = colorAt(i)
	sc.Shape = shape(i)
	sc.Radius = vg.Points(glyphRadius)
	d.p.Add(sc)
	d.marks = append(d.marks, mark{kind: dots, pts: vertices(xy), size: sc.Radius})
	d.addLegend(ser.Legend, sc)
	return nil
}

// barWidth is the width of one bar.
const barWidth = 14 // points

// drawBar draws a series as bars, beside those of the other series. The
// first series names the bars: by its labels, or else by its x values in
// loc.
func drawBar(d *Drawing, s Spec, i int, loc *numfmt.Locale) error {
	ser := s.Series[i]
	w := vg.Points(barWidth)
	b, err := plotter.NewBarChart(plotter.Values(ser.Y), w)
	if err != nil {
		return err
	}
	b.Color = colorAt(i)
	b.LineStyle.Width = 0
	n := len(s.Series)
	b.Offset = w * vg.Length(float64(i)-float64(n-1)/2)
	d.p.Add(b)
	for k, v := range ser.Y {
		x, l, r := float64(k), b.Offset-w/2, b.Offset+w/2
		d.marks = append(d.marks, mark{kind: area, pts: []vertex{{X: x, DX: l}, {X: x, Y: v, DX: l}, {X: x, Y: v, DX: r}, {X: x, DX: r}}})
	}
	d.addLegend(ser.Legend, b)
	if i == 0 {
		if names := barNames(ser, loc); names != nil {
			d.p.NominalX(names...)
			// NominalX keeps the first name off the y axis by a gap; the
			// range keeps half a category there instead (setAxes). The x
			// axis keeps its line, which the bars stand on.
			d.p.Y.Padding = 0
			d.p.X.Width = vg.Points(0.5)
			d.p.X.Tick.Width, d.p.X.Tick.Length = vg.Points(0.5), vg.Points(3)
		}
	}
	return nil
}

// barNames returns the names of a series' bars: its labels, or else its x
// values in loc.
func barNames(ser Series, loc *numfmt.Locale) []string {
	if ser.Labels != nil {
		return ser.Labels
	}
	var names []string
	for _, x := range ser.X {
		names = append(names, loc.Format(numfmt.Format{}, x))
	}
	return names
}

// drawHistogram draws a series' values as a histogram of s.Bins bins, or
// ceil(sqrt(n)) of them, at most MaxBins.
func drawHistogram(d *Drawing, s Spec, i int, _ *numfmt.Locale) error {
	ser := s.Series[i]
	bins := s.Bins
	if bins == 0 {
		bins = min(int(math.Ceil(math.Sqrt(float64(len(ser.Y))))), MaxBins)
	}
	if bins > MaxBins {
		return fmt.Errorf("%d bins, more than %d", bins, MaxBins)
	}
	h, err := plotter.NewHist(plotter.Values(ser.Y), bins)
	if err != nil {
		return err
	}
	h.FillColor = withAlpha(colorAt(i), 160)
	h.LineStyle.Color = colorAt(i)
	d.p.Add(h)
	for _, b := range h.Bins {
		if b.Weight != 0 {
			d.marks = append(d.marks, mark{kind: area, pts: []vertex{{X: b.Min}, {X: b.Min, Y: b.Weight}, {X: b.Max, Y: b.Weight}, {X: b.Max}}})
		}
	}
	d.addLegend(ser.Legend, h)
	return nil
}

// drawCDF draws a series' values as the steps of their empirical CDF.
func drawCDF(d *Drawing, s Spec, i int, _ *numfmt.Locale) error {
	ser := s.Series[i]
	v := sorted(ser.Y)
	pts := make(plotter.XYs, len(v))
	for k, x := range v {
		pts[k] = plotter.XY{X: x, Y: float64(k+1) / float64(len(v))}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	l.StepStyle = plotter.PostStep
	l.Color = colorAt(i)
	l.Width = vg.Points(lineWidth)
	l.Dashes = dashes(i)
	d.p.Add(l)
	d.marks = append(d.marks, mark{kind: path, pts: vertices(steps(pts)), size: l.Width})
	d.addLegend(ser.Legend, l)
	return nil
}

func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), a}
}

func dashes(i int) []vg.Length {
	switch i % 3 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	}
	return nil
}

func shape(i int) draw.GlyphDrawer {
	switch i % 4 {
	case 1:
		return draw.SquareGlyph{}
	case 2:
		return draw.TriangleGlyph{}
	case 3:
		return draw.CrossGlyph{}
	}
	return draw.CircleGlyph{}
}

// addRefLines draws each reference line across the whole plot, its axis
// range already padded.
func addRefLines(d *Drawing, s Spec) {
	p := d.p
	for i, r := range s.Lines {
		var pts plotter.XYs
		if r.Vertical {
			pts = plotter.XYs{{X: r.At, Y: p.Y.Min}, {X: r.At, Y: p.Y.Max}}
		} else {
			pts = plotter.XYs{{X: p.X.Min, Y: r.At}, {X: p.X.Max, Y: r.At}}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			continue
		}
		l.Color = color.Gray{90}
		l.Width = vg.Points(1)
		l.Dashes = refDashes[i%len(refDashes)]
		p.Add(l)
		d.marks = append(d.marks, mark{kind: path, pts: vertices(pts), size: l.Width, ref: true})
		d.addLegend(r.Legend, l)
	}
}
