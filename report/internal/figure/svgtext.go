package figure

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Text in a figure is measured with Liberation Sans but shown by a browser
// in whatever font it has: the SVG names a stack of fonts, and a machine
// without Liberation Sans (macOS, Windows, phones) uses Arial or Helvetica,
// of the same widths, or another sans-serif, DejaVu Sans being the widest
// common one (13 to 17 % wider on the course's labels). So no position
// depends on a measured width: every string is one <text> element placed
// at its alignment point, by text-anchor (start, middle or end) along the
// line and by dominant-baseline central across it, so a tick label stays
// centred on its tick and a right-aligned one ends where it should whatever
// the font; and wherever a width decides the room a string gets (the axis
// margins, the legend's box, where a label wraps), it is the measured width
// times textSlack.
const (
	fontFamily = "'Liberation Sans', Arimo, Arial, Helvetica, sans-serif"
	textSlack  = 1.2
)

// measureFonts is the font cache text is measured with: Liberation Sans
// under DefaultFont's name. Tests swap it for other metrics.
var measureFonts = font.DefaultCache

// anchoredText is a text.Handler that measures as text.Plain does, widths
// times textSlack, and draws each line as a string anchored at its
// alignment point on an svgCanvas.
type anchoredText struct {
	fonts *font.Cache
	// tick says the text is an axis's tick labels, which gonum/plot places
	// a font's descent above where they belong (text.Plain's baseline
	// arithmetic takes it back): the handler takes it back too, so that a
	// y tick's label is centred on the tick and an x tick's hangs from the
	// tick marks.
	tick bool
}

func (h anchoredText) plain() text.Plain { return text.Plain{Fonts: h.fonts} }

func (h anchoredText) Cache() *font.Cache                 { return h.fonts }
func (h anchoredText) Extents(fnt font.Font) font.Extents { return h.plain().Extents(fnt) }
func (h anchoredText) Lines(txt string) []string          { return h.plain().Lines(txt) }

// Box is text.Plain's, the width times textSlack: the room a string gets.
func (h anchoredText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	w, a, d := h.plain().Box(txt, fnt)
	return w * textSlack, a, d
}

// Draw places each line of txt: the block of lines has its left, centre or
// right (sty.XAlign 0, -0.5 or -1) and its bottom, centre or top (sty.YAlign
// 0, -0.5 or -1) at pt, turned by sty.Rotation about pt.
func (h anchoredText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	sc := svgCanvasOf(c)
	if sc == nil {
		h.plain().Draw(c, txt, sty, pt)
		return
	}
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	anchor := "start"
	switch {
	case sty.XAlign <= -0.75:
		anchor = "end"
	case sty.XAlign <= -0.25:
		anchor = "middle"
	}
	e := h.Extents(sty.Font)
	if h.tick {
		pt.Y -= e.Descent
	}
	lineH, pitch := lineMetrics(h, sty.Font)
	lines := h.Lines(txt)
	total := lineH + vg.Length(len(lines)-1)*pitch
	top := total * vg.Length(1+sty.YAlign) // from pt up to the block's top
	sin, cos := math.Sincos(sty.Rotation)
	for i, line := range lines {
		dy := top - lineH/2 - vg.Length(i)*pitch // from pt to the line's centre
		at := vg.Point{X: pt.X - dy*vg.Length(sin), Y: pt.Y + dy*vg.Length(cos)}
		sc.text(at, sty.Rotation, anchor, sty.Font.Size, sty.Color, line)
	}
}

// svgCanvasOf returns the svgCanvas c draws on, or nil.
func svgCanvasOf(c vg.Canvas) *svgCanvas {
	for {
		switch t := c.(type) {
		case *svgCanvas:
			return t
		case *draw.Canvas:
			c = t.Canvas
		case draw.Canvas:
			c = t.Canvas
		default:
			return nil
		}
	}
}

// An svgCanvas draws through vgsvg but keeps its text aside and writes it
// after everything else, on top, one <text> element a line anchored at its
// alignment point (see anchoredText), in the stack of fonts fontFamily.
type svgCanvas struct {
	*vgsvg.Canvas
	h     vg.Length
	stack []affine // the current transform is the last
	color color.Color
	texts bytes.Buffer
}

// affine maps (x, y) to (a x + c y + e, b x + d y + f).
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(p vg.Point) (x, y float64) {
	px, py := float64(p.X), float64(p.Y)
	return m.a*px + m.c*py + m.e, m.b*px + m.d*py + m.f
}

