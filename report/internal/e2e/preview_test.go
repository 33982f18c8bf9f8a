package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/course"
	"lbcourse/report/internal/pipeline"
	"lbcourse/report/internal/serve"
)

// previewDeadline bounds each wait for the open page to show a change.
const previewDeadline = 20 * time.Second

// firstBuildDeadline bounds the first build, which runs the edited lesson's
// experiments on an empty cache: it catches a hung build, not a slow one.
const firstBuildDeadline = 5 * time.Minute

// TestLivePreview runs the live-preview server on a copy of lessons/ and
// templates/ and watches a lesson page in the browser while its file changes: a
// prose edit appears, a broken experiment turns the page into the error list
// (file:line:col: message), and the fix brings the page back, each time without
// anyone reloading the page.
func TestLivePreview(t *testing.T) {
	root := moduleRoot(t)
	tmp := t.TempDir()
	lessons, templates := filepath.Join(tmp, "lessons"), filepath.Join(tmp, "templates")
	out, cache := filepath.Join(tmp, "out"), filepath.Join(tmp, "cache")
	copyDir(t, filepath.Join(root, "lessons"), lessons)
	copyDir(t, filepath.Join(root, "templates"), templates)
	langs := siteLanguages(t, templates)
	les := pickLesson(t, lessons, langs[0])
	t.Logf("editing %s (page %s)", les.rel(lessons), les.page)
	// The preview is about one lesson: the others only lengthen the first
	// build, which runs every experiment on an empty cache.
	keepOnly(t, lessons, les.file)

	var logs lockedBuffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("preview server log:\n%s", logs.String())
		}
	})
	ctx, stop := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve.Serve(ctx, serve.Options{
			Addr:  "127.0.0.1:0",
			Out:   out,
			Watch: []string{lessons, templates},
			Build: func(ctx context.Context) error {
				_, err := pipeline.Build(ctx, pipeline.Options{
					Lessons: lessons, Templates: templates, Out: out, CacheDir: cache,
					Registry: course.Registry(),
				})
				return err
			},
			Log:   &logs,
			Ready: func(addr string) { ready <- addr },
		})
	}()
	t.Cleanup(func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve.Serve returned %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("serve.Serve did not return within 10s of the cancel")
		}
	})
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("serve.Serve: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the preview server was not ready within 10s")
	}
	base := "http://" + addr
	st := waitStatus(t, base, firstBuildDeadline, func(s previewStatus) bool { return s.Generation >= 1 })
	if !st.OK {
		t.Fatalf("the first build of the copied sources failed:\n%s", strings.Join(st.Errors, "\n"))
	}

	built, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(les.page)))
	if err != nil {
		t.Fatalf("the lesson's page: %v", err)
	}
	if !strings.Contains(string(built), les.words) {
		t.Fatalf("%s does not show line %d of %s as it is: %q", les.page, les.proseLine+1, les.rel(lessons), les.words)
	}

	tb := newTab(t)
	url := base + "/" + les.page
	if err := tb.run(20*time.Second, chromedp.Navigate(url)); err != nil {
		t.Fatalf("loading %s: %v", url, err)
	}
	text := waitText(t, tb, "the page before any edit", func(s string) bool { return strings.Contains(s, les.words) })
	if strings.Contains(text, les.marker) {
		t.Fatalf("the page shows %q before the edit", les.marker)
	}

	// 1. A prose edit shows up in the open page.
	edited := les.withLine(les.proseLine, les.prose+" "+les.marker)
	les.write(t, edited)
	waitText(t, tb, "the edited sentence", func(s string) bool { return strings.Contains(s, les.marker) })

	// 2. An unknown model turns the page into the error list.
	const badModel = "e2e_no_such_model"
	brokenLines := strings.SplitAfter(edited, "\n")
	brokenLines[les.modelLine] = les.modelIndent + "model: " + badModel + "\n"
	les.write(t, strings.Join(brokenLines, ""))
	wantLine, wantCol := les.modelLine+1, utf8.RuneCountInString(les.modelIndent+"model: ")+1
	errRE := regexp.MustCompile(`(?m)^(.+):(\d+):(\d+): (.+)$`)
	var diag []string
	waitText(t, tb, fmt.Sprintf("the error page naming %s:%d:%d and %q", les.rel(lessons), wantLine, wantCol, badModel), func(s string) bool {
		diag = diag[:0]
		found := false
		for _, m := range errRE.FindAllStringSubmatch(s, -1) {
			diag = append(diag, m[0])
			if sameFile(m[1], les.file, les.rel(lessons)) && m[2] == strconv.Itoa(wantLine) && m[3] == strconv.Itoa(wantCol) && strings.Contains(m[4], badModel) {
				found = true
			}
		}
		return found
	})
	t.Logf("error page lists:\n\t%s", strings.Join(diag, "\n\t"))
	if code := httpStatus(t, url); code != http.StatusInternalServerError {
		t.Errorf("GET %s during the failed build: status %d, want 500", url, code)
	}
	if st := getStatus(t, base); st.OK || len(st.Errors) == 0 {
		t.Errorf("%s during the failed build: ok=%v errors=%q", serve.StatusPath, st.OK, st.Errors)
	}

	// 3. The fix brings the page back, with the edit.
	les.write(t, edited)
	waitText(t, tb, "the fixed page", func(s string) bool {
		return strings.Contains(s, les.marker) && strings.Contains(s, les.words) && !errRE.MatchString(s)
	})
	if code := httpStatus(t, url); code != http.StatusOK {
		t.Errorf("GET %s after the fix: status %d, want 200", url, code)
	}
	if st := getStatus(t, base); !st.OK || st.Generation < 4 {
		t.Errorf("%s after the fix: ok=%v generation=%d (want ok after at least 4 builds)", serve.StatusPath, st.OK, st.Generation)
	}
	tb.rec.take() // the reloads cancel the event stream and meet a 500: expected here
}

