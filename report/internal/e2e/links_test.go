package e2e

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSiteLinks checks the built site in out/ without a browser: links and
// anchors, the declared language of each page, and the language switch.
func TestSiteLinks(t *testing.T) {
	root := moduleRoot(t)
	out := outDir(t)
	langs := siteLanguages(t, filepath.Join(root, "templates"))
	pages := sitePages(t, out)
	t.Logf("%d pages: %s", len(pages), strings.Join(pages, " "))
	c := &siteCheck{site: newSiteReader(out), pages: pages, langs: langs}
	for _, check := range c.checks() {
		t.Run(check.name, func(t *testing.T) {
			for _, p := range check.run() {
				t.Error(p)
			}
		})
	}
	t.Logf("checked %d internal links, %d of them with an anchor", c.links, c.anchors)
	if c.links == 0 {
		t.Error("found no internal link on any page: the parser is broken")
	}
}

// TestSiteLinksCatchesBreakage runs the checks of TestSiteLinks on a small site
// with one mistake of each kind, so a check that stops finding anything fails.
func TestSiteLinksCatchesBreakage(t *testing.T) {
	out := t.TempDir()
	files := map[string]string{
		"index.html": `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="style.css"></head><body>
<a href="tr/index.html" hreflang="tr">tr</a> <a href="https://example.com/">ext</a></body></html>`,
		"tr/index.html": `<!DOCTYPE html><html lang="tr"><head><meta charset="utf-8"><link rel="stylesheet" href="../style.css"></head><body>
<nav class="languages"><ul><li><span aria-current="page" lang="tr">Türkçe</span></li><li><a href="../en/index.html" hreflang="en">English</a></li></ul></nav>
<a href="a.html#yok">a</a> <a href="b.html">b</a></body></html>`,
		"tr/a.html": `<!DOCTYPE html><html lang="tr"><head></head><body>
<nav class="languages"><ul><li><span aria-current="page" lang="tr">Türkçe</span></li><li><a href="../en/a.html" hreflang="en">English</a></li></ul></nav>
<p id="x">x</p><p id="x">again</p><a href="#var">to nothing</a><img src="fig/none.svg" alt=""><a href="../../up.html">up</a></body></html>`,
		"en/index.html": `<!DOCTYPE html><html lang="en"><head></head><body>
<nav class="languages"><ul><li><a href="../tr/index.html" hreflang="tr">Türkçe</a></li><li><span aria-current="page" lang="en">English</span></li></ul></nav>
</body></html>`,
		"en/a.html": `<!DOCTYPE html><html lang="tr"><head></head><body>
<nav class="languages"><ul><li><a href="../tr/index.html" hreflang="tr">Türkçe</a></li><li><span aria-current="page" lang="en">English</span></li></ul></nav>
</body></html>`,
		"en/extra.html": `<!DOCTYPE html><html lang="en"><head></head><body><p>no switch</p></body></html>`,
		"style.css":     `body{}`,
	}
	for name, body := range files {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := &siteCheck{site: newSiteReader(out), pages: sitePages(t, out), langs: []string{"tr", "en"}}
	var got []string
	for _, check := range c.checks() {
		for _, p := range check.run() {
			got = append(got, check.name+": "+p)
		}
	}
	want := []string{
		`pages-per-language: out/en has 3 pages, out/tr has 2`,
		`links-and-anchors: tr/index.html:3: <a href="a.html#yok">: tr/a.html has no element with id "yok"`,
		`links-and-anchors: tr/index.html:3: <a href="b.html">: "b.html": no such file tr/b.html`,
		`links-and-anchors: tr/a.html: id "x" appears 2 times`,
		`links-and-anchors: tr/a.html:3: <a href="#var">: tr/a.html has no element with id "var"`,
		`links-and-anchors: tr/a.html:3: <img src="fig/none.svg">: "fig/none.svg": no such file tr/fig/none.svg`,
		`links-and-anchors: tr/a.html:3: <a href="../../up.html">: "../../up.html" points outside the site`,
		`html-lang: index.html: <html lang="en">, want "tr"`,
		`html-lang: en/a.html: <html lang="tr">, want "en"`,
		`language-switch: en/a.html:2: language switch to tr (../tr/index.html): leads to tr/index.html, whose switch back to en leads to "en/index.html"`,
		`language-switch: tr/a.html:2: language switch to en (../en/a.html): leads to en/a.html, whose <html lang="tr">`,
		`language-switch: en/extra.html: no nav.languages`,
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			if strings.HasPrefix(g, w) {
				found = true
			}
		}
		if !found {
			t.Errorf("the checks did not report\n\t%s", w)
		}
	}
	if t.Failed() {
		t.Logf("they reported:\n\t%s", strings.Join(got, "\n\t"))
	}
}

// siteCheck holds the checks of TestSiteLinks over one built site.
type siteCheck struct {
	site           *siteReader
	pages, langs   []string
	links, anchors int
}

type namedCheck struct {
	name string
	run  func() []string
}

func (c *siteCheck) checks() []namedCheck {
	return []namedCheck{
		{"pages-per-language", c.pagesPerLanguage},
		{"links-and-anchors", c.linksAndAnchors},
		{"html-lang", c.htmlLang},
		{"language-switch", c.languageSwitch},
	}
}

