package output

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"lbcourse/report/internal/output/outputtest"
)

func site(pages ...string) *Files {
	f := New()
	for _, p := range pages {
		f.Add(p, []byte("new "+p))
	}
	f.AddMarker()
	return f
}

// TestWriteKeepsForeignFiles: files the previous build did not write (a
// CNAME, a .nojekyll, a publishing worktree's .git) survive a build; files
// it wrote and no longer writes are gone.
func TestWriteKeepsForeignFiles(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html", "en/old.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "CNAME"), []byte("course.example\n"), 0o644)
	os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644)
	os.MkdirAll(filepath.Join(out, ".git", "objects", "ab"), 0o755)
	os.WriteFile(filepath.Join(out, ".git", "HEAD"), []byte("ref: refs/heads/gh-pages\n"), 0o644)
	os.WriteFile(filepath.Join(out, ".git", "objects", "ab", "cdef"), []byte("blob"), 0o444)
	os.Symlink("HEAD", filepath.Join(out, ".git", "link"))
	os.WriteFile(filepath.Join(out, "en", "notes.txt"), []byte("mine"), 0o644)

	if err := site("index.html", "en/new.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	got := outputtest.Tree(t, out)
	for p, want := range map[string]string{
		"CNAME": "course.example\n", ".nojekyll": "", ".git/HEAD": "ref: refs/heads/gh-pages\n",
		".git/objects/ab/cdef": "blob", ".git/link": "-> HEAD", "en/notes.txt": "mine",
		"index.html": "new index.html", "en/new.html": "new en/new.html",
	} {
		if got[p] != want {
			t.Errorf("%s = %q, want %q", p, got[p], want)
		}
	}
	if _, ok := got["en/old.html"]; ok {
		t.Error("en/old.html, written by the previous build and not by this one, is still there")
	}
	if n := outputtest.Names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

// TestWriteRefusesOverwritingForeign: a foreign file where the new build
// writes is refused by name, and nothing changes.
func TestWriteRefusesOverwritingForeign(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "about.html"), []byte("hand-written"), 0o644)
	before := outputtest.Tree(t, out)
	err := site("index.html", "about.html").WriteAtomic(out)
	want := "refusing to write the site to " + out + ": it holds about.html, which this build did not write before and would now overwrite; move it away"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	if after := outputtest.Tree(t, out); !outputtest.Equal(before, after) {
		t.Errorf("out/ changed: %v", after)
	}
	if n := outputtest.Names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

// TestLeftoversRemoved: directories of interrupted builds are removed by
// the next build, however recent (the lock says no build owns them).
func TestLeftoversRemoved(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := site("index.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(parent, ".out.tmp-5"), 0o755)
	os.MkdirAll(filepath.Join(parent, ".out.tmp-6.old"), 0o755)
	if _, err := Restore(out); err != nil {
		t.Fatal(err)
	}
	if n := outputtest.Names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
}

// TestBuildsSerialised: while one build holds the output lock, a second
// waits for it.
func TestBuildsSerialised(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	unlock, err := Lock(out)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan struct{})
	go func() {
		u, err := Lock(out)
		if err == nil {
			u()
		}
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a second lock was granted while the first was held")
	case <-time.After(200 * time.Millisecond): // the second is still waiting
	}
	unlock()
	<-got
}