// sameFile reports whether a diagnostic's file names the lesson file, given
// absolute or relative to the lessons' parent.
func sameFile(diag, abs, rel string) bool {
	d := filepath.ToSlash(filepath.Clean(diag))
	return d == filepath.ToSlash(abs) || d == rel || strings.HasSuffix(d, "/"+rel)
}

// lessonFile is the lesson file the preview test edits.
type lessonFile struct {
	file        string   // absolute path
	page        string   // its page, relative to the site root
	lines       []string // the file's lines, with their "\n"
	proseLine   int      // index of a plain prose line that shows as is on the page
	prose       string   // that line, without its line end
	words       string   // that line's text, trimmed
	modelLine   int      // index of the first "model:" line of an experiment
	modelIndent string
	marker      string
}

func (l *lessonFile) rel(lessons string) string {
	r, err := filepath.Rel(filepath.Dir(lessons), l.file)
	if err != nil {
		return l.file
	}
	return filepath.ToSlash(r)
}

func (l *lessonFile) withLine(i int, text string) string {
	lines := append([]string(nil), l.lines...)
	lines[i] = text + "\n"
	return strings.Join(lines, "")
}

func (l *lessonFile) write(t *testing.T, content string) {
	t.Helper()
	if err := os.WriteFile(l.file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pickLesson takes the first lesson folder (in name order) with a file for lang
// and, in that file, a plain prose line and the model line of an experiment.
func pickLesson(t *testing.T, lessons, lang string) *lessonFile {
	t.Helper()
	entries, err := os.ReadDir(lessons)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	var tried []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		file := filepath.Join(lessons, e.Name(), lang+".md")
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		if l := scanLesson(file, string(b), lang); l != nil {
			return l
		}
		tried = append(tried, file)
	}
	t.Fatalf("no lesson file for %s with front matter (slug), a plain prose line and an experiment with a model: line; tried %q", lang, tried)
	return nil
}

var modelRE = regexp.MustCompile(`^(\s*)model:\s*\S`)

func scanLesson(file, content, lang string) *lessonFile {
	l := &lessonFile{file: file, lines: strings.SplitAfter(content, "\n"), proseLine: -1, modelLine: -1,
		marker: fmt.Sprintf("E2Emarker%d", time.Now().UnixNano()%1_000_000_000)}
	if l.lines[len(l.lines)-1] == "" {
		l.lines = l.lines[:len(l.lines)-1]
	}
	// Front matter: the first line is ---, up to the next ---.
	if len(l.lines) == 0 || strings.TrimSpace(l.lines[0]) != "---" {
		return nil
	}
	end := -1
	for i := 1; i < len(l.lines); i++ {
		if strings.TrimSpace(l.lines[i]) == "---" {
			end = i
			break
		}
	}
	if end < 0 {
		return nil
	}
	var fm struct {
		Slug string `yaml:"slug"`
	}
	if yaml.Unmarshal([]byte(strings.Join(l.lines[1:end], "")), &fm) != nil || fm.Slug == "" {
		return nil
	}
	l.page = lang + "/" + fm.Slug + ".html"
	fence := ""
	for i := end + 1; i < len(l.lines); i++ {
		line := strings.TrimRight(l.lines[i], "\r\n")
		trim := strings.TrimSpace(line)
		if fence == "" && strings.HasPrefix(trim, "```") {
			fence = strings.TrimSpace(strings.TrimPrefix(trim, "```"))
			continue
		}
		if fence != "" {
			if trim == "```" {
				fence = ""
				continue
			}
			if l.modelLine < 0 && strings.HasPrefix(fence, "experiment") {
				if m := modelRE.FindStringSubmatch(line); m != nil {
					l.modelLine, l.modelIndent = i, m[1]
				}
			}
			continue
		}
		if l.proseLine < 0 && plainProse(trim) {
			l.proseLine, l.prose, l.words = i, line, trim
		}
	}
	if l.proseLine < 0 || l.modelLine < 0 {
		return nil
	}
	return l
}

// plainProse reports whether a Markdown line is ordinary text that the page shows
// as it is: it starts with a letter and has no markup or template syntax.
func plainProse(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if len(s) < 30 || !unicode.IsLetter(r) || strings.ContainsAny(s, "{}`*_[]<>&|#\\!$~") {
		return false
	}
	return !strings.HasSuffix(s, ":") // a line introducing a list or a block
}

type previewStatus struct {
	Generation uint64   `json:"generation"`
	OK         bool     `json:"ok"`
	Building   bool     `json:"building"`
	Errors     []string `json:"errors"`
}

var httpClient = &http.Client{Timeout: 5 * time.Second}

func getStatus(t *testing.T, base string) previewStatus {
	t.Helper()
	resp, err := httpClient.Get(base + serve.StatusPath)
	if err != nil {
		t.Fatalf("GET %s: %v", serve.StatusPath, err)
	}
	defer resp.Body.Close()
	var st previewStatus
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatalf("GET %s: %v", serve.StatusPath, err)
	}
	return st
}

