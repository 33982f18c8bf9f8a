package figure

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
)

// A substitute is a font a browser may show a figure's text in where
// Liberation Sans is not installed; widen scales its widths. slack says
// whether its widths stay within textSlack of Liberation Sans's on the
// figures' strings, so that the room the layout gave them holds them.
type substitute struct {
	name  string
	face  font.Face
	widen float64
	slack bool
}

func substitutes(t *testing.T) []substitute {
	lib := func(variant font.Variant) font.Face {
		for _, f := range liberation.Collection() {
			if f.Font.Variant == variant && f.Font.Style == 0 && f.Font.Weight == 0 {
				return f
			}
		}
		t.Fatalf("no Liberation %s", variant)
		return font.Face{}
	}
	goReg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	return []substitute{
		{"Liberation Sans", lib("Sans"), 1, true}, // the reference, and Arial's widths
		// DejaVu Sans, the widest common fallback (Linux), runs 13 to 17 %
		// wider than Liberation Sans on such labels: Liberation's glyphs
		// 17 % wider stand in for it.
		{"DejaVu Sans (Liberation Sans 17 % wider)", lib("Sans"), 1.17, true},
		{"Liberation Serif", lib("Serif"), 1, true}, // narrower
		{"Go", font.Face{Font: font.Font{Typeface: "Go"}, Face: goReg}, 1, true},
		// far wider than any sans-serif: only the anchors must hold
		{"Liberation Mono", lib("Mono"), 1, false},
	}
}

// box returns where tx is drawn in f, in canvas coordinates (y up) of a
// canvas h high: its width and height in f, placed by its anchor and, the
// baseline being central, centred on its y.
func (f substitute) box(tx svgText, h float64) vg.Rectangle {
	face := f.face
	face.Font.Size = vg.Length(tx.size)
	w := float64(face.Width(tx.s)) * f.widen
	e := face.Extents()
	half := float64(e.Ascent+e.Descent) / 2
	x0 := tx.x
	switch tx.anchor {
	case "middle":
		x0 -= w / 2
	case "end":
		x0 -= w
	}
	y := h - tx.y
	return vg.Rectangle{Min: vg.Point{X: vg.Length(x0), Y: vg.Length(y - half)}, Max: vg.Point{X: vg.Length(x0 + w), Y: vg.Length(y + half)}}
}

// TestFontSubstitution draws each sample, in both languages and variants,
// then lays its text out again as a browser without Liberation Sans would,
// in each substitute's widths and heights, and compares it with the
// reference, Liberation Sans: every label keeps its anchor point, so each
// tick label stays centred on its tick (x) or level with it and ending at
// the same place (y); and in every font whose widths are within textSlack,
// no text leaves the figure, runs into another, covers a mark, or leaves
// the legend's box.
func TestFontSubstitution(t *testing.T) {
	subs := substitutes(t)
	for _, name := range sampleNames {
		for _, lang := range []string{"tr", "en"} {
			for _, v := range Variants {
				s := samples()[name]
				svg, lay, err := render(s, locale(t, lang), v)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s %s %s", name, lang, v)
				texts := svgTexts(t, svg)
				_, h := s.SizeOf(v)
				checkTicks(t, where, lay, texts, h.Points())
				for _, f := range subs {
					checkFont(t, where, lay, texts, f, subs[0], h.Points())
				}
			}
		}
	}
}

// checkTicks finds each labelled tick's label anchored on it: an x tick's
// centred on the tick, a y tick's ending at one x for all and centred on
// the tick's height.
func checkTicks(t *testing.T, where string, lay *layout, texts []svgText, h float64) {
	t.Helper()
	p := lay.d.p
	trX, trY := p.Transforms(&lay.data)
	yEnd := math.NaN()
	for _, ax := range []struct {
		name string
		a    *plot.Axis
	}{{"x", &p.X}, {"y", &p.Y}} {
		n := 0
		for _, tk := range ax.a.Tick.Marker.Ticks(ax.a.Min, ax.a.Max) {
			if tk.Label == "" || tk.Value < ax.a.Min || tk.Value > ax.a.Max {
				continue
			}
			n++
			found := false
			for _, tx := range texts {
				if tx.s != tk.Label {
					continue
				}
				if ax.name == "x" && tx.anchor == "middle" && tx.central && math.Abs(tx.x-float64(trX(tk.Value))) < 0.01 {
					found = true
				}
				if ax.name == "y" && tx.anchor == "end" && tx.central && math.Abs(h-tx.y-float64(trY(tk.Value))) < 0.01 {
					if math.IsNaN(yEnd) {
						yEnd = tx.x
					}
					found = found || tx.x == yEnd
				}
			}
			if !found {
				t.Errorf("%s: no label %q anchored on its %s tick at %g", where, tk.Label, ax.name, tk.Value)
			}
		}
		if n < 2 {
			t.Errorf("%s: %d labelled %s ticks", where, n, ax.name)
		}
	}
}

