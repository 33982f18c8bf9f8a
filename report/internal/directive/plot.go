package directive

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/figure"
)

// A Plot draws series of results as an SVG figure, one per language:
//
//	```plot ID
//	experiment: esit_yavas
//	kind: line                       # line, scatter, bar, histogram, cdf, step or ring
//	title: text
//	caption: text
//	alt: text describing the figure for readers who cannot see it
//	x: {label: text, log: false}
//	y: {label: text, log: false, min: 0}
//	series:
//	  - {data: round_robin.queue.1, legend: text}
//	  - {data: other_exp:least_connections.queue.1, legend: text}
//	  - {data: tail.mean, lo: tail.ci95_lo, hi: tail.ci95_hi, legend: text}  # line or step
//	lines:
//	  - {y: ideal.moved, legend: text}   # a value path or a number
//	bins: 20                          # histogram only
//	legend: top-left                  # top-right (default), top-left, bottom-right, bottom-left
//	aspect: square                    # wide (default) or square: axes on one scale
//	```
//
// ID names the figure's file. A series of another experiment is written
// EXPERIMENT:SERIES. lo and hi name the series that bound a shaded band
// around the series (kinds line and step); they are of the series'
// experiment unless written EXPERIMENT:SERIES, and have its x values.
//
// A ring (kind ring) has no axes, so no x, y or lines, and is square:
// each series' values are positions on the ring in [0, 1), and a series
// takes a role, server (the default) or key:
//
//	series:
//	  - {data: ring_pos.1, legend: A}
//	  - {data: ring_keys_pos, legend: keys, role: key}
type Plot struct {
	Off        int
	ID         string
	Experiment string
	ExpOff     int
	Type       figure.Kind // the zero Kind when none or an unknown one is written
	Title      string
	Caption    string
	Alt        string
	X, Y       figure.Axis
	Series     []PlotSeries
	Lines      []PlotLine
	Bins       int
	Legend     string
	// Aspect is the drawing's shape: "" (wide, the default) or "square",
	// for plots whose axes must share a scale, such as points on a circle.
	Aspect string
}

// Aspects are the shapes a plot's drawing can take besides the default.
var Aspects = []string{"wide", "square"}

// LegendPlaces are where a plot's legend can go.
var LegendPlaces = []string{"top-right", "top-left", "bottom-right", "bottom-left"}

// A PlotSeries is a series of a plot as the lesson writes it: Data of
// Experiment ("" for the plot's experiment), at Off. Its Series has the
// legend; resolving fills in the data.
//
// Plot.Series lists every series a plot names, in the order written: each
// series it draws (Bound "") followed, when it has a band, by the band's
// lower bound (Bound "lo") and its upper bound (Bound "hi"), whose
// Experiment is the drawn series' when the lesson names none. So every
// series is there for Paths to check before anything runs. Resolving
// returns the drawn series alone, each with its band.
type PlotSeries struct {
	Off        int
	Experiment string
	Data       string
	Bound      string // "", "lo" or "hi"
	figure.Series
}

// A PlotLine is a reference line as the lesson writes it: at the value Path
// of Experiment ("" for the plot's experiment; EXPERIMENT: is written
// before the path), or at the number RefLine.At when Path is "". Its
// RefLine has the legend and the direction; resolving sets At from Path.
type PlotLine struct {
	Off        int
	Experiment string
	Path       string
	figure.RefLine
}

func (p *Plot) Kind() string { return "plot" }
func (p *Plot) Pos() int     { return p.Off }

// Neutral covers the id, experiment, kind, axis scales and the data.
func (p *Plot) Neutral() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s experiment=%s kind=%s x=%s y=%s bins=%d legend=%s aspect=%s", p.ID, p.Experiment, p.Type, axisNeutral(p.X), axisNeutral(p.Y), p.Bins, p.Legend, p.Aspect)
	for _, s := range p.Series {
		if s.Bound != "" {
			fmt.Fprintf(&b, " %s=%s:%s", s.Bound, s.Experiment, s.Data)
			continue
		}
		fmt.Fprintf(&b, " series=%s:%s", s.Experiment, s.Data)
		if s.Role != "" {
			fmt.Fprintf(&b, " role=%s", s.Role)
		}
	}
	for _, l := range p.Lines {
		fmt.Fprintf(&b, " line=%v:%s:%s:%g", l.Vertical, l.Experiment, l.Path, l.At)
	}
	return b.String()
}

