package build

import (
	"testing"

	"lbcourse/report/internal/diag"
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
