package review

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Overlay draws a series' old and new points in one SVG, under the
// figure's axis labels: the old in grey, dashed, the new in blue, the
// legend saying which. Points whose x or y is not a number are left out;
// so are those a logarithmic axis cannot show. Values alone are drawn as
// their distribution. It is deterministic for given points.
func Overlay(c *Change) ([]byte, error) {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	if c.Alone {
		p.X.Label.Text, p.Y.Label.Text = "value", "share at or below"
	}
	if c.LogX {
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	}
	if c.LogY {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	}
	add := func(pts []Point, label string, clr color.Color, dashed bool) error {
		xys := c.xys(pts)
		if len(xys) == 0 {
			return nil
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		l.Color, l.Width = clr, vg.Points(1.5)
		if dashed {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(label, l)
		return nil
	}
	if err := add(c.OldPoints, "old", color.Gray{Y: 0x80}, true); err != nil {
		return nil, err
	}
	if err := add(c.NewPoints, "new", color.RGBA{R: 0x1f, G: 0x5f, B: 0xbf, A: 0xff}, false); err != nil {
		return nil, err
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	canvas := vgsvg.NewWith(vgsvg.UseWH(16*vg.Centimeter, 8*vg.Centimeter), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(canvas))
	var b bytes.Buffer
	if _, err := canvas.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("overlay of %s: %v", c.Key, err)
	}
	return b.Bytes(), nil
}

// xys reads points as numbers, in order, leaving out what cannot be drawn.
// Values alone are drawn as their distribution: each value against the
// share of values at or below it.
func (c *Change) xys(pts []Point) plotter.XYs {
	var out plotter.XYs
	if c.Alone {
		pts = slices.SortedFunc(slices.Values(pts), func(a, b Point) int { return cmp.Compare(num(a.Y), num(b.Y)) })
	}
	for i, p := range pts {
		x, err1 := strconv.ParseFloat(p.X, 64)
		y, err2 := strconv.ParseFloat(p.Y, 64)
		if c.Alone {
			x, y = y, float64(i+1)/float64(len(pts))
		}
		if err1 != nil || err2 != nil || c.LogX && x <= 0 || c.LogY && y <= 0 {
			continue
		}
		out = append(out, plotter.XY{X: x, Y: y})
	}
	return out
}

// num reads a value, NaN when it is not a number (sorted first).
func num(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.NaN()
	}
	return v
}
