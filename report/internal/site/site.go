// Package site loads what templates/ configures: the languages, the
// translated terms, the page layouts and the stylesheet.
package site

import (
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
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
	Langs []*Lang
	Terms *Terms
}

// Load reads templates/site.yaml and templates/terms.yaml.
func Load(dir string, errs *diag.List) *Site {
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
	} else if err := yamldoc.DecodeStrict(src, &cfg); err != nil {
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
	s.Terms.File = termFile
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
	off := yamldoc.LineOffsets(src)
	at := func(n *yaml.Node) int { return yamldoc.NodeOffset(src, off, n) }
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
			if s.Lang(lk.Value) == nil {
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

// Lang returns the language of code, or nil.
func (s *Site) Lang(code string) *Lang {
	for _, l := range s.Langs {
		if l.Code == code {
			return l
		}
	}
	return nil
}
