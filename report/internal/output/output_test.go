package output

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
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

// TestUnchangedFilesLinked: a file the previous build wrote with the same
// bytes is linked into the new site, not written again; a changed file, or
// one the user edited to the same length, is written.
func TestUnchangedFilesLinked(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := site("index.html", "en/a.html", "en/b.html").WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	inode := func(p string) uint64 {
		st, err := os.Stat(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		return st.Sys().(*syscall.Stat_t).Ino
	}
	before := map[string]uint64{"index.html": inode("index.html"), "en/a.html": inode("en/a.html"), "en/b.html": inode("en/b.html")}
	os.WriteFile(filepath.Join(out, "en", "b.html"), []byte("NEW en/b.html"), 0o644) // same length, other bytes
	next := site("index.html", "en/a.html", "en/b.html")
	next.Add("en/a.html", []byte("changed"))
	if err := next.WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	if inode("index.html") != before["index.html"] {
		t.Error("index.html, unchanged, was written again")
	}
	if inode("en/a.html") == before["en/a.html"] {
		t.Error("en/a.html, changed, was linked")
	}
	got := outputtest.Tree(t, out)
	if got["en/a.html"] != "changed" || got["en/b.html"] != "new en/b.html" || got["index.html"] != "new index.html" {
		t.Errorf("site after the second build: %q", got)
	}
}

// BenchmarkWriteAtomic writes a site of 136 files of 30 KB, as large as the
// course's, over the previous one: unchanged (every file linked) and
// changed (every file written).
func BenchmarkWriteAtomic(b *testing.B) {
	for _, changed := range []bool{false, true} {
		name := "unchanged"
		if changed {
			name = "changed"
		}
		b.Run(name, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "out")
			page := make([]byte, 30_000)
			n := 0
			build := func() *Files {
				f := New()
				for i := range 136 {
					if changed {
						page[0] = byte(n)
					}
					f.Add(fmt.Sprintf("p/%03d.html", i), slices.Clone(page))
				}
				f.AddMarker()
				n++
				return f
			}
			if err := build().WriteAtomic(out); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := build().WriteAtomic(out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