// checkFont compares the text of a figure laid out in f with the reference.
func checkFont(t *testing.T, where string, lay *layout, texts []svgText, f, ref substitute, h float64) {
	t.Helper()
	where += " in " + f.name
	boxes := make([]vg.Rectangle, len(texts))
	for i, tx := range texts {
		b, r := f.box(tx, h), ref.box(tx, h)
		boxes[i] = b
		// the anchor point is the reference's
		var at, rat vg.Length
		switch tx.anchor {
		case "start":
			at, rat = b.Min.X, r.Min.X
		case "middle":
			at, rat = (b.Min.X+b.Max.X)/2, (r.Min.X+r.Max.X)/2
		case "end":
			at, rat = b.Max.X, r.Max.X
		}
		if math.Abs(float64(at-rat)) > 0.01 || math.Abs(float64((b.Min.Y+b.Max.Y)/2-(r.Min.Y+r.Max.Y)/2)) > 0.01 || !tx.central || tx.rot != 0 {
			t.Errorf("%s: %q moved from its anchor", where, tx.s)
		}
	}
	if !f.slack {
		return
	}
	const tol = 0.5 // points: glyphs rarely reach a font's full ascent and descent
	for i, tx := range texts {
		b := boxes[i]
		if b.Min.X < -0.01 || b.Min.Y < -0.01 || b.Max.X > lay.canvas.Max.X+0.01 || b.Max.Y > lay.canvas.Max.Y+0.01 {
			t.Errorf("%s: %q at %v leaves the figure %v", where, tx.s, b, lay.canvas)
		}
		// a label drawn among the marks (a ring's) is one: not a mark it covers
		if n := lay.count(grow(b, -tol), 0, func(m mark) bool { return !m.text }); n > 0 {
			t.Errorf("%s: %q at %v covers %d marks", where, tx.s, b, n)
		}
		if lay.place != "" && lay.place != "below" && inside(vg.Point{X: vg.Length(tx.x), Y: vg.Length(h - tx.y)}, lay.legend) {
			if g := grow(lay.legend, 0.01); !inside(b.Min, g) || !inside(b.Max, g) {
				t.Errorf("%s: %q at %v leaves the legend's box %v", where, tx.s, b, lay.legend)
			}
		}
		for j := i + 1; j < len(texts); j++ {
			o := boxes[j]
			if min(b.Max.X, o.Max.X)-max(b.Min.X, o.Min.X) > tol && min(b.Max.Y, o.Max.Y)-max(b.Min.Y, o.Min.Y) > tol {
				t.Errorf("%s: %q at %v runs into %q at %v", where, tx.s, b, texts[j].s, o)
			}
		}
	}
}

// TestNoWidthInPlacement: measuring the text in other metrics (as if
// Liberation Sans were another font) moves the plot, whose margins hold the
// widest tick label, and may wrap a label elsewhere, but moves no label off
// its anchor: each still sits on its tick, with the same anchor, the same
// size and in the same order.
func TestNoWidthInPlacement(t *testing.T) {
	defer func(c *font.Cache) { measureFonts = c }(measureFonts)
	ref := map[string][]svgText{}
	for _, name := range sampleNames {
		svg, _, _ := render(samples()[name], locale(t, "tr"), Narrow)
		ref[name] = svgTexts(t, svg)
	}
	for _, f := range substitutes(t)[2:] {
		face := f.face
		face.Font = sans
		measureFonts = font.NewCache(font.Collection{face})
		for _, name := range sampleNames {
			svg, lay, err := render(samples()[name], locale(t, "tr"), Narrow)
			if err != nil {
				t.Fatal(err)
			}
			texts := svgTexts(t, svg)
			where := name + " measured in " + f.name
			checkTicks(t, where, lay, texts, NarrowHeight.Points())
			// word by word: a label may wrap elsewhere in other widths
			words := func(texts []svgText) (out []string) {
				for _, tx := range texts {
					for _, w := range strings.Fields(tx.s) {
						out = append(out, fmt.Sprintf("%s/%s/%g", w, tx.anchor, tx.size))
					}
				}
				return out
			}
			got, want := words(texts), words(ref[name])
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s: text\n%s\nwant\n%s", where, strings.Join(got, "|"), strings.Join(want, "|"))
			}
		}
	}
}
