package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/site"
)

// What a Turkish page may show in English: code, listings, SVG, the markup
// itself, a glossary term's English gloss, and the works it cites, named
// as they are published.
var (
	codeRE    = regexp.MustCompile(`(?s)<(code|pre|svg|style|script)\b.*?</(code|pre|svg|style|script)>|<span lang="en">[^<]*</span>|<span class="cite">.*?</span>|(?s)<section class="references".*?</section>`)
	tagRE     = regexp.MustCompile(`(?s)<[^>]*>`)
	englishRE = regexp.MustCompile(`[A-Za-z]*[a-z0-9]_[a-z0-9_]+|\b[a-z][a-z0-9]*\.[a-z_][a-z0-9_.]*\b|\b(run|sweep|replicate|mean|ci95)\b`)
)

// TestTurkishPagesShowNoIdentifiers: the visible text of every Turkish
// page, outside code and listings, holds no English identifier, value
// path or expression; such things stand only in code.
func TestTurkishPagesShowNoIdentifiers(t *testing.T) {
	files, _, err := Render(context.Background(), sharedOptions(t))
	if err != nil {
		t.Fatalf("the course does not build:\n%v", err)
	}
	for _, name := range files.Names() {
		if !strings.HasPrefix(name, "tr/") || !strings.HasSuffix(name, ".html") {
			continue
		}
		text := codeRE.ReplaceAllString(string(files.Get(name)), " ")
		text = tagRE.ReplaceAllString(text, " ")
		for _, m := range englishRE.FindAllString(text, -1) {
			t.Errorf("%s shows %q outside code", name, m)
		}
	}
}

// TestLessonsTeach: every page of the course has its objectives, a summary
// and at least lesson.MinExercises exercises.
func TestLessonsTeach(t *testing.T) {
	o := sharedOptions(t)
	var errs diag.List
	s := site.Load(o.Templates, &errs)
	for _, l := range lesson.Discover(o.Lessons, s, directive.Standard().Parsers(), &errs) {
		for _, p := range l.Pages {
			lesson.CheckTeaching(p, &errs)
		}
	}
	if err := errs.Err(); err != nil {
		t.Error(err)
	}
}

// TestModelPurposes: the model reference states every course model's
// purpose in every language (model.NAME in templates/terms.yaml).
func TestModelPurposes(t *testing.T) {
	o := sharedOptions(t)
	var errs diag.List
	s := site.Load(o.Templates, &errs)
	for _, name := range o.Registry.Names() {
		for _, l := range s.Langs {
			if _, ok := s.Terms.Lookup("model."+name, l.Code); !ok {
				t.Errorf("no %s translation of model.%s in templates/terms.yaml", l.Code, name)
			}
		}
	}
}

// TestBaseURL: with base_url in site.yaml the build writes sitemap.xml and
// absolute alternates between the languages; links between pages stay
// relative. A bad base_url is an error at its line.
func TestBaseURL(t *testing.T) {
	o := sharedOptions(t)
	tmpl := t.TempDir()
	if err := os.CopyFS(tmpl, os.DirFS(o.Templates)); err != nil {
		t.Fatal(err)
	}
	siteYAML := filepath.Join(tmpl, "site.yaml")
	src, _ := os.ReadFile(siteYAML)
	if err := os.WriteFile(siteYAML, append([]byte("base_url: https://example.org/course\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Templates = tmpl
	files, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	sitemap := string(files.Get("sitemap.xml"))
	for _, want := range []string{"<loc>https://example.org/course/tr/yuk-dengeleyiciler.html</loc>", "<loc>https://example.org/course/en/index.html</loc>"} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap.xml lacks %s", want)
		}
	}
	if strings.Contains(sitemap, "404.html") {
		t.Error("sitemap.xml lists 404.html")
	}
	page := string(files.Get("tr/yuk-dengeleyiciler.html"))
	if !strings.Contains(page, `<link rel="alternate" hreflang="en" href="https://example.org/course/en/load-balancers.html">`) {
		t.Error("the Turkish lesson has no absolute English alternate")
	}
	if strings.Contains(page, `href="https://example.org/course/en/load-balancers.html" hreflang`) {
		t.Error("the language switch links absolutely")
	}
	if err := os.WriteFile(siteYAML, append([]byte("base_url: example.org\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Render(context.Background(), o)
	want := siteYAML + `:1:11: site: base_url "example.org": want an absolute http or https URL such as https://example.org/course/`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error = %v, want %s", err, want)
	}
}
