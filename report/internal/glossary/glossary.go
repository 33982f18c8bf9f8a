// Package glossary reads templates/glossary.yaml, the course's technical
// terms: one entry per concept, keyed by a stable ASCII key, with the term
// and its definition in every language of the site.
//
//	hash:
//	  tr: {term: "karma", def: "Bir anahtarı sabit genişlikte bir sayıya eşleyen ..."}
//	  en: {term: "hash", def: "A deterministic function from a key to ..."}
//
// Every entry has every language, each with a non-empty term and def, and
// no other key; within a language no two entries share a term, so that the
// course keeps one term per concept. Every problem is reported at its line
// as file:line:col: message.
package glossary

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/cases"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/yamldoc"
)

// An Entry is one concept: its term and definition in each language.
type Entry struct {
	Key   string
	Terms map[string]string // by language code
	Defs  map[string]string // by language code
	Off   int               // byte offset of the key in the file
}

// Glossary is the entries of one file, by key.
type Glossary struct {
	File    string
	langs   []string
	entries map[string]*Entry
	keys    []string
}

var (
	// keyRE is the form of a key, the one [[KEY]] in a lesson accepts.
	keyRE  = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	langRE = regexp.MustCompile(`^[a-z]{2,3}$`)
)

var langKeys = []string{"term", "def"}

// Load reads file and parses it (see Parse); a file that cannot be read is
// reported as a whole and gives an empty glossary.
func Load(file string, langs []string, errs *diag.List) *Glossary {
	src, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		src, err = nil, nil // a course without one: a citation or term is an error where it is written
	}
	if err != nil {
		errs.AddFile(file, "%v", err)
		return &Glossary{File: file, langs: slices.Clone(langs), entries: map[string]*Entry{}}
	}
	return Parse(file, src, langs, errs)
}

// Parse reads src, the content of file, registering it with errs. langs
// are the site's languages: each entry must have each of them and no
// other. With no languages (site.yaml in error) any language code is
// taken and none is required. Every problem is reported at its offset: a
// YAML syntax error, a bad key (lower-case letters, digits, _ and -,
// starting with a letter), a key given twice, a missing or unknown
// language, a missing, unknown or empty term or def, and a term another
// entry already has in that language. An entry with a bad key is left
// out; any other entry is kept with what could be read, so that a use of
// it is not reported a second time.
func Parse(file string, src []byte, langs []string, errs *diag.List) (g *Glossary) {
	g = &Glossary{File: file, langs: slices.Clone(langs), entries: map[string]*Entry{}}
	errs.AddSource(file, src)
	defer diag.RecoverAt(errs, file, -1, "reading the glossary")
	report := func(off int, msg string) { errs.Add(file, off, "%s", msg) }
	t := yamldoc.FileText(src, 0)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		if line, msg := yamldoc.ErrorLine(err); line > 0 {
			report(t.Offset(line, 1), msg)
		} else {
			errs.AddFile(file, "%s", msg)
		}
		return g
	}
	if len(doc.Content) == 0 {
		return g
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		report(t.At(root), "glossary: want a mapping from key to {LANG: {term: ..., def: ...}, ...}")
		return g
	}
	var allowed []string // nil admits every language
	if len(langs) > 0 {
		allowed = langs
	}
	// owner[lang][folded term] is the key of the entry that has the term.
	owner := map[string]map[string]string{}
	fields := yamldoc.Fields(root, "glossary", nil, t.At, report)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if fields[k.Value].Key != k {
			continue // given twice
		}
		if k.Kind != yaml.ScalarNode || !keyRE.MatchString(k.Value) {
			report(t.At(k), fmt.Sprintf("glossary: bad key %q: a key is lower-case letters, digits, _ and -, starting with a letter, as in consistent_hashing", k.Value))
			continue
		}
		e := parseEntry(k, v, allowed, t, report)
		g.entries[e.Key] = e
		g.keys = append(g.keys, e.Key)
		// A term met a second time in a language is reported at the later
		// entry's term, in the file's order.
		seen := map[string]bool{}
		for j := 0; j+1 < len(v.Content) && v.Kind == yaml.MappingNode; j += 2 {
			lang := v.Content[j].Value
			term, ok := e.Terms[lang]
			if !ok || seen[lang] {
				continue
			}
			seen[lang] = true
			folded := fold(lang, term)
			if owner[lang] == nil {
				owner[lang] = map[string]string{}
			}
			if first, dup := owner[lang][folded]; dup {
				report(termOff(v.Content[j+1], t), fmt.Sprintf("glossary entry %q: %s term %q is already the term of %q: one term per concept", e.Key, lang, term, first))
				continue
			}
			owner[lang][folded] = e.Key
		}
	}
	slices.Sort(g.keys)
	return g
}

