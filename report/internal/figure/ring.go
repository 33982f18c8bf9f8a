package figure

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lbcourse/report/internal/numfmt"
)

// A ring plot draws a consistent-hashing ring. Each series' y values are
// positions on the ring as fractions of the circle, in [0, 1) (ringCheck
// refuses any other); its x values are not used (a model puts the point's
// index there). There are no axes and no grid: a circle, 0 at the top,
// marked "0", positions growing clockwise, as an arrow beside the 0 shows,
// and ticks at the quarters labelled in percent of the circle in the
// page's locale ("%25" in Turkish, "25%" in English). The drawing is
// square; the circle sits at the top of the data area, so that room to
// spare goes below it, where the legend can take it.
//
// A series is a server's (role server, the default) or keys' (role key).
// Each server point is a marker on the circle in its series' colour and
// glyph, on a white halo, and owns the arc from the previous server point
// of any series, exclusive, to itself, inclusive, the first point the arc
// that wraps past 0; so a key belongs to the first server point at or
// clockwise after it. Each arc is a thick band in its owner's colour along
// the circle. Of points at one position, the one of the earlier series,
// then the earlier point, owns the arc; the others own none. Key points
// are small markers just inside the circle, in their series' colour and
// glyph, and own nothing.
//
// The table under the figure lists each series' points, the servers'
// series before the keys', each in ring order: the position and, for a
// server's point, the arc it owns, in percent of the circle to four
// significant digits (percentCell); when a server series has more than one
// point (virtual nodes), a last column gives its whole share, the sum of
// its points' arcs. The numbers file has a line a point, indexed by its
// place in the series: "position arc" for a server's, "position" for a
// key's.

// The roles of a ring's series (Series.Role).
const (
	RoleServer = "server"
	RoleKey    = "key"
)

var ringRoles = []string{RoleServer, RoleKey}

// A ring's geometry, in points: the band an arc is drawn as, over a thin
// circle; the tick marks outside it, the room between a tick and its
// label; the markers of servers, on a white halo, and of keys, inside the
// band; the arrow showing the way positions grow, from ringArrowFrom to
// ringArrowTo of the circle. A server marker that would overlap an
// earlier one (in ring order) moves out onto a lane beyond the band, on a
// leader from its position, up to ringLanes lanes, when the ring has at
// most ringStacked server points; a ring with more draws smaller markers,
// on the circle.
const (
	ringBand      = 6
	ringBase      = 1
	ringTick      = 4
	ringTickGap   = 2.5
	ringServerR   = 4.5
	ringHalo      = 1.5
	ringSmallR    = 3 // a server's marker on a ring of many points
	ringSmallHalo = 1
	ringKeyR      = 2
	ringKeyInset  = ringBand/2 + 1.5 + ringKeyR // from the circle to a key's centre
	ringArrowOff  = ringBand/2 + 3.5            // from the circle to the arrow
	ringArrowFrom = 0.03
	ringArrowTo   = 0.11
	ringHeadLen   = 4.5
	ringHeadW     = 4
	ringLanes     = 2
	ringStacked   = 24
)

// ringCheck says which value of ser is not a position on the ring.
func ringCheck(ser Series) string {
	for _, v := range ser.Y {
		if !(v >= 0 && v < 1) {
			return fmt.Sprintf("has the value %v, outside [0, 1): a position on a ring is a fraction of the circle", v)
		}
	}
	return ""
}

func isKey(ser Series) bool { return ser.Role == RoleKey }

// A ringPoint is a point on a ring: its position, its series and its index
// in the series.
type ringPoint struct {
	pos           float64
	series, index int
}

// ringOrder returns the points of ser, series i, in ring order: by
// position, a tie by index.
func ringOrder(ser Series, i int) []ringPoint {
	pts := make([]ringPoint, len(ser.Y))
	for k, v := range ser.Y {
		pts[k] = ringPoint{v, i, k}
	}
	slices.SortStableFunc(pts, func(a, b ringPoint) int { return cmp.Compare(a.pos, b.pos) })
	return pts
}

