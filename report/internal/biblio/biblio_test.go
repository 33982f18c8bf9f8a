package biblio

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lbcourse/report/internal/diag"
)

// parse parses src as bib.yaml and returns the bibliography and its
// errors, one a line.
func parse(t *testing.T, src string) (*Bibliography, string) {
	t.Helper()
	var errs diag.List
	b := Parse("bib.yaml", []byte(src), &errs)
	msg := ""
	if err := errs.Err(); err != nil {
		msg = err.Error()
	}
	return b, msg
}

// course loads the course's own templates/bibliography.yaml.
func course(t *testing.T) *Bibliography {
	t.Helper()
	var errs diag.List
	b := Load(filepath.Join("..", "..", "..", "templates", "bibliography.yaml"), &errs)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	return b
}

func entry(t *testing.T, b *Bibliography, key string) *Entry {
	t.Helper()
	e, ok := b.Lookup(key)
	if !ok {
		t.Fatalf("no entry %q", key)
	}
	return e
}

// TestCourseBibliography: the course's file loads without a problem, holds
// the works the lessons rest on and one entry per source document, and
// every entry has a note in both languages.
func TestCourseBibliography(t *testing.T) {
	b := course(t)
	want := []string{"cloudflare-pbr", "dean2013", "karger1997", "mirrokni2018", "nginx-upstream", "pingora-ketama",
		"source-000", "source-001", "source-002", "source-003", "source-004"}
	for _, k := range want {
		if !slices.Contains(b.Keys(), k) {
			t.Errorf("no entry %q among %q", k, b.Keys())
		}
	}
	for _, k := range b.Keys() {
		e := entry(t, b, k)
		for _, lang := range []string{"tr", "en"} {
			if e.Note[lang] == "" {
				t.Errorf("%s: no %s note", k, lang)
			}
			if e.CiteAuthors(lang) == "" {
				t.Errorf("%s: no %s citation", k, lang)
			}
		}
		if strings.HasPrefix(k, "source-") && (len(e.Authors) > 0 || e.URL != "" || e.Year != 0) {
			t.Errorf("%s: a source document has no known author, address or date", k)
		}
	}
}

