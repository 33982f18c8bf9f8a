package pipeline

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// What a Turkish page may show in English: code, listings, SVG, the markup
// itself, and a glossary term's English gloss.
var (
	codeRE    = regexp.MustCompile(`(?s)<(code|pre|svg|style|script)\b.*?</(code|pre|svg|style|script)>|<span lang="en">[^<]*</span>`)
	tagRE     = regexp.MustCompile(`(?s)<[^>]*>`)
	englishRE = regexp.MustCompile(`[A-Za-z]*[a-z0-9]_[a-z0-9_]+|\b[a-z][a-z0-9]*\.[a-z_][a-z0-9_.]*\b|\b(run|sweep|replicate|mean|ci95)\b`)
)

// TestTurkishPagesShowNoIdentifiers: the visible text of every Turkish
// page, outside code and listings, holds no English identifier, value
// path or expression; such things stand only in code.
func TestTurkishPagesShowNoIdentifiers(t *testing.T) {
	files, _, err := Render(context.Background(), courseOptions(t, ""))
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
