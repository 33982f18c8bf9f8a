// Package biblio reads templates/bibliography.yaml, the works the course
// cites, and renders them: the author part of an in-text citation
// (CiteAuthors, CiteYear) and a full reference-list entry (Reference), in
// Turkish or English conventions.
//
// The file maps a citation key to one work:
//
//	dean2013:
//	  authors: ["Jeffrey Dean", "Luiz André Barroso"]
//	  title: "The Tail at Scale"
//	  venue: "Communications of the ACM 56(2), 74–80"
//	  year: 2013
//	  url: "https://doi.org/10.1145/2408776.2408794"
//	  note: {tr: "…", en: "…"}
//	  lang: en
//
// title and year are required; year is a whole number or n.d. for an
// undated work. authors may be empty: organization then names the group
// that published the work, and with neither the title stands in for the
// authors. venue is text or, when it reads differently in each language,
// {LANG: text}. lang is the language the work is written in. Every problem
// is reported at its line as file:line:col: message.
package biblio

import (
	"errors"
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/yamldoc"
)

// An Entry is one work of the bibliography.
type Entry struct {
	Key string
	// Authors are the persons, in order, each as "Given Names Surname" or
	// "Surname, Given Names" (for a surname of more than one word).
	Authors []string
	// Organization is the group that published the work, for a work with
	// no named authors; it is cited in their place.
	Organization string
	Title        string // in the work's own language
	Venue        string // where it appeared; "" when none is given
	// Venues is the venue in each language when the file gives it per
	// language ({tr: ..., en: ...}); nil when Venue is one text.
	Venues map[string]string
	URL    string            // http:// or https://; "" when none is given
	Year   int               // 0 for an undated work (year: n.d.)
	Note   map[string]string // by language code
	Lang   string            // the language the work is written in; "" when not given
	Off    int               // byte offset of the key in the file
}

// Bibliography is the works of one file, by key.
type Bibliography struct {
	File    string
	entries map[string]*Entry
	keys    []string
}

// MinYear and MaxYear bound a work's year.
const (
	MinYear = 1000
	MaxYear = 2100
)

// Undated is the year value of a work that has none.
const Undated = "n.d."

var (
	keyRE  = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	langRE = regexp.MustCompile(`^[a-z]{2,3}$`)
)

var entryKeys = []string{"authors", "organization", "title", "venue", "year", "url", "note", "lang"}

// Load reads file and parses it (see Parse); a file that cannot be read is
// reported as a whole and gives an empty bibliography.
func Load(file string, errs *diag.List) *Bibliography {
	src, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		src, err = nil, nil // a course without one: a citation or term is an error where it is written
	}
	if err != nil {
		errs.AddFile(file, "%v", err)
		return &Bibliography{File: file, entries: map[string]*Entry{}}
	}
	return Parse(file, src, errs)
}

// Parse reads src, the content of file, registering it with errs. Every
// problem is reported at its offset: a YAML syntax error, a bad key
// (lower-case letters, digits, _ and -, starting with a letter), a key
// given twice, an unknown field, a missing title or year, a bad year, url,
// lang or note. An entry with a bad key is left out; any other entry is
// kept with the fields that could be read, so that a citation of it is not
// reported a second time.
func Parse(file string, src []byte, errs *diag.List) (b *Bibliography) {
	b = &Bibliography{File: file, entries: map[string]*Entry{}}
	errs.AddSource(file, src)
	defer diag.RecoverAt(errs, file, -1, "reading the bibliography")
	report := func(off int, msg string) { errs.Add(file, off, "%s", msg) }
	t := yamldoc.FileText(src, 0)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		if line, msg := yamldoc.ErrorLine(err); line > 0 {
			report(t.Offset(line, 1), msg)
		} else {
			errs.AddFile(file, "%s", msg)
		}
		return b
	}
	if len(doc.Content) == 0 {
		return b
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		report(t.At(root), "bibliography: want a mapping from citation key to {authors: [...], title: ..., year: ...}")
		return b
	}
	fields := yamldoc.Fields(root, "bibliography", nil, t.At, report)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if fields[k.Value].Key != k {
			continue // given twice
		}
		if k.Kind != yaml.ScalarNode || !keyRE.MatchString(k.Value) {
			report(t.At(k), fmt.Sprintf("bibliography: bad key %q: a citation key is lower-case letters, digits, _ and -, starting with a letter, as in dean2013", k.Value))
			continue
		}
		e := parseEntry(k, v, t, report)
		b.entries[e.Key] = e
		b.keys = append(b.keys, e.Key)
	}
	slices.Sort(b.keys)
	return b
}

