// Package serve is the live-preview server behind `go run ./report serve`.
//
// It serves the built site in Options.Out as static files, rebuilds it whenever a
// file under Options.Watch changes, and tells every open page to reload once the
// build has finished. It never writes to Out: the build function owns it.
//
// Behaviour, in short:
//
//   - Only loopback addresses are accepted (127.0.0.0/8, ::1, "localhost"); anything
//     else, including an empty host such as ":8080", is refused before listening.
//   - HTML responses (files ending in .html or .htm, and directories served through
//     their index.html) get a tiny reload script, and the restart banner when the
//     generator code changed, inserted just before the last </body>. The files in Out
//     are left untouched. Every other file is served by http.FileServer.
//   - The script listens on the Server-Sent Events stream /_serve/events and reloads
//     the page when the server's state token differs from the one the page was
//     served with (a build finished, the banner changed, or the server restarted).
//   - While the last build failed, every page request (a path ending in "/", without
//     an extension, or ending in .html/.htm) is answered with status 500 and an error
//     page listing the build errors, one "file:line:col: message" per line, with the
//     reload script, so fixing the file brings the real page back. Non-page files
//     (CSS, SVG, ...) are still served from the last good site.
//   - A missing page is answered with 404 and a small page carrying the reload
//     script, so a page that does not exist yet appears as soon as it is built.
//   - A change to a .go file (not _test.go), go.mod or go.sum under Options.Code
//     calls Options.OnCodeChange; without one, pages show a "generator code changed:
//     restart make serve" banner until the server is restarted.
//   - /_serve/status answers JSON: {"generation": N, "ok": bool, "errors": [...], ...}
//     where generation counts finished builds.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// BuildFunc renders the site into the output directory atomically. On failure it
// returns an error whose Error() is one problem per line ("file:line:col: message")
// and leaves the output directory as it was.
type BuildFunc func(ctx context.Context) error

// Options configures Serve.
type Options struct {
	// Addr is the address to listen on; default DefaultAddr. Port 0 picks a free
	// port (see Ready). Only loopback hosts are accepted.
	Addr string
	// Out is the directory served (the built site).
	Out string
	// Watch lists directories whose changes trigger a rebuild (lessons, templates).
	// They are watched recursively; new subdirectories are picked up.
	Watch []string
	// Code lists directories of Go code (models, report), and files such as
	// go.mod: a change there means the generator itself changed.
	Code []string
	// Build rebuilds the site. Required.
	Build BuildFunc
	// OnCodeChange, when set, is called after a Go-code change under Code (for
	// example to re-exec a rebuilt generator). If it returns nil the site is
	// rebuilt; if it returns an error, the error is logged and the restart banner
	// is shown. When nil, the restart banner is shown until restart.
	OnCodeChange func() error
	// Log receives progress and errors; nil discards them.
	Log io.Writer
	// Ready, when set, is called once with the bound address ("127.0.0.1:54321")
	// as soon as the server accepts connections, before the first build finishes.
	Ready func(addr string)
	// Debounce is how long the watcher waits for a burst of changes to end before
	// rebuilding; default DefaultDebounce.
	Debounce time.Duration
}

const (
	// DefaultAddr is used when Options.Addr is empty.
	DefaultAddr = "127.0.0.1:8080"
	// DefaultDebounce is used when Options.Debounce is zero.
	DefaultDebounce = 150 * time.Millisecond

	// EventsPath is the Server-Sent Events stream the reload script listens on.
	EventsPath = "/_serve/events"
	// StatusPath answers the server state as JSON.
	StatusPath = "/_serve/status"

	// maxWait bounds how long a continuous stream of changes can postpone a build.
	maxWait = 2 * time.Second
	// shutdownTimeout bounds how long in-flight requests may take at shutdown.
	shutdownTimeout = time.Second
)