// serverOrder returns the server points of s in ring order: by position,
// a tie by series, then by index.
func serverOrder(s Spec) []ringPoint {
	var all []ringPoint
	for i, ser := range s.Series {
		if !isKey(ser) {
			for k, v := range ser.Y {
				all = append(all, ringPoint{v, i, k})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b ringPoint) int { return cmp.Compare(a.pos, b.pos) })
	return all
}

// ringArcs returns the arc each server point of s owns: arcs[i][k] is the
// share of the circle point k of series i owns, nil for a key series.
func ringArcs(s Spec) (arcs [][]float64) {
	arcs = make([][]float64, len(s.Series))
	for i, ser := range s.Series {
		if !isKey(ser) {
			arcs[i] = make([]float64, len(ser.Y))
		}
	}
	all := serverOrder(s)
	for j, p := range all {
		var arc float64
		switch {
		case len(all) == 1:
			arc = 1
		case j == 0:
			arc = (1 - all[len(all)-1].pos) + p.pos
		default:
			arc = p.pos - all[j-1].pos
		}
		arcs[p.series][p.index] = arc
	}
	return arcs
}

// unit returns the point at position f on the unit circle, 0 at the top,
// growing clockwise.
func unit(f float64) (x, y float64) {
	s, c := math.Sincos(2 * math.Pi * f)
	return s, c
}

// ringVertex is the vertex at position f on the unit circle, moved off
// outwards along the radius (inwards when off < 0) and then by d.
func ringVertex(f float64, off vg.Length, d vg.Point) vertex {
	x, y := unit(f)
	return vertex{X: x, Y: y, DX: off*vg.Length(x) + d.X, DY: off*vg.Length(y) + d.Y}
}

// A ringLabel is a label outside the circle, at pos: its text, how it
// hangs from the end of its tick, and its size.
type ringLabel struct {
	pos   float64
	txt   string
	align text.XAlignment
	dx    vg.Length // from the tick's end to the anchor of the text's line
	dy    vg.Length // from the tick's end to the centre of the text's line
	w, h  vg.Length
}

// ringLabels returns the ring's labels in loc: "0" over the top tick, the
// quarters in percent beside (25 %, 75 %) or under (50 %) theirs.
func ringLabels(sty text.Style, loc *numfmt.Locale) []ringLabel {
	lineH, _ := lineMetrics(sty.Handler, sty.Font)
	pct := numfmt.Format{Digits: 0, Fixed: true, Percent: true}
	var out []ringLabel
	for q, place := range []struct {
		align  text.XAlignment
		dx, dy vg.Length
	}{
		{text.XCenter, 0, ringTickGap + lineH/2},
		{text.XLeft, ringTickGap, 0},
		{text.XCenter, 0, -ringTickGap - lineH/2},
		{text.XRight, -ringTickGap, 0},
	} {
		pos := float64(q) / 4
		txt := loc.Format(numfmt.Format{}, 0)
		if q > 0 {
			txt = loc.Format(pct, pos)
		}
		out = append(out, ringLabel{pos: pos, txt: txt, align: place.align, dx: place.dx, dy: place.dy, w: sty.Width(txt), h: lineH})
	}
	return out
}

// box returns the label's box as vertices, its tick ending out beyond the
// circle.
func (l ringLabel) box(out vg.Length) []vertex {
	x0 := l.dx + l.w*vg.Length(l.align) // the line's left end
	var vs []vertex
	for _, c := range []vg.Point{{X: x0, Y: l.dy - l.h/2}, {X: x0 + l.w, Y: l.dy - l.h/2}, {X: x0 + l.w, Y: l.dy + l.h/2}, {X: x0, Y: l.dy + l.h/2}} {
		vs = append(vs, ringVertex(l.pos, out, c))
	}
	return vs
}

// A ring is the drawing of a ring plot, which its plotters share: what it
// shows, and where the layout's data area puts it (fit).
type ring struct {
	s      Spec
	arcs   [][]float64 // ringArcs
	order  []ringPoint // the server points in ring order
	labels []ringLabel
	sty    text.Style
	// room beyond the ticks: the widest label beside the circle, the
	// highest over or under it
	roomX, roomY vg.Length
	markR, halo  vg.Length // a server's marker

	// set by fit
	r     vg.Length // the circle's radius
	lanes int       // the lanes the layout leaves room for
	lane  [][]int   // lane[i][k]: the lane of point k of server series i
}

// laneW is the distance from one lane of markers to the next, room for a
// leader between two markers' halos.
func (g *ring) laneW() vg.Length { return 2*(g.markR+g.halo) + 5 }

// laneOff is how far beyond the circle lane l runs.
func (g *ring) laneOff(l int) vg.Length { return vg.Length(l) * g.laneW() }

// tickFrom and tickTo are where the ticks run, beyond the circle: from the
// band's edge to beyond the lanes.
func (g *ring) tickFrom() vg.Length { return ringBand / 2 }
func (g *ring) tickTo() vg.Length {
	if g.lanes == 0 {
		return ringBand/2 + ringTick
	}
	return g.laneOff(g.lanes) + g.markR + g.halo + ringTick
}

// arrowOff is how far beyond the circle the arrow runs.
func (g *ring) arrowOff() vg.Length { return ringArrowOff + g.tickTo() - ringBand/2 - ringTick }

// stack returns the lane of each server point on a circle of radius r, and
// the most lanes beyond the circle it uses: each point goes on the first
// lane where its marker keeps clear of the marker before it there and, for
// the last points, of the first there (they meet past 0).
func (g *ring) stack(r vg.Length) (lane [][]int, used int) {
	lane = make([][]int, len(g.s.Series))
	for i, a := range g.arcs {
		if a != nil {
			lane[i] = make([]int, len(a))
		}
	}
	if len(g.order) > ringStacked {
		return lane, 0
	}
	clear := func(a, b float64, l int) bool {
		d := math.Abs(a - b)
		d = min(d, 1-d)
		return 2*float64(r+g.laneOff(l))*math.Sin(math.Pi*d) >= float64(2*(g.markR+g.halo))+0.5
	}
	first := make([]float64, ringLanes+1)
	last := make([]float64, ringLanes+1)
	placed := make([]bool, ringLanes+1)
	for _, p := range g.order {
		l := 0
		for ; l < ringLanes; l++ {
			if !placed[l] || clear(last[l], p.pos, l) && clear(first[l], p.pos, l) {
				break
			}
		}
		if !placed[l] {
			first[l], placed[l] = p.pos, true
		}
		last[l] = p.pos
		lane[p.series][p.index] = l
		used = max(used, l)
	}
	return lane, used
}

// fit places the circle in the data area da: as large as the room for the
// lanes, the ticks and the labels allows, one scale along x and y; and
// puts the marks where the drawing will.
func (g *ring) fit(d *Drawing, da draw.Canvas) {
	w, h := da.Max.X-da.Min.X, da.Max.Y-da.Min.Y
	for g.lanes = 0; ; g.lanes++ {
		out := g.tickTo() + 1
		g.r = max(min(w/2-out-g.roomX, h/2-out-g.roomY), 1)
		var used int
		g.lane, used = g.stack(g.r)
		if used <= g.lanes || g.lanes == ringLanes {
			break
		}
	}
	// centred across, at the top: room to spare goes below, where the
	// legend can take it
	x, top := float64(w/2/g.r), float64((g.r+g.tickTo()+1+g.roomY)/g.r)
	d.p.X.Min, d.p.X.Max = -x, x
	d.p.Y.Min, d.p.Y.Max = top-float64(h/g.r), top
	d.marks = g.marks()
}

// marks returns what the ring leaves on the plot, for the legend to avoid:
// the circle and its bands, the ticks, the labels, the arrow, the markers
// and the leaders to those on a lane.
func (g *ring) marks() []mark {
	var out []mark
	var circle []vertex
	for k := 0; k <= 72; k++ {
		circle = append(circle, ringVertex(float64(k)/72, 0, vg.Point{}))
	}
	out = append(out, mark{kind: path, pts: circle, size: ringBand})
	for _, l := range g.labels {
		out = append(out,
			mark{kind: path, pts: []vertex{ringVertex(l.pos, g.tickFrom(), vg.Point{}), ringVertex(l.pos, g.tickTo(), vg.Point{})}, size: 1},
			mark{kind: area, pts: l.box(g.tickTo()), text: true})
	}
	var arrow []vertex
	for k := 0; k <= 8; k++ {
		arrow = append(arrow, ringVertex(ringArrowFrom+(ringArrowTo-ringArrowFrom)*float64(k)/8, g.arrowOff(), vg.Point{}))
	}
	out = append(out, mark{kind: path, pts: arrow, size: ringHeadW})
	for i, ser := range g.s.Series {
		var vs []vertex
		size := g.markR + g.halo
		for k, f := range ser.Y {
			if isKey(ser) {
				vs = append(vs, ringVertex(f, -ringKeyInset, vg.Point{}))
				size = ringKeyR
				continue
			}
			off := g.laneOff(g.lane[i][k])
			vs = append(vs, ringVertex(f, off, vg.Point{}))
			if off > 0 {
				out = append(out, mark{kind: path, pts: []vertex{ringVertex(f, 0, vg.Point{}), ringVertex(f, off, vg.Point{})}, size: 1})
			}
		}
		out = append(out, mark{kind: dots, pts: vs, size: size})
	}
	return out
}

// drawRing draws series i of a ring plot: with the first, the circle, the
// arcs every server owns, the ticks, the labels and the arrow; then the
// series' markers, and its legend entry.
func drawRing(d *Drawing, s Spec, i int, loc *numfmt.Locale) error {
	if i == 0 {
		g := newRing(d, s, loc)
		d.p.Add(ringFrame{g})
		d.fit = func(da draw.Canvas) { g.fit(d, da) }
		d.state = g
	}
	g := d.state.(*ring)
	ser := s.Series[i]
	m := ringMarks{g: g, series: i, clr: colorAt(i), shape: i % 4, r: g.markR, halo: g.halo}
	if isKey(ser) {
		m.r, m.halo = ringKeyR, 0
	}
	d.p.Add(m)
	d.addLegend(ser.Legend, ringThumb{m, !isKey(ser)})
	return nil
}

// newRing sets out the ring of s: its arcs, its labels in loc in the tick
// labels' font, the size of its markers.
func newRing(d *Drawing, s Spec, loc *numfmt.Locale) *ring {
	sty := d.p.X.Tick.Label
	sty.Handler = anchoredText{fonts: sty.Handler.Cache()}
	sty.Color = color.Black
	g := &ring{s: s, arcs: ringArcs(s), order: serverOrder(s), labels: ringLabels(sty, loc), sty: sty, markR: ringServerR, halo: ringHalo}
	if len(g.order) > ringStacked {
		g.markR, g.halo = ringSmallR, ringSmallHalo
	}
	for _, l := range g.labels {
		if l.align == text.XCenter {
			g.roomY = max(g.roomY, abs(l.dy)+l.h/2)
		} else {
			g.roomX = max(g.roomX, abs(l.dx)+l.w)
		}
	}
	return g
}

func abs(l vg.Length) vg.Length { return vg.Length(math.Abs(float64(l))) }

// ringFrame draws a ring's circle, the bands of its arcs, the leaders to
// markers on a lane, its ticks and labels and the arrow, on a plot whose
// data coordinates put the unit circle's centre at 0, 0 on one scale along
// x and y (ring.fit).
type ringFrame struct{ g *ring }

// ringGeometry returns the centre and the radius of the unit circle on c.
func ringGeometry(c draw.Canvas, p *plot.Plot) (centre vg.Point, r vg.Length) {
	trX, trY := p.Transforms(&c)
	return vg.Point{X: trX(0), Y: trY(0)}, trX(1) - trX(0)
}

// at returns the point at position f, off beyond the circle of radius r
// about centre.
func at(centre vg.Point, r vg.Length, f float64, off vg.Length) vg.Point {
	x, y := unit(f)
	return vg.Point{X: centre.X + (r+off)*vg.Length(x), Y: centre.Y + (r+off)*vg.Length(y)}
}

// angle is the angle of position f as vg.Path.Arc measures it:
// anticlockwise from the right.
func angle(f float64) float64 { return math.Pi/2 - 2*math.Pi*f }

func (f ringFrame) Plot(c draw.Canvas, p *plot.Plot) {
	g := f.g
	centre, r := ringGeometry(c, p)
	arc := func(from, length float64, off vg.Length) vg.Path {
		var path vg.Path
		path.Move(at(centre, r, from, off))
		path.Arc(centre, r+off, angle(from), -2*math.Pi*length)
		return path
	}
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 200}, Width: ringBase})
	c.Stroke(arc(0, 1, 0))
	for i, ser := range g.s.Series {
		for k, a := range g.arcs[i] {
			if a > 0 {
				c.SetLineStyle(draw.LineStyle{Color: colorAt(i), Width: ringBand})
				c.Stroke(arc(ser.Y[k]-a, a, 0))
			}
		}
	}
	for i, ser := range g.s.Series {
		for k, l := range g.lane[i] {
			if l > 0 {
				c.StrokeLines(draw.LineStyle{Color: colorAt(i), Width: 1}, []vg.Point{at(centre, r, ser.Y[k], 0), at(centre, r, ser.Y[k], g.laneOff(l))})
			}
		}
	}
	ink := color.Gray{Y: 70}
	for _, l := range g.labels {
		end := at(centre, r, l.pos, g.tickTo())
		c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 120}, Width: 1}, []vg.Point{at(centre, r, l.pos, g.tickFrom()), end})
		sty := g.sty
		sty.XAlign, sty.YAlign = l.align, text.YCenter
		c.FillText(sty, vg.Point{X: end.X + l.dx, Y: end.Y + l.dy}, l.txt)
	}
	// the arrow: an arc just outside the circle, clockwise from beside the 0
	off := g.arrowOff()
	headF := float64(ringHeadLen / (2 * math.Pi * (r + off)))
	c.SetLineStyle(draw.LineStyle{Color: ink, Width: 1})
	c.Stroke(arc(ringArrowFrom, ringArrowTo-ringArrowFrom-headF, off))
	tip := at(centre, r, ringArrowTo, off)
	nx, ny := unit(ringArrowTo)             // outwards
	tx, ty := vg.Length(ny), vg.Length(-nx) // clockwise along the circle
	base := vg.Point{X: tip.X - ringHeadLen*tx, Y: tip.Y - ringHeadLen*ty}
	half := vg.Length(ringHeadW / 2)
	c.FillPolygon(ink, []vg.Point{tip,
		{X: base.X + half*vg.Length(nx), Y: base.Y + half*vg.Length(ny)},
		{X: base.X - half*vg.Length(nx), Y: base.Y - half*vg.Length(ny)}})
}

