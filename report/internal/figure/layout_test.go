package figure

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func ptr(v float64) *float64 { return &v }

// seq returns n values f(0), …, f(n-1).
func seq(n int, f func(i int) float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = f(i)
	}
	return v
}

// samples are figures like the course's: subjects 1 to 40 against
// requests, steps over a sweep with reference lines and long legends, bars
// by name, a CDF of many values, a log axis, a histogram.
func samples() map[string]Spec {
	subjects := seq(40, func(i int) float64 { return float64(i + 1) })
	capacity := seq(40, func(i int) float64 { return float64(20 + (i*37)%80) })
	load := seq(40, func(i int) float64 { return float64(20 + (i*53)%90 + (i%7)*10) })
	sweep := seq(51, func(i int) float64 { return float64(2 * i) })
	loose := seq(51, func(i int) float64 { return math.Floor(float64(i) / 10) })
	tight := seq(51, func(i int) float64 { return math.Max(0, 35-float64(i)) })
	waits := seq(400, func(i int) float64 { return math.Floor(1000 * math.Pow(float64((i*7919)%400)/400, 3)) })
	return map[string]Spec{
		"scatter": {Kind: Scatter, Title: "Katman 4", Legend: "top-left",
			X: Axis{Label: "özne numarası"}, Y: Axis{Label: "istekler", Min: ptr(0), Max: ptr(200)},
			Series: []Series{{Legend: "kapasite", X: subjects, Y: capacity}, {Legend: "yük, katman 4", X: subjects, Y: load}}},
		"step": {Kind: Step, Title: "Zaman aşımının iki ucu", Legend: "top-right",
			X: Axis{Label: "zaman aşımı T (soyut birim)"}, Y: Axis{Label: "özneler", Min: ptr(0), Max: ptr(40)},
			Series: []Series{{Legend: "gevşek uç", X: sweep, Y: loose}, {Legend: "sıkı uç, gizli (itilmiş)", X: sweep, Y: tight}},
			Lines:  []RefLine{{Legend: "en hızlı bozulmuş yanıt", Vertical: true, At: 16}, {Legend: "en yavaş sağlıklı yanıt", Vertical: true, At: 48}}},
		"bar": {Kind: Bar, Title: "Sınıflar", Legend: "top-left",
			X: Axis{Label: "hizmet sınıfı", Min: ptr(-0.5), Max: ptr(2.5)}, Y: Axis{Label: "birim / istek", Min: ptr(0), Max: ptr(1600)},
			Series: []Series{{Legend: "kapasite", X: []float64{0, 1, 2}, Y: []float64{580, 1340, 410}, Labels: []string{"etkileşimli", "toplu", "yedek"}},
				{Legend: "yönelen istekler", X: []float64{0, 1, 2}, Y: []float64{650, 700, 840}}}},
		"cdf": {Kind: CDF, Title: "Bekleyişler", Legend: "bottom-right",
			X: Axis{Label: "bekleyiş (tur)"}, Y: Axis{Label: "isteklerin payı", Min: ptr(0), Max: ptr(1)},
			Series: []Series{{Legend: "sıralı dağıtım", Y: waits}, {Legend: "en az bağlantı", Y: seq(300, func(i int) float64 { return float64((i * 13) % 250) })}}},
		"log": {Kind: Line, Title: "Dengesizlik",
			X: Axis{Label: "sanal düğümler (v)", Log: true}, Y: Axis{Label: "dengesizlik (en yoğun / kusursuz pay)"},
			Series: []Series{{Legend: "tutarlı karma, önce", X: []float64{1, 10, 100, 1000}, Y: []float64{2.02, 1.55, 1.12, 1.01}},
				{Legend: "tutarlı karma, sonra", X: []float64{1, 10, 100, 1000}, Y: []float64{2.23, 1.72, 1.2, 1.06}}},
			Lines: []RefLine{{Legend: "kusursuz", At: 1}, {Legend: "modulo, sonra", At: 1.004}}},
		"histogram": {Kind: Histogram, Title: "Dağılım", X: Axis{Label: "gecikme"}, Y: Axis{Label: "sayı"},
			Series: []Series{{Legend: "gecikme", Y: seq(200, func(i int) float64 { return math.Round(50 + 30*math.Sin(float64(i)*1.7) + float64(i%17)) })}}},
	}
}

// sampleNames lists samples in a fixed order.
var sampleNames = []string{"scatter", "step", "bar", "cdf", "log", "histogram"}

