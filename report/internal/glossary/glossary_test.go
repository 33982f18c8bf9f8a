package glossary

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
)

var langs = []string{"tr", "en"}

func parse(t *testing.T, src string) (*Glossary, string) {
	t.Helper()
	var errs diag.List
	g := Parse("g.yaml", []byte(src), langs, &errs)
	msg := ""
	if err := errs.Err(); err != nil {
		msg = err.Error()
	}
	return g, msg
}

// course loads templates/glossary.yaml for the languages of
// templates/site.yaml (read here directly: package site reads the
// glossary).
func course(t *testing.T) *Glossary {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "templates")
	src, err := os.ReadFile(filepath.Join(dir, "site.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Languages []struct{ Code string }
	}
	if err := yaml.Unmarshal(src, &cfg); err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, l := range cfg.Languages {
		codes = append(codes, l.Code)
	}
	if len(codes) == 0 {
		t.Fatal("no languages in site.yaml")
	}
	var errs diag.List
	g := Load(filepath.Join(dir, "glossary.yaml"), codes, &errs)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

func terms(es []*Entry, lang string) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Terms[lang])
	}
	return out
}

// TestCourseGlossary: the course's glossary loads for the site's
// languages, within its size, with a term and a definition in each.
func TestCourseGlossary(t *testing.T) {
	g := course(t)
	if n := len(g.Keys()); n < 30 {
		t.Errorf("%d entries, want 30 at least", n)
	}
	for _, k := range []string{"load_balancer", "layer4", "layer7", "round_robin", "least_connections", "health_check",
		"tail_latency", "consistent_hashing", "hash", "virtual_node", "cache_warmup", "confidence_interval", "production"} {
		if _, ok := g.Lookup(k); !ok {
			t.Errorf("no entry %q", k)
		}
	}
	for _, k := range g.Keys() {
		e, _ := g.Lookup(k)
		for _, l := range g.Langs() {
			if e.Terms[l] == "" || e.Defs[l] == "" {
				t.Errorf("%s: no %s term or definition", k, l)
			}
		}
	}
	// The lessons' words, one per concept.
	for k, want := range map[string]string{"round_robin": "sıralı dağıtım", "health_check": "sağlık denetimi", "queue": "bekleme kuyruğu",
		"tail": "kuyruk", "production": "üretim ortamı", "replication": "yineleme", "modulo_hashing": "bölme kalanı", "simulation": "benzetim"} {
		if e, _ := g.Lookup(k); e == nil || e.Terms["tr"] != want {
			t.Errorf("%s: tr term %v, want %q", k, e, want)
		}
	}
}

// TestSortedTurkish: Turkish order puts c before ç, ı before i, o before
// ö, s before ş, and a circumflex does not make a letter of its own.
func TestSortedTurkish(t *testing.T) {
	var b strings.Builder
	for i, w := range []string{"zaman", "öz", "istek", "ısınma", "çekiliş", "cache", "oz", "daha", "şema", "sıra", "kâhin", "kaldıraç", "İnce"} {
		b.WriteString("k" + string(rune('a'+i)) + ": {tr: {term: \"" + w + "\", def: d}, en: {term: \"" + w + "\", def: d}}\n")
	}
	g, msg := parse(t, b.String())
	if msg != "" {
		t.Fatal(msg)
	}
	want := []string{"cache", "çekiliş", "daha", "ısınma", "İnce", "istek", "kâhin", "kaldıraç", "oz", "öz", "sıra", "şema", "zaman"}
	if got := terms(g.Sorted("tr"), "tr"); !slices.Equal(got, want) {
		t.Errorf("tr order\n got %q\nwant %q", got, want)
	}
	// English order: ç is a c, ö an o, ş an s.
	en := terms(g.Sorted("en"), "en")
	for _, pair := range [][2]string{{"cache", "çekiliş"}, {"çekiliş", "daha"}, {"oz", "öz"}, {"öz", "sıra"}, {"şema", "zaman"}} {
		if slices.Index(en, pair[0]) > slices.Index(en, pair[1]) {
			t.Errorf("en order %q: %q after %q", en, pair[0], pair[1])
		}
	}
}