// ringMarks draws a series' points as markers: a server's on the circle
// or on its lane, on a white halo; a key's inside the circle.
type ringMarks struct {
	g       *ring
	series  int
	clr     color.Color
	shape   int
	r, halo vg.Length
}

func (m ringMarks) Plot(c draw.Canvas, p *plot.Plot) {
	centre, r := ringGeometry(c, p)
	for k, f := range m.g.s.Series[m.series].Y {
		off := vg.Length(-ringKeyInset)
		if lane := m.g.lane[m.series]; lane != nil {
			off = m.g.laneOff(lane[k])
		}
		m.draw(&c, at(centre, r, f, off))
	}
}

// draw draws one marker at pt.
func (m ringMarks) draw(c *draw.Canvas, pt vg.Point) {
	if m.halo > 0 {
		c.SetColor(color.White)
		c.Fill(disc(pt, m.r+m.halo))
	}
	ringGlyph(m.shape).DrawGlyph(c, draw.GlyphStyle{Color: m.clr, Radius: m.r}, pt)
}

// disc returns the path round a disc of radius r about pt.
func disc(pt vg.Point, r vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Arc(pt, r, 0, 2*math.Pi)
	p.Close()
	return p
}

// ringGlyph draws the glyphs of shape (in the order scatter uses: a
// filled circle, a square, a triangle and a cross) with strokes heavy
// enough to read on the ring.
type ringGlyph int

