package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// stopBound is how long Serve may take to return after its context is cancelled:
// shutdownTimeout, and a generous margin for a loaded machine.
const stopBound = shutdownTimeout + 4*time.Second

func TestMethodsRefused(t *testing.T) {
	s := start(t, nil)
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		for _, p := range []string{"/", "/index.html", "/tr/01-intro/", "/style.css", "/missing", EventsPath, StatusPath, "/_serve/other"} {
			req, err := http.NewRequest(method, s.base+p, strings.NewReader("x=1"))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := s.client.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", method, p, err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			want := `serve: method "` + method + `" not allowed: the preview answers only GET and HEAD` + "\n"
			if resp.StatusCode != http.StatusMethodNotAllowed || string(body) != want {
				t.Errorf("%s %s = %d %q, want 405 %q", method, p, resp.StatusCode, body, want)
			}
			if got := resp.Header.Get("Allow"); got != "GET, HEAD" {
				t.Errorf("%s %s: Allow = %q", method, p, got)
			}
			if got := resp.Header.Get("Content-Type"); got != "text/plain; charset=utf-8" {
				t.Errorf("%s %s: Content-Type = %q", method, p, got)
			}
		}
	}
	if resp, body := s.do(http.MethodHead, EventsPath+"x"); resp.StatusCode != 404 || body != "" {
		t.Errorf("HEAD under /_serve/ = %d %q", resp.StatusCode, body)
	}
}

// getHost sends GET path with the given Host header and returns the status and body.
func (s *site) getHost(host, path string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.base+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Host = host
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatalf("GET %s (Host %s): %v", path, host, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestHostRefused(t *testing.T) {
	s := start(t, nil)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(s.base, "http://"))
	for _, host := range []string{"evil.example", "evil.example:" + port, "10.0.0.1:8080", "10.0.0.1",
		"localhost.evil.example", "preview.localhost:" + port, "127.0.0.1.nip.io", "[::2]:" + port, "::1", "[::ffff:10.0.0.1]:" + port} {
		for _, p := range []string{"/", EventsPath, StatusPath, "/style.css"} {
			code, body := s.getHost(host, p)
			want := `serve: refusing host "` + host + `": the preview answers only to localhost, 127.0.0.1 and [::1]` + "\n"
			if code != http.StatusForbidden || body != want {
				t.Errorf("GET %s with Host %s = %d %q, want 403 %q", p, host, code, body, want)
			}
		}
	}
	for _, host := range []string{"localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "localhost", "LocalHost:" + port, "127.1.2.3:" + port, "[::1]", "127.0.0.1"} {
		code, body := s.getHost(host, "/")
		if code != 200 || !strings.Contains(body, "Merhaba v1") {
			t.Errorf("GET / with Host %s = %d:\n%s", host, code, body)
		}
	}
	// A request from a foreign host is refused whatever its method.
	req, _ := http.NewRequest(http.MethodPost, s.base+"/", nil)
	req.Host = "evil.example"
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("POST with Host evil.example = %d", resp.StatusCode)
	}
}

// TestHostMissing: an HTTP/1.0 request without a Host header is refused too.
func TestHostMissing(t *testing.T) {
	s := start(t, nil)
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(s.base, "http://"), deadline)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(deadline))
	if _, err := io.WriteString(conn, "GET / HTTP/1.0\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := "serve: refusing host \"\": the preview answers only to localhost, 127.0.0.1 and [::1]\n"; resp.StatusCode != 403 || string(body) != want {
		t.Errorf("GET / without Host = %d %q", resp.StatusCode, body)
	}
}

// blockingBuild wraps the site's build: its nth call closes started and, if
// honour is set, returns ctx's error once ctx is done, else blocks until the
// test ends, ignoring ctx.
type blockingBuild struct {
	nth     int64
	honour  bool
	calls   atomic.Int64
	started chan struct{}
	release chan struct{}
}

