package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Command runs each build as a child process, so that nothing a build does
// reaches the server: not a panic in a goroutine the build started, not a fatal
// runtime error, not work that ignores its cancellation.
type Command struct {
	Path string   // the program to run
	Args []string // its arguments, without the program's name
	// Stdout receives the child's standard output; nil discards it.
	Stdout io.Writer
	// Log receives what the child wrote to standard error that is not a build
	// error (warnings, or a crash's full trace); nil discards it.
	Log io.Writer
	// IsError reports whether a line a failed child wrote to standard error is
	// one of the build's errors; the other lines go to Log. Nil takes every
	// non-empty line.
	IsError func(line string) bool
}

const (
	// commandGrace is how long a cancelled child has to exit after its
	// interrupt before it is killed.
	commandGrace = 500 * time.Millisecond
	// maxStderr bounds how much of a child's standard error is kept.
	maxStderr = 1 << 20
)

// Build runs the command and returns nil when it exits with status 0.
//
// When ctx is done, the child is sent an interrupt (killed where there are no
// signals), and killed if it is still running commandGrace later; Build then
// returns context.Cause(ctx), whatever the child printed on its way out.
// Otherwise a failed child's error is, one per line: its error lines (see
// IsError); for a crash (a Go panic or fatal error), the first line of the
// message and "file:line: in function" where it was raised, the full trace
// going to Log; for a child killed by a signal, "build process: signal: ...".
func (c Command) Build(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, c.Path, c.Args...)
	cmd.Stdout = c.Stdout
	var stderr cappedBuffer
	cmd.Stderr = &stderr
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	cmd.WaitDelay = commandGrace
	err := cmd.Run()
	if err == nil {
		c.log(stderr.String())
		return nil
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return c.failure(err, stderr.String())
}

func (c Command) log(s string) {
	if c.Log != nil && s != "" {
		io.WriteString(c.Log, s)
	}
}

// failure turns a failed run's error and standard error into the build error.
func (c Command) failure(err error, stderr string) error {
	if lines, ok := crashSummary(stderr); ok {
		c.log(stderr)
		return errors.New(strings.Join(lines, "\n"))
	}
	var errs []string
	var other strings.Builder
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.TrimRight(l, "\r")
		switch {
		case strings.TrimSpace(l) == "":
		case c.IsError == nil || c.IsError(l):
			errs = append(errs, l)
		default:
			other.WriteString(l + "\n")
		}
	}
	c.log(other.String())
	var ee *exec.ExitError
	if errors.As(err, &ee) && !ee.Exited() || len(errs) == 0 {
		errs = append(errs, "build process: "+err.Error())
	}
	return errors.New(strings.Join(errs, "\n"))
}

// crashSummary finds a Go crash in a program's standard error: a line starting
// "panic: " or "fatal error: " and, below it, a goroutine's trace. It returns
// the message's first line, then "file:line: in function" for the trace's first
// frame outside the runtime, the file relative to the working directory when
// inside it.
func crashSummary(stderr string) ([]string, bool) {
	lines := strings.Split(strings.ReplaceAll(stderr, "\r\n", "\n"), "\n")
	msg := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			msg = i
			break
		}
	}
	if msg < 0 {
		return nil, false
	}
	trace := -1
	for i := msg + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "goroutine ") && strings.HasSuffix(lines[i], ":") {
			trace = i
			break
		}
	}
	if trace < 0 {
		return nil, false
	}
	out := []string{lines[msg]}
	if at, ok := firstFrame(lines[trace+1:]); ok {
		out = append(out, at)
	}
	return out, true
}

// firstFrame formats the first frame of a goroutine trace (function lines
// alternating with tab-indented "file:line +0x..." lines) that is not the
// runtime's.
func firstFrame(lines []string) (string, bool) {
	for i := 0; i+1 < len(lines); i += 2 {
		fn, loc := lines[i], lines[i+1]
		if fn == "" || !strings.HasPrefix(loc, "\t") {
			return "", false
		}
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "internal/runtime/") {
			continue
		}
		if j := strings.LastIndex(fn, "("); j > 0 {
			fn = fn[:j]
		}
		loc, _, _ = strings.Cut(strings.TrimPrefix(loc, "\t"), " +0x")
		return relativeLocation(loc) + ": in " + fn, true
	}
	return "", false
}

// relativeLocation rewrites "/abs/dir/file.go:12" relative to the working
// directory, with slashes, when the file is inside it.
func relativeLocation(loc string) string {
	i := strings.LastIndex(loc, ":")
	if i < 0 {
		return loc
	}
	wd, err := os.Getwd()
	if err != nil {
		return loc
	}
	rel, err := filepath.Rel(wd, loc[:i])
	if err != nil || !filepath.IsLocal(rel) {
		return loc
	}
	return filepath.ToSlash(rel) + loc[i:]
}

// cappedBuffer keeps the first maxStderr bytes written to it and drops the rest,
// noting that it did; it never fails a write, so the child is never blocked.
type cappedBuffer struct {
	b       bytes.Buffer
	dropped int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	n := min(len(p), maxStderr-c.b.Len())
	c.b.Write(p[:n])
	c.dropped += len(p) - n
	return len(p), nil
}

func (c *cappedBuffer) String() string {
	if c.dropped == 0 {
		return c.b.String()
	}
	return c.b.String() + fmt.Sprintf("\n[%d more bytes dropped]\n", c.dropped)
}