func (g ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	w := max(0.9, r/3)
	line := draw.LineStyle{Color: sty.Color, Width: w}
	off := func(x, y vg.Length) vg.Point { return vg.Point{X: pt.X + x, Y: pt.Y + y} }
	switch g % 4 {
	case 0:
		c.SetColor(sty.Color)
		c.Fill(disc(pt, r))
	case 1:
		a := r*0.8 - w/2
		c.StrokeLines(line, []vg.Point{off(-a, -a), off(a, -a), off(a, a), off(-a, a), off(-a, -a), off(a, -a)})
	case 2:
		a := r - w/2
		var tri []vg.Point
		for k := 0; k <= 4; k++ {
			s, co := math.Sincos(math.Pi/2 + 2*math.Pi*float64(k)/3)
			tri = append(tri, off(a*vg.Length(co), a*vg.Length(s)-a/6))
		}
		c.StrokeLines(line, tri)
	case 3:
		a := r * 0.8
		c.StrokeLines(line, []vg.Point{off(-a, -a), off(a, a)}, []vg.Point{off(-a, a), off(a, -a)})
	}
}

// ringThumb is a ring series' legend thumbnail: its marker, and for a
// server a piece of band behind it.
type ringThumb struct {
	m      ringMarks
	server bool
}

func (t ringThumb) Thumbnail(c *draw.Canvas) {
	centre := c.Center()
	if t.server {
		w := min(ringBand, c.Max.Y-c.Min.Y)
		c.StrokeLine2(draw.LineStyle{Color: t.m.clr, Width: w}, c.Min.X, centre.Y, c.Max.X, centre.Y)
	}
	t.m.draw(c, centre)
}