// TestSortedCourse: the course's glossary in Turkish alphabetical order.
func TestSortedCourse(t *testing.T) {
	g := course(t)
	got := terms(g.Sorted("tr"), "tr")
	// Spot checks of Turkish order among the course's own terms.
	for _, pair := range [][2]string{{"bölme kalanı", "çekiliş"}, {"halka", "isabet oranı"}, {"istek", "kapasite"},
		{"kuyruk gecikmesi", "ortalama"}, {"ortalama", "önbellek"}, {"sağlık denetimi", "sanal düğüm"}, {"sıralı dağıtım", "standart sapma"}} {
		a, b := slices.Index(got, pair[0]), slices.Index(got, pair[1])
		if a < 0 || b < 0 || a > b {
			t.Errorf("tr order: %q (at %d) and %q (at %d)", pair[0], a, pair[1], b)
		}
	}
	en := terms(g.Sorted("en"), "en")
	if !slices.IsSortedFunc(en, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
		t.Errorf("en order %q", en)
	}
}

// TestSortedMissingTerm: an entry without a term in the language comes
// last; equal terms are in key order.
func TestSortedMissingTerm(t *testing.T) {
	var errs diag.List
	g := Parse("g.yaml", []byte("b: {tr: {term: x, def: d}}\na: {en: {term: y, def: d}}\nc: {tr: {term: a, def: d}}\n"), nil, &errs)
	if errs.Len() != 0 {
		t.Fatal(errs.Err())
	}
	var keys []string
	for _, e := range g.Sorted("tr") {
		keys = append(keys, e.Key)
	}
	if !slices.Equal(keys, []string{"c", "b", "a"}) {
		t.Errorf("order %q, want [c b a]", keys)
	}
}

// TestErrors: every problem at its line and column, in one form.
func TestErrors(t *testing.T) {
	const ok = "ok: {tr: {term: t, def: d}, en: {term: e, def: d}}\n"
	for _, tc := range []struct{ name, src, want string }{
		{"missing language", "hash:\n  tr: {term: karma, def: d}\n",
			`g.yaml:1:1: glossary entry "hash": missing language "en"`},
		{"unknown language", "hash:\n  tr: {term: karma, def: d}\n  en: {term: hash, def: d}\n  de: {term: Hash, def: d}\n",
			`g.yaml:4:3: glossary entry "hash": unknown key "de"`},
		{"misspelt key", "hash:\n  tr: {term: karma, deff: d}\n  en: {trem: hash, def: d}\n",
			"g.yaml:2:3: glossary entry \"hash\", tr: missing key \"def\"\n" +
				"g.yaml:2:21: glossary entry \"hash\", tr: unknown key \"deff\" (did you mean \"def\"?)\n" +
				"g.yaml:3:3: glossary entry \"hash\", en: missing key \"term\"\n" +
				"g.yaml:3:8: glossary entry \"hash\", en: unknown key \"trem\" (did you mean \"term\"?)"},
		{"empty term and def", "hash:\n  tr: {term: \"\", def: \"  \"}\n  en: {term: hash, def: [d]}\n",
			"g.yaml:2:14: glossary entry \"hash\", tr: term must be non-empty text\n" +
				"g.yaml:2:23: glossary entry \"hash\", tr: def must be non-empty text\n" +
				"g.yaml:3:25: glossary entry \"hash\", en: def must be non-empty text"},
		{"language not a mapping", "hash:\n  tr: karma\n  en: {term: hash, def: d}\n",
			`g.yaml:2:7: glossary entry "hash", tr: want {term: ..., def: ...}`},
		{"entry not a mapping", ok + "hash: karma\n",
			`g.yaml:2:7: glossary entry "hash": want {LANG: {term: ..., def: ...}, ...}`},
		{"bad keys", "Hash: {tr: {term: a, def: d}, en: {term: a, def: d}}\nconsistent hashing: {}\n" + ok,
			"g.yaml:1:1: glossary: bad key \"Hash\": a key is lower-case letters, digits, _ and -, starting with a letter, as in consistent_hashing\n" +
				"g.yaml:2:1: glossary: bad key \"consistent hashing\": a key is lower-case letters, digits, _ and -, starting with a letter, as in consistent_hashing"},
		{"key given twice", ok + "ok: {tr: {term: u, def: d}, en: {term: f, def: d}}\n",
			"g.yaml:2:1: glossary: ok given twice"},
		{"language given twice", "hash:\n  tr: {term: karma, def: d}\n  en: {term: hash, def: d}\n  tr: {term: hash, def: d}\n",
			"g.yaml:4:3: glossary entry \"hash\": tr given twice"},
		{"term given twice", "hash: {tr: {term: karma, def: d}, en: {term: hash, def: d}}\ndigest: {tr: {term: \"Karma\", def: d}, en: {term: digest, def: d}}\n",
			`g.yaml:2:21: glossary entry "digest": tr term "Karma" is already the term of "hash": one term per concept`},
		{"Turkish case", "a: {tr: {term: \"Işık\", def: d}, en: {term: a, def: d}}\nb: {tr: {term: \"ışık\", def: d}, en: {term: b, def: d}}\nc: {tr: {term: \"isik\", def: d}, en: {term: c, def: d}}\n",
			`g.yaml:2:16: glossary entry "b": tr term "ışık" is already the term of "a": one term per concept`},
		{"not a mapping", "- hash\n", "g.yaml:1:1: glossary: want a mapping from key to {LANG: {term: ..., def: ...}, ...}"},
		{"syntax error", ok + "hash: tr: karma\n", "g.yaml:2:1: mapping values are not allowed in this context"},
	} {
		g, msg := parse(t, tc.src)
		if msg != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, msg, tc.want)
		}
		if g == nil {
			t.Errorf("%s: nil glossary", tc.name)
		}
	}
}

