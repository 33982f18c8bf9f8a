// Package site loads what templates/ configures: the languages, the
// translated terms, the bibliography, the glossary, the page layouts and
// the stylesheet.
package site

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/biblio"
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/glossary"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/yamldoc"
)

// A Lang is one language of the site.
type Lang struct {
	Code   string // BCP 47, also the folder under out/ and the lesson file name
	Name   string // the language's own name, for the switch
	Locale *numfmt.Locale
}

// Terms holds the translations of every term: row labels, column headings,
// units, series names and the page furniture. A key may contain * for one
// path element; {1} in its text is what * matched.
type Terms struct {
	File    string // where they are defined, for errors
	exact   map[string]map[string]string
	pattern []patternTerm
}

type patternTerm struct {
	key  string
	text map[string]string
}

// Lookup returns the text of term in lang.
func (t *Terms) Lookup(term, lang string) (string, bool) {
	if m, ok := t.exact[term]; ok {
		s, ok := m[lang]
		return s, ok
	}
	for _, p := range t.pattern {
		if arg, ok := matchPattern(p.key, term); ok {
			s, ok := p.text[lang]
			return strings.ReplaceAll(s, "{1}", arg), ok
		}
	}
	return "", false
}

// UI returns every page-furniture term (ui.KEY) in lang, keyed by KEY.
func (t *Terms) UI(lang string) map[string]string {
	out := map[string]string{}
	for k, m := range t.exact {
		if strings.HasPrefix(k, "ui.") {
			out[strings.TrimPrefix(k, "ui.")] = m[lang]
		}
	}
	return out
}

// Has reports whether term is defined in any language.
func (t *Terms) Has(term string) bool {
	if _, ok := t.exact[term]; ok {
		return true
	}
	for _, p := range t.pattern {
		if _, ok := matchPattern(p.key, term); ok {
			return true
		}
	}
	return false
}

func matchPattern(pattern, term string) (string, bool) {
	ps, ts := strings.Split(pattern, "."), strings.Split(term, ".")
	if len(ps) != len(ts) {
		return "", false
	}
	arg := ""
	for i := range ps {
		switch {
		case ps[i] == "*":
			arg = ts[i]
		case ps[i] != ts[i]:
			return "", false
		}
	}
	return arg, true
}

// Site is what templates/ configures: the languages in order and the terms.
type Site struct {
	Langs        []*Lang
	Terms        *Terms
	Bibliography *biblio.Bibliography
	Glossary     *glossary.Glossary
	// BaseURL is where the site is published, ending in "/", or "" when
	// site.yaml gives none; with it the build writes sitemap.xml and
	// absolute alternate links between the languages. Links between pages
	// stay relative either way.
	BaseURL string
}

// Load reads templates/site.yaml, terms.yaml, bibliography.yaml and
// glossary.yaml. Every key is checked; a problem is reported at its line.
func Load(dir string, errs *diag.List) *Site {
	s := &Site{Terms: &Terms{File: filepath.Join(dir, "terms.yaml"), exact: map[string]map[string]string{}}}
	siteFile := filepath.Join(dir, "site.yaml")
	s.Langs, s.BaseURL = loadLangs(siteFile, errs)
	if len(s.Langs) == 0 && errs.Len() == 0 {
		errs.AddFile(siteFile, "no languages")
	}
	s.loadTerms(errs)
	s.Bibliography = biblio.Load(filepath.Join(dir, "bibliography.yaml"), errs)
	s.Glossary = glossary.Load(filepath.Join(dir, "glossary.yaml"), langList(s.Langs), errs)
	return s
}

func langList(langs []*Lang) []string {
	var out []string
	for _, l := range langs {
		out = append(out, l.Code)
	}
	return out
}

// readYAML reads file and parses it as one YAML document, registering its
// text with errs. It returns the root node (nil for an empty document), the
// file's Text for positions, and false when the file could not be read or
// parsed, which it has reported: a syntax error at its line.
func readYAML(file string, errs *diag.List) (*yaml.Node, yamldoc.Text, bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		errs.AddFile(file, "%v", err)
		return nil, yamldoc.Text{}, false
	}
	errs.AddSource(file, src)
	t := yamldoc.FileText(src, 0)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		if line, msg := yamldoc.ErrorLine(err); line > 0 {
			errs.Add(file, t.Offset(line, 1), "%s", msg)
		} else {
			errs.AddFile(file, "%s", msg)
		}
		return nil, t, false
	}
	if len(doc.Content) == 0 {
		return nil, t, true
	}
	return doc.Content[0], t, true
}

// reporter returns a function reporting a formatted message at an offset
// of file.
func reporter(file string, errs *diag.List) func(int, string) {
	return func(off int, msg string) { errs.Add(file, off, "%s", msg) }
}

