package pipeline

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"lbcourse/report/internal/course"
	"lbcourse/report/internal/output"
)

var update = flag.Bool("update", false, "rewrite out/ and the expected error files from the current sources")

// root is the module root, where lessons/, templates/ and out/ live.
const root = "../../.."

// sharedCacheDir is one result cache for every test of this package that
// builds the course without testing the cache itself: each experiment runs
// once a test binary instead of once a test. TestMain removes it.
var sharedCacheDir = sync.OnceValue(func() string {
	dir, err := os.MkdirTemp("", "pipeline-test-cache-")
	if err != nil {
		panic(err)
	}
	return dir
})

func TestMain(m *testing.M) {
	code := m.Run()
	os.RemoveAll(sharedCacheDir())
	os.Exit(code)
}

// sharedOptions builds the course with the package's shared cache.
func sharedOptions(t testing.TB) Options {
	t.Helper()
	return courseOptions(t, sharedCacheDir())
}

func courseOptions(t testing.TB, cacheDir string) Options {
	t.Helper()
	return Options{
		Lessons:   filepath.Join(root, "lessons"),
		Templates: filepath.Join(root, "templates"),
		Out:       filepath.Join(root, "out"),
		CacheDir:  cacheDir,
		Registry:  course.Registry(),
	}
}

// TestGolden renders the course and compares every file with the committed
// out/: the pages, figures and numbers files are the golden files. With
// -update it rewrites out/.
func TestGolden(t *testing.T) {
	o := sharedOptions(t)
	files, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatalf("the course does not build:\n%v", err)
	}
	if *update {
		if err := files.WriteAtomic(o.Out); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string]bool{}
	for _, n := range files.Names() {
		want[n] = true
		got, err := os.ReadFile(filepath.Join(o.Out, n))
		if err != nil {
			t.Errorf("out/%s is missing (run make report, or go test ./report/internal/pipeline -update)", n)
			continue
		}
		if !bytes.Equal(got, files.Get(n)) {
			t.Errorf("out/%s differs from a fresh build: %s", n, firstDiff(got, files.Get(n)))
		}
	}
	_ = filepath.WalkDir(o.Out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			r, _ := filepath.Rel(o.Out, p)
			if !want[filepath.ToSlash(r)] {
				t.Errorf("out/%s is not produced by the build any more", r)
			}
		}
		return nil
	})
	for _, must := range []string{"index.html", "tr/index.html", "en/index.html", "style.css",
		"tr/dengeleme-algoritmalari.html", "en/balancing-algorithms.html", "numbers/02-dengeleme-algoritmalari.tsv"} {
		if !want[must] {
			t.Errorf("the build has no %s", must)
		}
	}
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n  committed: " + clip(x) + "\n  fresh:     " + clip(y)
		}
	}
	return "(same lines)"
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

// TestDeterminism builds twice, with one and with all processors, with a
// cold and with a warm cache: the bytes are the same.
func TestDeterminism(t *testing.T) {
	cache := t.TempDir()
	prev := runtime.GOMAXPROCS(1)
	a, sa, err := Render(context.Background(), courseOptions(t, cache))
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	b, sb, err := Render(context.Background(), courseOptions(t, cache))
	if err != nil {
		t.Fatal(err)
	}
	if sa.Ran != sa.Runs || sa.Cached != 0 {
		t.Errorf("cold build: %+v, want every experiment run", sa)
	}
	if sb.Ran != 0 || sb.Cached != sb.Runs {
		t.Errorf("warm build: %+v, want every experiment from the cache", sb)
	}
	if strings.Join(a.Names(), "\n") != strings.Join(b.Names(), "\n") {
		t.Fatalf("file lists differ")
	}
	for _, n := range a.Names() {
		if !bytes.Equal(a.Get(n), b.Get(n)) {
			t.Errorf("%s differs between builds: %s", n, firstDiff(a.Get(n), b.Get(n)))
		}
	}
}

// copyTree copies a directory (the course's lessons, a cache) into a
// temporary one.
func copyTree(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, r), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, r), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

