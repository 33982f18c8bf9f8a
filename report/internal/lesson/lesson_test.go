package lesson

import (
	"testing"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/site"
)

// FuzzFront parses arbitrary front matter: no input may panic, and every
// error lies inside it.
func FuzzFront(f *testing.F) {
	for _, s := range []string{"title: A\nslug: a\nsummary: S.\n", "title: [\n", "slug: A B\n", "title: {{ x }}\n", "- a\n", "title: &a x\nslug: *a\n", "summary:\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fm string) {
		const base = 4
		var errs diag.List
		src := []byte("---\n" + fm)
		errs.AddSource("f.md", src)
		_ = parseFront("f.md", []byte(fm), base, &errs)
		for _, e := range errs.Errors() {
			if e.Off < 0 || e.Off > len(src) {
				t.Fatalf("error %q at %d outside the front matter", e.Msg, e.Off)
			}
		}
	})
}

const frontTR = "---\ntitle: Deneme\nslug: deneme\nsummary: Kısa bir deneme.\n---\n\n"

// FuzzPage parses arbitrary lesson files as a build does (front matter,
// bounds, Markdown, directives): no input may panic, and every error lies
// inside the file.
func FuzzPage(f *testing.F) {
	for _, s := range []string{
		frontTR + "Text {{ e.a | 2 }}.\n", frontTR + "```experiment e\nmodel: queue\n```\n", "no front matter",
		"---\ntitle: [\n---\n", frontTR + "```plot p\nseries: []\n```\n", frontTR + ">>>>>>>>>>>>>>>>>> x\n",
		frontTR + "```check\n(a.b < 1) < 2\n```\n", "\ufeff---\r\ntitle: A\r\n---\r\n", frontTR + "```table\n",
	} {
		f.Add(s)
	}
	lang := &site.Lang{Code: "tr"}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		var errs diag.List
		p := parsePage("f.md", []byte(src), lang, directive.Standard().Parsers(), &errs)
		for _, e := range errs.Errors() {
			if e.Off > len(p.Src) {
				t.Fatalf("error %q at %d outside the file (%d bytes)", e.Msg, e.Off, len(p.Src))
			}
		}
	})
}

// TestFrontProblems: front-matter problems are reported at their line, a
// key given twice and a syntax error included.
func TestFrontProblems(t *testing.T) {
	for _, tc := range []struct{ fm, want, title string }{
		{"title: A\nslug: a\ntitle: B\nsummary: S.\n", `f.md:4:1: front matter: title given twice`, "A"},
		{"title: A\nslug: a\nsummary: S.\nx: y: z\n", `f.md:5:1: front matter: mapping values are not allowed in this context`, ""},
		{"title: A\nslg: a\nsummary: S.\n", "f.md:2:1: front matter: missing slug\n" +
			`f.md:3:1: front matter: unknown key "slg" (did you mean "slug"?)`, "A"},
	} {
		var errs diag.List
		errs.AddSource("f.md", []byte("---\n"+tc.fm+"---\n"))
		f := parseFront("f.md", []byte(tc.fm), 4, &errs)
		if err := errs.Err(); err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.fm, err, tc.want)
		}
		if f.Title != tc.title {
			t.Errorf("%q: title %q, want %q", tc.fm, f.Title, tc.title)
		}
	}
}