// termOff returns the offset of the term's value in a language's mapping
// n, or of n.
func termOff(n *yaml.Node, t yamldoc.Text) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "term" {
			return t.At(n.Content[i+1])
		}
	}
	return t.At(n)
}

// fold returns term as compared for sameness in lang: case folded by the
// language's rules, white space collapsed.
func fold(lang, term string) string {
	tag, err := language.Parse(lang)
	if err != nil {
		tag = language.Und
	}
	return cases.Lower(tag).String(strings.Join(strings.Fields(term), " "))
}

// parseEntry reads the languages of the entry with key node k and value v.
func parseEntry(k, v *yaml.Node, allowed []string, t yamldoc.Text, report func(int, string)) *Entry {
	e := &Entry{Key: k.Value, Terms: map[string]string{}, Defs: map[string]string{}, Off: t.At(k)}
	what := fmt.Sprintf("glossary entry %q", e.Key)
	if v.Kind != yaml.MappingNode {
		report(t.At(v), what+": want {LANG: {term: ..., def: ...}, ...}")
		return e
	}
	fs := yamldoc.Fields(v, what, allowed, t.At, report)
	for i := 0; i+1 < len(v.Content); i += 2 {
		lk, lv := v.Content[i], v.Content[i+1]
		if f, ok := fs[lk.Value]; !ok || f.Key != lk {
			continue // given twice or not a language of the site
		}
		lang := lk.Value
		if lk.Kind != yaml.ScalarNode || !langRE.MatchString(lang) {
			report(t.At(lk), fmt.Sprintf("%s: bad language %q: want a language code such as tr or en", what, lang))
			continue
		}
		lwhat := what + ", " + lang
		if lv.Kind != yaml.MappingNode {
			report(t.At(lv), lwhat+": want {term: ..., def: ...}")
			continue
		}
		lfs := yamldoc.Fields(lv, lwhat, langKeys, t.At, report)
		for _, name := range langKeys {
			f, ok := lfs[name]
			if !ok {
				report(t.At(lk), fmt.Sprintf("%s: missing key %q", lwhat, name))
				continue
			}
			s, ok := scalarText(f.Value)
			if !ok {
				report(t.At(f.Value), fmt.Sprintf("%s: %s must be non-empty text", lwhat, name))
				continue
			}
			if name == "term" {
				e.Terms[lang] = s
			} else {
				e.Defs[lang] = s
			}
		}
	}
	for _, lang := range allowed {
		if _, ok := fs[lang]; !ok {
			report(t.At(k), fmt.Sprintf("%s: missing language %q", what, lang))
		}
	}
	return e
}

// scalarText returns the text of scalar node n with its white space
// collapsed to single spaces, and false when n is not a scalar or is
// empty.
func scalarText(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", false
	}
	s := strings.Join(strings.Fields(n.Value), " ")
	return s, s != ""
}

// Lookup returns the entry of key.
func (g *Glossary) Lookup(key string) (*Entry, bool) {
	e, ok := g.entries[key]
	return e, ok
}

// Keys returns every key, sorted.
func (g *Glossary) Keys() []string { return slices.Clone(g.keys) }

// Langs returns the languages the glossary was read for.
func (g *Glossary) Langs() []string { return slices.Clone(g.langs) }

// Sorted returns the entries in the alphabetical order of their terms in
// lang, by that language's collation (Turkish: c < ç, ı < i, o < ö, ...).
// Entries with the same term are in key order; entries without a term in
// lang come last, in key order.
func (g *Glossary) Sorted(lang string) []*Entry {
	tag, err := language.Parse(lang)
	if err != nil {
		tag = language.Und
	}
	c := collate.New(tag)
	out := make([]*Entry, 0, len(g.keys))
	for _, k := range g.keys {
		out = append(out, g.entries[k])
	}
	slices.SortStableFunc(out, func(a, b *Entry) int {
		ta, oka := a.Terms[lang]
		tb, okb := b.Terms[lang]
		switch {
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		case !oka:
			return 0
		}
		if d := c.CompareString(ta, tb); d != 0 {
			return d
		}
		return strings.Compare(ta, tb)
	})
	return out
}

// Suggest returns a " (did you mean ...?)" suffix naming the key closest
// to key, for an error about a key the glossary lacks, or "".
func (g *Glossary) Suggest(key string) string { return diag.DidYouMean(key, g.keys) }
