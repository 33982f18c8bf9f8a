package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lbcourse/report/internal/diag"
)

// load writes site.yaml and terms.yaml into a directory and loads them.
func load(t *testing.T, siteYAML, termsYAML string) (*Site, string) {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "site.yaml"), []byte(siteYAML), 0o644)
	os.WriteFile(filepath.Join(dir, "terms.yaml"), []byte(termsYAML), 0o644)
	var errs diag.List
	s := Load(dir, &errs)
	msg := ""
	if err := errs.Err(); err != nil {
		msg = strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	}
	return s, msg
}

const langs = "languages:\n  - {code: tr, name: Türkçe}\n  - {code: en, name: English}\n"

func TestLoad(t *testing.T) {
	s, msg := load(t, langs, "a.*: {tr: \"A {1}\", en: \"An {1}\"}\nb: {tr: B, en: B}\n")
	if msg != "" {
		t.Fatal(msg)
	}
	if len(s.Langs) != 2 || s.Langs[1].Name != "English" {
		t.Errorf("languages %v", s.Langs)
	}
	if got, _ := s.Terms.Lookup("a.x", "en"); got != "An x" {
		t.Errorf("a.x = %q", got)
	}
}

// TestLoadSyntaxErrorsAtTheirLine: a YAML syntax error in either file is
// reported at its line, without yaml.v3's prefixes.
func TestLoadSyntaxErrorsAtTheirLine(t *testing.T) {
	for _, tc := range []struct{ site, terms, want string }{
		{"languages:\n  - {code: tr, name: T}\n\t- {code: en}\n", "b: {tr: B}\n", "site.yaml:3:1: found character that cannot start any token"},
		{langs, "b: {tr: B, en: B}\nc: d: e\n", "terms.yaml:2:1: mapping values are not allowed in this context"},
	} {
		_, msg := load(t, tc.site, tc.terms)
		if msg != tc.want {
			t.Errorf("got %q, want an error at %s...", msg, tc.want)
		}
	}
}
