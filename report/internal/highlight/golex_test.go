package highlight

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"lbcourse/report/internal/course"
)

// chromaHTML is what chroma itself writes for src: the listings' reference.
func chromaHTML(t *testing.T, src string, base int) string {
	t.Helper()
	it, err := lexers.Get("go").Tokenise(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true),
		chromahtml.BaseLineNumber(base), chromahtml.LineNumbersInTable(false))
	if err := f.Format(&b, styles.Get("github"), it); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSameAsChroma: every Go file of every model, and every edge case
// below, highlights byte for byte as chroma's Go lexer and HTML formatter
// highlight it, so the listings look as they did with chroma while the
// generator no longer links chroma's hundreds of lexers.
func TestSameAsChroma(t *testing.T) {
	srcs := map[string]string{
		"empty":      "",
		"no newline": "x",
		"newlines":   "\n\n\nfunc f() {}\n\n",
		"numbers":    "a := []any{0, 07, 0x1F, 0b101, 1_000_000, 1.5, .5, 1e9, 1e-12, 2.5e+3i, 3i, 1.i, .5i, 09}",
		"strings":    "s := \"a\\\"b\\\\\" + `raw\nlines` + 'x' + '\\n' + '\\x41' + '\\u00e9' + '\\''",
		"comments":   "//go:embed x\n// doc\n/* block\n   comment */ x /*\n*/",
		"operators":  "a <<= 1; b >>= 2; c &^= d; e := f &^ g; h <- i; j++; k--; l ... ; m != n || o && p | q ^ r ~ s",
		"builtins":   "len(x); int(y); any(z); maxLoad(1); max (2); string(b); print(\"\")",
		"keywords":   "package p\nimport \"fmt\"\ngoto L; go f(); select {}; fallthrough; iota; nil; true",
		"unicode":    "σ := \"ünïcode\" // çok\nx·y",
		"odd bytes":  "a @ b # c $ d ? e \\ f \x80 g",
		"tabs":       "\tif x {\n\t\treturn\n\t}\n",
		"func space": "f (x)\ng\n(y)",
	}
	reg := course.Registry()
	for _, name := range reg.Names() {
		m, _ := reg.Lookup(name)
		files, _ := fs.Glob(m.Source, "*.go")
		for _, f := range files {
			b, err := fs.ReadFile(m.Source, f)
			if err != nil {
				t.Fatal(err)
			}
			srcs[m.Dir+"/"+f] = string(b)
		}
	}
	for name, src := range srcs {
		for _, base := range []int{1, 95} {
			want := chromaHTML(t, src, base)
			if got := formatGo(src, base); got != want {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Errorf("%s (from line %d): differs from chroma at byte %d:\n got …%s\nwant …%s", name, base, i, excerpt(got, i), excerpt(want, i))
			}
		}
	}
}

func excerpt(s string, i int) string {
	lo, hi := max(0, i-80), min(len(s), i+80)
	return strings.ReplaceAll(s[lo:hi], "\n", "⏎")
}

// TestCSS: the stylesheet shipped is chroma's for the two styles.
func TestCSS(t *testing.T) {
	var want strings.Builder
	for _, style := range []string{"github", "github-dark"} {
		var b bytes.Buffer
		f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true), chromahtml.LineNumbersInTable(false))
		if err := f.WriteCSS(&b, styles.Get(style)); err != nil {
			t.Fatal(err)
		}
		want.WriteString(b.String())
	}
	if got := lightCSS + darkCSS; got != want.String() {
		t.Errorf("chroma.css is not chroma's stylesheet for github and github-dark; regenerate it")
	}
}
