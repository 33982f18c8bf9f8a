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
//   - Every request is checked before it is routed. One whose Host header does not
//     name a loopback host (localhost, 127.0.0.0/8 or [::1], with or without a
//     port) is answered 403 with a one-line plain-text reason, so a page on another
//     site cannot read the preview through DNS rebinding. A method other than GET
//     or HEAD is answered 405 with "Allow: GET, HEAD".
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
//     (CSS, SVG, ...) are still served from the last good site. A build that panics
//     has failed; its error is "panic: " and the panic value.
//   - A missing page is answered with 404 and a small page carrying the reload
//     script, so a page that does not exist yet appears as soon as it is built.
//   - Builds never overlap and never hold up a request: while one runs, pages come
//     from the last good site (or the error page). A change during a build cancels
//     it and builds again once it has returned; a cancelled build's failure is not
//     shown. A build that has not returned 2 s after its cancellation is abandoned
//     (left running, its result ignored) and the next one starts. Serve recovers a
//     panic in the goroutine that calls Options.Build, not in one the build starts;
//     Command runs builds as child processes, which contain both kinds, and which
//     it kills when they ignore their cancellation.
//   - A change to a .go file (not _test.go), go.mod or go.sum under Options.Code
//     calls Options.OnCodeChange; without one, pages show a "generator code changed:
//     restart make serve" banner until the server is restarted.
//   - /_serve/status answers JSON: {"generation": N, "ok": bool, "errors": [...], ...}
//     where generation counts finished builds.
//   - Cancelling the context stops the server within about a second, even while a
//     build or OnCodeChange ignores its cancellation; Serve logs "interrupted".
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
	"strconv"
	"strings"
	"sync"
	"time"
)

// BuildFunc renders the site into the output directory atomically. On failure it
// returns an error whose Error() is one problem per line ("file:line:col: message")
// and leaves the output directory as it was. It should return soon after ctx is
// done; Serve copes with one that does not (see the package comment).
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
	// Build rebuilds the site. Required. It is called from its own goroutine,
	// never twice at once unless a build was abandoned.
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
	// DefaultDebounce is used when Options.Debounce is zero: long enough to
	// take an editor's save (truncate and write, or write a scratch file and
	// rename it, a few milliseconds apart) as one change, short enough not
	// to be seen. A build started on the save's first event could publish
	// the file half written.
	DefaultDebounce = 40 * time.Millisecond

	// EventsPath is the Server-Sent Events stream the reload script listens on.
	EventsPath = "/_serve/events"
	// StatusPath answers the server state as JSON.
	StatusPath = "/_serve/status"

	// maxWait bounds how long a continuous stream of changes can postpone a build.
	maxWait = 2 * time.Second
	// shutdownTimeout bounds how long Serve takes to return once its context is
	// done: for in-flight requests, and for a running build to notice.
	shutdownTimeout = time.Second
	// cancelGrace is how long a cancelled build may take to return before the
	// next build starts without it.
	cancelGrace = 2 * time.Second
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
		return notLoopback(addr)
	}
	return nil
}

func notLoopback(addr string) error {
	return fmt.Errorf("serve: refusing to listen on %q: not a loopback address (use 127.0.0.1, [::1] or localhost)", addr)
}

// isLoopbackHost reports whether host, without port or brackets, is "localhost"
// (any case) or a loopback IP address.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve builds the site once, serves it, and rebuilds it on every change until ctx
// is cancelled; it then logs "interrupted", shuts the HTTP server down and returns
// nil. It returns an error early when the options are invalid, the address is not
// loopback, a watched directory cannot be watched, or the address cannot be bound.
func Serve(ctx context.Context, o Options) error {
	o, out, err := o.check()
	if err != nil {
		return err
	}
	logger := log.New(o.Log, "serve: ", 0)
	w, err := newWatcher(out, o.Watch, o.Code, logger)
	if err != nil {
		return err
	}
	defer w.close()
	ln, err := listen(o.Addr)
	if err != nil {
		return err
	}
	st := newState()
	quit := make(chan struct{}) // closed at shutdown: ends the event streams
	h := &handler{out: out, st: st, quit: quit, fs: http.FileServer(http.Dir(out))}
	srv, serveErr := startHTTP(ln, guard(h), logger)
	bound := ln.Addr().String()
	logger.Printf("serving %s on http://%s/", o.Out, bound)
	if o.Ready != nil {
		o.Ready(bound)
	}

	r := &rebuilder{o: o, st: st, w: w, log: logger}
	loopCtx, stopLoop := context.WithCancel(ctx)
	loopDone := make(chan struct{})
	go func() {
		defer close(loopDone)
		r.loop(loopCtx)
	}()

	var result error
	select {
	case <-ctx.Done():
		logger.Printf("interrupted")
	case err := <-serveErr:
		result = fmt.Errorf("serve: %v", err)
	}
	stopLoop()
	close(quit)
	shutdown(srv, serveErr, loopDone, r, logger)
	if result == nil {
		logger.Printf("stopped")
	}
	return result
}

// check validates o and fills in its defaults; it also returns Out made absolute.
func (o Options) check() (Options, string, error) {
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if err := CheckAddr(o.Addr); err != nil {
		return o, "", err
	}
	if o.Build == nil {
		return o, "", errors.New("serve: Options.Build is nil")
	}
	if o.Out == "" {
		return o, "", errors.New("serve: Options.Out is empty")
	}
	out, err := filepath.Abs(o.Out)
	if err != nil {
		return o, "", fmt.Errorf("serve: %v", err)
	}
	return o, out, nil
}

// listen binds addr, which CheckAddr accepted, and refuses the result unless it
// is a loopback address: "localhost" is resolved by the system.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("serve: %v", err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		ln.Close()
		return nil, notLoopback(ln.Addr().String())
	}
	return ln, nil
}

// startHTTP serves h on ln in a goroutine. The channel receives the error that
// ended serving, if not a shutdown, and is closed once serving has ended.
func startHTTP(ln net.Listener, h http.Handler, logger *log.Logger) (*http.Server, <-chan error) {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          logger,
	}
	serveErr := make(chan error, 1)
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			serveErr <- err
		}
		close(serveErr)
	}()
	return srv, serveErr
}

// shutdown stops srv, waits for the rebuild loop and the builds, and returns
// within about shutdownTimeout whatever they do.
//
// Shutdown waits for connections to go idle, and counts a connection on which no
// request has come yet as idle only once it is 5 s old; browsers open such
// speculative connections all the time. The event streams have ended and file
// responses are short, so after the grace period whatever is left is closed: that
// is still a clean stop. A build or OnCodeChange that ignores its cancellation is
// left running; the process is about to end anyway.
func shutdown(srv *http.Server, serveErr <-chan error, loopDone <-chan struct{}, r *rebuilder, logger *log.Logger) {
	deadline := time.Now().Add(shutdownTimeout)
	sctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := srv.Shutdown(sctx); err != nil {
			logger.Printf("closing connections still open after %v", shutdownTimeout)
			srv.Close()
		}
		for range serveErr {
		}
	}()
	if !waitUntil(loopDone, deadline) {
		logger.Printf("OnCodeChange still running after %v; not waiting for it", shutdownTimeout)
	} else if !waitUntil(r.idle(), deadline) {
		logger.Printf("build still running %v after its cancellation; not waiting for it", shutdownTimeout)
	}
	wg.Wait()
}

// waitUntil waits for done to be closed, or the deadline; it reports which.
func waitUntil(done <-chan struct{}, deadline time.Time) bool {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}
