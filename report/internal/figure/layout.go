package figure

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Variant is one drawing of a figure, for one range of column widths.
// Figures are shown at the column's width (img width: 100%), so a drawing's
// text shrinks with the column: Wide's text is at least MinTextPx in a
// column of MinColumn(Wide) or more, a desktop's; Narrow, drawn smaller
// with text relatively larger, keeps it in a phone's (PhoneColumn). A page
// shows Wide, and Narrow through <picture> under NarrowMedia.
type Variant int

const (
	Wide   Variant = iota // the figure at Spec.Size, 16 cm by 9 cm unless set
	Narrow                // the figure for phones, NarrowWidth by NarrowHeight
)

// Variants lists the variants, Wide first.
var Variants = []Variant{Wide, Narrow}

// String names v: "wide" or "narrow".
func (v Variant) String() string {
	switch v {
	case Wide:
		return "wide"
	case Narrow:
		return "narrow"
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// Suffix is what v's file name adds before ".svg": "" for Wide, "-narrow"
// for Narrow.
func (v Variant) Suffix() string {
	if v == Wide {
		return ""
	}
	return "-" + v.String()
}

const (
	// MinTextPx is the smallest a figure's text may be shown, in CSS px.
	MinTextPx = 11
	// PhoneColumn is the column of a 390-px-wide phone, in CSS px: the
	// page's main column less its padding of 1.25rem each side.
	PhoneColumn = 390 - 40
	// NarrowMedia is the media query of the <source> that shows the Narrow
	// variant: viewports up to 35em (560 px), whose column (the viewport
	// less 2.5rem) is narrower than 520 px, above MinColumn(Wide) of a
	// figure of the default size (499 px).
	NarrowMedia = "(max-width: 35em)"
	// NarrowWidth and NarrowHeight are the Narrow variant's size, in
	// points: 340 by 320 CSS px. A kind drawn square (KindDef.Square) is
	// NarrowSquareHeight high, 400 px, so that its legend can go below a
	// circle as wide as the phone's column.
	NarrowWidth        vg.Length = 255
	NarrowHeight       vg.Length = 240
	NarrowSquareHeight vg.Length = 300
)

// A look is how one variant is drawn: its size, its text sizes and how
// many major ticks each axis has room for.
type look struct {
	w, h                       vg.Length
	tick, label, legend, title vg.Length
	most                       [2]int // x, y
}

func (s Spec) look(v Variant) (look, error) {
	switch v {
	case Wide:
		w, h := s.Size()
		return look{w: w, h: h, tick: 10, label: 11, legend: 10, title: 12, most: [2]int{mostTicks, mostTicks}}, nil
	case Narrow:
		h := NarrowHeight
		if d, _ := s.Kind.Def(); d.Square {
			h = NarrowSquareHeight
		}
		return look{w: NarrowWidth, h: h, tick: 9, label: 10, legend: 9.5, title: 10.5, most: [2]int{6, mostTicks}}, nil
	}
	return look{}, fmt.Errorf("unknown figure variant %d", int(v))
}

// SizeOf returns the size v draws s at: Size for Wide, NarrowWidth by
// NarrowHeight (NarrowSquareHeight for a kind drawn square) for Narrow.
func (s Spec) SizeOf(v Variant) (w, h vg.Length) {
	lk, _ := s.look(v)
	return lk.w, lk.h
}

// Pixels returns the size v draws s at in CSS pixels (a point is 4/3 px),
// for the width and height of its img or source element.
func (s Spec) Pixels(v Variant) (w, h int) {
	lw, lh := s.SizeOf(v)
	px := func(l vg.Length) int { return int(l.Points()*4/3 + 0.5) }
	return px(lw), px(lh)
}

// MinColumn returns the narrowest column, in CSS px, in which v's smallest
// text is still MinTextPx: shown in a column c px wide, text of size f in a
// drawing w wide is f×c/w px.
func (s Spec) MinColumn(v Variant) int {
	lk, err := s.look(v)
	if err != nil {
		return 0
	}
	smallest := min(lk.tick, lk.label, lk.legend)
	return int(math.Ceil(MinTextPx * lk.w.Points() / smallest.Points()))
}

// The room around the parts of a figure.
const (
	margin      = 4 // points, around the whole figure
	legendInset = 4 // points, between a legend in a corner and the axes
	clearance   = 3 // points, between a legend and the nearest mark
)

// A layout is where a drawing put its parts, in the canvas's coordinates
// (points, y up): for tests.
type layout struct {
	d      *Drawing
	canvas vg.Rectangle
	data   draw.Canvas  // the data area
	place  string       // where the legend went: a corner, "below", or "" for none
	legend vg.Rectangle // the legend's box
}

// project returns the canvas position of a vertex.
func (l *layout) project(v vertex) vg.Point {
	trX, trY := l.d.p.Transforms(&l.data)
	return project(v, trX, trY)
}

func project(v vertex, trX, trY func(float64) vg.Length) vg.Point {
	return vg.Point{X: trX(v.X) + v.DX, Y: trY(v.Y) + v.DY}
}

// layOut draws d on c: the title when s.DrawTitle, the y axis's label above
// the plot at its left, the plot, the x axis's label under it and the
// legend in a corner with no mark under it (Spec.Legend's when it is one)
// or else below the plot.
func layOut(d *Drawing, s Spec, lk look, hd anchoredText, c draw.Canvas) *layout {
	p := d.p
	lay := &layout{d: d, canvas: c.Rectangle}
	c.SetColor(color.White) // the whole figure, not only the plot
	c.Fill(c.Rectangle.Path())
	p.BackgroundColor = nil
	area := draw.Crop(c, margin, -margin, margin, -margin)
	width := area.Max.X - area.Min.X
	style := func(size vg.Length, xa text.XAlignment) text.Style {
		return text.Style{Color: color.Black, Font: font.From(sans, size), XAlign: xa, YAlign: text.YTop, Handler: hd}
	}
	titleSty, ySty, xSty := style(lk.title, text.XCenter), style(lk.label, text.XLeft), style(lk.label, text.XCenter)
	gap := lk.label * 0.4

	top := area.Max.Y
	var title []string
	if s.DrawTitle {
		title = wrap(s.Title, titleSty, width)
	}
	if len(title) > 0 {
		c.FillText(titleSty, vg.Point{X: (area.Min.X + area.Max.X) / 2, Y: top}, strings.Join(title, "\n"))
		top -= blockHeight(titleSty, len(title)) + gap
	}
	if yLabel := wrap(s.Y.Label, ySty, width); len(yLabel) > 0 {
		c.FillText(ySty, vg.Point{X: area.Min.X, Y: top}, strings.Join(yLabel, "\n"))
		top -= blockHeight(ySty, len(yLabel)) + gap
	}
	xLabel := wrap(s.X.Label, xSty, width)
	bottom := area.Min.Y
	if len(xLabel) > 0 {
		bottom += blockHeight(xSty, len(xLabel)) + gap
	}
	plotArea := area
	plotArea.Min.Y, plotArea.Max.Y = bottom, top

	lg := newLegendBox(d.legend, lk, hd)
	if len(lg.entries) > 0 {
		da := p.DataCanvas(plotArea)
		d.fitTo(da)
		lay.data = da
		lg.wrapTo((da.Max.X - da.Min.X) / 2)
		place, box, free := lay.corner(lg, s.Legend)
		lay.place, lay.legend = place, box
		if !free {
			below := newLegendBox(d.legend, lk, hd)
			left := da.Min.X
			if below.columnWidth() > area.Max.X-left {
				left = area.Min.X
			}
			below.wrapTo(area.Max.X - left - below.thumbW - below.gap)
			cols, h := below.grid(area.Max.X - left)
			// Below, unless it would leave the plot less than half the
			// figure (a dozen series and lines): then over the fewest marks.
			if h+gap < (plotArea.Max.Y-plotArea.Min.Y)/2 {
				below.cols = cols
				lg = below
				lay.place = "below"
				lay.legend = vg.Rectangle{Min: vg.Point{X: left, Y: area.Min.Y}, Max: vg.Point{X: area.Max.X, Y: area.Min.Y + h}}
				plotArea.Min.Y += h + gap
			}
		}
	}
	d.fitTo(p.DataCanvas(plotArea))
	p.Draw(plotArea)
	da := p.DataCanvas(plotArea)
	lay.data = da
	if len(xLabel) > 0 {
		var w vg.Length
		for _, l := range xLabel {
			w = max(w, xSty.Width(l))
		}
		x := (da.Min.X + da.Max.X) / 2
		x = max(min(x, area.Max.X-w/2), area.Min.X+w/2)
		c.FillText(xSty, vg.Point{X: x, Y: plotArea.Min.Y - gap}, strings.Join(xLabel, "\n"))
	}
	switch lay.place {
	case "":
	case "below":
		lg.draw(c, lay.legend, false)
	default:
		lg.draw(c, lay.legend, true)
	}
	return lay
}

// fitTo sets the axes' ranges for the data area da, when the drawing's
// kind sets them itself (Drawing.fit).
func (d *Drawing) fitTo(da draw.Canvas) {
	if d.fit != nil {
		d.fit(da)
	}
}

// corner returns the corner of the data area the legend goes in and its
// box there: pref when no mark comes within clearance of the box there,
// else of the corners with none the one with the fewest marks near it
// (within a tenth of the data area), in the order of legendPlaces. When
// every corner has a mark under it, free is false and the corner is the one
// with the fewest.
func (l *layout) corner(lg *legendBox, pref string) (place string, box vg.Rectangle, free bool) {
	da := l.data
	if pref == "" {
		pref = legendPlaces[0]
	}
	places := slices.Clone(legendPlaces)
	if i := slices.Index(places, pref); i > 0 {
		places = append([]string{pref}, slices.Delete(places, i, i+1)...)
	}
	near := min(da.Max.X-da.Min.X, da.Max.Y-da.Min.Y) / 10
	bestNear, fewest := math.MaxInt, math.MaxInt
	for _, pl := range places {
		r := lg.cornerBox(da, pl)
		if n := l.hits(r, clearance, true); n > 0 {
			if !free && n < fewest {
				place, box, fewest = pl, r, n
			}
			continue
		}
		if pl == pref {
			return pl, r, true
		}
		if n := l.hits(r, near, false); n < bestNear {
			place, box, bestNear, free = pl, r, n, true
		}
	}
	return place, box, free
}

// legendPlaces are the corners a legend can go in, in the order they are
// tried; Spec.Legend's first.
var legendPlaces = []string{"top-right", "top-left", "bottom-right", "bottom-left"}

// hits counts the marks within clear of r: dots, segments of paths and
// areas, labels' boxes; the reference lines' too when withRef.
func (l *layout) hits(r vg.Rectangle, clear vg.Length, withRef bool) int {
	return l.count(r, clear, func(m mark) bool { return withRef || !m.ref })
}

// count counts the marks that keep accepts within clear of r.
func (l *layout) count(r vg.Rectangle, clear vg.Length, keep func(mark) bool) int {
	trX, trY := l.d.p.Transforms(&l.data)
	n := 0
	var pts []vg.Point
	for _, m := range l.d.marks {
		if !keep(m) {
			continue
		}
		pts = pts[:0]
		for _, v := range m.pts {
			pts = append(pts, project(v, trX, trY))
		}
		switch m.kind {
		case dots:
			g := grow(r, m.size+clear)
			for _, p := range pts {
				if inside(p, g) {
					n++
				}
			}
		case path:
			g := grow(r, m.size/2+clear)
			if len(pts) == 1 && inside(pts[0], g) {
				n++
			}
			for i := 1; i < len(pts); i++ {
				if segmentHits(pts[i-1], pts[i], g) {
					n++
				}
			}
		case area:
			if polygonHits(pts, grow(r, clear)) {
				n++
			}
		}
	}
	return n
}

func grow(r vg.Rectangle, by vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X - by, Y: r.Min.Y - by}, Max: vg.Point{X: r.Max.X + by, Y: r.Max.Y + by}}
}