// TestNoLanguages: with no site languages any language code is taken and
// none is required, but a code must look like one.
func TestNoLanguages(t *testing.T) {
	var errs diag.List
	g := Parse("g.yaml", []byte("a: {de: {term: Hash, def: d}}\nb: {TR: {term: x, def: d}}\n"), nil, &errs)
	want := `g.yaml:2:5: glossary entry "b": bad language "TR": want a language code such as tr or en`
	if err := errs.Err(); err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if e, ok := g.Lookup("a"); !ok || e.Terms["de"] != "Hash" {
		t.Errorf("entry a: %v", e)
	}
}

func TestSuggestAndLookup(t *testing.T) {
	g := course(t)
	if got := g.Suggest("consistent_hash"); got != ` (did you mean "consistent_hashing"?)` {
		t.Errorf("suggest %q", got)
	}
	if got := g.Suggest("xyzzy"); got != "" {
		t.Errorf("suggest %q", got)
	}
	if _, ok := g.Lookup("nope"); ok {
		t.Error("found nope")
	}
	e, _ := g.Lookup("hash")
	if e.Terms["tr"] != "karma" || e.Terms["en"] != "hash" || e.Off <= 0 {
		t.Errorf("hash: %+v", e)
	}
	keys := g.Keys()
	if !slices.IsSorted(keys) {
		t.Errorf("keys not sorted: %q", keys)
	}
}

func TestLoadMissingFile(t *testing.T) {
	var errs diag.List
	g := Load(filepath.Join(t.TempDir(), "none.yaml"), langs, &errs)
	// A course may have none: no error until a page cites or marks one.
	if errs.Len() != 0 || len(g.Keys()) != 0 {
		t.Errorf("%d errors, %d keys", errs.Len(), len(g.Keys()))
	}
}

// FuzzParse parses arbitrary files: no input may panic (a recovered panic
// is an internal error), every error lies inside the file, and every entry
// sorts in each language.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"hash:\n  tr: {term: \"karma\", def: \"Bir işlev.\"}\n  en: {term: \"hash\", def: \"A function.\"}\n",
		"a: {tr: {term: x, def: d}, en: {term: x, def: d}}\nb: {tr: {term: X, def: d}, en: {term: y, def: d}}\n",
		"a: &x {term: t, def: d}\nb: {tr: *x, en: *x}\n", "a: {tr: {term: [x], def: {d: 1}}}\n",
		"- a\n", "", "a:\n", "a: {tr: {term: t, def: d}\n", "? [a]\n: {tr: {}}\n", "a: {\"\": {term: t}}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		var errs diag.List
		g := Parse("f.yaml", []byte(src), langs, &errs)
		for _, e := range errs.Errors() {
			if e.Off > len(src) {
				t.Fatalf("error %q at %d outside the file (%d bytes)", e.Msg, e.Off, len(src))
			}
			if strings.Contains(e.Msg, "internal error") {
				t.Fatal(e.Msg)
			}
		}
		for _, lang := range []string{"tr", "en", "x-bad"} {
			if n := len(g.Sorted(lang)); n != len(g.Keys()) {
				t.Fatalf("%s: %d sorted, %d keys", lang, n, len(g.Keys()))
			}
		}
	})
}
