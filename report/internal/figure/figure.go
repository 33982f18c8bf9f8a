// Package figure draws a plot specification as an SVG with gonum/plot, with
// tick labels in the page's locale.
package figure

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"lbcourse/report/internal/numfmt"
)

// A Spec is everything needed to draw one figure in one language.
type Spec struct {
	Kind   Kind // one of Kinds
	Title  string
	X, Y   Axis
	Series []Series
	Lines  []RefLine
	Bins   int // histogram; 0 picks ceil(sqrt(n))
	// Legend is where the legend goes: top-right (default), top-left,
	// bottom-right or bottom-left.
	Legend string
	// Width and Height of the SVG; zero gives 16 cm by 9 cm.
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
// (KindDef.DrawBand).
type Series struct {
	Legend string
	X, Y   []float64
	Labels []string
	Band   *Band
}

// A Band is the lower and upper bounds of a shaded band around a series:
// one of each per y value, at the series' x (a mean's interval, or two
// quantiles). LoName and HiName head their columns in the table under the
// figure.
type Band struct {
	Lo, Hi         []float64
	LoName, HiName string
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

// Size returns the figure's width and height: Width and Height, or 16 cm by
// 9 cm when they are zero.
func (s Spec) Size() (w, h vg.Length) {
	if s.Width == 0 {
		return 16 * vg.Centimeter, 9 * vg.Centimeter
	}
	return s.Width, s.Height
}

// SVG draws s. The output depends only on s and the locale. A panic in
// the plotting library (it panics on some inputs, such as a value <= 0 on a
// log axis) is returned as an error.
func SVG(s Spec, loc *numfmt.Locale) (svg []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			svg, err = nil, fmt.Errorf("cannot draw it: %v", r)
		}
	}()
	p := plot.New()
	p.Title.Text = s.Title
	p.X.Label.Text = s.X.Label
	p.Y.Label.Text = s.Y.Label
	p.Legend.Top = !strings.HasPrefix(s.Legend, "bottom")
	p.Legend.Left = strings.HasSuffix(s.Legend, "left")
	p.Legend.Padding = vg.Points(4)
	p.Legend.ThumbnailWidth = vg.Points(24)
	p.Legend.XOffs = -vg.Points(6)
	if p.Legend.Left {
		p.Legend.XOffs = vg.Points(6)
	}
	p.Add(plotter.NewGrid())

	if err := addData(p, s, loc); err != nil {
		return nil, err
	}
	for _, ax := range []struct {
		a    Axis
		axis *plot.Axis
	}{{s.X, &p.X}, {s.Y, &p.Y}} {
		if ax.a.Min != nil {
			ax.axis.Min = *ax.a.Min
		}
		if ax.a.Max != nil {
			ax.axis.Max = *ax.a.Max
		}
		var inner plot.Ticker = plot.DefaultTicks{}
		if ax.a.Log {
			ax.axis.Scale = plot.LogScale{}
			inner = plot.LogTicks{Prec: -1}
		}
		if _, nominal := ax.axis.Tick.Marker.(plot.ConstantTicks); !nominal {
			ax.axis.Tick.Marker = localTicks{inner, loc}
		}
	}
	addRefLines(p, s)
	if err := checkRange("x", p.X); err != nil {
		return nil, err
	}
	if err := checkRange("y", p.Y); err != nil {
		return nil, err
	}

	w, h := s.Size()
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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

// addData draws each series of s with its kind's Draw, after checking that
// it has values and, where x values lie along the x axis, one per y value,
// and that a band has one lower and one upper bound per y value on a kind
// that takes one. The bands go first, behind every series.
func addData(p *plot.Plot, s Spec, loc *numfmt.Locale) error {
	d, ok := s.Kind.Def()
	if !ok {
		return fmt.Errorf("unknown plot kind %d", int(s.Kind))
	}
	for _, ser := range s.Series {
		if d.OnX == XValues && len(ser.X) != len(ser.Y) {
			return fmt.Errorf("series %q has %d x and %d y values", ser.Legend, len(ser.X), len(ser.Y))
		}
		if len(ser.Y) == 0 {
			return fmt.Errorf("series %q is empty", ser.Legend)
		}
		if b := ser.Band; b != nil {
			if d.DrawBand == nil {
				return fmt.Errorf("series %q has a band, which a %s plot does not draw", ser.Legend, d.Name)
			}
			if len(b.Lo) != len(ser.Y) || len(b.Hi) != len(ser.Y) {
				return fmt.Errorf("series %q has %d y values and a band of %d lower and %d upper bounds", ser.Legend, len(ser.Y), len(b.Lo), len(b.Hi))
			}
		}
	}
	for i, ser := range s.Series {
		if ser.Band == nil {
			continue
		}
		if err := d.DrawBand(p, s, i); err != nil {
			return err
		}
	}
	for i := range s.Series {
		if err := d.Draw(p, s, i, loc); err != nil {
			return err
		}
	}
	return nil
}

// drawLine draws a series as a line, with a glyph at each point when it has
// at most 40.
func drawLine(p *plot.Plot, s Spec, i int, _ *numfmt.Locale) error {
	return drawLineStyle(p, s.Series[i], i, plotter.NoStep)
}

// drawStep draws a series as steps: each value held from its x to the
// next, with a glyph at each point when it has at most 40.
func drawStep(p *plot.Plot, s Spec, i int, _ *numfmt.Locale) error {
	return drawLineStyle(p, s.Series[i], i, plotter.PostStep)
}

func drawLineStyle(p *plot.Plot, ser Series, i int, step plotter.StepKind) error {
	l, pts, err := plotter.NewLinePoints(xys(ser.X, ser.Y))
	if err != nil {
		return err
	}
	l.StepStyle = step
	l.Color = colorAt(i)
	l.Width = vg.Points(1.5)
	l.Dashes = dashes(i)
	if len(ser.Y) > 40 {
		p.Add(l)
		addLegend(p, ser.Legend, l)
		return nil
	}
	pts.Color = colorAt(i)
	pts.Shape = shape(i)
	p.Add(l, pts)
	addLegend(p, ser.Legend, l, pts)
	return nil
}

// drawLineBand draws the band of series i of a line plot: the region
// between its lower and its upper bounds, joined by straight lines, in a
// light tint of the series' colour.
func drawLineBand(p *plot.Plot, s Spec, i int) error { return drawBand(p, s.Series[i], i, false) }

// drawStepBand draws the band of series i of a step plot: each bound held
// from its x to the next, as the steps are.
func drawStepBand(p *plot.Plot, s Spec, i int) error { return drawBand(p, s.Series[i], i, true) }

func drawBand(p *plot.Plot, ser Series, i int, step bool) error {
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
	p.Add(poly)
	return nil
}

// bandAlpha is the opacity of a band's tint: light enough that the grid,
// the line and an overlapping band show through.
const bandAlpha = 64

// drawScatter draws a series as glyphs at its points.
func drawScatter(p *plot.Plot, s Spec, i int, _ *numfmt.Locale) error {
	ser := s.Series[i]
	sc, err := plotter.NewScatter(xys(ser.X, ser.Y))
	if err != nil {
		return err
	}
	sc.Color = colorAt(i)
	sc.Shape = shape(i)
	p.Add(sc)
	addLegend(p, ser.Legend, sc)
	return nil
}

// drawBar draws a series as bars, beside those of the other series. The
// first series names the bars: by its labels, or else by its x values in
// loc.
func drawBar(p *plot.Plot, s Spec, i int, loc *numfmt.Locale) error {
	ser := s.Series[i]
	b, err := plotter.NewBarChart(plotter.Values(ser.Y), vg.Points(14))
	if err != nil {
		return err
	}
	b.Color = colorAt(i)
	b.LineStyle.Width = 0
	n := len(s.Series)
	b.Offset = vg.Points(14) * vg.Length(float64(i)-float64(n-1)/2)
	p.Add(b)
	addLegend(p, ser.Legend, b)
	if i == 0 {
		if names := barNames(ser, loc); names != nil {
			p.NominalX(names...)
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
func drawHistogram(p *plot.Plot, s Spec, i int, _ *numfmt.Locale) error {
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
	p.Add(h)
	addLegend(p, ser.Legend, h)
	return nil
}

// drawCDF draws a series' values as the steps of their empirical CDF.
func drawCDF(p *plot.Plot, s Spec, i int, _ *numfmt.Locale) error {
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
	l.Width = vg.Points(1.5)
	l.Dashes = dashes(i)
	p.Add(l)
	addLegend(p, ser.Legend, l)
	return nil
}

func addLegend(p *plot.Plot, name string, t ...plot.Thumbnailer) {
	if name != "" {
		p.Legend.Add(name, t...)
	}
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

func addRefLines(p *plot.Plot, s Spec) {
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
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(2), vg.Points(1), vg.Points(2)}
		if i%2 == 1 {
			l.Dashes = []vg.Length{vg.Points(1), vg.Points(2)}
		}
		p.Add(l)
		addLegend(p, r.Legend, l)
	}
}

// localTicks relabels another ticker's major ticks in a locale, keeping the
// number of decimals each label had.
type localTicks struct {
	inner plot.Ticker
	loc   *numfmt.Locale
}

func (t localTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := t.inner.Ticks(lo, hi)
	if len(ticks) > MaxTicks {
		panic(fmt.Sprintf("%d ticks from %g to %g", len(ticks), lo, hi))
	}
	// All labels get the fewest decimals that show every one of them exactly.
	d := 0
	for _, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		s := strconv.FormatFloat(tk.Value, 'f', -1, 64)
		if j := strings.IndexByte(s, '.'); j >= 0 {
			d = max(d, min(len(s)-j-1, 6))
		}
	}
	for i, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		ticks[i].Label = t.loc.Format(numfmt.Format{Digits: d, Fixed: true}, tk.Value)
	}
	return ticks
}

func init() {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
}