func newBlockingBuild(t *testing.T, nth int64, honour bool) *blockingBuild {
	b := &blockingBuild{nth: nth, honour: honour, started: make(chan struct{}), release: make(chan struct{})}
	t.Cleanup(func() { close(b.release) })
	return b
}

func (b *blockingBuild) wrap(o *Options) {
	base := o.Build
	o.Build = func(ctx context.Context) error {
		if b.calls.Add(1) != b.nth {
			return base(ctx)
		}
		close(b.started)
		if b.honour {
			<-ctx.Done()
			return ctx.Err()
		}
		<-b.release
		return errors.New("released at the end of the test")
	}
}

func waitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(deadline):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// TestHangingBuild: while a build hangs, ignoring its context, the server answers
// from the last good site; the next change abandons the hung build and builds
// again; and the server still stops promptly.
func TestHangingBuild(t *testing.T) {
	b := newBlockingBuild(t, 2, false)
	s := start(t, b.wrap)
	s.write("index.html", strings.Replace(indexHTML, "v1", "v2", 1))
	waitClosed(t, b.started, "the hanging build")

	resp, body := s.get("/")
	if resp.StatusCode != 200 || !strings.Contains(body, "Merhaba v1") || !injected(body) {
		t.Errorf("GET / during a hung build = %d:\n%s", resp.StatusCode, body)
	}
	if st := s.status(); !st.Building || !st.OK || st.Generation != 1 {
		t.Errorf("status during a hung build: %+v", st)
	}

	s.write("index.html", strings.Replace(indexHTML, "v1", "v3", 1))
	st := s.waitStatus("the build after the hung one", func(st status) bool { return st.Generation >= 2 })
	if !st.OK || st.Building {
		t.Errorf("status after the hung build was abandoned: %+v", st)
	}
	if _, body := s.get("/"); !strings.Contains(body, "Merhaba v3") {
		t.Errorf("GET / after the hung build was abandoned:\n%s", body)
	}
	if log := s.log.String(); !strings.Contains(log, "build ignored its cancellation for 2s; abandoned it") {
		t.Errorf("log does not say the build was abandoned:\n%s", log)
	}

	stopPromptly(t, s)
	if log := s.log.String(); !strings.Contains(log, "serve: interrupted\n") || !strings.Contains(log, "build still running 1s after its cancellation; not waiting for it") {
		t.Errorf("log at shutdown:\n%s", log)
	}
}

func stopPromptly(t *testing.T, s *site) {
	t.Helper()
	begin := time.Now()
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err
		if err != nil {
			t.Errorf("Serve = %v", err)
		}
	case <-time.After(stopBound):
		t.Fatalf("Serve did not return within %v of the cancel", stopBound)
	}
	t.Logf("Serve returned %v after the cancel", time.Since(begin).Round(time.Millisecond))
}

// TestChangeCancelsBuild: a change during a build cancels it; its failure, being
// the cancellation's, is not shown, and the next build starts once it returns.
func TestChangeCancelsBuild(t *testing.T) {
	b := newBlockingBuild(t, 2, true)
	s := start(t, b.wrap)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := s.events(ctx)
	nextEvent(t, ev, "initial state", func(status) bool { return true })

	s.write("index.html", strings.Replace(indexHTML, "v1", "v2", 1))
	waitClosed(t, b.started, "the second build")
	s.write("index.html", strings.Replace(indexHTML, "v1", "v3", 1))
	st := nextEvent(t, ev, "the build after the cancelled one", func(st status) bool { return st.Generation > 1 })
	if !st.OK || st.Generation != 2 || len(st.Errors) != 0 {
		t.Errorf("first event after the cancelled build: %+v", st)
	}
	if _, body := s.get("/"); !strings.Contains(body, "Merhaba v3") {
		t.Errorf("GET / after the cancelled build:\n%s", body)
	}
	if n := b.calls.Load(); n != 3 {
		t.Errorf("%d builds, want 3", n)
	}
	if log := s.log.String(); !strings.Contains(log, "sources changed during the build; cancelling it") || strings.Contains(log, "abandoned") {
		t.Errorf("log:\n%s", log)
	}
}