// parseEntry reads the fields of the entry with key node k and value v.
func parseEntry(k, v *yaml.Node, t yamldoc.Text, report func(int, string)) *Entry {
	e := &Entry{Key: k.Value, Off: t.At(k)}
	what := fmt.Sprintf("entry %q", e.Key)
	if v.Kind != yaml.MappingNode {
		report(t.At(v), what+": want a mapping {authors: [...], title: ..., year: ...}")
		return e
	}
	fs := yamldoc.Fields(v, what, entryKeys, t.At, report)
	// text reads field name as one line of non-empty text.
	text := func(name string) (string, bool) {
		f, ok := fs[name]
		if !ok {
			return "", false
		}
		s, ok := scalarText(f.Value)
		if !ok {
			report(t.At(f.Value), fmt.Sprintf("%s: %s must be non-empty text", what, name))
		}
		return s, ok
	}
	for _, name := range []string{"title", "year"} {
		if _, ok := fs[name]; !ok {
			report(t.At(k), fmt.Sprintf("%s: missing key %q", what, name))
		}
	}
	e.Title, _ = text("title")
	e.Organization, _ = text("organization")
	if f, ok := fs["year"]; ok {
		y, ok := parseYear(f.Value)
		if !ok {
			report(t.At(f.Value), fmt.Sprintf("%s: bad year %q: want a whole number from %d to %d, or %s for an undated work", what, f.Value.Value, MinYear, MaxYear, Undated))
		}
		e.Year = y
	}
	if f, ok := fs["authors"]; ok {
		e.Authors = parseAuthors(f.Value, what, t, report)
	}
	if f, ok := fs["venue"]; ok {
		if f.Value.Kind == yaml.MappingNode {
			e.Venues = parseLangText(f.Value, what+": venue", t, report)
		} else {
			e.Venue, _ = text("venue")
		}
	}
	if u, ok := text("url"); ok {
		if !goodURL(u) {
			report(t.At(fs["url"].Value), fmt.Sprintf("%s: bad url %q: want an address that starts with https:// or http://", what, u))
		} else {
			e.URL = u
		}
	}
	if l, ok := text("lang"); ok {
		if !langRE.MatchString(l) {
			report(t.At(fs["lang"].Value), fmt.Sprintf("%s: bad lang %q: want a language code such as tr or en", what, l))
		} else {
			e.Lang = l
		}
	}
	if f, ok := fs["note"]; ok {
		if f.Value.Kind != yaml.MappingNode {
			report(t.At(f.Value), what+`: note must be {LANG: text, ...}, as in {tr: "...", en: "..."}`)
		} else {
			e.Note = parseLangText(f.Value, what+": note", t, report)
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

// parseYear reads a year: a whole number from MinYear to MaxYear, or
// Undated (0).
func parseYear(n *yaml.Node) (int, bool) {
	if n.Kind != yaml.ScalarNode {
		return 0, false
	}
	if n.Value == Undated {
		return 0, true
	}
	y, err := strconv.Atoi(n.Value)
	if err != nil || y < MinYear || y > MaxYear || n.Value != strconv.Itoa(y) {
		return 0, false
	}
	return y, true
}

// parseAuthors reads a list of names.
func parseAuthors(n *yaml.Node, what string, t yamldoc.Text, report func(int, string)) []string {
	if n.Kind != yaml.SequenceNode {
		report(t.At(n), what+`: authors must be a list of names, as in ["Jeffrey Dean", "Luiz André Barroso"]`)
		return nil
	}
	var names []string
	for _, a := range n.Content {
		s, ok := scalarText(a)
		if ok && strings.Count(s, ",") <= 1 && strings.TrimSpace(strings.Split(s, ",")[0]) != "" {
			names = append(names, s)
			continue
		}
		report(t.At(a), what+`: an author is a name, "Given Names Surname" or "Surname, Given Names"`)
	}
	return names
}

// parseLangText reads {LANG: text, ...}.
func parseLangText(n *yaml.Node, what string, t yamldoc.Text, report func(int, string)) map[string]string {
	out := map[string]string{}
	fs := yamldoc.Fields(n, what, nil, t.At, report)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if fs[k.Value].Key != k {
			continue
		}
		if k.Kind != yaml.ScalarNode || !langRE.MatchString(k.Value) {
			report(t.At(k), fmt.Sprintf("%s: bad language %q: want a language code such as tr or en", what, k.Value))
			continue
		}
		s, ok := scalarText(v)
		if !ok {
			report(t.At(v), fmt.Sprintf("%s: %s must be non-empty text", what, k.Value))
			continue
		}
		out[k.Value] = s
	}
	return out
}

// goodURL reports whether u is an absolute http or https address with a
// host and nothing that would need escaping in an attribute.
func goodURL(u string) bool {
	if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return false
	}
	if strings.ContainsAny(u, " \t\"'<>`\\") || strings.ContainsFunc(u, unicode.IsControl) {
		return false
	}
	p, err := url.Parse(u)
	return err == nil && p.Host != "" && p.User == nil
}

// Lookup returns the entry of key.
func (b *Bibliography) Lookup(key string) (*Entry, bool) {
	e, ok := b.entries[key]
	return e, ok
}

// Keys returns every key, sorted.
func (b *Bibliography) Keys() []string { return slices.Clone(b.keys) }

// Suggest returns a " (did you mean ...?)" suffix naming the key closest
// to key, or "".
func (b *Bibliography) Suggest(key string) string { return diag.DidYouMean(key, b.keys) }

// VenueIn returns the venue in lang: the language's own when the file
// gives one per language (else the first language's in key order), or the
// one text.
func (e *Entry) VenueIn(lang string) string {
	if e.Venues == nil {
		return e.Venue
	}
	if v, ok := e.Venues[lang]; ok {
		return v
	}
	if ks := sortedKeys(e.Venues); len(ks) > 0 {
		return e.Venues[ks[0]]
	}
	return ""
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// words holds what each language writes between and after names.
type words struct {
	and     string // between the last two names of a citation
	etAl    string // after the first name of three or more
	refAnd  string // before the last name of a reference list of two or more
	undated string
	langs   map[string]string // the names of works' languages, in brackets after a title
}

var byLang = map[string]words{
	"tr": {and: " ve ", etAl: " vd.", refAnd: " ve ", undated: "t.y.",
		langs: map[string]string{"tr": "Türkçe", "en": "İngilizce", "hi": "Hintçe", "de": "Almanca", "fr": "Fransızca", "ru": "Rusça"}},
	"en": {and: " and ", etAl: " et al.", refAnd: ", & ", undated: Undated,
		langs: map[string]string{"tr": "in Turkish", "en": "in English", "hi": "in Hindi", "de": "in German", "fr": "in French", "ru": "in Russian"}},
}

// wordsOf returns the conventions of lang; a language without its own
// follows English.
func wordsOf(lang string) words {
	if w, ok := byLang[lang]; ok {
		return w
	}
	return byLang["en"]
}

// Surname returns the surname of an author's name: the part before a
// comma ("Barroso, Luiz André"), else the last word ("Luiz André Barroso")
// or, when that is a generational suffix (Suffix), the word before it
// ("James Christopher Sorenson III" → "Sorenson").
func Surname(name string) string {
	s, _, _ := splitName(name)
	return s
}

// Suffix returns the generational suffix that ends an author's name, "III"
// for "James Christopher Sorenson III" or "Sorenson, James Christopher,
// III", "Jr." for "Sammy Davis Jr.": one of Jr., Sr., II, III, IV, V, VI
// as its last word (after a comma in "Surname, Given, Suffix"); "" when
// there is none.
func Suffix(name string) string {
	_, _, x := splitName(name)
	return x
}

// generational are the name suffixes Suffix recognizes.
var generational = []string{"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV", "V", "VI"}

// Initials returns the initials of an author's given names, "L. A." for
// "Luiz André Barroso", "J.-P." for "Jean-Pierre Dupont"; "" for a name of
// one word.
func Initials(name string) string {
	_, given, _ := splitName(name)
	var out []string
	for _, g := range given {
		var parts []string
		for _, p := range strings.Split(g, "-") {
			if r, _ := utf8.DecodeRuneInString(p); r != utf8.RuneError && unicode.IsLetter(r) {
				parts = append(parts, string(unicode.ToUpper(r))+".")
			}
		}
		if len(parts) > 0 {
			out = append(out, strings.Join(parts, "-"))
		}
	}
	return strings.Join(out, " ")
}

// splitName splits an author's name into surname, given names and
// generational suffix (see Suffix).
func splitName(name string) (surname string, given []string, suffix string) {
	if s, g, ok := strings.Cut(name, ","); ok {
		if g2, x, ok := strings.Cut(g, ","); ok && slices.Contains(generational, strings.TrimSpace(x)) {
			return strings.Join(strings.Fields(s), " "), strings.Fields(g2), strings.TrimSpace(x)
		}
		return strings.Join(strings.Fields(s), " "), strings.Fields(g), ""
	}
	w := strings.Fields(name)
	if len(w) > 2 && slices.Contains(generational, w[len(w)-1]) {
		suffix, w = w[len(w)-1], w[:len(w)-1]
	}
	if len(w) == 0 {
		return "", nil, ""
	}
	return w[len(w)-1], w[:len(w)-1], suffix
}

// CiteAuthors returns the author part of an in-text citation in lang
// ("tr" or "en"; another language follows English): one author's surname,
// "Karger"; two, "Dean ve Barroso" / "Dean and Barroso"; three or more,
// "Karger vd." / "Karger et al.". A work without authors is cited by its
// organization, or else by the first three words of its title ("…" when
// there are more). The caller adds the year and the parentheses.
func (e *Entry) CiteAuthors(lang string) string {
	w := wordsOf(lang)
	switch n := len(e.Authors); {
	case n == 0 && e.Organization != "":
		return e.Organization
	case n == 0:
		return shortTitle(e.Title)
	case n == 1:
		return Surname(e.Authors[0])
	case n == 2:
		return Surname(e.Authors[0]) + w.and + Surname(e.Authors[1])
	default:
		return Surname(e.Authors[0]) + w.etAl
	}
}

// CiteYear returns the year of an in-text citation: "2013", or for an
// undated work "t.y." (tr) / "n.d." (en).
func (e *Entry) CiteYear(lang string) string {
	if e.Year == 0 {
		return wordsOf(lang).undated
	}
	return strconv.Itoa(e.Year)
}

// shortTitle returns the first three words of title, without the brackets
// of a description, followed by "…" when there are more.
func shortTitle(title string) string {
	t := strings.TrimSuffix(strings.TrimPrefix(title, "["), "]")
	ws := strings.Fields(t)
	if len(ws) <= 3 {
		return strings.Join(ws, " ")
	}
	return strings.TrimRight(strings.Join(ws[:3], " "), ",;:.") + "…"
}

// referenceName is an author as a reference list writes it: "Barroso,
// L. A.", "Sorenson, J. C., III" with a generational suffix, or the
// surname alone for a name of one word.
func referenceName(name string) string {
	s := Surname(name)
	if i := Initials(name); i != "" {
		s += ", " + i
	}
	if x := Suffix(name); x != "" {
		s += ", " + x
	}
	return s
}

// withPeriod ends s with a period unless it already ends with . ? or !.
func withPeriod(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}

// Reference returns the work's entry in a reference list in lang ("tr" or
// "en"; another language follows English), in the order of APA style:
//
//	Dean, J. ve Barroso, L. A. (2013). The Tail at Scale [İngilizce]. <i>Communications of the ACM 56(2), 74–80</i>. <a href="…">…</a> Note.
//
// Every author is listed ("ve" / ", &" before the last); a work without
// authors starts with its organization, or else with its title. An undated
// work has "(t.y.)" / "(n.d.)". The title stays in its own language; when
// the work's language differs from lang it is named in brackets after the
// title. The venue is in italics, the URL is a link to itself and the note
// in lang, if any, comes last. Every text is HTML-escaped.
func (e *Entry) Reference(lang string) template.HTML {
	w := wordsOf(lang)
	esc := html.EscapeString
	var parts []string
	title := e.Title
	if e.Lang != "" && e.Lang != lang {
		name, ok := w.langs[e.Lang]
		if !ok {
			name = e.Lang
		}
		title += " [" + name + "]"
	}
	year := "(" + e.CiteYear(lang) + ")."
	switch n := len(e.Authors); {
	case n > 0:
		names := make([]string, n)
		for i, a := range e.Authors {
			names[i] = referenceName(a)
		}
		list := names[0]
		if n > 1 {
			list = strings.Join(names[:n-1], ", ") + w.refAnd + names[n-1]
		}
		parts = append(parts, esc(withPeriod(list)), year, esc(withPeriod(title)))
	case e.Organization != "":
		parts = append(parts, esc(withPeriod(e.Organization)), year, esc(withPeriod(title)))
	default:
		parts = append(parts, esc(withPeriod(title)), year)
	}
	if v := e.VenueIn(lang); v != "" {
		if strings.HasSuffix(v, ".") {
			parts = append(parts, "<i>"+esc(strings.TrimSuffix(v, "."))+"</i>.")
		} else {
			parts = append(parts, "<i>"+esc(v)+"</i>.")
		}
	}
	if e.URL != "" {
		u := esc(e.URL)
		parts = append(parts, `<a href="`+u+`">`+u+`</a>`)
	}
	if note := e.Note[lang]; note != "" {
		parts = append(parts, esc(note))
	}
	return template.HTML(strings.Join(parts, " "))
}
