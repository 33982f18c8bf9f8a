package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// One Chromium serves every browser test of the package: it is started by the
// first test that needs it and stopped by TestMain. Each page gets its own tab.
var shared struct {
	once    sync.Once
	ctx     context.Context // the browser's root chromedp context
	stop    func()
	err     error
	dataDir string
	output  lockedBuffer // the browser's stdout and stderr
}

func TestMain(m *testing.M) {
	// The page subtests mostly wait on Chromium, which runs in processes of
	// its own: more of them at once than GOMAXPROCS keeps both cores busy.
	flag.Parse()
	if f := flag.Lookup("test.parallel"); f != nil && f.Value.String() == strconv.Itoa(goruntime.GOMAXPROCS(0)) {
		_ = f.Value.Set(strconv.Itoa(3 * goruntime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	if shared.dataDir != "" {
		os.RemoveAll(shared.dataDir)
	}
	os.Exit(code)
}

const installHint = "the browser tests need Chromium: install it with `apt-get install chromium` (Debian), or run `bash .ci/run`, which installs it"

// chromiumPath finds Debian's Chromium: $E2E_CHROMIUM, /usr/bin/chromium, or
// chromium / chromium-browser on $PATH.
func chromiumPath() (string, error) {
	if p := os.Getenv("E2E_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("E2E_CHROMIUM=%s: %v", p, err)
		}
		return p, nil
	}
	if fi, err := os.Stat("/usr/bin/chromium"); err == nil && !fi.IsDir() {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("chromium not found at /usr/bin/chromium nor on $PATH")
}

// browser returns the shared browser's context, starting Chromium on first use.
// A missing or broken Chromium fails the test: these tests are part of `make test`.
func browser(t testing.TB) context.Context {
	t.Helper()
	shared.once.Do(func() {
		path, err := chromiumPath()
		if err != nil {
			shared.err = fmt.Errorf("%v; %s", err, installHint)
			return
		}
		dir, err := os.MkdirTemp("", "lbcourse-e2e-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		shared.dataDir = dir
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Flag("headless", true),
			chromedp.Flag("no-sandbox", true),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("no-default-browser-check", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-default-apps", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints"),
			chromedp.Flag("force-color-profile", "srgb"),
			chromedp.Flag("password-store", "basic"),
			chromedp.Flag("mute-audio", true),
			chromedp.Flag("disable-breakpad", true),
			chromedp.UserDataDir(dir),
			chromedp.CombinedOutput(&shared.output),
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(allocCtx)
		shared.stop = func() { cancelCtx(); cancelAlloc() }
		start, cancelStart := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancelStart()
		done := make(chan error, 1)
		go func() { done <- chromedp.Do(ctx) }() // starts the browser, bound to ctx
		select {
		case err = <-done:
		case <-start.Done():
			err = errors.New("Chromium did not answer within 30s")
		}
		if err != nil {
			shared.err = fmt.Errorf("starting %s: %v\nits output:\n%s\n(%s)", path, err, shared.output.String(), installHint)
			return
		}
		shared.ctx = ctx
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.ctx
}

// tab is one browser tab with a record of its page's problems.
type tab struct {
	ctx context.Context
	rec *recorder
}

// newTab opens a tab in the shared browser; it closes with the test.
func newTab(t testing.TB) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser(t))
	t.Cleanup(cancel)
	rec := &recorder{urls: map[network.RequestID]string{}}
	if err := chromedp.Listen(ctx, rec.event); err != nil { // opens the tab
		t.Fatalf("opening a tab: %v", err)
	}
	return &tab{ctx: ctx, rec: rec}
}

// run runs actions with a timeout, leaving the tab usable if it runs out.
func (tb *tab) run(d time.Duration, actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// get runs one action that returns a value, with a timeout.
func get[T any](tb *tab, d time.Duration, a chromedp.Action[T]) (T, error) {
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	return chromedp.Run(ctx, a)
}

// eval evaluates a JavaScript expression in the tab, awaiting a promise result.
func eval[T any](tb *tab, d time.Duration, expr string) (T, error) {
	return get(tb, d, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// recorder collects, from the tab's events, what counts as a broken page: console
// errors, uncaught exceptions, browser log errors, failed requests and HTTP
// errors. Its event method runs on chromedp's read loop, so it only appends.
type recorder struct {
	mu       sync.Mutex
	urls     map[network.RequestID]string
	problems []string
}

func (r *recorder) event(ev any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range ev.Args {
				args = append(args, remoteText(a))
			}
			r.problems = append(r.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg += " " + d.Exception.Description
		}
		r.problems = append(r.problems, fmt.Sprintf("uncaught exception at %s:%d:%d: %s", d.URL, d.LineNumber+1, d.ColumnNumber+1, msg))
	case *log.EventEntryAdded:
		if e := ev.Entry; e != nil && e.Level == log.EntryLevelError {
			r.problems = append(r.problems, fmt.Sprintf("browser log (%s): %s %s", e.Source, e.Text, e.URL))
		}
	case *network.EventRequestWillBeSent:
		if ev.Request != nil {
			r.urls[ev.RequestID] = ev.Request.URL
		}
	case *network.EventResponseReceived:
		if resp := ev.Response; resp != nil && resp.Status >= 400 {
			r.problems = append(r.problems, fmt.Sprintf("HTTP %d %s for %s", resp.Status, resp.StatusText, resp.URL))
		}
	case *network.EventLoadingFailed:
		what := "failed"
		if ev.Canceled {
			what = "canceled"
		}
		r.problems = append(r.problems, fmt.Sprintf("request %s (%s): %s %s", what, ev.Type, r.urls[ev.RequestID], ev.ErrorText))
	}
}

// take returns the problems recorded since the last call.
func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.problems
	r.problems = nil
	return p
}

func remoteText(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Type)
}

// serveSite serves dir over HTTP on a random loopback port for the test.
func serveSite(t testing.TB, dir string) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL
}

// lockedBuffer is a bytes.Buffer safe for concurrent writers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
