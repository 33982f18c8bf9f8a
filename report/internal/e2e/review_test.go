package e2e

import (
	"strings"
	"testing"
	"time"

	"lbcourse/report/internal/review"
)

// reviewSnapshot is one side of a review with what makes a page overflow
// on a phone: long sentences, a long key, a joined cell and a series.
func reviewSnapshot(mean, work string, ys ...string) []*review.LessonSnapshot {
	sentence := func(prefix string) review.Sentence {
		return review.Sentence{{Text: prefix + " "}, {Text: mean, Number: true}, {Text: " " + strings.Repeat("uzun bir cümlenin devamı ", 8) + "."}}
	}
	var pts []review.Point
	for i, y := range ys {
		pts = append(pts, review.Point{X: string(rune('1' + i)), Y: y})
	}
	items := func(lang string) []review.Item {
		return []review.Item{
			{Kind: review.Value, Key: "slow_stable.round_robin.mean_wait / slow_stable.least_connections.mean_wait|2", Neutral: mean, Sentence: sentence(lang)},
			{Kind: review.Cell, Key: "slow.round_robin.work[]|0", Neutral: work, Parts: strings.Split(work, "/"), Where: "Tablo 2 (k1 yavaşladığında, 300 istek — iki kural aynı istek dizisinde) · sıralı dağıtım · kopya başına iş", Sentence: review.Sentence{{Text: work, Number: true}}},
			{Kind: review.Series, Key: "fig.slow-queue.slow:least_connections.queue.1", Where: "Figure 2 · slow:least_connections.queue.1", Points: pts},
		}
	}
	return []*review.LessonSnapshot{{
		Key: "02-dengeleme-algoritmalari", Langs: []string{"tr", "en"}, Numbers: true,
		Titles: map[string]string{"tr": "Dengeleme algoritmaları", "en": "Balancing algorithms"},
		Items:  map[string][]review.Item{"tr": items("Türkçe"), "en": items("English")},
		Claims: []review.ClaimState{{Src: "slow.round_robin.mean_wait / slow.least_connections.mean_wait > 2.5", Holds: true}},
	}}
}

// reviewPage writes a review page with a moved value, cell and series
// and a claim that no longer holds into a temporary directory.
func reviewPage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	r := review.Compare("HEAD (c54910a)", "working tree (with uncommitted changes)",
		reviewSnapshot("3.00", "1635/581/553", "1", "2", "4"), reviewSnapshot("3.50", "2180/581/553", "1", "3", "5"), 0)
	r.Lessons[0].Claims = append(r.Lessons[0].Claims, review.ClaimChange{Src: "slow.least_connections.wait_p99 < 100", Was: review.Holds, Now: review.Fails,
		Msg: "check does not hold: slow.least_connections.wait_p99 < 100 (slow.least_connections.wait_p99 = 131)"})
	if err := review.HTML(dir, r); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReviewPage opens the page report diff -html writes, at a phone's
// and a desktop's width: the document does not scroll sideways, both
// languages' columns are in sight, the overlaid figure is shown; and axe
// finds nothing serious on it, in either colour scheme.
func TestReviewPage(t *testing.T) {
	t.Parallel()
	url := serveSite(t, reviewPage(t)) + "/index.html"
	tb := newTab(t)
	for _, vp := range viewports {
		if err := vp.load(tb, url); err != nil {
			t.Fatal(err)
		}
		if _, err := eval[bool](tb, 10*time.Second, settleJS); err != nil {
			t.Fatalf("%s: waiting for layout: %v", vp.name, err)
		}
		got, err := eval[reviewLayout](tb, 10*time.Second, reviewLayoutJS)
		if err != nil {
			t.Fatalf("%s: measuring: %v", vp.name, err)
		}
		if got.ScrollWidth > got.ClientWidth {
			t.Errorf("%s: the review page scrolls sideways: %v > %v", vp.name, got.ScrollWidth, got.ClientWidth)
		}
		for _, lang := range []string{"tr", "en"} {
			if got.Columns[lang] == 0 {
				t.Errorf("%s: no %s column in sight", vp.name, lang)
			}
		}
		if got.Columns["tr"] != got.Columns["en"] {
			t.Errorf("%s: %d tr columns, %d en", vp.name, got.Columns["tr"], got.Columns["en"])
		}
		if got.Images != 1 {
			t.Errorf("%s: %d overlaid figures shown, want 1", vp.name, got.Images)
		}
		if vp.mobile != got.Stacked {
			t.Errorf("%s: the languages stacked = %v, want %v (side by side on a wide screen)", vp.name, got.Stacked, vp.mobile)
		}
		for _, p := range tb.rec.take() {
			t.Errorf("%s: %s", vp.name, p)
		}
	}
	inject := axeScript(t)
	for i, ps := range axePasses {
		vs, err := runAxe(tb, url, ps, inject, i == 0)
		if err != nil {
			t.Fatalf("axe at %s: %v", ps, err)
		}
		for _, v := range vs {
			f := &foundViolation{axeViolation: v, widths: []string{ps.String()}, seen: map[string][]string{}}
			if msg := formatViolation("review page", f); failingImpacts[v.Impact] {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
	}
}

type reviewLayout struct {
	ScrollWidth, ClientWidth float64
	Columns                  map[string]int
	Images                   int
	Stacked                  bool
}

// reviewLayoutJS counts each language's columns that are visible and
// inside the viewport, the figures shown, and whether the first change's
// two languages stand one under the other.
const reviewLayoutJS = `(() => {
  const de = document.documentElement, cw = de.clientWidth;
  const cols = {};
  for (const el of document.querySelectorAll('.lang[lang]')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= cw + 0.5) cols[el.lang] = (cols[el.lang] || 0) + 1;
  }
  const imgs = [...document.images].filter(i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0).length;
  const first = document.querySelector('.langs');
  const [a, b] = first.querySelectorAll('.lang');
  return {ScrollWidth: de.scrollWidth, ClientWidth: cw, Columns: cols, Images: imgs,
    Stacked: b.getBoundingClientRect().top >= a.getBoundingClientRect().bottom};
})()`