func axisNeutral(a figure.Axis) string {
	s := "linear"
	if a.Log {
		s = "log"
	}
	if a.Min != nil {
		s += fmt.Sprintf(",min=%g", *a.Min)
	}
	if a.Max != nil {
		s += fmt.Sprintf(",max=%g", *a.Max)
	}
	return s
}

// ParsePlot parses a plot block.
func ParsePlot(b *Block) Directive {
	p := &Plot{Off: b.Off}
	p.ID, _ = b.Name("plot")
	m := b.Mapping()
	if m == nil {
		return nil
	}
	fs := b.Fields(m, "plot", []string{"experiment", "kind", "title", "caption", "alt", "x", "y", "series", "lines", "bins", "legend", "aspect"})
	b.Require(fs, "experiment", "kind", "caption", "alt", "series")
	p.Experiment = b.String(fs, "experiment")
	if f, ok := fs["experiment"]; ok {
		p.ExpOff = b.NodeOff(f.Value)
	}
	kind := b.String(fs, "kind")
	p.Type, _ = figure.ParseKind(kind)
	if f, ok := fs["kind"]; ok && p.Type == 0 {
		b.Errorf(b.NodeOff(f.Value), "plot: unknown kind %q (want %s)", kind, strings.Join(figure.KindNames(nil), ", "))
	}
	p.Title = b.String(fs, "title")
	p.Caption = b.String(fs, "caption")
	p.Alt = b.String(fs, "alt")
	p.Legend = b.String(fs, "legend")
	if f, ok := fs["legend"]; ok && !slices.Contains(LegendPlaces, p.Legend) {
		b.Errorf(b.NodeOff(f.Value), "plot: legend %q: want one of %s", p.Legend, strings.Join(LegendPlaces, ", "))
	}
	p.Aspect = b.String(fs, "aspect")
	def, known := p.Type.Def()
	if f, ok := fs["aspect"]; ok && !slices.Contains(Aspects, p.Aspect) {
		b.Errorf(b.NodeOff(f.Value), "plot: aspect %q: want one of %s", p.Aspect, strings.Join(Aspects, ", "))
	} else if ok && def.Square && p.Aspect != "square" {
		b.Errorf(b.NodeOff(f.Value), "plot: aspect %s is not for kind %s, which is drawn square", p.Aspect, def.Name)
	}
	if known && def.NoAxes {
		for _, key := range []string{"x", "y", "lines"} {
			if f, ok := fs[key]; ok {
				b.Errorf(b.NodeOff(f.Key), "plot: %s is not for kind %s, which draws no axes", key, def.Name)
				delete(fs, key)
			}
		}
	}
	p.X = b.axis(fs, "x")
	p.Y = b.axis(fs, "y")
	if f, ok := fs["bins"]; ok {
		if err := f.Value.Decode(&p.Bins); err != nil || p.Bins < 1 || p.Bins > MaxBins {
			b.Errorf(b.NodeOff(f.Value), "plot: bins must be a whole number from 1 to %d", MaxBins)
			p.Bins = 0
		}
		binned := func(d figure.KindDef) bool { return d.Binned }
		if d, _ := p.Type.Def(); !d.Binned {
			b.Errorf(b.NodeOff(f.Key), "plot: bins is for kind %s", strings.Join(figure.KindNames(binned), " or "))
		}
	}
	if f, ok := fs["series"]; ok {
		if f.Value.Kind != yaml.SequenceNode || len(f.Value.Content) == 0 {
			b.Errorf(b.NodeOff(f.Value), "plot: series must be a non-empty list of {data: ..., legend: ...}")
		} else if len(f.Value.Content) > MaxPlotSeries {
			b.Errorf(b.NodeOff(f.Value.Content[MaxPlotSeries]), "plot: at most %d series in one plot", MaxPlotSeries)
		} else {
			for _, n := range f.Value.Content {
				p.Series = append(p.Series, b.series(n, p.Type)...)
			}
		}
	}
	if f, ok := fs["lines"]; ok {
		if f.Value.Kind != yaml.SequenceNode {
			b.Errorf(b.NodeOff(f.Value), "plot: lines must be a list of {y: ..., legend: ...}")
		} else if len(f.Value.Content) > MaxPlotLines {
			b.Errorf(b.NodeOff(f.Value.Content[MaxPlotLines]), "plot: at most %d lines in one plot", MaxPlotLines)
		} else {
			for _, n := range f.Value.Content {
				p.Lines = append(p.Lines, b.refLine(n))
			}
		}
	}
	return p
}