// TestVariants: both variants of every sample draw, the same twice; the
// narrow one at its own size.
func TestVariants(t *testing.T) {
	for _, name := range sampleNames {
		s := samples()[name]
		for _, v := range Variants {
			a, err := Render(s, locale(t, "tr"), v)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v, err)
			}
			b, _ := Render(s, locale(t, "tr"), v)
			if !bytes.Equal(a, b) {
				t.Errorf("%s %s: two renderings differ", name, v)
			}
			w, h := s.SizeOf(v)
			if want := fmt.Sprintf(`viewBox="0 0 %.5g %.5g"`, w.Points(), h.Points()); !bytes.Contains(a, []byte(want)) {
				t.Errorf("%s %s: no %s", name, v, want)
			}
		}
	}
	if _, err := Render(samples()["scatter"], locale(t, "en"), Variant(9)); err == nil {
		t.Error("an unknown variant draws")
	}
	if Narrow.Suffix() != "-narrow" || Wide.Suffix() != "" {
		t.Errorf("suffixes %q %q", Wide.Suffix(), Narrow.Suffix())
	}
	if w, h := (Spec{}).Pixels(Narrow); w != 340 || h != 320 {
		t.Errorf("narrow is %d by %d px", w, h)
	}
}

// TestTextSize: no text of a variant is smaller than MinTextPx in a column
// of its MinColumn; the narrow variant's MinColumn fits a 390-px phone's
// column, and the wide one's the columns NarrowMedia leaves it.
func TestTextSize(t *testing.T) {
	for _, name := range sampleNames {
		s := samples()[name]
		s.DrawTitle = true
		for _, v := range Variants {
			svg, _ := Render(s, locale(t, "en"), v)
			w, _ := s.SizeOf(v)
			col := s.MinColumn(v)
			for _, tx := range svgTexts(t, svg) {
				if px := tx.size * float64(col) / w.Points(); px < MinTextPx-1e-9 {
					t.Errorf("%s %s: %q is %.2f px in a %d-px column", name, v, tx.s, px, col)
				}
			}
		}
	}
	if c := (Spec{}).MinColumn(Narrow); c > PhoneColumn {
		t.Errorf("the narrow variant needs a %d-px column, more than a phone's %d", c, PhoneColumn)
	}
	// NarrowMedia shows Narrow up to 35em, 560 px: the wide one gets at
	// least 561 less the page's 2.5rem.
	if c := (Spec{}).MinColumn(Wide); c > 561-40 || !strings.Contains(NarrowMedia, "35em") {
		t.Errorf("the wide variant needs a %d-px column, more than %s leaves it", c, NarrowMedia)
	}
}

// TestMarkersInside: every marker and line end lies inside the data area,
// clear of its edges (the axes) by more than its glyph, even at an explicit
// bound the data reach (0 of 0 to 40) and at the first and last x.
func TestMarkersInside(t *testing.T) {
	for _, name := range sampleNames {
		for _, v := range Variants {
			_, lay, err := render(samples()[name], locale(t, "en"), v)
			if err != nil {
				t.Fatal(err)
			}
			da := lay.data.Rectangle
			for _, m := range lay.d.marks {
				if m.kind == area || m.ref {
					continue // bars stand on the axis; lines run across
				}
				clear := vg.Points(glyphRadius) + 1
				for _, p := range m.pts {
					c := lay.project(p)
					if c.X < da.Min.X+clear || c.X > da.Max.X-clear || c.Y < da.Min.Y+clear || c.Y > da.Max.Y-clear {
						t.Errorf("%s %s: a mark at (%g, %g) is at %v, on or beyond the edge of the data area %v", name, v, p.X, p.Y, c, da)
						break
					}
				}
			}
		}
	}
}

