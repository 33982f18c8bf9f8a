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
	for _, kind := range []string{"line", "scatter", "bar", "histogram", "cdf"} {
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
	s := Spec{Kind: "line", X: Axis{Label: "x"}, Y: Axis{Label: "y"},
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
	log := Spec{Kind: "line", X: Axis{Log: true}, Series: []Series{{X: []float64{1, 10, 100, 1000}, Y: []float64{4, 3, 2, 1}}}}
	lt, _ := SVG(log, locale(t, "tr"))
	if !strings.Contains(string(lt), ">1.000<") {
		t.Errorf("log ticks lack 1.000")
	}
}

func TestBadSeries(t *testing.T) {
	_, err := SVG(Spec{Kind: "line", Series: []Series{{Legend: "a", X: []float64{1}, Y: []float64{1, 2}}}}, locale(t, "en"))
	if err == nil || err.Error() != `series "a" has 1 x and 2 y values` {
		t.Errorf("err = %v", err)
	}
}