// loadLangs reads site.yaml, {languages: [{code: CODE, name: NAME}, ...]},
// and returns its languages in order, leaving out those in error.
func loadLangs(file string, errs *diag.List) (langs []*Lang, baseURL string) {
	root, t, ok := readYAML(file, errs)
	if !ok || root == nil {
		return nil, ""
	}
	report := reporter(file, errs)
	if root.Kind != yaml.MappingNode {
		report(t.At(root), "site: want a mapping with the key languages")
		return nil, ""
	}
	fs := yamldoc.Fields(root, "site", []string{"languages", "base_url"}, t.At, report)
	if f, ok := fs["base_url"]; ok {
		baseURL = parseBaseURL(f.Value, t, report)
	}
	list, ok := fs["languages"]
	if !ok {
		return nil, baseURL
	}
	if list.Value.Kind != yaml.SequenceNode {
		report(t.At(list.Value), "site: languages must be a list of {code: ..., name: ...}")
		return nil, baseURL
	}
	for _, n := range list.Value.Content {
		if l := parseLang(n, t, report); l != nil {
			langs = append(langs, l)
		}
	}
	return langs, baseURL
}

// parseBaseURL reads base_url: an absolute http(s) URL without query or
// fragment; the result ends in "/".
func parseBaseURL(n *yaml.Node, t yamldoc.Text, report func(int, string)) string {
	u, err := url.Parse(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		report(t.At(n), fmt.Sprintf("site: base_url %q: want an absolute http or https URL such as https://example.org/course/", n.Value))
		return ""
	}
	return strings.TrimSuffix(u.String(), "/") + "/"
}

// parseLang reads one language of site.yaml, {code: CODE, name: NAME}; it
// returns nil, reported, when the code is missing, not text or not a
// language numfmt knows.
func parseLang(n *yaml.Node, t yamldoc.Text, report func(int, string)) *Lang {
	if n.Kind != yaml.MappingNode {
		report(t.At(n), "site: a language is {code: ..., name: ...}")
		return nil
	}
	fs := yamldoc.Fields(n, "language", []string{"code", "name"}, t.At, report)
	text := func(key string) (string, bool) {
		f, ok := fs[key]
		if !ok {
			return "", true
		}
		var s string
		if f.Value.Kind != yaml.ScalarNode || f.Value.Decode(&s) != nil {
			report(t.At(f.Value), "language: "+key+" must be text")
			return "", false
		}
		return s, true
	}
	code, okCode := text("code")
	name, okName := text("name")
	c, ok := fs["code"]
	if !ok {
		report(t.At(n), `language: missing key "code"`)
	}
	if !ok || !okCode || !okName {
		return nil
	}
	loc, err := numfmt.NewLocale(code)
	if err != nil {
		report(t.At(c.Value), fmt.Sprintf("language %q: %v", code, err))
		return nil
	}
	return &Lang{Code: code, Name: name, Locale: loc}
}

// loadTerms reads terms.yaml, {TERM: {LANG: text, ...}, ...}: each term
// once, with text for each language of the site, once, and no other
// language. With no languages (site.yaml in error) any language is taken.
func (s *Site) loadTerms(errs *diag.List) {
	file := s.Terms.File
	m, t, ok := readYAML(file, errs)
	if !ok {
		return
	}
	if m == nil || m.Kind != yaml.MappingNode {
		errs.AddFile(file, "want a mapping from term to {LANG: text}")
		return
	}
	report := reporter(file, errs)
	var codes []string // nil admits every key
	for _, l := range s.Langs {
		codes = append(codes, l.Code)
	}
	terms := yamldoc.Fields(m, "terms", nil, t.At, report)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if terms[k.Value].Key != k {
			continue // given twice
		}
		if v.Kind != yaml.MappingNode {
			report(t.At(v), fmt.Sprintf("term %q: want {LANG: text, ...}", k.Value))
			continue
		}
		text := map[string]string{}
		for code, f := range yamldoc.Fields(v, fmt.Sprintf("term %q", k.Value), codes, t.At, report) {
			if f.Value.Kind != yaml.ScalarNode {
				report(t.At(f.Value), fmt.Sprintf("term %q: %s must be text", k.Value, code))
			}
			text[code] = f.Value.Value
		}
		for _, code := range codes {
			if _, ok := text[code]; !ok {
				report(t.At(k), fmt.Sprintf("term %q has no %s translation", k.Value, code))
			}
		}
		if strings.Contains(k.Value, "*") {
			s.Terms.pattern = append(s.Terms.pattern, patternTerm{k.Value, text})
		} else {
			s.Terms.exact[k.Value] = text
		}
	}
}

// Lang returns the language of code, or nil.
func (s *Site) Lang(code string) *Lang {
	for _, l := range s.Langs {
		if l.Code == code {
			return l
		}
	}
	return nil
}