// TestLegendPlacement: the legend goes in the lesson's corner when nothing
// is under it, else in a free corner, the emptiest, else below the plot;
// it never covers a mark.
func TestLegendPlacement(t *testing.T) {
	grid := func(xs, ys []float64) (x, y []float64) {
		for _, a := range xs {
			for _, b := range ys {
				x, y = append(x, a), append(y, b)
			}
		}
		return x, y
	}
	span := seq(11, func(i int) float64 { return float64(i) })
	low := seq(4, func(i int) float64 { return float64(i) })
	allX, allY := grid(span, span)
	lowX, lowY := grid(span, low) // the bottom third
	leftX, leftY := grid(low, span)
	scatter := func(x, y []float64, pref string) Spec {
		return Spec{Kind: Scatter, Legend: pref, X: Axis{Label: "x"}, Y: Axis{Label: "y"},
			Series: []Series{{Legend: "a series", X: x, Y: y}, {Legend: "another", X: []float64{10}, Y: []float64{10}}}}
	}
	for _, c := range []struct {
		name string
		s    Spec
		want [2]string // wide, narrow
	}{
		{"free preference", scatter(lowX, lowY, "top-left"), [2]string{"top-left", "top-left"}},
		{"default", Spec{Kind: Scatter, Y: Axis{Max: ptr(10)}, Series: []Series{{Legend: "a series", X: lowX, Y: lowY}}}, [2]string{"top-right", "top-right"}},
		// (10, 10) sits in the top-right corner; the other top one is free
		{"taken preference", scatter(lowX, lowY, "top-right"), [2]string{"top-left", "top-left"}},
		{"the emptiest free corner", scatter(leftX, leftY, "bottom-left"), [2]string{"bottom-right", "bottom-right"}},
		{"no free corner", scatter(allX, allY, "top-right"), [2]string{"below", "below"}},
		{"steps and lines", samples()["step"], [2]string{"top-right", "below"}},
	} {
		for i, v := range Variants {
			svg, lay, err := render(c.s, locale(t, "en"), v)
			if err != nil {
				t.Fatal(err)
			}
			if lay.place != c.want[i] {
				t.Errorf("%s, %s: legend %s, want %s", c.name, v, lay.place, c.want[i])
			}
			if n := lay.hits(lay.legend, 0, true); n > 0 {
				t.Errorf("%s, %s: the legend covers %d marks", c.name, v, n)
			}
			if lay.place == "below" && lay.legend.Max.Y >= lay.data.Min.Y {
				t.Errorf("%s, %s: the legend below the plot reaches %v, the data area %v", c.name, v, lay.legend.Max.Y, lay.data.Min.Y)
			}
			again, _ := Render(c.s, locale(t, "en"), v)
			if !bytes.Equal(svg, again) {
				t.Errorf("%s, %s: two renderings differ", c.name, v)
			}
		}
	}
	for _, name := range sampleNames {
		for _, v := range Variants {
			_, lay, _ := render(samples()[name], locale(t, "tr"), v)
			if n := lay.hits(lay.legend, 0, true); n > 0 && lay.place != "" {
				t.Errorf("%s %s: the legend (%s) covers %d marks", name, v, lay.place, n)
			}
		}
	}
}

// TestGeometry: the hit tests the legend is placed by.
func TestGeometry(t *testing.T) {
	r := vg.Rectangle{Min: vg.Point{X: 0, Y: 0}, Max: vg.Point{X: 10, Y: 10}}
	p := func(x, y vg.Length) vg.Point { return vg.Point{X: x, Y: y} }
	for _, c := range []struct {
		a, b vg.Point
		want bool
	}{
		{p(-5, 5), p(15, 5), true},    // across
		{p(-5, -5), p(-1, 20), false}, // beside
		{p(5, 5), p(6, 6), true},      // within
		{p(-5, 6), p(6, -5), true},    // across a corner
		{p(-5, 4), p(4, -5), false},   // by a corner
	} {
		if got := segmentHits(c.a, c.b, r); got != c.want {
			t.Errorf("segment %v to %v: %t", c.a, c.b, got)
		}
	}
	around := []vg.Point{p(-5, -5), p(15, -5), p(15, 15), p(-5, 15)}
	apart := []vg.Point{p(20, 20), p(30, 20), p(30, 30)}
	if !polygonHits(around, r) || polygonHits(apart, r) {
		t.Error("polygon hits")
	}
}

// An svgText is one <text> element of a figure, in SVG coordinates (y down).
type svgText struct {
	x, y, size, rot float64
	anchor, s       string
	central         bool
}

// svgTexts returns the text elements of svg, and checks it is XML.
func svgTexts(t *testing.T, svg []byte) []svgText {
	t.Helper()
	var out []svgText
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var cur *svgText
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not XML: %v", err)
			}
			return out
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local != "text" {
				continue
			}
			cur = &svgText{anchor: "start"}
			for _, a := range e.Attr {
				f, _ := strconv.ParseFloat(a.Value, 64)
				switch a.Name.Local {
				case "x":
					cur.x = f
				case "y":
					cur.y = f
				case "font-size":
					cur.size = f
				case "text-anchor":
					cur.anchor = a.Value
				case "dominant-baseline":
					cur.central = a.Value == "central"
				case "transform":
					fmt.Sscanf(a.Value, "rotate(%g", &cur.rot)
				}
			}
		case xml.CharData:
			if cur != nil {
				cur.s += string(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" && cur != nil {
				out = append(out, *cur)
				cur = nil
			}
		}
	}
}
