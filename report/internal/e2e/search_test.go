package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSearch types Turkish queries, with and without their letters'
// marks, into the Turkish search page and checks that the lesson is found.
func TestSearch(t *testing.T) {
	t.Parallel() // reads out/ only; the browser is shared
	out := outDir(t)
	base := serveSite(t, out)
	browser(t)
	tb := newTab(t)
	if err := viewports[0].load(tb, base+"/tr/search.html"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ query, want string }{
		{"yük dengeleyici", "yuk-dengeleyiciler.html"},
		{"YUK DENGELEYICI", "yuk-dengeleyiciler.html"},
		{"tutarlı karma", "dengeleme-algoritmalari.html"},
		{"tutarli karma", "dengeleme-algoritmalari.html"},
		{"sağlık denetimi", "yuk-dengeleyiciler.html"},
		{"saglik denetimi", "yuk-dengeleyiciler.html"},
	} {
		js := fmt.Sprintf(`(() => { const q = document.querySelector('form.search input'); q.value = %q;
  q.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, c.query)
		if _, err := eval[bool](tb, 5*time.Second, js); err != nil {
			t.Fatal(err)
		}
		var links []string
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			got, err := eval[[]string](tb, 5*time.Second, `[...document.querySelectorAll('.search-results a')].map(a => a.getAttribute('href'))`)
			if err != nil {
				t.Fatal(err)
			}
			if links = got; len(links) > 0 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		found := false
		for _, l := range links {
			found = found || strings.HasPrefix(l, c.want)
		}
		if !found {
			t.Errorf("search %q: results %q, none in %s", c.query, links, c.want)
		}
	}
	_ = chromedp.Void{}
}
