package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"lbcourse/report/internal/figure"
)

// figurePhoneMin is the narrowest column the narrow drawing keeps its text
// at figure.MinTextPx in.
var figurePhoneMin = float64(figure.Spec{}.MinColumn(figure.Narrow))

// screenshotsRel is where the page screenshots go, relative to the package
// directory: screenshots/ at the module root (git-ignored).
var screenshotsRel = filepath.Join(moduleRootRel, "screenshots")

type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

var viewports = []viewport{
	{"phone", 390, 844, true},
	{"desktop", 1280, 800, false},
}

// emulate sets the tab's viewport: a phone is emulated as a mobile device.
func (vp viewport) emulate() chromedp.Action[chromedp.Void] {
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateLandscape}
	if vp.mobile {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch}
	}
	return chromedp.EmulateViewport(vp.width, vp.height, opts...)
}

// load sets the tab's viewport (a phone is emulated as a mobile device, so the
// page's meta viewport applies) and loads url, waiting for the load event.
func (vp viewport) load(tb *tab, url string) error {
	if err := tb.run(stepDeadline, vp.emulate(), chromedp.Navigate(url)); err != nil {
		return fmt.Errorf("loading %s at %d px: %v", url, vp.width, err)
	}
	return nil
}

// TestBrowserPages opens every page of the built site in Chromium, at a phone and
// a desktop width, and checks what a reader would notice: errors, broken requests,
// missing figures, header-less tables, a page wider than the screen. It leaves a
// screenshot of each in screenshots/ (the whole page with E2E_SCREENSHOTS=full).
func TestBrowserPages(t *testing.T) {
	t.Parallel() // reads out/ only; the browser is shared
	out := outDir(t)
	pages := sitePages(t, out)
	base := serveSite(t, out)
	if err := os.MkdirAll(screenshotsRel, 0o755); err != nil {
		t.Fatal(err)
	}
	browser(t) // start it before the parallel subtests share it
	for _, rel := range pages {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t)
			for _, vp := range viewports {
				checkPage(t, tb, base+"/"+rel, rel, vp, screenshotsRel)
			}
		})
	}
}

// layoutReport is what checkPageJS finds on a page.
type layoutReport struct {
	ScrollWidth     float64    `json:"scrollWidth"`
	ClientWidth     float64    `json:"clientWidth"`
	Overflow        []string   `json:"overflow"`
	Images          []imgState `json:"images"`
	Plots           int        `json:"plots"`
	PlotsWithoutImg []string   `json:"plotsWithoutImg"`
	Tables          int        `json:"tables"`
	TablesWithoutTh []string   `json:"tablesWithoutTh"`
	// HiddenCaptions are table and figure captions inside a box that
	// scrolls or clips, or reaching past the screen's edge.
	HiddenCaptions []string `json:"hiddenCaptions"`
	// ClippedListings are listings wider than their box on a phone: part
	// of each long line is out of sight.
	ClippedListings []string `json:"clippedListings"`
}

type imgState struct {
	Src          string  `json:"src"`
	Current      string  `json:"current"` // the drawing the browser chose
	Complete     bool    `json:"complete"`
	NaturalWidth float64 `json:"naturalWidth"`
	Width        float64 `json:"width"`
	Height       float64 `json:"height"`
}

// settleJS waits for the fonts and two frames, so layout is final.
const settleJS = `document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`

