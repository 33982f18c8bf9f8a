package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeRel is axe-core's browser bundle, installed by `npm ci` from package.json.
var axeRel = filepath.Join(moduleRootRel, "node_modules", "axe-core", "axe.min.js")

// failingImpacts are the axe impacts that fail the test; the others are logged.
var failingImpacts = map[string]bool{"serious": true, "critical": true}

type axeViolation struct {
	ID      string    `json:"id"`
	Impact  string    `json:"impact"`
	Help    string    `json:"help"`
	HelpURL string    `json:"helpUrl"`
	Nodes   []axeNode `json:"nodes"`
}

type axeNode struct {
	Target  string `json:"target"`
	Context string `json:"context"` // the figure holding the node, if any
	HTML    string `json:"html"`
	Summary string `json:"summary"`
}

// axeRunJS runs axe on the whole document and keeps what a report needs. A
// target is a list of selectors, one per frame or shadow root.
const axeRunJS = `axe.run(document, window.__only ? {resultTypes: ['violations'], runOnly: {type: 'rule', values: ['color-contrast']}}
  : {resultTypes: ['violations'], rules: {'color-contrast': {enabled: window.__contrast !== false}}}).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact || '', help: v.help, helpUrl: v.helpUrl,
  nodes: v.nodes.map(n => ({
    target: n.target.map(t => Array.isArray(t) ? t.join(' >>> ') : String(t)).join(' | '),
    context: (() => {
      const el = n.target.length === 1 && typeof n.target[0] === 'string' ? document.querySelector(n.target[0]) : null;
      const fig = el && el.closest('figure');
      if (!fig) return '';
      const cap = fig.querySelector('figcaption, caption');
      const text = cap ? cap.textContent.trim().replace(/\s+/g, ' ') : '';
      return 'figure' + (fig.id ? '#' + fig.id : '') + '.' + [...fig.classList].join('.') +
        (text ? ' "' + text.slice(0, 50) + (text.length > 50 ? '…' : '') + '"' : '');
    })(),
    html: n.html.length > 160 ? n.html.slice(0, 160) + '…' : n.html,
    summary: (n.failureSummary || '').replace(/\s+/g, ' ').trim(),
  })),
})))`

// openDetailsJS opens every <details>, as a reader who wants the data would,
// but a model's list of outputs: hundreds of rows of one table, the same
// markup as its parameters' table, which is checked open.
const openDetailsJS = `(() => { for (const d of document.querySelectorAll('details:not(.outputs)')) d.open = true; return true; })()`

// A pass is one run of axe on a page: a width, a colour scheme, and which
// rules run. The colour-contrast rule is the slowest and colours do not
// change with the width, so it runs at one width per scheme; the other rules
// read the document's structure, which the scheme does not change, so they
// run in one scheme at both widths.
type pass struct {
	vp       viewport
	scheme   string
	contrast bool // the colour-contrast rule runs
	only     bool // only the colour-contrast rule runs
}

func (p pass) String() string { return p.vp.name + " " + p.scheme }

var axePasses = []pass{
	{viewports[0], "light", false, false}, {viewports[1], "light", true, false},
	{viewports[1], "dark", true, true},
}

// TestAccessibility runs axe-core on every page of the built site, at the
// phone and the desktop width, in the light and the dark colour scheme (see
// axePasses), with every <details> opened, and fails on each violation of
// impact serious or critical; the others are logged.
func TestAccessibility(t *testing.T) {
	t.Parallel() // reads out/ only; the browser is shared
	out := outDir(t)
	inject := axeScript(t)

	pages := sitePages(t, out)
	base := serveSite(t, out)
	browser(t)
	for _, rel := range pages {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t)
			var found []*foundViolation
			byID := map[string]*foundViolation{}
			for i, ps := range axePasses {
				vs, err := runAxe(tb, base+"/"+rel, ps, inject, i == 0)
				if err != nil {
					t.Fatalf("%s at %s: %v", rel, ps, err)
				}
				for _, v := range vs {
					f := byID[v.ID]
					if f == nil {
						f = &foundViolation{axeViolation: v, seen: map[string][]string{}}
						f.Nodes = nil
						byID[v.ID] = f
						found = append(found, f)
					}
					f.widths = append(f.widths, ps.String())
					for _, n := range v.Nodes {
						if f.seen[n.Target] == nil {
							f.Nodes = append(f.Nodes, n)
						}
						f.seen[n.Target] = append(f.seen[n.Target], ps.String())
					}
				}
			}
			for _, f := range found {
				msg := formatViolation(rel, f)
				if failingImpacts[f.Impact] {
					t.Error(msg)
				} else {
					t.Log(msg)
				}
			}
		})
	}
}

// foundViolation is one axe rule's violations on a page, over the widths.
type foundViolation struct {
	axeViolation
	widths []string
	seen   map[string][]string // node target -> widths it was found at
}

// Deadlines of one axe pass. They catch a hung browser, not a slow one:
// on two busy cores several pages' axe runs share the processors, and a
// lesson page with its figures and open <details> takes minutes of CPU.
const (
	stepDeadline = time.Minute
	axeDeadline  = 5 * time.Minute
)

