package figure

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// abcRing is lesson 03's ring: keys first, four servers of one point each,
// B and C a fifth of a per cent apart (so C's marker goes on a lane).
func abcRing() Spec {
	keys := seq(50, func(i int) float64 { return math.Mod(float64(i)*0.6180339887, 1) })
	return Spec{Kind: Ring, Title: "Halka", Series: []Series{
		{Legend: "anahtarlar", Role: RoleKey, X: seq(50, func(i int) float64 { return float64(i) }), Y: keys},
		{Legend: "A", Y: []float64{0.014619554160162807}},
		{Legend: "B", Y: []float64{0.3409786398988217}},
		{Legend: "C", Y: []float64{0.3429876121226698}},
		{Legend: "D, eklenen", Y: []float64{0.9000085501465946}},
	}}
}

// vnodeRing has servers of several points each and no keys.
func vnodeRing() Spec {
	return Spec{Kind: Ring, Legend: "bottom-left", Series: []Series{
		{Legend: "k1", Y: []float64{0.05, 0.37, 0.61, 0.88}},
		{Legend: "k2", Y: []float64{0.14, 0.29, 0.52, 0.95}},
		{Legend: "k3", Y: []float64{0.21, 0.44, 0.70, 0.80}},
	}}
}

// TestRingGeometry: position 0 is at the top and positions grow clockwise
// (a quarter is at the right), in the marks and along an arc as drawn.
func TestRingGeometry(t *testing.T) {
	for f, want := range map[float64][2]float64{0: {0, 1}, 0.25: {1, 0}, 0.5: {0, -1}, 0.75: {-1, 0}} {
		x, y := unit(f)
		if math.Abs(x-want[0]) > 1e-12 || math.Abs(y-want[1]) > 1e-12 {
			t.Errorf("position %v at (%v, %v), want %v", f, x, y, want)
		}
		// vg.Path.Arc's angle of the same point, anticlockwise from the right
		if c, s := math.Cos(angle(f)), math.Sin(angle(f)); math.Abs(c-x) > 1e-12 || math.Abs(s-y) > 1e-12 {
			t.Errorf("position %v: angle %v points to (%v, %v)", f, angle(f), c, s)
		}
	}
	if angle(0.1) >= angle(0) {
		t.Error("an arc from 0 to 0.1 turns anticlockwise")
	}
	_, lay, err := render(abcRing(), locale(t, "en"), Wide)
	if err != nil {
		t.Fatal(err)
	}
	centre := lay.project(vertex{})
	top, right := lay.project(ringVertex(0, 0, vg.Point{})), lay.project(ringVertex(0.25, 0, vg.Point{}))
	if math.Abs(float64(top.X-centre.X)) > 0.01 || top.Y <= centre.Y || right.X <= centre.X || math.Abs(float64(right.Y-centre.Y)) > 0.01 {
		t.Errorf("centre %v, position 0 at %v, 0.25 at %v: want 0 above, 0.25 to the right", centre, top, right)
	}
	if r1, r2 := top.Y-centre.Y, right.X-centre.X; math.Abs(float64(r1-r2)) > 0.01 {
		t.Errorf("radius %v up, %v across: the scales differ", r1, r2)
	}
}

// TestRingDraws: both variants of a ring, in both languages, are square
// (narrow: NarrowSquareHeight high), the same twice, without axes or grid,
// with "0" and the quarters in the locale's percent, text no smaller than
// MinTextPx in the variant's MinColumn, and every server in its series'
// colour; the marks the legend avoids stay inside the figure.
func TestRingDraws(t *testing.T) {
	for _, s := range []Spec{abcRing(), vnodeRing()} {
		for _, lang := range []string{"tr", "en"} {
			for _, v := range Variants {
				svg, lay, err := render(s, locale(t, lang), v)
				if err != nil {
					t.Fatalf("%s %s: %v", lang, v, err)
				}
				again, _ := Render(s, locale(t, lang), v)
				if !bytes.Equal(svg, again) {
					t.Errorf("%s %s: two renderings differ", lang, v)
				}
				w, h := s.SizeOf(v)
				if v == Wide && (w != SquareSide || h != SquareSide) || v == Narrow && (w != NarrowWidth || h != NarrowSquareHeight) {
					t.Errorf("%s %s: %v by %v", lang, v, w, h)
				}
				if bytes.Contains(svg, []byte("#DEDEDE")) {
					t.Errorf("%s %s: a grid is drawn", lang, v)
				}
				var texts []string
				col := s.MinColumn(v)
				for _, tx := range svgTexts(t, svg) {
					texts = append(texts, tx.s)
					if px := tx.size * float64(col) / w.Points(); px < MinTextPx-1e-9 {
						t.Errorf("%s %s: %q is %.2f px in a %d-px column", lang, v, tx.s, px, col)
					}
				}
				if v == Narrow && col > PhoneColumn {
					t.Errorf("the narrow ring needs a %d-px column, more than a phone's %d", col, PhoneColumn)
				}
				want := "0|25%|50%|75%"
				if lang == "tr" {
					want = "0|%25|%50|%75"
				}
				if got := strings.Join(texts[:4], "|"); got != want {
					t.Errorf("%s %s: labels %s, want %s", lang, v, got, want)
				}
				for i := range s.Series {
					r, g, b, _ := colorAt(i).RGBA()
					if c := fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8); !bytes.Contains(svg, []byte(c)) {
						t.Errorf("%s %s: no %s for series %d", lang, v, c, i)
					}
				}
				for _, m := range lay.d.marks {
					for _, p := range m.pts {
						c := lay.project(p)
						if !inside(c, grow(lay.canvas, -margin)) {
							t.Errorf("%s %s: a mark at %v leaves the figure %v", lang, v, c, lay.canvas)
						}
					}
				}
			}
		}
	}
}

