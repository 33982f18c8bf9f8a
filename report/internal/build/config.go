package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/numfmt"
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
	file    string
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
	Langs []*Lang
	Terms *Terms
}

// loadSite reads templates/site.yaml and templates/terms.yaml.
func loadSite(dir string, errs *diag.List) *Site {
	s := &Site{Terms: &Terms{exact: map[string]map[string]string{}}}
	siteFile := filepath.Join(dir, "site.yaml")
	var cfg struct {
		Languages []struct {
			Code string `yaml:"code"`
			Name string `yaml:"name"`
		} `yaml:"languages"`
	}
	if src, err := os.ReadFile(siteFile); err != nil {
		errs.AddFile(siteFile, "%v", err)
	} else if err := decodeStrict(src, &cfg); err != nil {
		errs.AddFile(siteFile, "%v", err)
	}
	for _, l := range cfg.Languages {
		loc, err := numfmt.NewLocale(l.Code)
		if err != nil {
			errs.AddFile(siteFile, "language %q: %v", l.Code, err)
			continue
		}
		s.Langs = append(s.Langs, &Lang{Code: l.Code, Name: l.Name, Locale: loc})
	}
	if len(s.Langs) == 0 && errs.Len() == 0 {
		errs.AddFile(siteFile, "no languages")
	}

	termFile := filepath.Join(dir, "terms.yaml")
	s.Terms.file = termFile
	src, err := os.ReadFile(termFile)
	if err != nil {
		errs.AddFile(termFile, "%v", err)
		return s
	}
	errs.AddSource(termFile, src)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		errs.AddFile(termFile, "%v", err)
		return s
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		errs.AddFile(termFile, "want a mapping from term to {LANG: text}")
		return s
	}
	m := doc.Content[0]
	off := lineOffsets(src)
	at := func(n *yaml.Node) int { return nodeOffset(src, off, n) }
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if _, dup := s.Terms.exact[k.Value]; dup {
			errs.Add(termFile, at(k), "term %q defined twice", k.Value)
			continue
		}
		text := map[string]string{}
		if v.Kind != yaml.MappingNode {
			errs.Add(termFile, at(v), "term %q: want {LANG: text, ...}", k.Value)
			continue
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			lk, lv := v.Content[j], v.Content[j+1]
			if s.lang(lk.Value) == nil {
				errs.Add(termFile, at(lk), "term %q: unknown language %q", k.Value, lk.Value)
			}
			text[lk.Value] = lv.Value
		}
		for _, l := range s.Langs {
			if _, ok := text[l.Code]; !ok {
				errs.Add(termFile, at(k), "term %q has no %s translation", k.Value, l.Code)
			}
		}
		if strings.Contains(k.Value, "*") {
			s.Terms.pattern = append(s.Terms.pattern, patternTerm{k.Value, text})
		} else {
			s.Terms.exact[k.Value] = text
		}
	}
	return s
}

func (s *Site) lang(code string) *Lang {
	for _, l := range s.Langs {
		if l.Code == code {
			return l
		}
	}
	return nil
}

func decodeStrict(src []byte, v any) error {
	d := yaml.NewDecoder(strings.NewReader(string(src)))
	d.KnownFields(true)
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return nil
}

// lineOffsets returns the byte offset of the start of each line of src.
func lineOffsets(src []byte) []int {
	offs := []int{0}
	for i, c := range src {
		if c == '\n' {
			offs = append(offs, i+1)
		}
	}
	return offs
}

// nodeOffset turns a YAML node's line and column (which counts runes) into
// a byte offset of src, the text it was parsed from; lines are src's line
// offsets.
func nodeOffset(src []byte, lines []int, n *yaml.Node) int {
	if n.Line < 1 || n.Line > len(lines) {
		return 0
	}
	off := lines[n.Line-1]
	for i := 1; i < n.Column && off < len(src) && src[off] != '\n'; i++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	return off
}
