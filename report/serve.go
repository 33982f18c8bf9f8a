package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"lbcourse/report/internal/pipeline"
	"lbcourse/report/internal/serve"
)

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var sf siteFlags
	f := newFlags("serve", stderr)
	sf.register(f)
	addr := f.String("addr", serve.DefaultAddr, "loopback `HOST:PORT` to listen on")
	if err := f.Parse(args); err != nil {
		return 2
	}
	if f.NArg() > 0 {
		fmt.Fprintf(stderr, "report serve: unexpected argument %q\n", f.Arg(0))
		return 2
	}
	if err := serve.CheckAddr(*addr); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	serveCtx = ctx
	defer removeTempBinaries()()
	err := serve.Serve(ctx, serve.Options{
		Addr:  *addr,
		Out:   sf.out,
		Watch: []string{sf.lessons, sf.templates},
		Code:  []string{"models", "report", "go.mod", "go.sum"},
		Build: siteBuilder(sf, stdout, stderr),
		OnCodeChange: func() error {
			if own := tempBinaryDir(); own != "" {
				os.Setenv(previousBinaryEnv, own)
				defer os.Unsetenv(previousBinaryEnv) // reached only if the exec failed
			}
			return reexec(args, stderr)
		},
		Log:   stderr,
		Ready: func(a string) { fmt.Fprintf(stdout, "serving %s on http://%s/ (Ctrl-C stops)\n", sf.out, a) },
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// siteBuilder returns the build the server runs: `report build` with the same
// site flags, as a child process of this very program, so that a panic or a
// hang anywhere in the build cannot take the server with it. The child's
// "report build: ..." lines (warnings, the closing "failed" line) go to stderr,
// not to the error page. Where this program cannot find its own file, the build
// runs in this process.
func siteBuilder(sf siteFlags, stdout, stderr io.Writer) serve.BuildFunc {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "report serve: building in this process (%v)\n", err)
		opts := sf.options()
		return func(ctx context.Context) error {
			s, err := pipeline.Build(ctx, opts)
			if err == nil {
				fmt.Fprintf(stdout, "built %s: %s\n", sf.out, s)
			}
			return err
		}
	}
	c := serve.Command{
		Path: exe,
		Args: []string{"build",
			"-lessons", sf.lessons, "-templates", sf.templates, "-out", sf.out, "-cache", sf.cache},
		Stdout:  stdout,
		Log:     stderr,
		IsError: func(line string) bool { return !strings.HasPrefix(line, "report build: ") },
	}
	return c.Build
}

// serveCtx is cmdServe's context. rebuildGenerator gives up once it is done,
// so a generator rebuilt after an interrupt is not executed.
var serveCtx = context.Background()

// rebuildGenerator compiles the generator from the current sources into a
// fresh temporary directory and returns the binary's path.
func rebuildGenerator() (string, error) {
	dir, err := os.MkdirTemp("", tempBinaryPrefix)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "report")
	out, err := exec.CommandContext(serveCtx, "go", "build", "-o", bin, "./report").CombinedOutput()
	if err == nil && serveCtx.Err() != nil {
		err = errors.New("interrupted")
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("go build ./report: %v\n%s", err, out)
	}
	return bin, nil
}

const (
	tempBinaryPrefix = "report-serve-"
	// previousBinaryEnv names, for a generator reexec started, the temporary
	// directory of the generator it replaced.
	previousBinaryEnv = "REPORT_SERVE_PREVIOUS_BINARY"
)

// tempBinaryDir returns the temporary directory of this program's file if
// reexec built it, and "" otherwise.
func tempBinaryDir() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if dir := filepath.Dir(exe); isTempBinaryDir(dir) {
		return dir
	}
	return ""
}

func isTempBinaryDir(dir string) bool {
	return filepath.Dir(dir) == filepath.Clean(os.TempDir()) && strings.HasPrefix(filepath.Base(dir), tempBinaryPrefix)
}

// removeTempBinaries deletes the temporary directory of the generator this one
// replaced, if any, and returns a function that deletes this generator's own
// when the server stops. The running server keeps its file while it runs: its
// builds run it.
func removeTempBinaries() func() {
	if prev := os.Getenv(previousBinaryEnv); prev != "" {
		os.Unsetenv(previousBinaryEnv)
		if isTempBinaryDir(prev) {
			os.RemoveAll(prev)
		}
	}
	own := tempBinaryDir()
	return func() {
		if own != "" {
			os.RemoveAll(own)
		}
	}
}
