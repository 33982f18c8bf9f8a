package pipeline

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCorruptCacheRecomputed flips one byte in every cache entry: the next
// build recomputes each experiment, reports each result entry it reads
// once, draws each figure again (a damaged drawing is a quiet miss), and
// produces the same site as the build before the corruption.
func TestCorruptCacheRecomputed(t *testing.T) {
	// A copy of the shared cache (TestGolden's, when it ran first): the
	// build before the corruption reads it, only the one after runs
	// everything.
	o := courseOptions(t, copyTree(t, sharedCacheDir()))
	want, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var entries []string
	results := 0
	filepath.WalkDir(o.CacheDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			entries = append(entries, p)
			if strings.HasSuffix(p, ".res") {
				results++
			}
		}
		return nil
	})
	if len(entries) == 0 {
		t.Fatal("no cache entries written")
	}
	for _, p := range entries {
		b, _ := os.ReadFile(p)
		b[len(b)-5] ^= 0x01 // a byte of the payload: a value's bits
		os.WriteFile(p, b, 0o644)
	}
	got, s, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Cached != 0 || s.Ran != s.Runs {
		t.Errorf("%d cached, %d run of %d; want every experiment run again", s.Cached, s.Ran, s.Runs)
	}
	// The copy may hold entries of other tests' lessons, which this build
	// does not read: each entry it reads is reported once, and it read
	// enough of them to recompute every experiment (checked above).
	if len(s.Warnings) == 0 || len(s.Warnings) > results || results == len(entries) ||
		len(slices.Compact(slices.Sorted(slices.Values(s.Warnings)))) != len(s.Warnings) {
		t.Errorf("%d warnings for %d corrupt result entries (of %d entries, drawings included):\n%s", len(s.Warnings), results, len(entries), strings.Join(s.Warnings, "\n"))
	}
	for _, w := range s.Warnings {
		if !strings.Contains(w, "checksum mismatch; recomputed") {
			t.Errorf("warning %q does not say what failed", w)
		}
	}
	for _, name := range want.Names() {
		if !bytes.Equal(got.Get(name), want.Get(name)) {
			t.Errorf("%s differs from the build before the corruption", name)
		}
	}
	// The recomputed entries were written back: the next build is clean.
	if _, s, err = Render(context.Background(), o); err != nil || s.Cached != s.Runs || len(s.Warnings) != 0 {
		t.Errorf("third build: %d cached of %d, warnings %v, err %v", s.Cached, s.Runs, s.Warnings, err)
	}
}