func inside(p vg.Point, r vg.Rectangle) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// segmentHits reports whether the segment from a to b meets r
// (Liang–Barsky clipping).
func segmentHits(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// polygonHits reports whether the polygon poly meets r: a vertex or an
// edge of it in r, or r inside it.
func polygonHits(poly []vg.Point, r vg.Rectangle) bool {
	for i, p := range poly {
		if inside(p, r) || segmentHits(poly[(i+len(poly)-1)%len(poly)], p, r) {
			return true
		}
	}
	// r inside poly: its centre is (even-odd rule)
	c := vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}
	in := false
	for i, p := range poly {
		q := poly[(i+len(poly)-1)%len(poly)]
		if (p.Y > c.Y) != (q.Y > c.Y) && c.X < (q.X-p.X)*(c.Y-p.Y)/(q.Y-p.Y)+p.X {
			in = !in
		}
	}
	return in
}

// wrap breaks txt into lines at spaces so that each is at most width wide
// (a word wider stays whole), keeping its own line breaks.
func wrap(txt string, sty text.Style, width vg.Length) []string {
	var lines []string
	for _, para := range strings.Split(strings.TrimSpace(txt), "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line == "" {
				line = w
			} else if sty.Width(line+" "+w) <= width {
				line += " " + w
			} else {
				lines = append(lines, line)
				line = w
			}
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// lineMetrics returns the height of a line of text in sty's font (ascent
// and descent) and the distance from one line to the next.
func lineMetrics(h text.Handler, f font.Font) (lineH, pitch vg.Length) {
	e := h.Extents(f)
	lineH = e.Ascent + e.Descent
	return lineH, max(e.Height, lineH)
}

// blockHeight is the height of n lines of text in sty.
func blockHeight(sty text.Style, n int) vg.Length {
	lineH, pitch := lineMetrics(sty.Handler, sty.Font)
	return lineH + vg.Length(n-1)*pitch
}

// A legendBox lays out a legend: each entry's thumbnails, thumbW wide and
// thumbH high, then its name, in lines, gap after them; in one column in a
// corner of the data area on a white box pad inside its edge, or in cols
// columns below the plot.
type legendBox struct {
	entries        []legendLines
	sty            text.Style
	thumbW, thumbH vg.Length
	gap, pad, lead vg.Length // lead: between two entries
	lineH, pitch   vg.Length
	cols           int
}

// legendLines is a legend's entry and the lines its name is broken into.
type legendLines struct {
	legendEntry
	lines []string
}

func newLegendBox(entries []legendEntry, lk look, hd anchoredText) *legendBox {
	fs := lk.legend
	lg := &legendBox{
		sty:    text.Style{Color: color.Black, Font: font.From(sans, fs), XAlign: text.XLeft, YAlign: text.YTop, Handler: hd},
		thumbW: 2.2 * fs, thumbH: 0.8 * fs, gap: 0.5 * fs, pad: 0.5 * fs, lead: 0.25 * fs, cols: 1,
	}
	lg.lineH, lg.pitch = lineMetrics(hd, lg.sty.Font)
	for _, e := range entries {
		lg.entries = append(lg.entries, legendLines{e, []string{e.name}})
	}
	return lg
}

// wrapTo breaks each name into lines at most w wide.
func (lg *legendBox) wrapTo(w vg.Length) {
	for i, e := range lg.entries {
		lg.entries[i].lines = wrap(e.name, lg.sty, w)
	}
}

func (lg *legendBox) textWidth() vg.Length {
	var w vg.Length
	for _, e := range lg.entries {
		for _, l := range e.lines {
			w = max(w, lg.sty.Width(l))
		}
	}
	return w
}

func (lg *legendBox) entryHeight(e legendLines) vg.Length {
	return max(lg.lineH+vg.Length(len(e.lines)-1)*lg.pitch, lg.thumbH)
}

// columnWidth is the width of a column of entries below the plot, with the
// room after it.
func (lg *legendBox) columnWidth() vg.Length {
	return lg.thumbW + lg.gap + lg.textWidth() + 2*lg.gap
}

// grid returns how many columns of entries fit in width below the plot and
// the height of their rows.
func (lg *legendBox) grid(width vg.Length) (cols int, h vg.Length) {
	cols = max(1, min(len(lg.entries), int((width+2*lg.gap)/lg.columnWidth())))
	for i := 0; i < len(lg.entries); i += cols {
		var row vg.Length
		for _, e := range lg.entries[i:min(i+cols, len(lg.entries))] {
			row = max(row, lg.entryHeight(e))
		}
		if i > 0 {
			h += lg.lead
		}
		h += row
	}
	return cols, h
}

// cornerBox is the legend's box in a corner of the data area.
func (lg *legendBox) cornerBox(da draw.Canvas, place string) vg.Rectangle {
	w := 2*lg.pad + lg.thumbW + lg.gap + lg.textWidth()
	var h vg.Length
	for i, e := range lg.entries {
		if i > 0 {
			h += lg.lead
		}
		h += lg.entryHeight(e)
	}
	h += 2 * lg.pad
	var r vg.Rectangle
	if strings.HasSuffix(place, "left") {
		r.Min.X = da.Min.X + legendInset
		r.Max.X = r.Min.X + w
	} else {
		r.Max.X = da.Max.X - legendInset
		r.Min.X = r.Max.X - w
	}
	if strings.HasPrefix(place, "top") {
		r.Max.Y = da.Max.Y - legendInset
		r.Min.Y = r.Max.Y - h
	} else {
		r.Min.Y = da.Min.Y + legendInset
		r.Max.Y = r.Min.Y + h
	}
	return r
}

// draw draws the legend in box: on a white ground with a light edge when
// boxed (in a corner), in lg.cols columns otherwise.
func (lg *legendBox) draw(c draw.Canvas, box vg.Rectangle, boxed bool) {
	x0, y := box.Min.X, box.Max.Y
	if boxed {
		ring := []vg.Point{box.Min, {X: box.Min.X, Y: box.Max.Y}, box.Max, {X: box.Max.X, Y: box.Min.Y}, box.Min}
		c.FillPolygon(color.White, ring)
		c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 200}, Width: vg.Points(0.5)}, ring)
		x0 += lg.pad
		y -= lg.pad
	}
	colW := lg.columnWidth()
	for i := 0; i < len(lg.entries); i += lg.cols {
		row := lg.entries[i:min(i+lg.cols, len(lg.entries))]
		var rowH vg.Length
		for j, e := range row {
			x := x0 + vg.Length(j)*colW
			centre := y - lg.lineH/2
			thumb := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: x, Y: centre - lg.thumbH/2},
				Max: vg.Point{X: x + lg.thumbW, Y: centre + lg.thumbH/2},
			}}
			for _, t := range e.thumbs {
				t.Thumbnail(&thumb)
			}
			c.FillText(lg.sty, vg.Point{X: x + lg.thumbW + lg.gap, Y: y}, strings.Join(e.lines, "\n"))
			rowH = max(rowH, lg.entryHeight(e))
		}
		y -= rowH + lg.lead
	}
}
