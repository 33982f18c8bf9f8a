package figure

import (
	"bytes"
	"strings"
	"testing"

	"lbcourse/report/internal/numfmt"
)

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
		tr, err := SVG(s, locale(t, "tr"))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		again, _ := SVG(s, locale(t, "tr"))
		if !bytes.Equal(tr, again) {
			t.Errorf("%s: two renderings differ", kind)
		}
		if !bytes.Contains(tr, []byte("<svg")) || !bytes.Contains(tr, []byte("Başlık")) {
			t.Errorf("%s: not an SVG with the title", kind)
		}
		en, _ := SVG(s, locale(t, "en"))
		if bytes.Equal(tr, en) {
			t.Errorf("%s: Turkish and English renderings are the same; ticks are not localised", kind)
		}
	}
}

func TestLocalisedTicks(t *testing.T) {
	s := Spec{Kind: Line, X: Axis{Label: "x"}, Y: Axis{Label: "y"},
		Series: []Series{{X: []float64{0, 1}, Y: []float64{0, 20000}}}}
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
	}
	if _, ok := Kind(0).Def(); ok {
		t.Error("the zero Kind has a definition")
	}
}

// TestKindParts runs each kind's table and numbers over one series: both
// list every point (a CDF each distinct value), and the names are the ones
// the lessons use, in their order.
func TestKindParts(t *testing.T) {
	if got := strings.Join(KindNames(nil), ", "); got != "line, scatter, bar, histogram, cdf" {
		t.Errorf("KindNames = %s", got)
	}
	ser := Series{Legend: "a", X: []float64{1, 2, 3, 4}, Y: []float64{3, 1, 3, 2}}
	want := map[Kind]int{Line: 4, Scatter: 4, Bar: 4, Histogram: 4, CDF: 3}
	for _, d := range Kinds {
		s := Spec{Kind: d.Kind, Series: []Series{ser}}
		tab := d.Tabulate(s, locale(t, "en"), "series")
		nums := d.Numbers(ser)
		if len(tab.Rows) != want[d.Kind] || len(nums) != want[d.Kind] {
			t.Errorf("%s: %d rows and %d numbers, want %d", d.Name, len(tab.Rows), len(nums), want[d.Kind])
		}
	}
}
