package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

const deadline = 10 * time.Second

// site is one running server over temp lessons/out/code directories.
type site struct {
	t       *testing.T
	base    string // "http://127.0.0.1:NNNN"
	lessons string
	code    string
	out     string
	builds  atomic.Int64
	cancel  context.CancelFunc
	done    chan error
	client  *http.Client
	log     *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fakeBuild copies every file of lessons into out, through a temp dir swapped in
// only on success, like the real generator. A file containing "BROKEN" fails the
// build with one "file:line:col: message" line per such line; one containing
// "PANIC" panics, and one containing "GOROUTINE-PANIC" panics in a goroutine of
// its own (which ends the process: use it only in a child, see childMain).
func fakeBuild(lessons, out string, builds *atomic.Int64) BuildFunc {
	return func(ctx context.Context) error {
		builds.Add(1)
		var problems []string
		err := filepath.WalkDir(lessons, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(lessons, p)
			for i, line := range strings.Split(string(b), "\n") {
				if strings.Contains(line, "GOROUTINE-PANIC") {
					go func() { panic("model exploded in a goroutine") }()
					select {}
				}
				if strings.Contains(line, "PANIC") {
					panic("model exploded")
				}
				if c := strings.Index(line, "BROKEN"); c >= 0 {
					problems = append(problems, fmt.Sprintf("lessons/%s:%d:%d: unknown directive <BROKEN> & \"friends\"", filepath.ToSlash(rel), i+1, c+1))
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if len(problems) > 0 {
			return errors.New(strings.Join(problems, "\n"))
		}
		tmp, err := os.MkdirTemp(filepath.Dir(out), ".out-*")
		if err != nil {
			return err
		}
		if err := os.CopyFS(tmp, os.DirFS(lessons)); err != nil {
			os.RemoveAll(tmp)
			return err
		}
		old := out + ".old"
		os.RemoveAll(old)
		if err := os.Rename(out, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if err := os.Rename(tmp, out); err != nil {
			return err
		}
		return os.RemoveAll(old)
	}
}

const indexHTML = "<!doctype html><html><head><title>Ders</title></head><body><h1>Merhaba v1</h1></body></html>\n"

func start(t *testing.T, tweak func(*Options)) *site {
	t.Helper()
	root := t.TempDir()
	s := &site{
		t:       t,
		lessons: filepath.Join(root, "lessons"),
		code:    filepath.Join(root, "code"),
		out:     filepath.Join(root, "out"),
		done:    make(chan error, 1),
		log:     &syncBuffer{},
	}
	s.write("index.html", indexHTML)
	s.write("style.css", "body{color:#111}\n")
	s.write("fig.svg", `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`)
	s.write("tr/01-intro/index.html", "<html><body>giriş</body></html>")
	if err := os.MkdirAll(s.code, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(s.code, "gen.go"), "package gen\n")

	ready := make(chan string, 1)
	o := Options{
		Addr:     "127.0.0.1:0",
		Out:      s.out,
		Watch:    []string{s.lessons},
		Code:     []string{s.code},
		Build:    fakeBuild(s.lessons, s.out, &s.builds),
		Log:      s.log,
		Ready:    func(addr string) { ready <- addr },
		Debounce: 50 * time.Millisecond,
	}
	if tweak != nil {
		tweak(&o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() { s.done <- Serve(ctx, o) }()
	select {
	case addr := <-ready:
		s.base = "http://" + addr
	case err := <-s.done:
		t.Fatalf("Serve returned before Ready: %v", err)
	case <-time.After(deadline):
		t.Fatal("Serve never became ready")
	}
	tr := &http.Transport{}
	s.client = &http.Client{Transport: tr, Timeout: deadline}
	t.Cleanup(func() {
		s.stop()
		tr.CloseIdleConnections()
		if t.Failed() {
			t.Logf("server log:\n%s", s.log.String())
		}
	})
	s.waitStatus("first build", func(st status) bool { return st.Generation >= 1 })
	return s
}

// stop cancels the server and waits for Serve to return; it returns Serve's error.
func (s *site) stop() error {
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // keep it for a second call
		return err
	case <-time.After(deadline):
		s.t.Fatal("Serve did not return after cancel")
		return nil
	}
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (s *site) write(rel, content string) {
	s.t.Helper()
	writeFile(s.t, filepath.Join(s.lessons, filepath.FromSlash(rel)), content)
}

type status struct {
	Token       string   `json:"token"`
	Generation  int      `json:"generation"`
	OK          bool     `json:"ok"`
	Building    bool     `json:"building"`
	Errors      []string `json:"errors"`
	CodeChanged bool     `json:"codeChanged"`
	CodeFile    string   `json:"codeFile"`
	CodeError   string   `json:"codeError"`
}

func (s *site) status() status {
	s.t.Helper()
	var st status
	_, body := s.get(StatusPath)
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		s.t.Fatalf("status: %v: %q", err, body)
	}
	return st
}

// waitStatus polls /_serve/status until cond holds or the deadline passes.
func (s *site) waitStatus(what string, cond func(status) bool) status {
	s.t.Helper()
	end := time.Now().Add(deadline)
	for {
		st := s.status()
		if cond(st) {
			return st
		}
		if time.Now().After(end) {
			s.t.Fatalf("timed out waiting for %s; last status %+v", what, st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *site) do(method, path string) (*http.Response, string) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	return resp, string(b)
}

func (s *site) get(path string) (*http.Response, string) {
	s.t.Helper()
	return s.do(http.MethodGet, path)
}

// events subscribes to the SSE stream; each "data:" payload arrives on the channel.
func (s *site) events(ctx context.Context) <-chan status {
	s.t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+EventsPath, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	resp, err := (&http.Client{Transport: s.client.Transport}).Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		s.t.Fatalf("events Content-Type = %q", ct)
	}
	ch := make(chan status, 16)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var st status
			if err := json.Unmarshal([]byte(data), &st); err != nil {
				continue
			}
			ch <- st
		}
	}()
	return ch
}

func nextEvent(t *testing.T, ch <-chan status, what string, cond func(status) bool) status {
	t.Helper()
	timeout := time.After(deadline)
	for {
		select {
		case st, ok := <-ch:
			if !ok {
				t.Fatalf("event stream closed while waiting for %s", what)
			}
			if cond(st) {
				return st
			}
		case <-timeout:
			t.Fatalf("timed out waiting for an event: %s", what)
		}
	}
}

func injected(body string) bool {
	return strings.Contains(body, `new EventSource("/_serve/events")`)
}

func TestServesPagesWithScriptAndLeavesOutClean(t *testing.T) {
	s := start(t, nil)

	resp, body := s.get("/")
	if resp.StatusCode != 200 {
		t.Fatalf("GET / = %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("GET / Content-Type = %q", ct)
	}
	if !strings.Contains(body, "Merhaba v1") || !injected(body) {
		t.Fatalf("GET / body lacks page or script:\n%s", body)
	}
	if i, j := strings.Index(body, "<script>"), strings.Index(body, "</body>"); i < 0 || j < i {
		t.Errorf("script not placed before </body>:\n%s", body)
	}
	if strings.Contains(body, "_serve_banner") {
		t.Errorf("banner shown without a code change:\n%s", body)
	}

	for _, p := range []string{"/index.html", "/tr/01-intro/", "/tr/01-intro/index.html"} {
		resp, body := s.get(p)
		if resp.StatusCode != 200 || !injected(body) {
			t.Errorf("GET %s = %d, injected %v:\n%s", p, resp.StatusCode, injected(body), body)
		}
	}

	// The built files themselves never get the script.
	err := filepath.WalkDir(s.out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte("<script")) || bytes.Contains(b, []byte("_serve")) {
			t.Errorf("%s was modified on disk: %s", p, b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(s.out, "index.html")); string(b) != indexHTML {
		t.Errorf("out/index.html = %q", b)
	}
}

// TestServesAssetsAndRedirects: assets keep their bytes and get pinned types,
// directories are redirected to their slash, HEAD has no body, and a missing
// page is a 404 page with the reload script.
func TestServesAssetsAndRedirects(t *testing.T) {
	s := start(t, nil)
	resp, body := s.get("/fig.svg")
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "image/svg+xml" {
		t.Errorf("GET /fig.svg = %d %q", resp.StatusCode, ct)
	}
	if injected(body) {
		t.Errorf("script injected into SVG")
	}
	resp, body = s.get("/style.css")
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "text/css; charset=utf-8" || body != "body{color:#111}\n" {
		t.Errorf("GET /style.css = %d %q %q", resp.StatusCode, ct, body)
	}

	// A directory without its slash is redirected, as http.FileServer does.
	req, _ := http.NewRequest(http.MethodGet, s.base+"/tr/01-intro", nil)
	r, err := s.client.Transport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "01-intro/" {
		t.Errorf("GET /tr/01-intro = %d Location %q", r.StatusCode, r.Header.Get("Location"))
	}

	// HEAD: headers, no body.
	resp, body = s.do(http.MethodHead, "/")
	if resp.StatusCode != 200 || body != "" {
		t.Errorf("HEAD / = %d, body %q", resp.StatusCode, body)
	}

	// A missing page: 404 with the reload script, so it appears once built.
	resp, body = s.get("/en/99-missing/")
	if resp.StatusCode != 404 || !injected(body) {
		t.Errorf("GET missing page = %d, injected %v", resp.StatusCode, injected(body))
	}
	resp, _ = s.get("/missing.png")
	if resp.StatusCode != 404 {
		t.Errorf("GET missing asset = %d", resp.StatusCode)
	}
}

func TestEditTriggersRebuildAndEvent(t *testing.T) {
	s := start(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := s.events(ctx)
	first := nextEvent(t, ev, "initial state", func(status) bool { return true })
	if first.Generation < 1 || !first.OK {
		t.Fatalf("initial event %+v", first)
	}
	// The page carries the token it was served with.
	_, body := s.get("/")
	if !strings.Contains(body, fmt.Sprintf("var t=%q", first.Token)) {
		t.Errorf("page token is not %q:\n%s", first.Token, body)
	}

	s.write("index.html", strings.Replace(indexHTML, "v1", "v2", 1))
	st := nextEvent(t, ev, "rebuild after edit", func(st status) bool { return st.Generation > first.Generation })
	if !st.OK || st.Token == first.Token {
		t.Errorf("event after edit %+v", st)
	}
	_, body = s.get("/")
	if !strings.Contains(body, "Merhaba v2") || !injected(body) {
		t.Errorf("page not rebuilt:\n%s", body)
	}

	// Editor-style save: write a scratch file, rename it over the original.
	gen := st.Generation
	tmp := filepath.Join(s.lessons, ".index.html.swp")
	writeFile(t, tmp, strings.Replace(indexHTML, "v1", "v3", 1))
	if err := os.Rename(tmp, filepath.Join(s.lessons, "index.html")); err != nil {
		t.Fatal(err)
	}
	nextEvent(t, ev, "rebuild after rename-save", func(st status) bool { return st.Generation > gen })
	if _, body = s.get("/"); !strings.Contains(body, "Merhaba v3") {
		t.Errorf("rename-save not picked up:\n%s", body)
	}

	// A new subdirectory is watched from then on.
	gen = s.status().Generation
	s.write("en/02-new/index.html", "<html><body>new one</body></html>")
	s.waitStatus("build with new dir", func(st status) bool {
		return st.Generation > gen && fileHas(s.out, "en/02-new/index.html", "new one")
	})
	gen = s.status().Generation
	s.write("en/02-new/index.html", "<html><body>new two</body></html>")
	s.waitStatus("rebuild after editing inside the new dir", func(st status) bool {
		return st.Generation > gen && fileHas(s.out, "en/02-new/index.html", "new two")
	})
	resp, body := s.get("/en/02-new/")
	if resp.StatusCode != 200 || !strings.Contains(body, "new two") || !injected(body) {
		t.Errorf("GET /en/02-new/ = %d:\n%s", resp.StatusCode, body)
	}
}

func fileHas(dir, rel, want string) bool {
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && strings.Contains(string(b), want)
}

func TestBurstIsDebounced(t *testing.T) {
	s := start(t, func(o *Options) { o.Debounce = 300 * time.Millisecond })
	before := s.builds.Load()
	gen := s.status().Generation
	for i := range 10 {
		s.write("index.html", fmt.Sprintf("<html><body>burst %d</body></html>", i))
	}
	s.waitStatus("rebuild after burst", func(st status) bool { return st.Generation > gen })
	if _, body := s.get("/"); !strings.Contains(body, "burst 9") {
		t.Errorf("last write of the burst not built:\n%s", body)
	}
	// Ten writes within well under the debounce window: one build (two if the
	// machine stalled for longer than the window between writes).
	if n := s.builds.Load() - before; n < 1 || n > 2 {
		t.Errorf("burst of 10 writes caused %d builds", n)
	}
}

func TestFailingBuildShowsErrorsAndFixRestores(t *testing.T) {
	s := start(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := s.events(ctx)
	first := nextEvent(t, ev, "initial state", func(status) bool { return true })

	s.write("tr/01-intro/index.html", "<html><body>giriş\n\n  BROKEN here\n</body></html>")
	st := nextEvent(t, ev, "failed build", func(st status) bool { return st.Generation > first.Generation })
	want := []string{`lessons/tr/01-intro/index.html:3:3: unknown directive <BROKEN> & "friends"`}
	if st.OK || !equal(st.Errors, want) {
		t.Fatalf("after a broken edit: %+v", st)
	}
	if got := s.status(); got.OK || !equal(got.Errors, want) {
		t.Fatalf("status after a broken edit: %+v", got)
	}

	for _, p := range []string{"/", "/index.html", "/tr/01-intro/", "/not/built/yet.html"} {
		resp, body := s.get(p)
		if resp.StatusCode != http.StatusInternalServerError {
			t.Errorf("GET %s while broken = %d", p, resp.StatusCode)
		}
		escaped := `lessons/tr/01-intro/index.html:3:3: unknown directive &lt;BROKEN&gt; &amp; &#34;friends&#34;` + "\n"
		if !strings.Contains(body, escaped) || !injected(body) {
			t.Errorf("GET %s error page lacks the escaped error line or script:\n%s", p, body)
		}
		if strings.Contains(body, "<BROKEN>") {
			t.Errorf("GET %s: error not escaped", p)
		}
	}
	// Assets still come from the last good site, which is intact on disk.
	if resp, body := s.get("/style.css"); resp.StatusCode != 200 || body != "body{color:#111}\n" {
		t.Errorf("GET /style.css while broken = %d %q", resp.StatusCode, body)
	}
	if !fileHas(s.out, "tr/01-intro/index.html", "giriş") || fileHas(s.out, "tr/01-intro/index.html", "BROKEN") {
		t.Errorf("out/ was overwritten by a failed build")
	}

	// Two broken files: two lines.
	s.write("index.html", "BROKEN\n")
	st = nextEvent(t, ev, "second failed build", func(st status) bool { return len(st.Errors) == 2 })
	_, body := s.get("/")
	if !strings.Contains(body, "lessons/index.html:1:1: unknown directive &lt;BROKEN&gt;") {
		t.Errorf("second error missing:\n%s", body)
	}

	s.write("index.html", strings.Replace(indexHTML, "v1", "fixed", 1))
	s.write("tr/01-intro/index.html", "<html><body>giriş düzeldi</body></html>")
	st = nextEvent(t, ev, "good build after fix", func(st status) bool { return st.OK && st.Generation > 0 })
	if len(st.Errors) != 0 {
		t.Errorf("errors after fix: %v", st.Errors)
	}
	resp, body := s.get("/tr/01-intro/")
	if resp.StatusCode != 200 || !strings.Contains(body, "giriş düzeldi") || !injected(body) {
		t.Errorf("page not back after fix: %d\n%s", resp.StatusCode, body)
	}
	if _, body := s.get("/"); !strings.Contains(body, "Merhaba fixed") {
		t.Errorf("index not back after fix:\n%s", body)
	}
}

func TestPanickingBuildIsAnError(t *testing.T) {
	s := start(t, nil)
	gen := s.status().Generation
	s.write("index.html", "PANIC\n")
	st := s.waitStatus("failed build", func(st status) bool { return st.Generation > gen })
	if st.OK || !equal(st.Errors, []string{"panic: model exploded"}) {
		t.Fatalf("after a panicking build: %+v", st)
	}
	if resp, body := s.get("/"); resp.StatusCode != 500 || !strings.Contains(body, "panic: model exploded\n") {
		t.Errorf("GET / = %d:\n%s", resp.StatusCode, body)
	}
}

func TestFirstBuildFailing(t *testing.T) {
	root := t.TempDir()
	lessons := filepath.Join(root, "lessons")
	writeFile(t, filepath.Join(lessons, "index.html"), "x BROKEN\n")
	ready := make(chan string, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var builds atomic.Int64
	out := filepath.Join(root, "out")
	go func() {
		done <- Serve(ctx, Options{Addr: "127.0.0.1:0", Out: out, Watch: []string{lessons},
			Build: fakeBuild(lessons, out, &builds), Ready: func(a string) { ready <- a }})
	}()
	addr := <-ready
	end := time.Now().Add(deadline)
	for builds.Load() == 0 || statusOf(t, addr).Generation == 0 {
		if time.Now().After(end) {
			t.Fatal("first build never finished")
		}
		time.Sleep(10 * time.Millisecond)
	}
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 500 || !strings.Contains(string(body), "lessons/index.html:1:3: unknown directive") {
		t.Errorf("GET / with no good build = %d:\n%s", resp.StatusCode, body)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("out/ created by a failed build: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve = %v", err)
	}
}

func statusOf(t *testing.T, addr string) status {
	t.Helper()
	resp, err := http.Get("http://" + addr + StatusPath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st status
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestCodeChangeShowsBanner(t *testing.T) {
	s := start(t, nil)
	// A test file and a lesson change: a rebuild, but no banner.
	gen := s.status().Generation
	writeFile(t, filepath.Join(s.code, "gen_test.go"), "package gen\n")
	s.write("index.html", strings.Replace(indexHTML, "v1", "v2", 1))
	st := s.waitStatus("rebuild", func(st status) bool { return st.Generation > gen })
	if st.CodeChanged {
		t.Fatalf("_test.go change flagged as a generator change: %+v", st)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := s.events(ctx)
	first := nextEvent(t, ev, "initial state", func(status) bool { return true })
	writeFile(t, filepath.Join(s.code, "sub", "more.go"), "package sub\n")
	st = nextEvent(t, ev, "code change", func(st status) bool { return st.CodeChanged })
	if st.Token == first.Token {
		t.Errorf("code change did not change the token")
	}
	for _, p := range []string{"/", "/tr/01-intro/"} {
		_, body := s.get(p)
		if !strings.Contains(body, "generator code changed: restart `make serve`") || !strings.Contains(body, `id="_serve_banner"`) || !injected(body) {
			t.Errorf("GET %s lacks the restart banner:\n%s", p, body)
		}
	}
	// The banner stays, also on the error page.
	s.write("index.html", "BROKEN\n")
	s.waitStatus("failed build", func(st status) bool { return !st.OK })
	if _, body := s.get("/"); !strings.Contains(body, "generator code changed") || !strings.Contains(body, "lessons/index.html:1:1:") {
		t.Errorf("error page lacks banner or error:\n%s", body)
	}
}

func TestOnCodeChange(t *testing.T) {
	calls := make(chan struct{}, 10)
	fail := atomic.Bool{}
	s := start(t, func(o *Options) {
		o.OnCodeChange = func() error {
			calls <- struct{}{}
			if fail.Load() {
				return errors.New("go build: exit status 1")
			}
			return nil
		}
	})
	gen := s.status().Generation
	writeFile(t, filepath.Join(s.code, "gen.go"), "package gen // edited\n")
	select {
	case <-calls:
	case <-time.After(deadline):
		t.Fatal("OnCodeChange not called")
	}
	st := s.waitStatus("rebuild after OnCodeChange", func(st status) bool { return st.Generation > gen })
	if st.CodeChanged {
		t.Errorf("banner shown although OnCodeChange succeeded: %+v", st)
	}

	fail.Store(true)
	writeFile(t, filepath.Join(s.code, "go.mod"), "module gen\n")
	<-calls
	st = s.waitStatus("banner after a failed OnCodeChange", func(st status) bool { return st.CodeChanged })
	if st.CodeError != "go build: exit status 1" {
		t.Errorf("CodeError = %q", st.CodeError)
	}
	if _, body := s.get("/"); !strings.Contains(body, "automatic restart failed: go build: exit status 1") {
		t.Errorf("page lacks the failure:\n%s", body)
	}
}

func TestRefusesNonLoopback(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"0.0.0.0:8080", `serve: refusing to listen on "0.0.0.0:8080": not a loopback address (use 127.0.0.1, [::1] or localhost)`},
		{":8080", `serve: refusing to listen on ":8080": not a loopback address (use 127.0.0.1, [::1] or localhost)`},
		{"192.168.1.10:80", `serve: refusing to listen on "192.168.1.10:80": not a loopback address (use 127.0.0.1, [::1] or localhost)`},
		{"[::]:8080", `serve: refusing to listen on "[::]:8080": not a loopback address (use 127.0.0.1, [::1] or localhost)`},
		{"example.com:80", `serve: refusing to listen on "example.com:80": not a loopback address (use 127.0.0.1, [::1] or localhost)`},
		{"127.0.0.1", `serve: bad address "127.0.0.1": address 127.0.0.1: missing port in address`},
		{"127.0.0.1:http", `serve: bad address "127.0.0.1:http": port "http" is not a number from 0 to 65535`},
	} {
		called := false
		err := Serve(context.Background(), Options{
			Addr:  tc.addr,
			Out:   t.TempDir(),
			Build: func(context.Context) error { called = true; return nil },
		})
		if err == nil || err.Error() != tc.want {
			t.Errorf("Serve(Addr %q) = %v\nwant %s", tc.addr, err, tc.want)
		}
		if called {
			t.Errorf("Serve(Addr %q) built before refusing", tc.addr)
		}
	}
	for _, ok := range []string{"127.0.0.1:0", "127.0.0.2:8080", "localhost:8080", "LOCALHOST:1", "[::1]:8080", DefaultAddr} {
		if err := CheckAddr(ok); err != nil {
			t.Errorf("CheckAddr(%q) = %v", ok, err)
		}
	}
}

func TestCleanShutdown(t *testing.T) {
	baseline := runtime.NumGoroutine()
	s := start(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := s.events(ctx) // an open stream must not hold up the shutdown
	nextEvent(t, ev, "initial state", func(status) bool { return true })
	s.get("/")

	if err := s.stop(); err != nil {
		t.Fatalf("Serve = %v, want nil", err)
	}
	select {
	case _, ok := <-ev:
		for ok {
			_, ok = <-ev
		}
	case <-time.After(deadline):
		t.Fatal("event stream still open after shutdown")
	}
	if _, err := http.Get(s.base + "/"); err == nil {
		t.Error("server still answering after shutdown")
	}
	s.client.Transport.(*http.Transport).CloseIdleConnections()
	end := time.Now().Add(deadline)
	for runtime.NumGoroutine() > baseline {
		if time.Now().After(end) {
			buf := make([]byte, 1<<20)
			t.Fatalf("goroutines: %d, baseline %d\n%s", runtime.NumGoroutine(), baseline, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestShutdownDuringBuild(t *testing.T) {
	started := make(chan struct{})
	ready := make(chan string, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Options{
			Addr: "127.0.0.1:0",
			Out:  t.TempDir(),
			Build: func(ctx context.Context) error {
				close(started)
				<-ctx.Done()
				return ctx.Err()
			},
			Ready: func(a string) { ready <- a },
		})
	}()
	<-ready
	<-started
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve = %v", err)
		}
	case <-time.After(deadline):
		t.Fatal("Serve did not return while a build was running")
	}
}

func TestServeErrors(t *testing.T) {
	dir := t.TempDir()
	build := func(context.Context) error { return nil }
	if err := Serve(context.Background(), Options{Addr: "127.0.0.1:0", Out: dir}); err == nil || err.Error() != "serve: Options.Build is nil" {
		t.Errorf("nil Build: %v", err)
	}
	missing := filepath.Join(dir, "nope")
	err := Serve(context.Background(), Options{Addr: "127.0.0.1:0", Out: dir, Build: build, Watch: []string{missing}})
	if err == nil || !strings.HasPrefix(err.Error(), "serve: watch "+missing+": ") {
		t.Errorf("missing watch dir: %v", err)
	}
}

func TestInject(t *testing.T) {
	snap := snapshot{Token: "abc.1"}
	script := `<script>(function(){var t="abc.1",s=new EventSource("/_serve/events");s.onmessage=function(e){if(JSON.parse(e.data).token!==t){s.close();location.reload()}}})()</script>`
	for _, tc := range []struct{ in, want string }{
		{"<html><body>x</body></html>", "<html><body>x" + script + "</body></html>"},
		{"<BODY>İİİ x</BODY >", "<BODY>İİİ x" + script + "</BODY >"},
		{"<body><pre>&lt;/body></pre>a</body></body>", "<body><pre>&lt;/body></pre>a</body>" + script + "</body>"},
		{"no body tag", "no body tag" + script},
		{"", script},
	} {
		if got := string(inject([]byte(tc.in), snap)); got != tc.want {
			t.Errorf("inject(%q) =\n%s\nwant\n%s", tc.in, got, tc.want)
		}
	}
	got := string(inject([]byte("<body></body>"), snapshot{Token: "t", CodeChanged: true, CodeFile: "a<b>.go"}))
	if !strings.Contains(got, "generator code changed: restart `make serve` <small>(a&lt;b&gt;.go)</small></div><script>") {
		t.Errorf("banner: %s", got)
	}
}

func TestClassify(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	lessons := filepath.Join(root, "lessons")
	code := filepath.Join(root, "report")
	tmpl := filepath.Join(code, "templates") // content nested in a code dir
	for _, d := range []string{out, lessons, tmpl} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w, err := newWatcher(out, []string{lessons, tmpl}, []string{code}, log.New(io.Discard, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	for _, tc := range []struct {
		name string
		op   fsnotify.Op
		want changeKind
	}{
		{filepath.Join(lessons, "01", "tr.md"), fsnotify.Write, changeContent},
		{filepath.Join(lessons, "01", "tr.md"), fsnotify.Create, changeContent},
		{filepath.Join(lessons, "01", "tr.md"), fsnotify.Rename, changeContent},
		{filepath.Join(lessons, "01", "tr.md"), fsnotify.Remove, changeContent},
		{filepath.Join(lessons, "01", "tr.md"), fsnotify.Chmod, changeNone},
		{filepath.Join(lessons, "01", ".tr.md.swp"), fsnotify.Write, changeNone},
		{filepath.Join(lessons, "01", "tr.md~"), fsnotify.Create, changeNone},
		{filepath.Join(lessons, "01", "4913"), fsnotify.Create, changeNone},
		{filepath.Join(lessons, "01", "#tr.md#"), fsnotify.Create, changeNone},
		{filepath.Join(tmpl, "page.html"), fsnotify.Write, changeContent},
		{filepath.Join(code, "main.go"), fsnotify.Write, changeCode},
		{filepath.Join(code, "go.sum"), fsnotify.Write, changeCode},
		{filepath.Join(code, "main_test.go"), fsnotify.Write, changeNone},
		{filepath.Join(code, "README.md"), fsnotify.Write, changeNone},
		{filepath.Join(out, "index.html"), fsnotify.Write, changeNone},
		{filepath.Join(root, "elsewhere.md"), fsnotify.Write, changeNone},
	} {
		if got, _ := w.classify(fsnotify.Event{Name: tc.name, Op: tc.op}); got != tc.want {
			t.Errorf("classify(%s %s) = %d, want %d", tc.op, tc.name, got, tc.want)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCodeFileChange: a file named in Code (go.mod) counts as a generator
// change; its neighbours do not.
func TestCodeFileChange(t *testing.T) {
	var gomod string
	s := start(t, func(o *Options) {
		gomod = filepath.Join(filepath.Dir(o.Out), "go.mod")
		writeFile(t, gomod, "module x\n")
		o.Code = append(o.Code, gomod)
	})
	writeFile(t, filepath.Join(filepath.Dir(gomod), "README.md"), "neighbour\n")
	s.write("index.html", strings.Replace(indexHTML, "v1", "v2", 1))
	gen := s.status().Generation
	st := s.waitStatus("rebuild", func(st status) bool { return st.Generation >= gen && st.OK })
	if st.CodeChanged {
		t.Fatalf("a neighbour of go.mod counted as code: %+v", st)
	}
	writeFile(t, gomod, "module x\n\ngo 1.26\n")
	s.waitStatus("go.mod change", func(st status) bool { return st.CodeChanged })
}
