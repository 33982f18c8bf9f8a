package review

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"lbcourse/report/internal/directive"
)

// TestSentences: a value is shown in its own sentence; marks inside a
// sentence (decimals, abbreviations before a lower-case word) do not end
// it, and a value right after a sentence's end starts the next.
func TestSentences(t *testing.T) {
	v := &directive.Value{}
	tests := []struct {
		runs []run
		want []string // the sentences, a value as {}
	}{
		{[]run{{text: "One. Two has "}, {value: v}, {text: " in it. Three."}}, []string{"One. ", "Two has {} in it. ", "Three."}},
		{[]run{{text: "See e.g. the "}, {value: v}, {text: " here."}}, []string{"See e.g. the {} here."}},
		{[]run{{text: "It ended. "}, {value: v}, {text: " came next."}}, []string{"It ended. ", "{} came next."}},
		{[]run{{text: "Bitti! "}, {text: "Şimdi "}, {value: v}, {text: "."}}, []string{"Bitti! ", "Şimdi {}."}},
		{[]run{{text: "no end"}}, []string{"no end"}},
		{[]run{{text: "Kuyruk uzuyor. k1'in yükü "}, {value: v}, {text: "."}}, []string{"Kuyruk uzuyor. ", "k1'in yükü {}."}},
		{[]run{{text: "Bekleme 90. yüzdelikte "}, {value: v}, {text: " tur, vb. Sonra biter."}}, []string{"Bekleme 90. yüzdelikte {} tur, vb. Sonra biter."}},
		{[]run{{text: "It ends at 3. "}, {value: v}, {text: " follows."}}, []string{"It ends at 3. ", "{} follows."}},
		{[]run{{text: "Gecikme 99,9. yüzdelikte "}, {value: v}, {text: " oluyor; 95. yüzdelikte "}, {value: v}, {text: " idi. Sonra biter."}},
			[]string{"Gecikme 99,9. yüzdelikte {} oluyor; 95. yüzdelikte {} idi. ", "Sonra biter."}},
		{[]run{{text: "Bunlar "}, {value: v}, {text: ". ve "}, {value: v}, {text: ". öznelerdir. Son."}}, []string{"Bunlar {}. ve {}. öznelerdir. ", "Son."}},
	}
	for _, tc := range tests {
		runs, spans := sentences(tc.runs)
		var got []string
		for _, sp := range spans {
			var b strings.Builder
			for _, r := range runs[sp[0]:sp[1]] {
				if r.value != nil {
					b.WriteString("{}")
				} else {
					b.WriteString(r.text)
				}
			}
			got = append(got, b.String())
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("sentences(%v) = %q, want %q", tc.runs, got, tc.want)
		}
	}
}

func snap(items []Item, claims ...ClaimState) []*LessonSnapshot {
	return []*LessonSnapshot{{Key: "01-a", Langs: []string{"en"}, Titles: map[string]string{"en": "A"}, Items: map[string][]Item{"en": items}, Claims: claims, Numbers: true}}
}

func value(key, neutral string) Item {
	return Item{Kind: Value, Key: key, Neutral: neutral, Sentence: Sentence{{Text: "It is "}, {Text: neutral, Number: true}, {Text: "."}}}
}