func (b *Block) axis(fs map[string]Field, key string) figure.Axis {
	var a figure.Axis
	f, ok := fs[key]
	if !ok {
		return a
	}
	if f.Value.Kind != yaml.MappingNode {
		b.Errorf(b.NodeOff(f.Value), "plot: %s must be a mapping such as {label: text, log: true}", key)
		return a
	}
	afs := b.Fields(f.Value, "plot "+key, []string{"label", "log", "min", "max"})
	a.Label = b.String(afs, "label")
	a.Log = b.Bool(afs, "log")
	a.Min = b.bound(afs, key, "min")
	a.Max = b.bound(afs, key, "max")
	for _, bound := range []string{"min", "max"} {
		v := a.Min
		if bound == "max" {
			v = a.Max
		}
		if v != nil && a.Log && *v <= 0 {
			b.Errorf(b.NodeOff(afs[bound].Value), "plot: %s axis is logarithmic, so its %s must be above 0", key, bound)
		}
	}
	if a.Min != nil && a.Max != nil && *a.Min >= *a.Max {
		b.Errorf(b.NodeOff(afs["max"].Value), "plot: %s axis max must be above its min", key)
		a.Min, a.Max = nil, nil
	}
	return a
}

// bound decodes an axis bound: a finite number within ±MaxAxisBound.
func (b *Block) bound(fs map[string]Field, axis, key string) *float64 {
	f, ok := fs[key]
	if !ok {
		return nil
	}
	v, err := parseNumber(f.Value)
	if err != nil {
		b.Errorf(b.NodeOff(f.Value), "%s must be a number, not %q", key, f.Value.Value)
		return nil
	}
	if math.Abs(v) > MaxAxisBound {
		b.Errorf(b.NodeOff(f.Value), "plot: %s axis %s must be between -%g and %g", axis, key, MaxAxisBound, MaxAxisBound)
		return nil
	}
	return &v
}

// parseNumber decodes a finite number from a scalar node; YAML's .inf and
// .nan, and Go's inf and NaN spellings, are not numbers here.
func parseNumber(n *yaml.Node) (float64, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, errNotNumber
	}
	v, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, errNotNumber
	}
	return v, nil
}

var errNotNumber = errors.New("not a number")

func splitExp(s string) (exp, rest string) {
	if e, r, ok := strings.Cut(s, ":"); ok {
		return strings.TrimSpace(e), strings.TrimSpace(r)
	}
	return "", strings.TrimSpace(s)
}