func TestCiteAuthors(t *testing.T) {
	b := course(t)
	one, _ := parse(t, "a:\n  authors: [Ada Lovelace]\n  title: Notes\n  year: 1843\n")
	untitled, _ := parse(t, "u:\n  title: \"[A long description, of an untitled work]\"\n  year: n.d.\n")
	for _, tc := range []struct {
		e      *Entry
		tr, en string
	}{
		{entry(t, one, "a"), "Lovelace", "Lovelace"},
		{entry(t, b, "dean2013"), "Dean ve Barroso", "Dean and Barroso"},
		{entry(t, b, "mirrokni2018"), "Mirrokni vd.", "Mirrokni et al."},
		{entry(t, b, "karger1997"), "Karger vd.", "Karger et al."},
		{entry(t, b, "nginx-upstream"), "NGINX", "NGINX"},
		{entry(t, b, "source-000"), "Dengeleme Algoritmaları", "Dengeleme Algoritmaları"},
		{entry(t, b, "source-003"), "Consistent Hashing ile…", "Consistent Hashing ile…"},
		{entry(t, untitled, "u"), "A long description…", "A long description…"},
	} {
		if got := tc.e.CiteAuthors("tr"); got != tc.tr {
			t.Errorf("%s tr: %q, want %q", tc.e.Key, got, tc.tr)
		}
		if got := tc.e.CiteAuthors("en"); got != tc.en {
			t.Errorf("%s en: %q, want %q", tc.e.Key, got, tc.en)
		}
	}
	dean, src := entry(t, b, "dean2013"), entry(t, b, "source-001")
	if dean.CiteYear("tr") != "2013" || src.CiteYear("tr") != "t.y." || src.CiteYear("en") != "n.d." {
		t.Errorf("years %q %q %q", dean.CiteYear("tr"), src.CiteYear("tr"), src.CiteYear("en"))
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct{ name, surname, initials string }{
		{"Luiz André Barroso", "Barroso", "L. A."},
		{"Jeffrey Dean", "Dean", "J."},
		{"Jean-Pierre Dupont", "Dupont", "J.-P."},
		{"F. Thomson Leighton", "Leighton", "F. T."},
		{"van Steen, Maarten", "van Steen", "M."},
		{"Plato", "Plato", ""},
		{"  İlber   Ortaylı ", "Ortaylı", "İ."},
		{"ömer seyfettin", "seyfettin", "Ö."},
		{"James Christopher Sorenson III", "Sorenson", "J. C."},
		{"Sorenson, James Christopher, III", "Sorenson", "J. C."},
		{"Sammy Davis Jr.", "Davis", "S."},
		{"Malcolm X", "X", "M."},
	} {
		if s, i := Surname(tc.name), Initials(tc.name); s != tc.surname || i != tc.initials {
			t.Errorf("%q: %q, %q; want %q, %q", tc.name, s, i, tc.surname, tc.initials)
		}
	}
	for name, want := range map[string]string{
		"James Christopher Sorenson III":   "Sorenson, J. C., III",
		"Sorenson, James Christopher, III": "Sorenson, J. C., III",
		"Sammy Davis Jr.":                  "Davis, S., Jr.",
		"Luiz André Barroso":               "Barroso, L. A.",
		"Plato":                            "Plato",
	} {
		if got := referenceName(name); got != want {
			t.Errorf("referenceName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestReference: the reference-list entry in each language, for every
// shape of entry: two authors, six, an organization, an untitled source
// in another language, and text that must be escaped.
func TestReference(t *testing.T) {
	b := course(t)
	odd, msg := parse(t, "x:\n  authors: [\"A <b>B</b>\", Plato]\n  title: \"Why & how?\"\n  venue: \"J. Things & Stuff.\"\n  year: 2001\n  url: \"https://example.org/a?b=1&c=2\"\n")
	if msg != "" {
		t.Fatal(msg)
	}
	for _, tc := range []struct {
		e      *Entry
		tr, en string
	}{
		{entry(t, b, "dean2013"),
			`Dean, J. ve Barroso, L. A. (2013). The Tail at Scale [İngilizce]. <i>Communications of the ACM 56(2), 74–80</i>. <a href="https://doi.org/10.1145/2408776.2408794">https://doi.org/10.1145/2408776.2408794</a> Kaynak belge 001 bu makalenin Hintçe makine çevirisidir; görünüşe göre bir Rusça çeviriden yapılmıştır.`,
			`Dean, J., &amp; Barroso, L. A. (2013). The Tail at Scale. <i>Communications of the ACM 56(2), 74–80</i>. <a href="https://doi.org/10.1145/2408776.2408794">https://doi.org/10.1145/2408776.2408794</a> Source document 001 is a Hindi machine translation of this article, apparently made from a Russian translation.`},
		{entry(t, b, "karger1997"),
			`Karger, D., Lehman, E., Leighton, T., Panigrahy, R., Levine, M. ve Lewin, D. (1997). Consistent Hashing and Random Trees: Distributed Caching Protocols for Relieving Hot Spots on the World Wide Web [İngilizce]. <i>Proceedings of the Twenty-Ninth Annual ACM Symposium on Theory of Computing (STOC &#39;97), 654–663</i>. <a href="https://doi.org/10.1145/258533.258660">https://doi.org/10.1145/258533.258660</a> Tutarlı karmayı ilk tanımlayan çalışma.`,
			`Karger, D., Lehman, E., Leighton, T., Panigrahy, R., Levine, M., &amp; Lewin, D. (1997). Consistent Hashing and Random Trees: Distributed Caching Protocols for Relieving Hot Spots on the World Wide Web. <i>Proceedings of the Twenty-Ninth Annual ACM Symposium on Theory of Computing (STOC &#39;97), 654–663</i>. <a href="https://doi.org/10.1145/258533.258660">https://doi.org/10.1145/258533.258660</a> The paper that introduced consistent hashing.`},
		{entry(t, b, "nginx-upstream"),
			`NGINX. (t.y.). Module ngx_http_upstream_module [İngilizce]. <i>NGINX belgeleri</i>. <a href="https://nginx.org/en/docs/http/ngx_http_upstream_module.html#hash">https://nginx.org/en/docs/http/ngx_http_upstream_module.html#hash</a> hash yönergesinin consistent seçeneği ketama tutarlı karmasını seçer; kaynak belge 003 bu kullanımı anar.`,
			`NGINX. (n.d.). Module ngx_http_upstream_module. <i>NGINX documentation</i>. <a href="https://nginx.org/en/docs/http/ngx_http_upstream_module.html#hash">https://nginx.org/en/docs/http/ngx_http_upstream_module.html#hash</a> The consistent parameter of the hash directive selects ketama consistent hashing; source document 003 mentions this use.`},
		{entry(t, b, "source-001"),
			`पूंछ की स्केलिंग [Hintçe]. (t.y.). <i>Dersin kaynak belgesi 001_87af9636e9a5283d.txt</i>. Dean ve Barroso&#39;nun “The Tail at Scale” (2013) makalesinin, görünüşe göre Rusça bir çeviriden yapılmış Hintçe makine çevirisi; iki tablo ve sonraki bölümlerin çoğu eksik.`,
			`पूंछ की स्केलिंग [in Hindi]. (n.d.). <i>Course source document 001_87af9636e9a5283d.txt</i>. A Hindi machine translation of Dean and Barroso&#39;s “The Tail at Scale” (2013), apparently made from a Russian translation; its two tables and most of the later sections are missing.`},
		{entry(t, odd, "x"),
			`&lt;b&gt;B&lt;/b&gt;, A. ve Plato. (2001). Why &amp; how? <i>J. Things &amp; Stuff</i>. <a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a>`,
			`&lt;b&gt;B&lt;/b&gt;, A., &amp; Plato. (2001). Why &amp; how? <i>J. Things &amp; Stuff</i>. <a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a>`},
	} {
		if got := string(tc.e.Reference("tr")); got != tc.tr {
			t.Errorf("%s tr:\n got %s\nwant %s", tc.e.Key, got, tc.tr)
		}
		if got := string(tc.e.Reference("en")); got != tc.en {
			t.Errorf("%s en:\n got %s\nwant %s", tc.e.Key, got, tc.en)
		}
	}
}

// TestErrors: every problem is reported at its line and column, in one
// form; a bad entry does not hide the next one.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"unknown field", "a:\n  title: T\n  year: 2000\n  titel: U\n",
			`bib.yaml:4:3: entry "a": unknown key "titel" (did you mean "title"?)`},
		{"missing title and year", "a:\n  authors: [A B]\n",
			"bib.yaml:1:1: entry \"a\": missing key \"title\"\nbib.yaml:1:1: entry \"a\": missing key \"year\""},
		{"empty title", "a:\n  title: \"\"\n  year: 2000\n",
			`bib.yaml:2:10: entry "a": title must be non-empty text`},
		{"bad years", "a: {title: T, year: 13}\nb: {title: T, year: 2013a}\nc: {title: T, year: [2013]}\nd: {title: T, year: 02013}\n",
			"bib.yaml:1:21: entry \"a\": bad year \"13\": want a whole number from 1000 to 2100, or n.d. for an undated work\n" +
				"bib.yaml:2:21: entry \"b\": bad year \"2013a\": want a whole number from 1000 to 2100, or n.d. for an undated work\n" +
				"bib.yaml:3:21: entry \"c\": bad year \"\": want a whole number from 1000 to 2100, or n.d. for an undated work\n" +
				"bib.yaml:4:21: entry \"d\": bad year \"02013\": want a whole number from 1000 to 2100, or n.d. for an undated work"},
		{"bad url", "a:\n  title: T\n  year: 2000\n  url: \"ftp://x.org/a\"\nb:\n  title: T\n  year: 2000\n  url: \"https:// x\"\n",
			"bib.yaml:4:8: entry \"a\": bad url \"ftp://x.org/a\": want an address that starts with https:// or http://\n" +
				"bib.yaml:8:8: entry \"b\": bad url \"https:// x\": want an address that starts with https:// or http://"},
		{"duplicate key", "a: {title: T, year: 2000}\nb: {title: T, year: 2000}\na: {title: U, year: 2001}\n",
			"bib.yaml:3:1: bibliography: a given twice"},
		{"bad keys", "Dean2013: {title: T, year: 2000}\n2013: {title: T, year: 2000}\nde an: {title: T, year: 2000}\nok: {title: T, year: 2000}\n",
			"bib.yaml:1:1: bibliography: bad key \"Dean2013\": a citation key is lower-case letters, digits, _ and -, starting with a letter, as in dean2013\n" +
				"bib.yaml:2:1: bibliography: bad key \"2013\": a citation key is lower-case letters, digits, _ and -, starting with a letter, as in dean2013\n" +
				"bib.yaml:3:1: bibliography: bad key \"de an\": a citation key is lower-case letters, digits, _ and -, starting with a letter, as in dean2013"},
		{"bad authors", "a:\n  authors: Jeffrey Dean\n  title: T\n  year: 2000\nb:\n  authors: [\"\", \"A, B, C\", ok name]\n  title: T\n  year: 2000\n",
			"bib.yaml:2:12: entry \"a\": authors must be a list of names, as in [\"Jeffrey Dean\", \"Luiz André Barroso\"]\n" +
				"bib.yaml:6:13: entry \"b\": an author is a name, \"Given Names Surname\" or \"Surname, Given Names\"\n" +
				"bib.yaml:6:17: entry \"b\": an author is a name, \"Given Names Surname\" or \"Surname, Given Names\""},
		{"bad note and lang", "a:\n  title: T\n  year: 2000\n  lang: Turkish\n  note: hello\nb:\n  title: T\n  year: 2000\n  note: {tr: \"\", EN: x, tr: y}\n",
			"bib.yaml:4:9: entry \"a\": bad lang \"Turkish\": want a language code such as tr or en\n" +
				"bib.yaml:5:9: entry \"a\": note must be {LANG: text, ...}, as in {tr: \"...\", en: \"...\"}\n" +
				"bib.yaml:9:14: entry \"b\": note: tr must be non-empty text\n" +
				"bib.yaml:9:18: entry \"b\": note: bad language \"EN\": want a language code such as tr or en\n" +
				"bib.yaml:9:25: entry \"b\": note: tr given twice"},
		{"not a mapping", "- a\n- b\n",
			"bib.yaml:1:1: bibliography: want a mapping from citation key to {authors: [...], title: ..., year: ...}"},
		{"entry not a mapping", "a: [title, year]\n",
			"bib.yaml:1:4: entry \"a\": want a mapping {authors: [...], title: ..., year: ...}"},
		{"syntax error", "a: {title: T, year: 2000}\nb: c: d\n",
			"bib.yaml:2:1: mapping values are not allowed in this context"},
		{"alias", "a: &x {title: T, year: 2000}\nb: *x\n",
			"bib.yaml:2:4: entry \"b\": want a mapping {authors: [...], title: ..., year: ...}"},
	} {
		b, msg := parse(t, tc.src)
		if msg != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, msg, tc.want)
		}
		if b == nil {
			t.Errorf("%s: nil bibliography", tc.name)
		}
	}
}