// checkPageJS measures the page. An element sticking out of the viewport is listed
// only when no ancestor clips or scrolls it (a .scroll container may scroll on its
// own); the document itself must not be wider than the viewport.
const checkPageJS = `(() => {
  const de = document.documentElement, cw = de.clientWidth;
  const describe = el => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    for (const c of el.classList) s += '.' + c;
    const holder = el.parentElement && el.parentElement.closest('[id]');
    if (holder) s += ' in #' + holder.id;
    const cap = el.querySelector(':scope > caption, :scope > figcaption');
    const text = ((cap ? cap.textContent : el.textContent) || '').trim().replace(/\s+/g, ' ');
    if (text) s += ' "' + text.slice(0, 60) + (text.length > 60 ? '…' : '') + '"';
    return s;
  };
  const r = {scrollWidth: de.scrollWidth, clientWidth: cw, overflow: [], images: [], plots: 0,
    plotsWithoutImg: [], tables: 0, tablesWithoutTh: [], hiddenCaptions: [], clippedListings: []};
  const inScroller = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const c of document.querySelectorAll('figcaption, caption')) {
    const b = c.getBoundingClientRect();
    if (inScroller(c) || b.left < -0.5 || b.right > cw + 0.5) r.hiddenCaptions.push(describe(c));
  }
  if (cw < 600) {
    for (const pre of document.querySelectorAll('pre')) {
      const box = pre.closest('.scroll') || pre;
      if (pre.scrollWidth > pre.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1) r.clippedListings.push(describe(pre));
    }
  }
  for (const img of document.querySelectorAll('figure img')) {
    const b = img.getBoundingClientRect();
    r.images.push({src: img.getAttribute('src') || '', current: img.currentSrc || '', complete: img.complete,
      naturalWidth: img.naturalWidth, width: b.width, height: b.height});
  }
  for (const f of document.querySelectorAll('figure.plot')) {
    r.plots++;
    if (!f.querySelector('img')) r.plotsWithoutImg.push(describe(f));
  }
  for (const t of document.querySelectorAll('table')) {
    r.tables++;
    if (!t.querySelector('th')) r.tablesWithoutTh.push(describe(t));
  }
  if (de.scrollWidth > cw) {
    const clipped = el => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const b = el.getBoundingClientRect();
      if (b.width > 0 && (b.right > cw + 0.5 || b.left < -0.5) && !clipped(el)) {
        r.overflow.push(describe(el) + ' spans x=' + Math.round(b.left) + '..' + Math.round(b.right));
        if (r.overflow.length >= 12) break;
      }
    }
  }
  return r;
})()`

// checkPage loads url in tb at the viewport and reports what is wrong with it;
// with shots set, it saves a full-page screenshot there.
func checkPage(t *testing.T, tb *tab, url, rel string, vp viewport, shots string) {
	t.Helper()
	problems, summary := pageProblems(tb, url, rel, vp, shots)
	for _, p := range problems {
		t.Error(p)
	}
	if vp == viewports[len(viewports)-1] && summary != "" {
		t.Log(summary)
	}
}

// pageProblems does the work of checkPage and returns the problems, each
// prefixed with the page and the width, and a one-line summary of the page.
func pageProblems(tb *tab, url, rel string, vp viewport, shots string) (problems []string, summary string) {
	at := fmt.Sprintf("%s at %s width (%d px)", rel, vp.name, vp.width)
	add := func(format string, args ...any) { problems = append(problems, at+": "+fmt.Sprintf(format, args...)) }
	tb.rec.take() // only this load's events count
	if err := vp.load(tb, url); err != nil {
		add("%v", err)
		return problems, ""
	}
	if _, err := eval[bool](tb, 10*time.Second, settleJS); err != nil {
		add("waiting for fonts and layout: %v", err)
	}
	r, err := eval[layoutReport](tb, 10*time.Second, checkPageJS)
	if err != nil {
		add("measuring the page: %v", err)
		return problems, ""
	}
	if r.ScrollWidth > r.ClientWidth {
		add("the document scrolls sideways: documentElement.scrollWidth %v > clientWidth %v; sticking out, outside any scroll container:\n\t%s",
			r.ScrollWidth, r.ClientWidth, strings.Join(r.Overflow, "\n\t"))
	}
	for _, img := range r.Images {
		if !img.Complete || img.NaturalWidth <= 0 || img.Width <= 0 || img.Height <= 0 {
			add("figure image %s not shown: complete=%v naturalWidth=%v rendered %vx%v",
				img.Src, img.Complete, img.NaturalWidth, img.Width, img.Height)
		}
	}
	for _, img := range r.Images {
		// Figure text is at least figure.MinTextPx when a drawing is shown at
		// least figure.MinColumn wide: the narrow one on a phone.
		narrow := strings.HasSuffix(img.Current, "-narrow.svg")
		if min := figurePhoneMin; vp.mobile && img.Src != "" && (!narrow || img.Width < min) {
			add("figure %s on a phone: drawing %s shown %v px wide; want the narrow drawing at %v px at least, so that its text is %d px or more",
				img.Src, img.Current, img.Width, min, figure.MinTextPx)
		}
	}
	for _, f := range r.PlotsWithoutImg {
		add("plot figure without an <img>: %s", f)
	}
	for _, tbl := range r.TablesWithoutTh {
		add("table without <th> headers: %s", tbl)
	}
	for _, c := range r.HiddenCaptions {
		add("caption not fully in sight (inside a scrolling box or past the edge): %s", c)
	}
	for _, l := range r.ClippedListings {
		add("listing wider than its box: part of its lines is hidden: %s", l)
	}
	if shots != "" {
		// The viewport only, unless E2E_SCREENSHOTS=full asks for the whole
		// page: a lesson is thirty phone screens, slow to capture.
		capture := chromedp.CaptureScreenshot()
		if os.Getenv("E2E_SCREENSHOTS") == "full" {
			capture = chromedp.FullScreenshot(100)
		}
		shot, err := get(tb, 30*time.Second, capture)
		if err != nil {
			add("screenshot: %v", err)
		} else {
			name := strings.ReplaceAll(strings.TrimSuffix(rel, ".html"), "/", "-") + fmt.Sprintf("-%d.png", vp.width)
			if err := os.WriteFile(filepath.Join(shots, name), shot, 0o644); err != nil {
				add("%v", err)
			}
		}
	}
	for _, p := range tb.rec.take() {
		add("%s", p)
	}
	return problems, fmt.Sprintf("%s: %d figure images, %d plots, %d tables", rel, len(r.Images), r.Plots, r.Tables)
}