func (m affine) then(n affine) affine { // m, then n in m's frame
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func newSVGCanvas(w, h vg.Length) *svgCanvas {
	return &svgCanvas{Canvas: vgsvg.New(w, h), h: h, stack: []affine{{a: 1, d: 1}}}
}

func (c *svgCanvas) top() *affine { return &c.stack[len(c.stack)-1] }

func (c *svgCanvas) Push() { c.Canvas.Push(); c.stack = append(c.stack, *c.top()) }
func (c *svgCanvas) Pop()  { c.Canvas.Pop(); c.stack = c.stack[:len(c.stack)-1] }

func (c *svgCanvas) Translate(pt vg.Point) {
	c.Canvas.Translate(pt)
	*c.top() = c.top().then(affine{a: 1, d: 1, e: float64(pt.X), f: float64(pt.Y)})
}

func (c *svgCanvas) Rotate(rad float64) {
	c.Canvas.Rotate(rad)
	s, co := math.Sincos(rad)
	*c.top() = c.top().then(affine{a: co, b: s, c: -s, d: co})
}

func (c *svgCanvas) Scale(x, y float64) {
	c.Canvas.Scale(x, y)
	*c.top() = c.top().then(affine{a: x, d: y})
}

func (c *svgCanvas) SetColor(clr color.Color) { c.Canvas.SetColor(clr); c.color = clr }

// FillString draws a string with its baseline's left end at pt: what a
// handler other than anchoredText asks for.
func (c *svgCanvas) FillString(f font.Face, pt vg.Point, str string) {
	c.textAt(pt, 0, "start", f.Font.Size, c.color, str, false)
}

// text draws str with its anchor point at pt in the current frame, turned
// by rot, in size and colour clr.
func (c *svgCanvas) text(pt vg.Point, rot float64, anchor string, size vg.Length, clr color.Color, str string) {
	c.textAt(pt, rot, anchor, size, clr, str, true)
}

func (c *svgCanvas) textAt(pt vg.Point, rot float64, anchor string, size vg.Length, clr color.Color, str string, central bool) {
	m := *c.top()
	x, y := m.apply(pt)
	y = float64(c.h) - y // SVG's y runs down
	deg := -(rot + math.Atan2(m.b, m.a)) * 180 / math.Pi
	b := &c.texts
	fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"`, num(x), num(y), num(float64(size)))
	if anchor != "start" {
		fmt.Fprintf(b, ` text-anchor="%s"`, anchor)
	}
	if central {
		b.WriteString(` dominant-baseline="central"`)
	}
	if r := math.Round(deg*100) / 100; r != 0 && r != 360 && r != -360 {
		fmt.Fprintf(b, ` transform="rotate(%s %s %s)"`, num(r), num(x), num(y))
	}
	if clr != nil {
		if r, g, bb, a := clr.RGBA(); r|g|bb != 0 || a != 0xffff {
			fmt.Fprintf(b, ` fill="#%02X%02X%02X"`, r>>8, g>>8, bb>>8)
		}
	}
	fmt.Fprintf(b, ">%s</text>\n", html.EscapeString(str))
}

// num writes a coordinate to two decimals, without trailing zeros.
func num(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // not -0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// bytes writes the SVG: vgsvg's drawing, then the text in a group naming
// the fonts, and, when title is not empty, a <title> first.
func (c *svgCanvas) bytes(title string) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return nil, err
	}
	out := buf.Bytes()
	end := bytes.LastIndex(out, []byte("</svg>"))
	open := bytes.Index(out, []byte("<svg"))
	if end < 0 || open < 0 {
		return nil, fmt.Errorf("vgsvg wrote no <svg> element")
	}
	open += bytes.IndexByte(out[open:], '>') + 1
	var svg bytes.Buffer
	svg.Write(out[:open])
	if title != "" {
		fmt.Fprintf(&svg, "\n<title>%s</title>", html.EscapeString(title))
	}
	svg.Write(out[open:end])
	if c.texts.Len() > 0 {
		fmt.Fprintf(&svg, "<g font-family=\"%s\">\n", fontFamily)
		svg.Write(c.texts.Bytes())
		svg.WriteString("</g>\n")
	}
	svg.Write(out[end:])
	return svg.Bytes(), nil
}