// TestRingLayout: the legend covers nothing; the keys sit inside the band;
// server markers do not overlap (C moves onto a lane, on a leader); and in
// every font the text keeps its anchors and, within textSlack, clear of
// the marks, the legend and each other.
func TestRingLayout(t *testing.T) {
	subs := substitutes(t)
	for _, name := range []string{"abc", "vnodes"} {
		s := abcRing()
		if name == "vnodes" {
			s = vnodeRing()
		}
		for _, lang := range []string{"tr", "en"} {
			for _, v := range Variants {
				svg, lay, err := render(s, locale(t, lang), v)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s %s %s", name, lang, v)
				if lay.place == "" {
					t.Errorf("%s: no legend", where)
				}
				if n := lay.hits(lay.legend, 0, true); n > 0 {
					t.Errorf("%s: the legend (%s) covers %d marks", where, lay.place, n)
				}
				g := lay.d.state.(*ring)
				centre := lay.project(vertex{})
				var markers []vg.Point
				for i, ser := range s.Series {
					for k, f := range ser.Y {
						if isKey(ser) {
							p := lay.project(ringVertex(f, -ringKeyInset, vg.Point{}))
							if d := dist(p, centre); d+ringKeyR > g.r-ringBand/2 {
								t.Errorf("%s: key %d at %v from the centre, in the band of a circle of %v", where, k, d, g.r)
							}
							continue
						}
						markers = append(markers, lay.project(ringVertex(f, g.laneOff(g.lane[i][k]), vg.Point{})))
					}
				}
				for a := range markers {
					for b := a + 1; b < len(markers); b++ {
						if d := dist(markers[a], markers[b]); d < 2*(g.markR+g.halo) {
							t.Errorf("%s: server markers %d and %d %v apart", where, a, b, d)
						}
					}
				}
				if name == "abc" && (g.lane[3][0] != 1 || g.lane[2][0] != 0) {
					t.Errorf("%s: C on lane %d and B on %d, want 1 and 0", where, g.lane[3][0], g.lane[2][0])
				}
				texts := svgTexts(t, svg)
				_, h := s.SizeOf(v)
				for _, f := range subs {
					checkFont(t, where, lay, texts, f, subs[0], h.Points())
				}
			}
		}
	}
}

func dist(a, b vg.Point) vg.Length { return vg.Length(math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y))) }

// TestRingMany: a ring of more than ringStacked server points draws small
// markers on the circle, none on a lane.
func TestRingMany(t *testing.T) {
	s := Spec{Kind: Ring, Series: []Series{
		{Legend: "k1", Y: seq(20, func(i int) float64 { return math.Mod(float64(i)*0.381966, 1) })},
		{Legend: "k2", Y: seq(20, func(i int) float64 { return math.Mod(0.01+float64(i)*0.381966, 1) })},
	}}
	_, lay, err := render(s, locale(t, "en"), Wide)
	if err != nil {
		t.Fatal(err)
	}
	g := lay.d.state.(*ring)
	if g.markR != ringSmallR || g.lanes != 0 {
		t.Errorf("markers of %v on %d lanes", g.markR, g.lanes)
	}
}