// runAxe runs axe on url at the pass's viewport and colour scheme, with the
// <details> open. With fresh set it loads the page and injects axe-core;
// otherwise it changes the emulated width and scheme of the page already
// loaded (the same document, laid out again), which saves a load and an
// injection per pass.
func runAxe(tb *tab, url string, ps pass, inject string, fresh bool) ([]axeViolation, error) {
	scheme := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: ps.scheme}}})
		return err
	})
	if err := tb.run(stepDeadline, scheme); err != nil {
		return nil, fmt.Errorf("emulating the %s scheme: %v", ps.scheme, err)
	}
	if fresh {
		if err := ps.vp.load(tb, url); err != nil {
			return nil, err
		}
		if _, err := eval[bool](tb, stepDeadline, openDetailsJS); err != nil {
			return nil, fmt.Errorf("opening <details>: %v", err)
		}
	} else if err := tb.run(stepDeadline, ps.vp.emulate()); err != nil {
		return nil, fmt.Errorf("emulating %s width: %v", ps.vp.name, err)
	}
	if _, err := eval[bool](tb, stepDeadline, fmt.Sprintf("window.__contrast = %v; window.__only = %v; true", ps.contrast, ps.only)); err != nil {
		return nil, err
	}
	if _, err := eval[bool](tb, stepDeadline, settleJS); err != nil {
		return nil, fmt.Errorf("waiting for layout: %v", err)
	}
	if fresh {
		if _, err := eval[bool](tb, stepDeadline, inject); err != nil {
			return nil, fmt.Errorf("injecting axe-core: %v", err)
		}
	}
	vs, err := eval[[]axeViolation](tb, axeDeadline, axeRunJS)
	if err != nil {
		return nil, fmt.Errorf("axe.run: %v", err)
	}
	tb.rec.take() // console and network are TestBrowserPages' business
	return vs, nil
}

// maxNodesShown bounds the nodes listed per violation (a colour rule can match
// every line number of a code listing).
const maxNodesShown = 6

func formatViolation(rel string, f *foundViolation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: axe %s (%s) at %s, %d nodes: %s\n\t%s",
		rel, f.ID, f.Impact, strings.Join(f.widths, " and "), len(f.Nodes), f.Help, f.HelpURL)
	for i, n := range f.Nodes {
		if i == maxNodesShown && len(f.Nodes) > maxNodesShown+1 {
			fmt.Fprintf(&b, "\n\t- … and %d more nodes", len(f.Nodes)-i)
			break
		}
		fmt.Fprintf(&b, "\n\t- %s", n.Target)
		if w := f.seen[n.Target]; len(w) < len(f.widths) {
			fmt.Fprintf(&b, " (at %s only)", strings.Join(w, " and "))
		}
		if n.Context != "" {
			fmt.Fprintf(&b, "\n\t  in %s", n.Context)
		}
		fmt.Fprintf(&b, "\n\t  %s", n.HTML)
		if n.Summary != "" {
			fmt.Fprintf(&b, "\n\t  %s", n.Summary)
		}
	}
	return b.String()
}

// axeScript returns axe-core's bundle, ready to evaluate in a page: as a classic
// script the UMD bundle sets window.axe, and the trailing expression keeps its
// (non-serialisable) completion value out of the reply.
func axeScript(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(axeRel)
	if err != nil {
		t.Fatalf("axe-core is not installed (%v): run `npm ci` at the module root (package.json pins axe-core; `bash .ci/run` does it too)", err)
	}
	var pkg struct{ Version string }
	if b, err := os.ReadFile(filepath.Join(filepath.Dir(axeRel), "package.json")); err == nil {
		_ = json.Unmarshal(b, &pkg)
	}
	t.Logf("axe-core %s", pkg.Version)
	return string(src) + "\n;true"
}

// TestAccessibilityCatchesBreakage runs the axe step of TestAccessibility on a
// page with known violations, so a broken injection or filter fails.
func TestAccessibilityCatchesBreakage(t *testing.T) {
	inject := axeScript(t)
	dir := t.TempDir()
	bad := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>bad</title></head><body><main>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<details><summary>data</summary><a href="#x" style="color:#eee;background:#fff">faint link</a></details>
</main></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "bad.html"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	base := serveSite(t, dir)
	tb := newTab(t)
	vs, err := runAxe(tb, base+"/bad.html", pass{viewports[0], "light", true, false}, inject, true)
	if err != nil {
		t.Fatal(err)
	}
	impact := map[string]string{}
	for _, v := range vs {
		impact[v.ID] = v.Impact
	}
	for id, want := range map[string]string{
		"image-alt":      "critical",
		"html-has-lang":  "serious",
		"color-contrast": "serious", // inside <details>: runAxe opens them
	} {
		if impact[id] != want || !failingImpacts[want] {
			t.Errorf("axe on the bad page: %s has impact %q, want %q (failing); found %v", id, impact[id], want, impact)
		}
	}
}