// TestProseEditRunsNothing edits only prose: every result comes from the
// cache. Changing a parameter runs that experiment (and the ones that refer
// to it) again.
func TestProseEditRunsNothing(t *testing.T) {
	lessons := copyTree(t, filepath.Join(root, "lessons"))
	// A copy of the shared cache: whatever another test computed is reused,
	// and the runs this test adds stay its own.
	o := courseOptions(t, copyTree(t, sharedCacheDir()))
	o.Lessons = lessons
	if _, _, err := Render(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"tr", "en"} {
		f := filepath.Join(lessons, "02-dengeleme-algoritmalari", lang+".md")
		b, _ := os.ReadFile(f)
		b = append(b, "\nOne more sentence of prose.\n"...)
		os.WriteFile(f, b, 0o644)
	}
	_, s, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Ran != 0 || s.Cached != s.Runs {
		t.Errorf("after a prose edit: %d run, %d cached of %d; want 0 run", s.Ran, s.Cached, s.Runs)
	}
	for _, lang := range []string{"tr", "en"} {
		f := filepath.Join(lessons, "02-dengeleme-algoritmalari", lang+".md")
		b, _ := os.ReadFile(f)
		b = bytes.Replace(b, []byte("```experiment hashing\nmodel: hashing\n"), []byte("```experiment hashing\nmodel: hashing\nkeys: 50000\n"), 1)
		os.WriteFile(f, b, 0o644)
	}
	_, s, err = Render(context.Background(), o)
	if err == nil {
		// The claims may or may not hold for 50000 keys; only the counts matter.
		t.Logf("build with 50000 keys succeeded")
	}
	refer := 0 // experiments whose parameters refer to hashing
	for _, lang := range []string{"tr"} {
		b, _ := os.ReadFile(filepath.Join(lessons, "02-dengeleme-algoritmalari", lang+".md"))
		refer = strings.Count(string(b), "!ref hashing.")
	}
	if refer == 0 || s.Ran != 1+refer {
		t.Errorf("after changing hashing's keys: %d run, want %d (hashing and the %d experiments that refer to it)", s.Ran, 1+refer, refer)
	}
}

// TestFailedBuildLeavesOut: a broken lesson makes Build fail and leaves the
// previous site exactly as it was, with no temporary directory behind.
func TestFailedBuildLeavesOut(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "index.html"), []byte("previous site"), 0o644)
	os.WriteFile(filepath.Join(out, output.Marker), []byte(output.MarkerHead+"index.html\n"), 0o644)
	o := sharedOptions(t)
	o.Out = out
	o.Lessons = filepath.Join("testdata", "errors", "references", "lessons")
	if _, err := Build(context.Background(), o); err == nil {
		t.Fatal("Build of a broken lesson succeeded")
	}
	b, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil || string(b) != "previous site" {
		t.Errorf("out/index.html = %q, %v; want the previous site", b, err)
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("beside out/: %v, want only out", names)
	}
	// A good build replaces it, atomically, and leaves nothing beside it.
	o.Lessons = filepath.Join(root, "lessons")
	if _, err := Build(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "index.html")); string(b) == "previous site" {
		t.Error("a good build did not replace out/")
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("beside out/ after a good build: %d entries", len(entries))
	}
}

// TestRefusedOut: a build replaces its output directory whole, so it
// refuses one that holds anything but a previous site, or the sources.
func TestRefusedOut(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	os.MkdirAll(docs, 0o755)
	os.WriteFile(filepath.Join(docs, "thesis.txt"), []byte("years of work"), 0o644)
	file := filepath.Join(dir, "afile.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	lessons := filepath.Join(root, "lessons")
	wd, _ := os.Getwd()
	tests := []struct{ out, want string }{
		{docs, "refusing to write the site to " + docs + ": it holds other files (thesis.txt), and no .report-site file says a previous build wrote it"},
		{file, "refusing to write the site to " + file + ": it is a file"},
		{lessons, "refusing to write the site to " + lessons + ": a build replaces it whole, and it overlaps the lessons (" + lessons + ")"},
		{filepath.Join(lessons, "x"), "refusing to write the site to " + filepath.Join(lessons, "x") + ": a build replaces it whole, and it overlaps the lessons (" + lessons + ")"},
		{root, "refusing to write the site to " + root + ": a build replaces it whole, and it holds the working directory"},
		{wd, "refusing to write the site to " + wd + ": a build replaces it whole, and it holds the working directory"},
	}
	for _, tc := range tests {
		o := sharedOptions(t)
		o.Out = tc.out
		_, err := Build(context.Background(), o)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Build -out %s: %v\nwant %s", tc.out, err, tc.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(docs, "thesis.txt")); string(b) != "years of work" {
		t.Error("the refused directory was touched")
	}
}

func BenchmarkColdBuild(b *testing.B) {
	for b.Loop() {
		if _, _, err := Render(context.Background(), courseOptions(b, "")); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProseOnlyRebuild(b *testing.B) {
	o := courseOptions(b, b.TempDir())
	if _, _, err := Render(context.Background(), o); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := Render(context.Background(), o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLesson05Cold builds lesson 05 alone from an empty cache: every
// one of its experiments runs. The lesson's goal is under a second on two
// cores.
func BenchmarkLesson05Cold(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "lessons")
	src := filepath.Join(root, "lessons", "05-kuyrugun-ucu")
	dst := filepath.Join(dir, "05-kuyrugun-ucu")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		b.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	o := courseOptions(b, "")
	o.Lessons = dir
	for b.Loop() {
		if _, _, err := Render(context.Background(), o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWarmRender renders the whole course with every result cached:
// what a prose edit costs before the site is written.
func BenchmarkWarmRender(b *testing.B) {
	o := courseOptions(b, sharedCacheDir())
	if _, _, err := Render(context.Background(), o); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := Render(context.Background(), o); err != nil {
			b.Fatal(err)
		}
	}
}