// waitStatus polls the server state until ok(state), for at most within.
func waitStatus(t *testing.T, base string, within time.Duration, ok func(previewStatus) bool) previewStatus {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		st := getStatus(t, base)
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the preview server did not reach the expected state within %v: %+v", within, st)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func httpStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := httpClient.Get(url)
	if err != nil {
		t.Errorf("GET %s: %v", url, err)
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// waitText polls the text of the page open in tb until ok(text), for at most
// previewDeadline; the page reloads by itself, so some polls meet a navigation.
func waitText(t *testing.T, tb *tab, what string, ok func(string) bool) string {
	t.Helper()
	start := time.Now()
	deadline := start.Add(previewDeadline)
	var last string
	var lastErr error
	for {
		text, err := eval[string](tb, 2*time.Second,
			`document.readyState === 'complete' && document.body ? document.body.innerText : ''`)
		if err == nil {
			last, lastErr = text, nil
			if ok(text) {
				t.Logf("saw %s after %v", what, time.Since(start).Round(time.Millisecond))
				return text
			}
		} else {
			lastErr = err
		}
		if time.Now().After(deadline) {
			if len(last) > 1500 {
				last = last[:1500] + "…"
			}
			t.Fatalf("the page did not show %s within %v (last error: %v); it shows:\n%s", what, previewDeadline, lastErr, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// copyDir copies the regular files of the tree src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

// keepOnly removes every lesson folder under lessons but the one holding
// file.
func keepOnly(t *testing.T, lessons, file string) {
	t.Helper()
	entries, err := os.ReadDir(lessons)
	if err != nil {
		t.Fatal(err)
	}
	keep := filepath.Base(filepath.Dir(file))
	for _, e := range entries {
		if e.IsDir() && e.Name() != keep {
			if err := os.RemoveAll(filepath.Join(lessons, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
}