// series parses one entry of a plot's series: the series, and its band's
// lower and upper bounds when it names them, for a plot of kind.
func (b *Block) series(n *yaml.Node, kind figure.Kind) []PlotSeries {
	s := PlotSeries{Off: b.NodeOff(n)}
	if n.Kind != yaml.MappingNode {
		b.Errorf(b.NodeOff(n), "plot: a series is a mapping {data: SERIES, legend: text}")
		return []PlotSeries{s}
	}
	fs := b.Fields(n, "plot series", []string{"data", "legend", "lo", "hi", "role"})
	b.requireAt(fs, n, "plot series", "data")
	s.Experiment, s.Data = b.seriesName(fs, "data", &s.Off)
	s.Legend = b.String(fs, "legend")
	if f, ok := fs["role"]; ok {
		role := b.String(fs, "role")
		roled := func(d figure.KindDef) bool { return d.Roles != nil }
		if d, known := kind.Def(); known && d.Roles == nil {
			b.Errorf(b.NodeOff(f.Key), "plot: role is for kind %s, not %s", strings.Join(figure.KindNames(roled), " or "), d.Name)
		} else if known && !slices.Contains(d.Roles, role) {
			b.Errorf(b.NodeOff(f.Value), "plot: role %q: want one of %s", role, strings.Join(d.Roles, ", "))
		} else {
			s.Role = role
		}
	}
	out := []PlotSeries{s}
	flo, hasLo := fs["lo"]
	fhi, hasHi := fs["hi"]
	if !hasLo && !hasHi {
		return out
	}
	first := flo
	if !hasLo || hasHi && b.NodeOff(fhi.Key) < b.NodeOff(flo.Key) {
		first = fhi
	}
	banded := func(d figure.KindDef) bool { return d.DrawBand != nil }
	if d, known := kind.Def(); known && d.DrawBand == nil {
		b.Errorf(b.NodeOff(first.Key), "plot: a band (lo and hi) is for kind %s, not %s", strings.Join(figure.KindNames(banded), " or "), d.Name)
		return out
	}
	if hasLo != hasHi {
		have, want := "lo", "hi"
		if hasHi {
			have, want = "hi", "lo"
		}
		b.Errorf(b.NodeOff(first.Key), "plot: a band needs both lo and hi: %s without %s", have, want)
		return out
	}
	for _, bound := range []string{"lo", "hi"} {
		bs := PlotSeries{Bound: bound}
		bs.Experiment, bs.Data = b.seriesName(fs, bound, &bs.Off)
		if bs.Experiment == "" {
			bs.Experiment = s.Experiment
		}
		out = append(out, bs)
	}
	return out
}

// seriesName decodes the series named by key, written SERIES or
// EXPERIMENT:SERIES, and sets *off to where it is written.
func (b *Block) seriesName(fs map[string]Field, key string, off *int) (exp, name string) {
	exp, name = splitExp(b.String(fs, key))
	if f, ok := fs[key]; ok {
		*off = b.NodeOff(f.Value)
		if !pathRE.MatchString(name) {
			b.Errorf(*off, "plot: bad series name %q", name)
		}
	}
	return exp, name
}

func (b *Block) refLine(n *yaml.Node) PlotLine {
	l := PlotLine{Off: b.NodeOff(n)}
	if n.Kind != yaml.MappingNode {
		b.Errorf(l.Off, "plot: a line is a mapping {y: VALUE, legend: text}")
		return l
	}
	fs := b.Fields(n, "plot line", []string{"x", "y", "legend"})
	fx, hasX := fs["x"]
	fy, hasY := fs["y"]
	if hasX == hasY {
		b.Errorf(l.Off, "plot: a line has exactly one of x or y")
		return l
	}
	v := fy.Value
	if hasX {
		v, l.Vertical = fx.Value, true
	}
	l.Off = b.NodeOff(v)
	if x, err := parseNumber(v); err == nil {
		l.At = x
	} else {
		l.Experiment, l.Path = splitExp(v.Value)
		if !pathRE.MatchString(l.Path) {
			b.Errorf(l.Off, "plot: a line is at a value path or a number, not %q", v.Value)
		}
	}
	l.Legend = b.String(fs, "legend")
	return l
}

func (b *Block) requireAt(fs map[string]Field, n *yaml.Node, what string, keys ...string) {
	for _, k := range keys {
		if _, ok := fs[k]; !ok {
			b.Errorf(b.NodeOff(n), "%s: missing key %q", what, k)
		}
	}
}
