package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lbcourse/report/internal/output"
	"lbcourse/report/internal/output/outputtest"

	"golang.org/x/tools/txtar"
)

// An error case is a malformed course and the exact error list its build
// prints. Cases live under testdata/errors as a directory (lessons/, an
// optional templates/ and expected.txt) or as a txtar archive NAME.txtar
// whose files are written as they are, except two: "both" is the body of
// lessons/01-deneme in both languages (after six lines of front matter, so
// that line numbers agree), and "expected" is the error list. Programmatic
// cases, for inputs too large to commit, are in generatedCases.

const (
	frontTR = "---\ntitle: Deneme\nslug: deneme\nsummary: Kısa bir deneme.\n---\n\n"
	frontEN = "---\ntitle: Trial\nslug: trial\nsummary: A short trial.\n---\n\n"
)

// generatedCases are cases whose body is made by code.
var generatedCases = map[string]string{
	"file-too-large": "Text.\n" + strings.Repeat("Bir cümle daha.\n", 1<<16),
	"brackets":       "Text " + strings.Repeat("[", 5001) + "\n",
	"claim-parens": "```experiment e\nmodel: warmup\n```\n\n```check\n" +
		strings.Repeat("(", 400000) + "e.a < e.b" + strings.Repeat(")", 400000) + "\n```\n",
	"claim-nots":  "```experiment e\nmodel: warmup\n```\n\n```check\n" + strings.Repeat("!", 800000) + "(e.moved < 1)\n```\n",
	"value-minus": "```experiment e\nmodel: warmup\n```\n\nText {{ " + strings.Repeat("-", 800000) + "e.a | 2 }}.\n",
	"claim-long":  "```experiment e\nmodel: warmup\n```\n\n```check\ne.a" + strings.Repeat(" + e.a", 100000) + " > 0\n```\n",
}

// TestErrors builds each malformed course into an output directory that
// holds a previous site, compares the error list, every line exact, and
// checks that the previous site is byte for byte as it was, with nothing
// left beside it.
func TestErrors(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "errors", "*"))
	n := 0
	for _, dir := range dirs {
		name := strings.TrimSuffix(filepath.Base(dir), ".txtar")
		t.Run(name, func(t *testing.T) {
			course := t.TempDir()
			var expected []byte
			var save func(got []byte)
			if strings.HasSuffix(dir, ".txtar") {
				ar, err := txtar.ParseFile(dir)
				if err != nil {
					t.Fatal(err)
				}
				expected = writeArchive(t, course, ar)
				save = func(got []byte) { setFile(ar, "expected", got); os.WriteFile(dir, txtar.Format(ar), 0o644) }
			} else {
				course = dir
				expected, _ = os.ReadFile(filepath.Join(dir, "expected.txt"))
				save = func(got []byte) { os.WriteFile(filepath.Join(dir, "expected.txt"), got, 0o644) }
			}
			checkErrorCase(t, course, expected, save)
		})
		n++
	}
	for name, body := range generatedCases {
		t.Run(name, func(t *testing.T) {
			course := t.TempDir()
			writeBoth(t, course, body)
			file := filepath.Join("testdata", "errors-generated", name+".txt")
			expected, _ := os.ReadFile(file)
			checkErrorCase(t, course, expected, func(got []byte) {
				os.MkdirAll(filepath.Dir(file), 0o755)
				os.WriteFile(file, got, 0o644)
			})
		})
		n++
	}
	if n < 40 {
		t.Errorf("%d error cases; the suite promises at least 40", n)
	}
}

func checkErrorCase(t *testing.T, course string, expected []byte, save func([]byte)) {
	t.Helper()
	o := sharedOptions(t)
	o.Lessons = filepath.Join(course, "lessons")
	if _, err := os.Stat(filepath.Join(course, "templates")); err == nil {
		o.Templates = filepath.Join(course, "templates")
	}
	o.Out = previousSite(t)
	before := outputtest.Tree(t, o.Out)
	_, err := Build(context.Background(), o)
	if err == nil {
		t.Fatal("build succeeded")
	}
	got := strings.ReplaceAll(err.Error(), course+string(filepath.Separator), "")
	got = strings.ReplaceAll(got, filepath.Join(root, "templates")+string(filepath.Separator), "templates/") + "\n"
	if *update {
		save([]byte(got))
	} else if got != string(expected) {
		t.Errorf("errors differ\n--- got\n%s--- want\n%s", got, expected)
	}
	if after := outputtest.Tree(t, o.Out); !outputtest.Equal(before, after) {
		t.Errorf("the failed build changed out/: %v", after)
	}
	if n := outputtest.Names(t, filepath.Dir(o.Out)); len(n) != 1 {
		t.Errorf("beside out/: %v", n)
	}
}

// previousSite makes an output directory holding a small previous site and
// a file the site did not write.
func previousSite(t *testing.T) string {
	out := filepath.Join(t.TempDir(), "out")
	f := output.New()
	f.Add("index.html", []byte("<!doctype html><title>previous</title>"))
	f.Add("tr/deneme.html", []byte("önceki"))
	f.AddMarker()
	if err := f.WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "CNAME"), []byte("course.example\n"), 0o644)
	return out
}

// writeArchive writes ar's files under dir and returns its expected errors.
func writeArchive(t *testing.T, dir string, ar *txtar.Archive) []byte {
	var expected []byte
	for _, f := range ar.Files {
		switch f.Name {
		case "expected":
			expected = f.Data
		case "both":
			writeBoth(t, dir, string(f.Data))
		default:
			p := filepath.Join(dir, filepath.FromSlash(f.Name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return expected
}

func writeBoth(t *testing.T, dir, body string) {
	l := filepath.Join(dir, "lessons", "01-deneme")
	os.MkdirAll(l, 0o755)
	if err := os.WriteFile(filepath.Join(l, "tr.md"), []byte(frontTR+body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(l, "en.md"), []byte(frontEN+body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func setFile(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

// TestCrashBetweenRenamesRestored: a build killed between its two renames
// left no out/, only the previous site renamed aside and the new one
// half-written. The next build puts the previous site back before it does
// anything else, so even a failing build leaves it in place, says so, and
// removes every leftover.
func TestCrashBetweenRenamesRestored(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := previousOnly().WriteAtomic(out); err != nil {
		t.Fatal(err)
	}
	want := outputtest.Tree(t, out)
	os.Rename(out, filepath.Join(parent, ".out.tmp-123.old"))
	os.MkdirAll(filepath.Join(parent, ".out.tmp-123", "en"), 0o755)
	os.MkdirAll(filepath.Join(parent, ".out.tmp-77"), 0o755) // an older crash, while writing

	o := sharedOptions(t)
	o.Out = out
	o.Lessons = filepath.Join("testdata", "errors", "references", "lessons")
	s, err := Build(context.Background(), o)
	if err == nil {
		t.Fatal("a broken lesson built")
	}
	if got := outputtest.Tree(t, out); !outputtest.Equal(got, want) {
		t.Errorf("out/ = %v, want the previous site %v", got, want)
	}
	if n := outputtest.Names(t, parent); !slices.Equal(n, []string{"out"}) {
		t.Errorf("beside out/: %v", n)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "put the previous site back") {
		t.Errorf("warnings %q; want one saying the previous site was put back", s.Warnings)
	}
}

// previousOnly is a previous site of one page.
func previousOnly() *output.Files {
	f := output.New()
	f.Add("index.html", []byte("new index.html"))
	f.AddMarker()
	return f
}
