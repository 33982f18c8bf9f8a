package serve

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// childEnv, when set, makes the test binary act as a build child (childMain)
// instead of running the tests.
const childEnv = "SERVE_TEST_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		os.Exit(childMain(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// childMain is a build run as a child process, in one of these modes:
//
//	ok         prints "built" and a warning line, exits 0
//	fail       prints two error lines and "report build: failed; ...", exits 1
//	hang       prints "ready", ignores interrupts, never exits
//	interrupt  prints "ready", on an interrupt prints a timeout error, exits 1
//	killed     kills itself
//	fakebuild  runs fakeBuild(args[0], args[1]) as `report build` would
func childMain(mode string, args []string) int {
	switch mode {
	case "ok":
		fmt.Println("built out: 1 page")
		fmt.Fprintln(os.Stderr, "report build: warning: cache entry repaired")
		return 0
	case "fail":
		fmt.Fprint(os.Stderr, "lessons/a.md:1:2: bad one\n\nlessons/b.md:3:4: bad two\nreport build: failed; out left as it was\n")
		return 1
	case "hang":
		signal.Ignore(os.Interrupt)
		fmt.Println("ready")
		select {}
	case "interrupt":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		fmt.Println("ready")
		<-ctx.Done()
		fmt.Fprintln(os.Stderr, "lessons/a.md:1:1: experiment queue: did not finish within 2m0s")
		return 1
	case "killed":
		p, _ := os.FindProcess(os.Getpid())
		p.Kill()
		select {}
	case "fakebuild":
		var n atomic.Int64
		if err := fakeBuild(args[0], args[1], &n)(context.Background()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			fmt.Fprintln(os.Stderr, "report build: failed; out left as it was")
			return 1
		}
		fmt.Println("built")
		return 0
	}
	fmt.Fprintf(os.Stderr, "unknown child mode %q\n", mode)
	return 3
}

// child returns a Command running childMain in mode, and the buffers its
// standard output and Log go to.
func child(t *testing.T, mode string, args ...string) (Command, *syncBuffer, *syncBuffer) {
	t.Helper()
	t.Setenv(childEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	stdout, logb := &syncBuffer{}, &syncBuffer{}
	return Command{
		Path:    exe,
		Args:    args,
		Stdout:  stdout,
		Log:     logb,
		IsError: func(l string) bool { return !strings.HasPrefix(l, "report build: ") },
	}, stdout, logb
}

// signalWriter closes ready on its first write.
type signalWriter struct {
	once  sync.Once
	ready chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.ready) })
	return len(p), nil
}

func TestCommandOK(t *testing.T) {
	c, stdout, logb := child(t, "ok")
	if err := c.Build(context.Background()); err != nil {
		t.Fatalf("Build = %v", err)
	}
	if got := stdout.String(); got != "built out: 1 page\n" {
		t.Errorf("stdout = %q", got)
	}
	if got := logb.String(); got != "report build: warning: cache entry repaired\n" {
		t.Errorf("log = %q", got)
	}
}

func TestCommandFail(t *testing.T) {
	c, _, logb := child(t, "fail")
	err := c.Build(context.Background())
	if want := "lessons/a.md:1:2: bad one\nlessons/b.md:3:4: bad two"; err == nil || err.Error() != want {
		t.Fatalf("Build = %v, want\n%s", err, want)
	}
	if got := logb.String(); got != "report build: failed; out left as it was\n" {
		t.Errorf("log = %q", got)
	}
}

func TestCommandKilled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	c, _, _ := child(t, "killed")
	if err := c.Build(context.Background()); err == nil || err.Error() != "build process: signal: killed" {
		t.Fatalf("Build = %v", err)
	}
}

func TestCommandMissing(t *testing.T) {
	err := Command{Path: "/nonexistent/report"}.Build(context.Background())
	if err == nil || !strings.HasPrefix(err.Error(), "build process: ") || !strings.Contains(err.Error(), "/nonexistent/report") {
		t.Fatalf("Build = %v", err)
	}
}