// pagesPerLanguage: every language has pages, and all have as many as the first.
func (c *siteCheck) pagesPerLanguage() (problems []string) {
	byLang := map[string][]string{}
	for _, rel := range c.pages {
		if dir, _, ok := strings.Cut(rel, "/"); ok {
			byLang[dir] = append(byLang[dir], rel)
		}
	}
	first := c.langs[0]
	for _, l := range c.langs {
		if len(byLang[l]) == 0 {
			problems = append(problems, fmt.Sprintf("language %s (site.yaml) has no pages in out/%s/", l, l))
			continue
		}
		if n, n0 := len(byLang[l]), len(byLang[first]); n != n0 {
			problems = append(problems, fmt.Sprintf("out/%s has %d pages, out/%s has %d:\n\t%s: %s\n\t%s: %s",
				l, n, first, n0, l, strings.Join(byLang[l], " "), first, strings.Join(byLang[first], " ")))
		}
	}
	return problems
}

// linksAndAnchors: every internal href/src resolves to a file of the site, every
// #anchor to an element id of its page, and no id is used twice on a page.
func (c *siteCheck) linksAndAnchors() (problems []string) {
	for _, rel := range c.pages {
		p, err := c.site.page(rel)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		var dup []string
		for id, n := range p.IDs {
			if n > 1 {
				dup = append(dup, fmt.Sprintf("%s: id %q appears %d times", rel, id, n))
			}
		}
		slices.Sort(dup)
		problems = append(problems, dup...)
		for _, r := range p.Refs {
			at := fmt.Sprintf("%s:%d: <%s %s=%q>", rel, r.Line, r.Elem, r.Attr, r.Value)
			target, frag, internal, err := c.site.resolve(rel, r.Value)
			if !internal {
				continue
			}
			c.links++
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", at, err))
				continue
			}
			if frag == "" {
				continue
			}
			c.anchors++
			if !strings.HasSuffix(target, ".html") {
				problems = append(problems, fmt.Sprintf("%s: anchor #%s on %s, which is not a page", at, frag, target))
				continue
			}
			tp, err := c.site.page(target)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", at, err))
				continue
			}
			if tp.IDs[frag] == 0 {
				problems = append(problems, fmt.Sprintf("%s: %s has no element with id %q", at, target, frag))
			}
		}
	}
	return problems
}

// htmlLang: <html lang> is the page's folder, or the first language at the root.
func (c *siteCheck) htmlLang() (problems []string) {
	for _, rel := range c.pages {
		want, err := pageLang(rel, c.langs)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		p, err := c.site.page(rel)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if p.Lang != want {
			problems = append(problems, fmt.Sprintf("%s: <html lang=%q>, want %q", rel, p.Lang, want))
		}
	}
	return problems
}

// languageSwitch: every page in a language folder has a nav.languages that marks
// its own language as current and links once to each other language; each link
// leads to a page of that language whose switch leads back to this page.
func (c *siteCheck) languageSwitch() (problems []string) {
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for _, rel := range c.pages {
		if !strings.Contains(rel, "/") {
			continue // the root chooser has no switch
		}
		lang, err := pageLang(rel, c.langs)
		if err != nil {
			continue // reported by html-lang
		}
		p, err := c.site.page(rel)
		if err != nil {
			add("%v", err)
			continue
		}
		if !p.HasSwitch {
			add("%s: no nav.languages", rel)
			continue
		}
		if !slices.Equal(p.Current, []string{lang}) {
			add("%s: nav.languages marks %q as the current language (aria-current=page), want [%s]", rel, p.Current, lang)
		}
		seen := map[string]bool{}
		for _, l := range p.Switch {
			at := fmt.Sprintf("%s:%d: language switch to %s (%s)", rel, l.Line, l.Hreflang, l.Href)
			if seen[l.Hreflang] {
				add("%s: a second link for %s", at, l.Hreflang)
			}
			seen[l.Hreflang] = true
			if l.Hreflang == lang {
				add("%s: links to the page's own language", at)
			}
			target, _, internal, err := c.site.resolve(rel, l.Href)
			if !internal || err != nil {
				add("%s: does not lead to a page of the site (%v)", at, err)
				continue
			}
			if dir, _, _ := strings.Cut(target, "/"); dir != l.Hreflang {
				add("%s: leads to %s, outside out/%s/", at, target, l.Hreflang)
			}
			tp, err := c.site.page(target)
			if err != nil {
				add("%s: %v", at, err)
				continue
			}
			if tp.Lang != l.Hreflang {
				add("%s: leads to %s, whose <html lang=%q>", at, target, tp.Lang)
			}
			back := 0
			for _, bl := range tp.Switch {
				if bl.Hreflang != lang {
					continue
				}
				back++
				if b, _, _, err := c.site.resolve(target, bl.Href); err != nil || path.Clean(b) != rel {
					add("%s: leads to %s, whose switch back to %s leads to %q (%v), not to %s", at, target, lang, b, err, rel)
				}
			}
			if back == 0 {
				add("%s: leads to %s, which has no switch back to %s", at, target, lang)
			}
		}
		for _, l := range c.langs {
			if l != lang && !seen[l] {
				add("%s: the language switch has no link to %s", rel, l)
			}
		}
	}
	return problems
}