// TestPanickingBuildKeepsServing: after a build panics, the server answers and
// the next build runs.
func TestPanickingBuildKeepsServing(t *testing.T) {
	s := start(t, nil)
	s.write("index.html", "PANIC\n")
	s.waitStatus("failed build", func(st status) bool { return !st.OK })
	s.write("index.html", indexHTML)
	s.waitStatus("good build", func(st status) bool { return st.OK && st.Generation >= 3 })
	if resp, body := s.get("/"); resp.StatusCode != 200 || !strings.Contains(body, "Merhaba v1") {
		t.Errorf("GET / = %d:\n%s", resp.StatusCode, body)
	}
	if log := s.log.String(); !strings.Contains(log, "serve: panic: model exploded\ngoroutine ") {
		t.Errorf("panic trace not logged:\n%s", log)
	}
}

// TestShutdownWhileFirstBuildHangs: Serve stops promptly although the build
// ignores its cancellation, and the child process of a Command that ignores
// interrupts is stopped too.
func TestShutdownWhileFirstBuildHangs(t *testing.T) {
	t.Run("func", func(t *testing.T) {
		b := newBlockingBuild(t, 1, false)
		shutdownDuringFirstBuild(t, b.wrap, b.started)
	})
	t.Run("command", func(t *testing.T) {
		ready := &signalWriter{ready: make(chan struct{})}
		shutdownDuringFirstBuild(t, func(o *Options) {
			c, _, _ := child(t, "hang")
			c.Stdout = ready
			o.Build = c.Build
		}, ready.ready)
	})
	t.Run("command-timeout-message", func(t *testing.T) {
		ready := &signalWriter{ready: make(chan struct{})}
		log := shutdownDuringFirstBuild(t, func(o *Options) {
			c, _, _ := child(t, "interrupt")
			c.Stdout = ready
			o.Build = c.Build
		}, ready.ready)
		if strings.Contains(log, "did not finish") || strings.Contains(log, "failed") {
			t.Errorf("an interrupted build is reported as failed:\n%s", log)
		}
	})
}

// shutdownDuringFirstBuild runs Serve with the build tweak sets, waits for
// started, cancels, checks that Serve returns nil within stopBound having
// logged "interrupted", and returns the log.
func shutdownDuringFirstBuild(t *testing.T, tweak func(*Options), started <-chan struct{}) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logb := &syncBuffer{}
	o := Options{Addr: "127.0.0.1:0", Out: t.TempDir(), Log: logb, Build: func(context.Context) error { return nil }}
	tweak(&o)
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, o) }()
	waitClosed(t, started, "the first build")
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve = %v", err)
		}
	case <-time.After(stopBound):
		t.Fatalf("Serve did not return within %v of the cancel", stopBound)
	}
	log := logb.String()
	if !strings.Contains(log, "serve: interrupted\n") || !strings.HasSuffix(log, "serve: stopped\n") {
		t.Errorf("log:\n%s", log)
	}
	return log
}

func TestLoopbackHostHeader(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "localhost:8080": true, "LOCALHOST": true, "127.0.0.1": true, "127.0.0.1:80": true,
		"127.255.0.9:1": true, "[::1]": true, "[::1]:8080": true, "[0:0:0:0:0:0:0:1]:8080": true,
		"": false, "::1": false, "[::1": false, "evil.example": false, "evil.example:8080": false, "10.0.0.1:8080": false,
		"a.localhost": false, "localhost.": false, "128.0.0.1": false, "[::]:80": false, "0.0.0.0:80": false,
		"127.0.0.1:80:80": false, "127.1": false,
	} {
		if got := loopbackHostHeader(host); got != want {
			t.Errorf("loopbackHostHeader(%q) = %v, want %v", host, got, want)
		}
	}
}