// TestCommandCancel: a cancelled child is stopped, also one that ignores
// interrupts, and Build returns the context's cause, not what the child said
// on its way out.
func TestCommandCancel(t *testing.T) {
	for _, mode := range []string{"interrupt", "hang"} {
		t.Run(mode, func(t *testing.T) {
			c, _, logb := child(t, mode)
			ready := &signalWriter{ready: make(chan struct{})}
			c.Stdout = ready
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- c.Build(ctx) }()
			select {
			case <-ready.ready:
			case err := <-done:
				t.Fatalf("Build returned before the child was ready: %v", err)
			case <-time.After(deadline):
				t.Fatal("child never ready")
			}
			cancel()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("Build = %v, want context.Canceled", err)
				}
			case <-time.After(commandGrace + deadline):
				t.Fatal("Build did not return after the cancel")
			}
			if got := logb.String(); got != "" {
				t.Errorf("log = %q", got)
			}
		})
	}
}

func TestCrashSummary(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	trace := "panic: boom\n\tsecond line\n\ngoroutine 7 [running]:\n" +
		"panic({0x4a1b20?, 0x4d8b40?})\n\t/usr/lib/go/src/runtime/panic.go:787 +0x132\n" +
		"lbcourse/report/internal/build.(*builder).renderPage(0xc000010000, {0x5, 0x8})\n\t" + wd + "/page.go:130 +0x25\n" +
		"created by lbcourse/report/internal/build.(*builder).renderPages in goroutine 1\n\t" + wd + "/build.go:225 +0x1a\n"
	got, ok := crashSummary("some output\n" + trace)
	want := []string{"panic: boom", "page.go:130: in lbcourse/report/internal/build.(*builder).renderPage"}
	if !ok || !equal(got, want) {
		t.Errorf("crashSummary = %q, %v; want %q", got, ok, want)
	}
	fatal := "fatal error: concurrent map writes\n\ngoroutine 9 [running]:\ninternal/runtime/maps.fatal({0x1, 0x2})\n\t/go/src/runtime/panic.go:1 +0x1\nmain.f()\n\t/elsewhere/main.go:8 +0x2\n"
	got, ok = crashSummary(fatal)
	want = []string{"fatal error: concurrent map writes", "/elsewhere/main.go:8: in main.f"}
	if !ok || !equal(got, want) {
		t.Errorf("crashSummary = %q, %v; want %q", got, ok, want)
	}
	if got, ok := crashSummary("lessons/a.md:1:1: panic: is a word here\n"); ok {
		t.Errorf("build error taken for a crash: %q", got)
	}
}

// TestCommandPanicInGoroutine: a panic in a goroutine the build started is the
// build's error, shown on the error page; the server goes on, and a fix brings
// the site back.
func TestCommandPanicInGoroutine(t *testing.T) {
	var logb *syncBuffer
	s := start(t, func(o *Options) {
		var c Command
		c, _, logb = child(t, "fakebuild", o.Watch[0], o.Out)
		o.Build = c.Build
	})
	gen := s.status().Generation
	s.write("index.html", "GOROUTINE-PANIC\n")
	st := s.waitStatus("failed build", func(st status) bool { return st.Generation > gen })
	frame := regexp.MustCompile(`^serve_test\.go:\d+: in lbcourse/report/internal/serve\.[\w.]*fakeBuild\.func[0-9.]+$`)
	if st.OK || len(st.Errors) != 2 || st.Errors[0] != "panic: model exploded in a goroutine" || !frame.MatchString(st.Errors[1]) {
		t.Fatalf("after a panic in a goroutine: %+v", st)
	}
	resp, body := s.get("/")
	if resp.StatusCode != 500 || !strings.Contains(body, "panic: model exploded in a goroutine\n") {
		t.Errorf("GET / = %d:\n%s", resp.StatusCode, body)
	}
	if !strings.Contains(logb.String(), "goroutine ") {
		t.Errorf("the full trace is not logged:\n%s", logb.String())
	}
	s.write("index.html", indexHTML)
	s.waitStatus("good build after the fix", func(st status) bool { return st.OK })
	if resp, body := s.get("/"); resp.StatusCode != 200 || !strings.Contains(body, "Merhaba v1") {
		t.Errorf("GET / after the fix = %d:\n%s", resp.StatusCode, body)
	}
}