// TestBrowserChecksCatchBreakage runs the page checks of TestBrowserPages on a
// page with one mistake of each kind, so a check that stops finding anything fails.
func TestBrowserChecksCatchBreakage(t *testing.T) {
	dir := t.TempDir()
	bad := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bad</title></head><body>
<figure class="plot"><img src="fig/missing.svg" alt="missing"></figure>
<figure class="plot"><p>no image</p></figure>
<figure class="table"><table><caption>headless</caption><tr><td>1</td></tr></table></figure>
<div class="scroll" style="overflow-x:auto"><table><caption>scrolled away</caption><tr><th>a</th></tr></table></div>
<pre style="white-space:pre">a listing line far longer than any phone screen is wide, which a reader on a phone would not see to its end</pre>
<div class="scroll" style="overflow-x:auto"><div style="width:3000px">wide, but inside a scroll container</div></div>
<p class="wide" style="width:2000px">too wide</p>
<link rel="stylesheet" href="gone.css">
<script>console.error("boom"); setTimeout(() => { throw new Error("late") }, 0)</script>
</body></html>`
	if err := os.WriteFile(filepath.Join(dir, "bad.html"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	base := serveSite(t, dir)
	tb := newTab(t)
	var got []string
	for _, vp := range viewports {
		p, _ := pageProblems(tb, base+"/bad.html", "bad.html", vp, "")
		got = append(got, p...)
	}
	all := strings.Join(got, "\n")
	for _, vp := range viewports {
		at := fmt.Sprintf("bad.html at %s width (%d px): ", vp.name, vp.width)
		for _, w := range []string{
			"the document scrolls sideways",
			`p.wide "too wide" spans x=`,
			"figure image fig/missing.svg not shown",
			"plot figure without an <img>",
			`table without <th> headers: table "headless"`,
			`console.error: "boom"`,
			"uncaught exception",
			"HTTP 404 Not Found for " + base + "/fig/missing.svg",
			// A missing stylesheet shows as a 404 or, when Chromium refuses the
			// error page's MIME type, as a canceled request.
			base + "/gone.css",
		} {
			if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, at) && strings.Contains(p, w) }) {
				t.Errorf("the checks did not report %q at %s width", w, vp.name)
			}
		}
	}
	for _, w := range []string{`caption not fully in sight (inside a scrolling box or past the edge): caption "scrolled away"`, "listing wider than its box"} {
		if !strings.Contains(all, "bad.html at phone width (390 px): "+w) {
			t.Errorf("the checks did not report %q at phone width", w)
		}
	}
	if strings.Contains(all, "inside a scroll container") {
		t.Errorf("the checks flagged an element inside a scroll container")
	}
	if t.Failed() {
		t.Logf("they reported:\n%s", all)
	}
}