// TestKeptDespiteErrors: an entry with a bad field is kept, so a citation
// of it is not reported again; one with a bad key is left out.
func TestKeptDespiteErrors(t *testing.T) {
	b, msg := parse(t, "a:\n  title: T\n  year: 20x0\nB: {title: T, year: 2000}\nc: {title: T, year: 2000}\n")
	if msg == "" {
		t.Fatal("no error")
	}
	if got := b.Keys(); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("keys %q, want [a c]", got)
	}
	if got := b.Suggest("dean2031"); got != "" {
		t.Errorf("suggest %q", got)
	}
	if got := course(t).Suggest("dean2031"); got != ` (did you mean "dean2013"?)` {
		t.Errorf("suggest %q", got)
	}
}

func TestLoadMissingFile(t *testing.T) {
	var errs diag.List
	b := Load(filepath.Join(t.TempDir(), "none.yaml"), &errs)
	// A course may have none: no error until a page cites or marks one.
	if errs.Len() != 0 || len(b.Keys()) != 0 {
		t.Errorf("%d errors, %d keys", errs.Len(), len(b.Keys()))
	}
}

// FuzzParse parses arbitrary files: no input may panic (a recovered panic
// is an internal error), every error lies inside the file, and every entry
// renders in both languages.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"dean2013:\n  authors: [\"Jeffrey Dean\", \"Luiz André Barroso\"]\n  title: \"The Tail at Scale\"\n  venue: \"CACM\"\n  year: 2013\n  url: \"https://doi.org/10.1145/2408776.2408794\"\n  note: {tr: \"a\", en: \"b\"}\n  lang: en\n",
		"a: {title: T, year: n.d., organization: O, venue: {tr: x, en: y}}\n",
		"a: {authors: [\",\", \" \", \"a,\"], title: \"[\", year: 1000}\n",
		"a: &x {title: T, year: 2000}\nb: *x\nc: {title: *x, year: *x}\n",
		"a:\n  title: T\n year: 2000\n", "- a\n", "", "a:\n", "a: {title: T, year: 2000, url: \"http://[::1]:x\"}\n",
		"a: {title: \"\\u0000\", year: 2000, note: {tr: [x]}}\n", "? [a]\n: {title: T}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		var errs diag.List
		b := Parse("f.yaml", []byte(src), &errs)
		for _, e := range errs.Errors() {
			if e.Off > len(src) {
				t.Fatalf("error %q at %d outside the file (%d bytes)", e.Msg, e.Off, len(src))
			}
			if strings.Contains(e.Msg, "internal error") {
				t.Fatal(e.Msg)
			}
		}
		for _, k := range b.Keys() {
			e, ok := b.Lookup(k)
			if !ok {
				t.Fatalf("key %q listed but not found", k)
			}
			for _, lang := range []string{"tr", "en", "de"} {
				_ = e.Reference(lang)
				_ = e.CiteAuthors(lang)
			}
		}
	})
}
