package figure

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"lbcourse/report/internal/numfmt"
)

// words gives a table's headings their keys, as a page's terms would.
func words(key string) string { return key }

func locale(t *testing.T, tag string) *numfmt.Locale {
	l, err := numfmt.NewLocale(tag)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestKinds(t *testing.T) {
	x := []float64{0, 0.25, 0.5, 0.75, 1}
	y := []float64{1200, 1800, 1500, 2500, 2100}
	for _, d := range Kinds {
		kind := d.Kind
		s := Spec{Kind: kind, Title: "Başlık", X: Axis{Label: "x"}, Y: Axis{Label: "y"},
			Series: []Series{{Legend: "a", X: x, Y: y, Labels: []string{"p", "q", "r", "s", "t"}}},
			Lines:  []RefLine{{Legend: "ref", At: 1600}}}
		if d.NoAxes { // positions on a ring, no axes
			s = Spec{Kind: kind, Title: "Başlık", Series: []Series{{Legend: "a", X: x, Y: []float64{0.1, 0.3, 0.45, 0.7, 0.9}}}}
		}
		tr, err := SVG(s, locale(t, "tr"))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		again, _ := SVG(s, locale(t, "tr"))
		if !bytes.Equal(tr, again) {
			t.Errorf("%s: two renderings differ", kind)
		}
		if !bytes.Contains(tr, []byte("<svg")) || !bytes.Contains(tr, []byte("<title>Başlık</title>")) {
			t.Errorf("%s: not an SVG with the title", kind)
		}
		if bytes.Contains(tr, []byte(">Başlık</text>")) {
			t.Errorf("%s: the title is drawn, which the caption under the figure repeats", kind)
		}
		s.DrawTitle = true
		if titled, _ := SVG(s, locale(t, "tr")); !bytes.Contains(titled, []byte(">Başlık</text>")) {
			t.Errorf("%s: DrawTitle does not draw the title", kind)
		}
		en, _ := SVG(s, locale(t, "en"))
		if bytes.Equal(tr, en) {
			t.Errorf("%s: Turkish and English renderings are the same; ticks are not localised", kind)
		}
	}
}

func TestLocalisedTicks(t *testing.T) {
	s := Spec{Kind: Line, X: Axis{Label: "x"}, Y: Axis{Label: "y"},
		Series: []Series{{X: []float64{0, 0.5}, Y: []float64{0, 20000}}}}
	tr, _ := SVG(s, locale(t, "tr"))
	en, _ := SVG(s, locale(t, "en"))
	for _, want := range []string{">0,5<", ">20.000<"} {
		if !strings.Contains(string(tr), want) {
			t.Errorf("Turkish ticks lack %s", want)
		}
	}
	for _, want := range []string{">0.5<", ">20,000<"} {
		if !strings.Contains(string(en), want) {
			t.Errorf("English ticks lack %s", want)
		}
	}
	log := Spec{Kind: Line, X: Axis{Log: true}, Series: []Series{{X: []float64{1, 10, 100, 1000}, Y: []float64{4, 3, 2, 1}}}}
	lt, _ := SVG(log, locale(t, "tr"))
	if !strings.Contains(string(lt), ">1.000<") {
		t.Errorf("log ticks lack 1.000")
	}
}

func TestBadSeries(t *testing.T) {
	_, err := SVG(Spec{Kind: Line, Series: []Series{{Legend: "a", X: []float64{1}, Y: []float64{1, 2}}}}, locale(t, "en"))
	if err == nil || err.Error() != `series "a" has 1 x and 2 y values` {
		t.Errorf("err = %v", err)
	}
}

// TestKindsComplete holds every kind in the table to every part: a name,
// the axes its values lie along, a draw, a table and numbers-file lines,
// so that a kind cannot be half added.
func TestKindsComplete(t *testing.T) {
	names := map[string]bool{}
	for i, d := range Kinds {
		if d.Kind != Kind(i+1) {
			t.Errorf("Kinds[%d] is %v, want the constant Kind(%d): the table follows the constants", i, d.Kind, i+1)
		}
		if d.Name == "" || names[d.Name] {
			t.Errorf("kind %d: name %q is empty or taken", d.Kind, d.Name)
		}
		names[d.Name] = true
		if k, ok := ParseKind(d.Name); !ok || k != d.Kind || d.Kind.String() != d.Name {
			t.Errorf("kind %q does not round-trip: ParseKind gives %v, %v", d.Name, k, ok)
		}
		if d.OnX == NoValues && d.OnY == NoValues {
			t.Errorf("kind %s: no axis carries its values (OnX, OnY)", d.Name)
		}
		if d.Draw == nil || d.Tabulate == nil || d.Numbers == nil {
			t.Errorf("kind %s: lacks a part: draw %t, table %t, numbers %t", d.Name, d.Draw != nil, d.Tabulate != nil, d.Numbers != nil)
		}
		if d.DrawBand != nil && d.OnY != YValues {
			t.Errorf("kind %s draws a band but its y axis does not carry the series' values", d.Name)
		}
	}
	if _, ok := Kind(0).Def(); ok {
		t.Error("the zero Kind has a definition")
	}
}

// TestKindParts runs each kind's table and numbers over one series: both
// list every point (a CDF each distinct value), and the names are the ones
// the lessons use, in their order.
func TestKindParts(t *testing.T) {
	if got := strings.Join(KindNames(nil), ", "); got != "line, scatter, bar, histogram, cdf, step, ring" {
		t.Errorf("KindNames = %s", got)
	}
	ser := Series{Legend: "a", X: []float64{1, 2, 3, 4}, Y: []float64{3, 1, 3, 2}}
	want := map[Kind]int{Line: 4, Scatter: 4, Bar: 4, Histogram: 4, CDF: 3, Step: 4, Ring: 4}
	for _, d := range Kinds {
		s := Spec{Kind: d.Kind, Series: []Series{ser}}
		tab := d.Tabulate(s, locale(t, "en"), words)
		nums := d.Numbers(s, 0)
		if len(tab.Rows) != want[d.Kind] || len(nums) != want[d.Kind] {
			t.Errorf("%s: %d rows and %d numbers, want %d", d.Name, len(tab.Rows), len(nums), want[d.Kind])
		}
	}
}

// TestBand draws a series with a band on each kind that takes one: the
// band is filled in a tint of the series' colour before (so behind) the
// series' line, a stepped band holds each bound to the next x, the table
// gains the bounds' columns and the numbers file their points; a kind
// without a band refuses one.
func TestBand(t *testing.T) {
	ser := Series{Legend: "a", X: []float64{1, 2, 3}, Y: []float64{2, 3, 2.5},
		Band: &Band{Lo: []float64{1, 2.5, 2}, Hi: []float64{3, 4, 3}, LoName: "p5", HiName: "p95"}}
	vertices := map[Kind]int{Line: 6, Step: 10}
	for _, d := range Kinds {
		s := Spec{Kind: d.Kind, X: Axis{Label: "x"}, Y: Axis{Label: "y"}, Series: []Series{ser}}
		if d.NoAxes {
			s.X, s.Y = Axis{}, Axis{}
		}
		svg, err := SVG(s, locale(t, "en"))
		if d.DrawBand == nil {
			want := `series "a" has a band, which a ` + d.Name + ` plot does not draw`
			if err == nil || err.Error() != want {
				t.Errorf("%s: err = %v, want %s", d.Name, err, want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		band := strings.Index(string(svg), "fill:#0071B1;fill-opacity:0.25098")
		line := strings.Index(string(svg), "stroke:#0072B2;stroke-width:1.5")
		if band < 0 || line < 0 || band > line {
			t.Errorf("%s: band at %d, line at %d: want a tinted band drawn before the line", d.Name, band, line)
		}
		start := strings.LastIndex(string(svg[:band]), "<path d=\"")
		if n := strings.Count(string(svg[start:band]), "L") + 1; n != vertices[d.Kind] {
			t.Errorf("%s: the band has %d vertices, want %d", d.Name, n, vertices[d.Kind])
		}
		plain := s
		plain.Series = []Series{{Legend: "a", X: ser.X, Y: ser.Y}}
		without, _ := SVG(plain, locale(t, "en"))
		if bytes.Contains(without, []byte("fill-opacity")) {
			t.Errorf("%s: a series without a band draws one", d.Name)
		}

		tab := d.Tabulate(s, locale(t, "en"), words)
		if got := strings.Join(tab.Head, "|"); got != "x|a|a p5|a p95" {
			t.Errorf("%s: head %s", d.Name, got)
		}
		if got := strings.Join(tab.Rows[1].Cells, "|"); tab.Rows[1].Label != "2" || got != "3|2.5|4" {
			t.Errorf("%s: row %s: %s", d.Name, tab.Rows[1].Label, got)
		}
		other := s
		other.Series = []Series{ser, {Legend: "b", X: []float64{5}, Y: []float64{6}}}
		tab = d.Tabulate(other, locale(t, "en"), words)
		if got := strings.Join(tab.Head, "|"); got != "series|x|y|p5|p95" {
			t.Errorf("%s: head of a row per point %s", d.Name, got)
		}
		if len(tab.Rows) != 4 || strings.Join(tab.Rows[0].Cells, "|") != "1|2|1|3" || strings.Join(tab.Rows[3].Cells, "|") != "5|6||" {
			t.Errorf("%s: rows per point %v", d.Name, tab.Rows)
		}

		var nums []string
		for _, n := range d.Numbers(s, 0) {
			nums = append(nums, fmt.Sprintf("%s[%d]=%s", n.Part, n.Index, n.Text))
		}
		if got := strings.Join(nums, ", "); got != "[0]=1 2, [1]=2 3, [2]=3 2.5, lo[0]=1 1, lo[1]=2 2.5, lo[2]=3 2, hi[0]=1 3, hi[1]=2 4, hi[2]=3 3" {
			t.Errorf("%s: numbers %s", d.Name, got)
		}
	}
	short := Spec{Kind: Line, Series: []Series{{Legend: "a", X: ser.X, Y: ser.Y, Band: &Band{Lo: []float64{1}, Hi: ser.Y}}}}
	if _, err := SVG(short, locale(t, "en")); err == nil || err.Error() != `series "a" has 3 y values and a band of 1 lower and 3 upper bounds` {
		t.Errorf("short band: err = %v", err)
	}
}

// TestDataCell: a figure's data table shows four significant digits, whole
// numbers as they are.
func TestDataCell(t *testing.T) {
	en := locale(t, "en")
	for v, want := range map[float64]string{81.92666666666666: "81.93", 0.7071067811865476: "0.7071", 2.5: "2.5", 1635: "1,635", 12345.67: "12,346", -0.0012345: "-0.001234"} {
		if got := dataCell(en, v); got != want {
			t.Errorf("dataCell(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestLocalisedLogTicks: on a logarithmic axis each label has its own
// decimals (0,001 … 10), on a linear one all share the most any needs.
func TestLocalisedLogTicks(t *testing.T) {
	tr := locale(t, "tr")
	got, _ := labels(localTicks{logTicks{}, tr}.Ticks(0.001, 10))
	if want := "0,001 0,01 0,1 1 10"; strings.Join(got, " ") != want {
		t.Errorf("log ticks %q, want %q", strings.Join(got, " "), want)
	}
	got, _ = labels(localTicks{niceTicks{most: 7}, tr}.Ticks(0, 1.5))
	if want := "0,0 0,5 1,0 1,5"; strings.Join(got, " ") != want {
		t.Errorf("linear ticks %q, want %q", strings.Join(got, " "), want)
	}
}

// TestKey: the key moves with every input a drawing depends on, and with
// nothing else.
func TestKey(t *testing.T) {
	lo := 0.0
	base := Spec{Kind: Line, X: Axis{Label: "x"}, Y: Axis{Label: "y", Min: &lo},
		Series: []Series{{Legend: "a", X: []float64{0, 1}, Y: []float64{1, 2}}}}
	tr, en := locale(t, "tr"), locale(t, "en")
	key := func(s Spec, loc *numfmt.Locale, v Variant) string {
		k, err := Key(s, loc, v)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0 := key(base, tr, Wide)
	if key(base, tr, Wide) != k0 {
		t.Fatal("the same drawing has two keys")
	}
	one := 1.0
	for name, k := range map[string]string{
		"locale":  key(base, en, Wide),
		"variant": key(base, tr, Narrow),
		"y value": key(func() Spec {
			s := base
			s.Series = []Series{{Legend: "a", X: []float64{0, 1}, Y: []float64{1, 3}}}
			return s
		}(), tr, Wide),
		"legend": key(func() Spec {
			s := base
			s.Series = []Series{{Legend: "b", X: []float64{0, 1}, Y: []float64{1, 2}}}
			return s
		}(), tr, Wide),
		"bound": key(func() Spec { s := base; s.Y.Min = &one; return s }(), tr, Wide),
		"kind":  key(func() Spec { s := base; s.Kind = Scatter; return s }(), tr, Wide),
	} {
		if k == k0 {
			t.Errorf("changing the %s keeps the key", name)
		}
	}
}
