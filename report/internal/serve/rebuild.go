package serve

import (
	"context"
	"fmt"
	"log"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// rebuilder decides when to build and records the outcomes. Only the goroutine
// running loop uses it, except for idle once loop has returned.
type rebuilder struct {
	o   Options
	st  *state
	w   *watcher
	log *log.Logger

	cur    *buildRun      // the build running, or nil
	queued bool           // a build is due once cur has returned
	wg     sync.WaitGroup // every build goroutine, abandoned ones included
}

// buildRun is one call of Options.Build.
type buildRun struct {
	cancel    context.CancelFunc
	done      chan error // receives the build's result, once; buffered
	start     time.Time
	cancelled bool
	grace     *time.Timer // fires cancelGrace after cancel; nil before
}

// loop builds once, then on every settled burst of changes, until ctx is done;
// it then cancels the running build and returns without waiting for it.
func (r *rebuilder) loop(ctx context.Context) {
	r.start(ctx)
	d := newDebouncer(r.o.Debounce)
	defer d.stop()
	defer r.cancelCurrent()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-r.w.events():
			if !ok {
				return
			}
			d.add(r.w.classify(ev))
		case err, ok := <-r.w.errors():
			if !ok {
				return
			}
			r.log.Printf("watch: %v", err)
		case <-d.C():
			r.settled(ctx, d)
		case err := <-r.doneC():
			r.finish(err)
			r.startQueued(ctx)
		case <-r.graceC():
			r.abandon()
			r.startQueued(ctx)
		}
	}
}

// doneC is the running build's result channel; nil (never ready) when none runs.
func (r *rebuilder) doneC() <-chan error {
	if r.cur == nil {
		return nil
	}
	return r.cur.done
}

// graceC fires when the cancelled running build has had its cancelGrace.
func (r *rebuilder) graceC() <-chan time.Time {
	if r.cur == nil || r.cur.grace == nil {
		return nil
	}
	return r.cur.grace.C
}

// request asks for a build of the current sources: now when none runs, else
// after cancelling the running one, whose sources are out of date.
func (r *rebuilder) request(ctx context.Context) {
	if r.cur == nil {
		r.start(ctx)
		return
	}
	r.queued = true
	if !r.cur.cancelled {
		r.log.Printf("sources changed during the build; cancelling it")
		r.cancelCurrent()
	}
}

func (r *rebuilder) cancelCurrent() {
	if r.cur == nil || r.cur.cancelled {
		return
	}
	r.cur.cancelled = true
	r.cur.cancel()
	r.cur.grace = time.NewTimer(cancelGrace)
}

// abandon gives up on the cancelled running build: it may go on running, and
// its result is ignored.
func (r *rebuilder) abandon() {
	r.log.Printf("build ignored its cancellation for %v; abandoned it", cancelGrace)
	r.cur = nil
	r.st.setBuilding(false)
}

func (r *rebuilder) startQueued(ctx context.Context) {
	if r.queued && r.cur == nil {
		r.start(ctx)
	}
}

// start runs Options.Build in a goroutine of its own, recovering its panic.
func (r *rebuilder) start(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	bctx, cancel := context.WithCancel(ctx)
	run := &buildRun{cancel: cancel, done: make(chan error, 1), start: time.Now()}
	r.cur, r.queued = run, false
	r.st.setBuilding(true)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer cancel()
		run.done <- callSafely(r.log, func() error { return r.o.Build(bctx) })
	}()
}

// finish records the running build's outcome, unless it was cancelled and
// failed: that failure may be the cancellation's, and says nothing about the
// sources.
func (r *rebuilder) finish(err error) {
	run := r.cur
	r.cur = nil
	if run.grace != nil {
		run.grace.Stop()
	}
	elapsed := time.Since(run.start).Round(time.Millisecond)
	if run.cancelled && err != nil {
		r.log.Printf("cancelled build stopped (%v)", elapsed)
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

// settled acts on a burst of changes that has ended.
func (r *rebuilder) settled(ctx context.Context, d *debouncer) {
	content, codeFile := d.take()
	if codeFile != "" && r.codeChanged(ctx, codeFile) {
		content = true
	}
	if content {
		r.request(ctx)
	} else {
		r.startQueued(ctx)
	}
}

// codeChanged handles a Go-code change and reports whether to rebuild the site.
// OnCodeChange is called with no build running: one running is cancelled and
// waited for (at most cancelGrace), and built again afterwards.
func (r *rebuilder) codeChanged(ctx context.Context, file string) bool {
	if r.o.OnCodeChange == nil {
		r.log.Printf("generator code changed (%s): restart `make serve`", file)
		r.st.setCodeChanged(file, nil)
		return false
	}
	r.log.Printf("generator code changed (%s)", file)
	if !r.stopCurrent(ctx) {
		return false
	}
	if err := callSafely(r.log, r.o.OnCodeChange); err != nil {
		r.log.Printf("OnCodeChange: %v", err)
		r.st.setCodeChanged(file, err)
		return false
	}
	return true
}

// stopCurrent cancels the running build, if any, queues another, and waits
// until the build has returned or been abandoned. It reports false if ctx
// was done first.
func (r *rebuilder) stopCurrent(ctx context.Context) bool {
	if r.cur == nil {
		return true
	}
	r.queued = true
	r.cancelCurrent()
	select {
	case err := <-r.cur.done:
		r.finish(err)
	case <-r.cur.grace.C:
		r.abandon()
	case <-ctx.Done():
		return false
	}
	return true
}

// idle returns a channel closed once no build goroutine is running. It must
// not be called before loop has returned.
func (r *rebuilder) idle() <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		r.wg.Wait()
		close(ch)
	}()
	return ch
}

// callSafely turns a panic in f into an error, so a crashing generator does not take
// the preview server down with it. It cannot catch a panic in a goroutine f
// starts; Command runs a build where such a panic is an error too.
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

// debouncer turns a burst of changes into one: its channel fires wait after the
// last change, or maxWait after the first, whichever is sooner.
type debouncer struct {
	wait     time.Duration
	timer    *time.Timer
	pending  bool
	since    time.Time
	content  bool   // a lesson or template changed
	codeFile string // the first Go file that changed, or ""
}

func newDebouncer(wait time.Duration) *debouncer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return &debouncer{wait: wait, timer: t}
}

func (d *debouncer) C() <-chan time.Time { return d.timer.C }

func (d *debouncer) stop() { d.timer.Stop() }

// add records one classified change; changeNone is ignored.
func (d *debouncer) add(kind changeKind, name string) {
	switch kind {
	case changeNone:
		return
	case changeContent:
		d.content = true
	case changeCode:
		if d.codeFile == "" {
			d.codeFile = name
		}
	}
	now := time.Now()
	if !d.pending {
		d.pending, d.since = true, now
	}
	wait := d.wait
	if left := d.since.Add(maxWait).Sub(now); left < wait {
		wait = max(left, 0)
	}
	d.timer.Reset(wait)
}

// take returns what the burst changed and starts a new burst; call it when C fires.
func (d *debouncer) take() (content bool, codeFile string) {
	content, codeFile = d.content, d.codeFile
	d.pending, d.content, d.codeFile = false, false, ""
	return content, codeFile
}