// CheckAddr reports whether addr is a loopback host:port that Serve accepts. The
// error for a non-loopback host reads, for addr "0.0.0.0:8080":
//
//	serve: refusing to listen on "0.0.0.0:8080": not a loopback address (use 127.0.0.1, [::1] or localhost)
func CheckAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("serve: bad address %q: %v", addr, err)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return fmt.Errorf("serve: bad address %q: port %q is not a number from 0 to 65535", addr, port)
	}
	if !isLoopbackHost(host) {
		return fmt.Errorf("serve: refusing to listen on %q: not a loopback address (use 127.0.0.1, [::1] or localhost)", addr)
	}
	return nil
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve builds the site once, serves it, and rebuilds it on every change until ctx
// is cancelled; it then shuts the HTTP server down and returns nil. It returns an
// error early when the options are invalid, the address is not loopback, a watched
// directory cannot be watched, or the address cannot be bound.
func Serve(ctx context.Context, o Options) error {
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	if err := CheckAddr(o.Addr); err != nil {
		return err
	}
	if o.Build == nil {
		return errors.New("serve: Options.Build is nil")
	}
	if o.Out == "" {
		return errors.New("serve: Options.Out is empty")
	}
	out, err := filepath.Abs(o.Out)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	logger := log.New(logw, "serve: ", 0)

	st := newState()
	w, err := newWatcher(out, o.Watch, o.Code, logger)
	if err != nil {
		return err
	}
	defer w.close()

	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	// "localhost" is resolved by the system; make sure it really meant loopback.
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		ln.Close()
		return fmt.Errorf("serve: refusing to listen on %q: not a loopback address (use 127.0.0.1, [::1] or localhost)", ln.Addr().String())
	}

	quit := make(chan struct{}) // closed at shutdown: ends the event streams
	h := &handler{out: out, st: st, quit: quit, fs: http.FileServer(http.Dir(out))}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          logger,
	}

	var wg sync.WaitGroup
	serveErr := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			serveErr <- err
		}
	}()

	bound := ln.Addr().String()
	logger.Printf("serving %s on http://%s/", o.Out, bound)
	if o.Ready != nil {
		o.Ready(bound)
	}

	loopCtx, stopLoop := context.WithCancel(ctx)
	wg.Add(1)
	go func() {
		defer wg.Done()
		r := &rebuilder{o: o, st: st, w: w, log: logger}
		r.loop(loopCtx)
	}()

	var result error
	select {
	case <-ctx.Done():
	case err := <-serveErr:
		result = fmt.Errorf("serve: %v", err)
	}
	stopLoop()
	close(quit)
	// Shutdown waits for connections to go idle, and counts a connection on
	// which no request has come yet as idle only once it is 5 s old; browsers
	// open such speculative connections all the time. The event streams have
	// ended and file responses are short, so after a grace period whatever is
	// left is closed: that is still a clean stop.
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	if err := srv.Shutdown(sctx); err != nil {
		logger.Printf("closing connections still open after %v", shutdownTimeout)
		srv.Close()
	}
	cancel()
	wg.Wait()
	if result == nil {
		logger.Printf("stopped")
	}
	return result
}

// rebuilder runs the builds and reacts to code changes; it lives in one goroutine so
// builds never overlap.
type rebuilder struct {
	o   Options
	st  *state
	w   *watcher
	log *log.Logger
}

func (r *rebuilder) loop(ctx context.Context) {
	r.build(ctx)

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var (
		pending      bool
		pendingSince time.Time
		rebuild      bool
		codeFile     string
	)
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-r.w.events():
			if !ok {
				return
			}
			kind, name := r.w.classify(ev)
			switch kind {
			case changeNone:
				continue
			case changeContent:
				rebuild = true
			case changeCode:
				if codeFile == "" {
					codeFile = name
				}
			}
			now := time.Now()
			if !pending {
				pending, pendingSince = true, now
			}
			d := r.o.Debounce
			if left := pendingSince.Add(maxWait).Sub(now); left < d {
				d = max(left, 0)
			}
			timer.Reset(d)
		case err, ok := <-r.w.errors():
			if !ok {
				return
			}
			r.log.Printf("watch: %v", err)
		case <-timer.C:
			pending = false
			if codeFile != "" {
				if r.codeChanged(codeFile) {
					rebuild = true
				}
				codeFile = ""
			}
			if rebuild {
				rebuild = false
				r.build(ctx)
			}
		}
	}
}

// codeChanged handles a Go-code change and reports whether to rebuild the site.
func (r *rebuilder) codeChanged(file string) bool {
	if r.o.OnCodeChange == nil {
		r.log.Printf("generator code changed (%s): restart `make serve`", file)
		r.st.setCodeChanged(file, nil)
		return false
	}
	r.log.Printf("generator code changed (%s)", file)
	if err := callSafely(r.log, r.o.OnCodeChange); err != nil {
		r.log.Printf("OnCodeChange: %v", err)
		r.st.setCodeChanged(file, err)
		return false
	}
	return true
}

func (r *rebuilder) build(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	r.st.setBuilding(true)
	start := time.Now()
	err := callSafely(r.log, func() error { return r.o.Build(ctx) })
	elapsed := time.Since(start).Round(time.Millisecond)
	if ctx.Err() != nil {
		// Shutting down: a build cut short says nothing about the sources.
		r.st.setBuilding(false)
		return
	}
	lines := errorLines(err)
	gen := r.st.finishBuild(lines)
	if err == nil {
		r.log.Printf("build %d ok (%v)", gen, elapsed)
		return
	}
	r.log.Printf("build %d failed (%v):\n\t%s", gen, elapsed, strings.Join(lines, "\n\t"))
}

// callSafely turns a panic in f into an error, so a crashing generator does not take
// the preview server down with it.
func callSafely(logger *log.Logger, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			logger.Printf("panic: %v\n%s", p, debug.Stack())
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f()
}

// errorLines splits a build error into its non-empty lines; nil gives nil.
func errorLines(err error) []string {
	if err == nil {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(err.Error(), "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if lines == nil {
		lines = []string{"build failed (empty error message)"}
	}
	return lines
}