// TestRingArcs: each server point owns from the previous server point of
// any series, exclusive, to itself; the first the arc past 0; a tie goes
// to the earlier series; keys own nothing.
func TestRingArcs(t *testing.T) {
	s := Spec{Kind: Ring, Series: []Series{
		{Legend: "A", Y: []float64{0.875, 0.125}},
		{Legend: "keys", Role: RoleKey, Y: []float64{0.3, 0.0625}},
		{Legend: "B", Y: []float64{0.5}},
		{Legend: "C", Role: RoleServer, Y: []float64{0.5}},
	}}
	got := fmt.Sprint(ringArcs(s))
	if want := "[[0.375 0.25] [] [0.375] [0]]"; got != want {
		t.Errorf("arcs %s, want %s", got, want)
	}
	one := Spec{Kind: Ring, Series: []Series{{Legend: "A", Y: []float64{0.3}}}}
	if got := fmt.Sprint(ringArcs(one)); got != "[[1]]" {
		t.Errorf("one point owns %s, want the whole circle", got)
	}

	tab := ringTable(s, locale(t, "en"), words)
	var rows []string
	for _, r := range tab.Rows {
		rows = append(rows, r.Label+"|"+strings.Join(r.Cells, "|"))
	}
	if got, want := strings.Join(tab.Head, "|"), "series|ring_position|ring_arc|ring_share"; got != want {
		t.Errorf("head %s, want %s", got, want)
	}
	want := "A|12.5%|25%|62.5%, A|87.5%|37.5%|62.5%, B|50%|37.5%|37.5%, C|50%|0%|0%, keys|6.25%||, keys|30%||"
	if got := strings.Join(rows, ", "); got != want {
		t.Errorf("rows\n%s\nwant\n%s", got, want)
	}
	tr := ringTable(s, locale(t, "tr"), words)
	if got := strings.Join(tr.Rows[0].Cells, "|"); got != "%12,5|%25|%62,5" {
		t.Errorf("Turkish row %s", got)
	}
	// one point per server: no whole-share column; keys alone: no arcs
	if got := strings.Join(ringTable(abcRing(), locale(t, "en"), words).Head, "|"); got != "series|ring_position|ring_arc" {
		t.Errorf("head of a ring of one point per server: %s", got)
	}
	if got := strings.Join(ringTable(Spec{Kind: Ring, Series: s.Series[1:2]}, locale(t, "en"), words).Head, "|"); got != "series|ring_position" {
		t.Errorf("head of a ring of keys: %s", got)
	}

	var nums []string
	for i := range s.Series {
		for _, n := range ringNumbers(s, i) {
			nums = append(nums, fmt.Sprintf("%s[%d]=%s", s.Series[i].Legend, n.Index, n.Text))
		}
	}
	if got, want := strings.Join(nums, ", "), "A[1]=0.125 0.25, A[0]=0.875 0.375, keys[1]=0.0625, keys[0]=0.3, B[0]=0.5 0.375, C[0]=0.5 0"; got != want {
		t.Errorf("numbers\n%s\nwant\n%s", got, want)
	}
}

// TestPercentCell: a share of the circle shows as a percent to four
// significant digits, without trailing zeros, in the locale.
func TestPercentCell(t *testing.T) {
	en, tr := locale(t, "en"), locale(t, "tr")
	for v, want := range map[float64]string{0.375213: "37.52%", 0.25: "25%", 0.001234: "0.1234%", 0: "0%", 0.999996: "100%", 0.0020089722238481045: "0.2009%", 0.9000085501465946: "90%"} {
		if got := percentCell(en, v); got != want {
			t.Errorf("percentCell(%v) = %q, want %q", v, got, want)
		}
	}
	if got := percentCell(tr, 0.375213); got != "%37,52" {
		t.Errorf("Turkish: %q", got)
	}
}

// TestRingErrors: values off the ring, roles a kind does not take, and
// axes on a ring are refused, each with its message.
func TestRingErrors(t *testing.T) {
	ring := func(y ...float64) Spec { return Spec{Kind: Ring, Series: []Series{{Legend: "a", Y: y}}} }
	withRole := func(k Kind, role string) Spec {
		return Spec{Kind: k, Series: []Series{{Legend: "a", X: []float64{1}, Y: []float64{0.5}, Role: role}}}
	}
	axis := ring(0.5)
	axis.Y.Label = "y"
	lines := ring(0.5)
	lines.Lines = []RefLine{{At: 0.5}}
	for _, c := range []struct {
		s    Spec
		want string
	}{
		{ring(0.5, 1), `series "a" has the value 1, outside [0, 1): a position on a ring is a fraction of the circle`},
		{ring(-0.25), `series "a" has the value -0.25, outside [0, 1): a position on a ring is a fraction of the circle`},
		{ring(math.NaN()), `series "a" has the value NaN, outside [0, 1): a position on a ring is a fraction of the circle`},
		{withRole(Ring, "hub"), `series "a" has the role "hub": a ring plot's series are server or key`},
		{withRole(Scatter, RoleKey), `series "a" has the role "key", which a scatter plot does not take`},
		{axis, "a ring plot draws no axes, so it takes no axis label, bound or scale and no reference line"},
		{lines, "a ring plot draws no axes, so it takes no axis label, bound or scale and no reference line"},
	} {
		_, err := SVG(c.s, locale(t, "en"))
		if err == nil || err.Error() != c.want {
			t.Errorf("err = %v, want %s", err, c.want)
		}
	}
	if msg := ringCheck(Series{Y: []float64{0, 0.5, 0.999}}); msg != "" {
		t.Errorf("positions on the ring refused: %s", msg)
	}
}
