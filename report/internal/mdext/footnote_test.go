package mdext

import (
	"strings"
	"testing"
)

// TestFootnotes: a lesson's footnotes render as goldmark's extension does,
// linked both ways.
func TestFootnotes(t *testing.T) {
	md := New(nil, nil)
	var out strings.Builder
	if err := md.Convert([]byte("A claim.[^src]\n\n[^src]: Dean and Barroso, 2013.\n"), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a>`, `<li id="fn:1">`, `Dean and Barroso, 2013.`, `href="#fnref:1"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %s in\n%s", want, out.String())
		}
	}
}