// ringTable lists each series' points, the servers' series first, each
// in ring order: the position and, for a server's point, the arc it owns;
// when a server series has more than one point, its whole share on each of
// its rows.
func ringTable(s Spec, loc *numfmt.Locale, ui func(string) string) Table {
	arcs := ringArcs(s)
	servers, multi := false, false
	for i, ser := range s.Series {
		if arcs[i] != nil {
			servers = true
			multi = multi || len(ser.Y) > 1
		}
	}
	t := Table{Head: []string{ui("series"), ui("ring_position")}}
	if servers {
		t.Head = append(t.Head, ui("ring_arc"))
	}
	if multi {
		t.Head = append(t.Head, ui("ring_share"))
	}
	for _, i := range serversFirst(s) {
		ser := s.Series[i]
		share := 0.0
		for _, a := range arcs[i] {
			share += a
		}
		for _, p := range ringOrder(ser, i) {
			r := Row{ser.Legend, []string{percentCell(loc, p.pos)}}
			if servers {
				cell := ""
				if arcs[i] != nil {
					cell = percentCell(loc, arcs[i][p.index])
				}
				r.Cells = append(r.Cells, cell)
			}
			if multi {
				cell := ""
				if arcs[i] != nil {
					cell = percentCell(loc, share)
				}
				r.Cells = append(r.Cells, cell)
			}
			t.Rows = append(t.Rows, r)
		}
	}
	return t
}

// serversFirst returns the indexes of s's series, the servers' before the
// keys', each in their order.
func serversFirst(s Spec) []int {
	var servers, keys []int
	for i, ser := range s.Series {
		if isKey(ser) {
			keys = append(keys, i)
		} else {
			servers = append(servers, i)
		}
	}
	return append(servers, keys...)
}

// ringNumbers writes series i's points in ring order, indexed by their
// place in the series: "position arc" for a server's, "position" for a
// key's.
func ringNumbers(s Spec, i int) []Number {
	ser := s.Series[i]
	var arcs []float64
	if !isKey(ser) {
		arcs = ringArcs(s)[i]
	}
	var out []Number
	for _, p := range ringOrder(ser, i) {
		txt := neutral(p.pos)
		if arcs != nil {
			txt += " " + neutral(arcs[p.index])
		}
		out = append(out, Number{Index: p.index, Text: txt})
	}
	return out
}

// percentCell shows a share of the circle as a percent in loc, to four
// significant digits without trailing zeros, as dataCell shows numbers:
// 0.375213 reads 37.52%, 0.25 25% and 0.001234 0.1234%.
func percentCell(loc *numfmt.Locale, v float64) string {
	return loc.Format(numfmt.Format{Percent: true}, roundSig4(v))
}