// TestCompare: numbers are paired by kind, key and occurrence; a change at
// most the tolerance is left out; a series is one change however many of
// its points moved, matched by x; claims are listed when they fail or
// change their truth.
func TestCompare(t *testing.T) {
	old := snap([]Item{
		value("a.x|2", "4.04"), value("a.x|2", "4.04"), value("a.same|0", "7"), value("a.tiny|4", "1.0000"), value("a.gone|0", "1"),
		{Kind: Cell, Key: "a.w[]|0", Neutral: "1/2", Parts: []string{"1", "2"}, Where: "Table 1 · r · w", Sentence: Sentence{{Text: "1/2", Number: true}}},
		{Kind: Series, Key: "fig.f.a:s", Where: "Figure 1 · a:s", Points: []Point{{"0", "1"}, {"1", "2"}, {"2", "4"}}},
	}, ClaimState{Src: "a.x < 5", Holds: true}, ClaimState{Src: "a.y > 1", Holds: false, Msg: "no"}, ClaimState{Src: "a.z > 0", Holds: true})
	fresh := snap([]Item{
		value("a.x|2", "4.10"), value("a.x|2", "4.10"), value("a.same|0", "7"), value("a.tiny|4", "1.0001"), value("a.new|0", "3"),
		{Kind: Cell, Key: "a.w[]|0", Neutral: "1/3", Parts: []string{"1", "3"}, Where: "Table 1 · r · w", Sentence: Sentence{{Text: "1/3", Number: true}}},
		{Kind: Series, Key: "fig.f.a:s", Where: "Figure 1 · a:s", Points: []Point{{"0", "1"}, {"1", "3"}, {"3", "5"}}},
	}, ClaimState{Src: "a.x < 5", Holds: false, Msg: "check does not hold: a.x < 5"}, ClaimState{Src: "a.y > 1", Holds: true}, ClaimState{Src: "a.z > 0", Holds: true})
	r := Compare("old", "new", old, fresh, 0.001)
	var b bytes.Buffer
	Text(&b, r, false)
	want := `new against old (changes of at most 0.1% left out)

01-a: 2 values moved, 1 table cell moved, 1 figure series moved, 2 numbers added or removed, 1 claim fails
  value a.x|2: 4.04 -> 4.10 (+1.49%)
    en - It is «4.04».
    en + It is «4.10».
  value a.x|2: 4.04 -> 4.10 (+1.49%)
    en - It is «4.04».
    en + It is «4.10».
  new value a.new|0: 3
    en + It is «3».
  table cell a.w[]|0: 1/2 -> 1/3 (+50.00%)
    en: Table 1 · r · w: «1/2» -> «1/3»
  figure fig.f.a:s: 1 of 3 points moved, 1 added, 1 removed, the largest +50.00%
    en: Figure 1 · a:s
  value gone a.gone|0: 1
    en - It is «1».
  claim no longer holds: a.x < 5
    check does not hold: a.x < 5
  claim holds now: a.y > 1

4 numbers moved, 2 numbers added or removed, 1 claim fails (1 held before), 1 claim holds that failed before
`
	if b.String() != want {
		t.Errorf("review:\n%s\nwant:\n%s", b.String(), want)
	}
	if got := Compare("old", "new", old, old, 0); len(got.Lessons) != 1 || len(got.Lessons[0].Changes) != 0 || len(got.Lessons[0].Claims) != 1 {
		t.Errorf("a side against itself: %+v", got.Lessons)
	}
	b.Reset()
	Text(&b, Compare("old", "new", nil, snap([]Item{value("a.x|0", "1"), value("a.y|0", "2")}), 0), false)
	if want := "new against old\n\n01-a: a new lesson, 2 numbers\n\n0 numbers moved, 0 claims fail, 1 new lesson\n"; b.String() != want {
		t.Errorf("a new lesson:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	Text(&b, Compare("old", "new", snap(nil), snap(nil), 0), false)
	if b.String() != "new against old\nno displayed number moved and every claim holds\n" {
		t.Errorf("nothing moved: %q", b.String())
	}
}

// TestExcerpt: a long sentence is cut around its number, the number in
// bold and Markdown's own characters escaped.
func TestExcerpt(t *testing.T) {
	s := Sentence{{Text: strings.Repeat("a", 100) + " the *mean* "}, {Text: "4.04", Number: true}, {Text: " | then " + strings.Repeat("b", 100)}}
	got := excerpt(s, 30)
	if want := `…a the \*mean\* **4.04** \| then bbbbb…`; got != want {
		t.Errorf("excerpt = %q, want %q", got, want)
	}
}

// FuzzSentences: splitting never loses or reorders text, and the
// sentences cover the runs end to end.
func FuzzSentences(f *testing.F) {
	f.Add("One. Two has {} in it. Three.")
	f.Add("e.g. {}. {}! Ş? ")
	f.Fuzz(func(t *testing.T, s string) {
		v := &directive.Value{}
		var runs []run
		for i, part := range strings.Split(s, "{}") {
			if i > 0 {
				runs = append(runs, run{value: v})
			}
			if part != "" {
				runs = append(runs, run{text: part})
			}
		}
		split, spans := sentences(runs)
		var b strings.Builder
		next := 0
		for _, sp := range spans {
			if sp[0] != next || sp[1] < sp[0] {
				t.Fatalf("spans %v do not cover the runs", spans)
			}
			next = sp[1]
			for _, r := range split[sp[0]:sp[1]] {
				if r.value != nil {
					b.WriteString("{}")
				} else {
					b.WriteString(r.text)
				}
			}
		}
		if next != len(split) || b.String() != s {
			t.Fatalf("sentences of %q give back %q", s, b.String())
		}
	})
}

// TestCompareLanguagesAndSteps: a value only the second language shows is
// reviewed; a shifted CDF is one change measured at every x of either
// side, within the tolerance or not; a side without a numbers file says
// nothing about numbers, only claims.
func TestCompareLanguagesAndSteps(t *testing.T) {
	two := func(en []Item, numbers bool) []*LessonSnapshot {
		return []*LessonSnapshot{{Key: "01-a", Langs: []string{"tr", "en"}, Items: map[string][]Item{"en": en}, Numbers: numbers}}
	}
	curve := func(scale float64, cdf bool) Item {
		var pts []Point
		for i := range 4 {
			pts = append(pts, Point{X: strconv.FormatFloat(float64(i+1)*scale, 'f', -1, 64), Y: strconv.FormatFloat(float64(i+1)/4, 'f', -1, 64)})
		}
		return Item{Kind: Series, Key: "fig.c.e:w", Step: !cdf, CDF: cdf, Points: pts}
	}
	r := Compare("old", "new", two([]Item{value("a.x|0", "10"), curve(1, true)}, true), two([]Item{value("a.x|0", "20"), curve(1.02, true)}, true), 0)
	if len(r.Lessons) != 1 || len(r.Lessons[0].Changes) != 2 {
		t.Fatalf("changes: %+v", r.Lessons)
	}
	if c := r.Lessons[0].Changes[0]; c.Key != "a.x|0" || c.Old != "10" || c.New != "20" || c.Views["en"].New.String() != "It is 20." || len(c.Views["tr"].New) != 0 {
		t.Errorf("English-only value: %+v", c)
	}
	// A CDF whose values all grew by 2%: one change, measured along x.
	c := r.Lessons[0].Changes[1]
	if got := c.headline(); got != "figure fig.c.e:w: the value at 4 of 4 shares moved, the largest +2.00%" || !c.IsMove() {
		t.Errorf("shifted CDF: %q, a move: %v", got, c.IsMove())
	}
	if r := Compare("old", "new", two([]Item{curve(1, true)}, true), two([]Item{curve(1.02, true)}, true), 0.05); len(r.Lessons) != 0 {
		t.Errorf("a shift within the tolerance is reported: %+v", r.Lessons[0].Changes[0])
	}
	// A step series is compared at every x of either side: the new steps
	// at 1.02, 2.04 … leave the old value in place just before each.
	r = Compare("old", "new", two([]Item{curve(1, false)}, true), two([]Item{curve(1.02, false)}, true), 0)
	if got := r.Lessons[0].Changes[0].headline(); got != "figure fig.c.e:w: moved at 4 of 8 positions, the largest -100.00%" {
		t.Errorf("step series: %q", got)
	}
	if r := Compare("old", "new", two([]Item{value("a.x|0", "10")}, false), two([]Item{value("a.x|0", "20")}, true), 0); len(r.Lessons) != 0 {
		t.Errorf("a side without numbers: %+v", r.Lessons[0].Changes[0])
	}
}

// TestPairBySentence: a key that stands in several sentences is paired
// sentence by sentence: a sentence added before the others is the new
// occurrence, and the others keep their partners.
func TestPairBySentence(t *testing.T) {
	at := func(shape, neutral string) Item {
		return Item{Kind: Value, Key: "e.requests|0", Neutral: neutral, Shape: shape,
			Sentence: Sentence{{Text: shape + " "}, {Text: neutral, Number: true}}}
	}
	old := snap([]Item{at("A", "300"), at("B", "300")})
	fresh := snap([]Item{at("NEW", "400"), at("A", "400"), at("B", "400")})
	var b bytes.Buffer
	Text(&b, Compare("old", "new", old, fresh, 0), false)
	want := `new against old

01-a: 2 values moved, 1 number added or removed
  new value e.requests|0: 400
    en + NEW «400»
  value e.requests|0: 300 -> 400 (+33.33%)
    en - A «300»
    en + A «400»
  value e.requests|0: 300 -> 400 (+33.33%)
    en - B «300»
    en + B «400»

2 numbers moved, 1 number added or removed, 0 claims fail
`
	if b.String() != want {
		t.Errorf("review:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestFormulaText: an inline formula reads as its MathML's text.
func TestFormulaText(t *testing.T) {
	for tex, want := range map[string]string{`\rho`: "ρ", `s_r`: "sr", `a \le b`: "a≤b", `\frac{`: `\frac{`} {
		if got := formulaText(tex); got != want {
			t.Errorf("formulaText(%q) = %q, want %q", tex, got, want)
		}
	}
}

// TestOverlay: the overlay of a series is an SVG with both sides in its
// legend, the same bytes every time; values alone (unsorted) and a
// logarithmic axis with a non-positive point draw too.
func TestOverlay(t *testing.T) {
	for _, c := range []*Change{
		{Key: "fig.a.e:s", OldPoints: []Point{{"1", "2"}, {"2", "3"}}, NewPoints: []Point{{"1", "2.5"}, {"2", "3"}}, XLabel: "x label", YLabel: "y label"},
		{Key: "fig.b.e:v", Alone: true, OldPoints: []Point{{"0", "0.7"}, {"1", "0.1"}, {"2", "0.4"}}, NewPoints: []Point{{"0", "0.2"}, {"1", "0.9"}}},
		{Key: "fig.c.e:l", LogX: true, OldPoints: []Point{{"0", "1"}, {"10", "2"}, {"100", "3"}}, NewPoints: []Point{{"10", "2"}, {"100", "4"}}},
	} {
		a, err := Overlay(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Key, err)
		}
		b, _ := Overlay(c)
		if !bytes.Equal(a, b) || !bytes.Contains(a, []byte("<svg")) || !bytes.Contains(a, []byte(">old<")) || !bytes.Contains(a, []byte(">new<")) {
			t.Errorf("%s: the overlay is not one SVG with both sides named, the same each time", c.Key)
		}
	}
}
