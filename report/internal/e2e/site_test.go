package e2e

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// moduleRootRel is the module root seen from this package's directory, which is
// the working directory of `go test`.
const moduleRootRel = "../../.."

// moduleRoot returns the absolute module root, checking that it is this module.
func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(moduleRootRel)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module lbcourse\n")) {
		t.Fatalf("%s is not the module root of lbcourse (go.mod: %v)", root, err)
	}
	return root
}

// outDir returns the built site, which must exist: out/ at the module root, or
// $E2E_OUT (to check a build elsewhere, as in `go run ./report build -out DIR`).
func outDir(t testing.TB) string {
	t.Helper()
	out := filepath.Join(moduleRoot(t), "out")
	if d := os.Getenv("E2E_OUT"); d != "" {
		var err error
		if out, err = filepath.Abs(d); err != nil {
			t.Fatal(err)
		}
	}
	if fi, err := os.Stat(filepath.Join(out, "index.html")); err != nil || fi.IsDir() {
		t.Fatalf("no built site in %s (run `go run ./report build`): %v", out, err)
	}
	return out
}

// siteLanguages returns the language codes of templates/site.yaml, in order; the
// first is the course's own language.
func siteLanguages(t testing.TB, templates string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(templates, "site.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var site struct {
		Languages []struct {
			Code string `yaml:"code"`
		} `yaml:"languages"`
	}
	if err := yaml.Unmarshal(b, &site); err != nil {
		t.Fatalf("site.yaml: %v", err)
	}
	var langs []string
	for _, l := range site.Languages {
		langs = append(langs, l.Code)
	}
	if len(langs) == 0 {
		t.Fatal("site.yaml lists no languages")
	}
	return langs
}

// sitePages lists every HTML page under out, as slash-separated paths relative to
// out, sorted.
func sitePages(t testing.TB, out string) []string {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".html") {
			return nil
		}
		rel, err := filepath.Rel(out, p)
		if err != nil {
			return err
		}
		pages = append(pages, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	if len(pages) == 0 {
		t.Fatalf("no HTML pages in %s", out)
	}
	return pages
}

// pageLang is the language a page must declare: its top folder, or the first
// language for a page at the root.
func pageLang(rel string, langs []string) (string, error) {
	dir, _, ok := strings.Cut(rel, "/")
	if !ok {
		return langs[0], nil
	}
	for _, l := range langs {
		if dir == l {
			return l, nil
		}
	}
	return "", fmt.Errorf("page %s is in folder %q, which is not a language of site.yaml %v", rel, dir, langs)
}

// ref is one URL-valued attribute of a page.
type ref struct {
	Elem, Attr, Value string
	Line              int
}

// langLink is a link of the language switch (nav.languages).
type langLink struct {
	Href, Hreflang string
	Line           int
}

// page is what the tests need from one HTML page.
type page struct {
	Lang      string         // <html lang>
	IDs       map[string]int // id attribute -> count
	Refs      []ref          // every href, src and srcset URL
	Switch    []langLink     // a[hreflang] inside nav.languages
	HasSwitch bool           // the page has a nav.languages
	Current   []string       // lang of the [aria-current=page] items of nav.languages
}

// parsePage reads an HTML page with encoding/xml in its HTML mode (non-strict,
// void elements auto-closed, HTML entities): the generator writes well-formed
// markup, and this keeps the test free of an HTML parser dependency.
func parsePage(data []byte) (*page, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	p := &page{IDs: map[string]int{}}
	navDepth, depth := 0, 0 // navDepth: depth of the open nav.languages, 0 if none
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		line, _ := d.InputPos()
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
			name := strings.ToLower(tok.Name.Local)
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				k := strings.ToLower(a.Name.Local)
				if a.Name.Space != "" {
					k = strings.ToLower(a.Name.Space) + ":" + k
				}
				attrs[k] = a.Value
			}
			if name == "html" {
				p.Lang = attrs["lang"]
			}
			if id, ok := attrs["id"]; ok {
				p.IDs[id]++
			}
			for _, k := range []string{"href", "src", "xlink:href", "poster"} {
				if v, ok := attrs[k]; ok {
					p.Refs = append(p.Refs, ref{name, k, v, line})
				}
			}
			if v, ok := attrs["srcset"]; ok {
				for _, c := range strings.Split(v, ",") {
					if f := strings.Fields(c); len(f) > 0 {
						p.Refs = append(p.Refs, ref{name, "srcset", f[0], line})
					}
				}
			}
			if name == "nav" && navDepth == 0 && hasClass(attrs["class"], "languages") {
				navDepth = depth
				p.HasSwitch = true
			}
			if navDepth > 0 {
				if hl, ok := attrs["hreflang"]; ok && name == "a" {
					p.Switch = append(p.Switch, langLink{attrs["href"], hl, line})
				}
				if attrs["aria-current"] == "page" {
					p.Current = append(p.Current, attrs["lang"])
				}
			}
		case xml.EndElement:
			if depth == navDepth {
				navDepth = 0
			}
			depth--
		}
	}
	return p, nil
}

func hasClass(list, class string) bool {
	for _, c := range strings.Fields(list) {
		if c == class {
			return true
		}
	}
	return false
}

// siteReader parses the pages of a built site once each.
type siteReader struct {
	out   string
	mu    sync.Mutex
	pages map[string]*page
	errs  map[string]error
}

func newSiteReader(out string) *siteReader {
	return &siteReader{out: out, pages: map[string]*page{}, errs: map[string]error{}}
}

// page returns the parsed page at rel (slash-separated, relative to out).
func (s *siteReader) page(rel string) (*page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.pages[rel]; ok {
		return p, s.errs[rel]
	}
	b, err := os.ReadFile(filepath.Join(s.out, filepath.FromSlash(rel)))
	var p *page
	if err == nil {
		p, err = parsePage(b)
		if err != nil {
			err = fmt.Errorf("%s: %v", rel, err)
		}
	}
	s.pages[rel], s.errs[rel] = p, err
	return p, err
}

// resolve maps a URL found on page rel to a file of the site. It returns
// internal=false for a URL that leaves the site (a scheme or a host), and an error
// for an internal URL that points outside out or at nothing.
func (s *siteReader) resolve(rel, raw string) (target, fragment string, internal bool, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", true, err
	}
	if u.Scheme != "" || u.Host != "" {
		return "", "", false, nil
	}
	fragment = u.Fragment
	if u.Path == "" {
		return rel, fragment, true, nil
	}
	var p string
	if strings.HasPrefix(u.Path, "/") {
		p = path.Clean(strings.TrimPrefix(u.Path, "/"))
	} else {
		p = path.Join(path.Dir(rel), u.Path)
	}
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", "", true, fmt.Errorf("%q points outside the site", raw)
	}
	if p == "." {
		p = ""
	}
	full := filepath.Join(s.out, filepath.FromSlash(p))
	fi, err := os.Stat(full)
	if err == nil && fi.IsDir() {
		p = path.Join(p, "index.html")
		full = filepath.Join(s.out, filepath.FromSlash(p))
		fi, err = os.Stat(full)
	}
	if err != nil {
		return "", "", true, fmt.Errorf("%q: no such file %s in the site", raw, p)
	}
	if fi.IsDir() {
		return "", "", true, fmt.Errorf("%q: %s is a directory without index.html", raw, p)
	}
	return p, fragment, true, nil
}
