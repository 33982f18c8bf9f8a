package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"lbcourse/report/internal/build"
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
	if err := serve.CheckAddr(*addr); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	removeOwnTempBinary()
	opts := sf.options()
	err := serve.Serve(ctx, serve.Options{
		Addr:  *addr,
		Out:   sf.out,
		Watch: []string{sf.lessons, sf.templates},
		Code:  []string{"models", "report", "go.mod", "go.sum"},
		Build: func(ctx context.Context) error {
			s, err := build.Build(ctx, opts)
			if err == nil {
				fmt.Fprintf(stdout, "built %s: %s\n", sf.out, s)
			} else {
				fmt.Fprintf(stderr, "%v\nbuild failed; %s left as it was\n", err, sf.out)
			}
			return err
		},
		OnCodeChange: func() error { return reexec(args, stderr) },
		Log:          stderr,
		Ready:        func(a string) { fmt.Fprintf(stdout, "serving %s on http://%s/ (Ctrl-C stops)\n", sf.out, a) },
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// rebuildGenerator compiles the generator from the current sources into a
// fresh temporary directory and returns the binary's path.
func rebuildGenerator() (string, error) {
	dir, err := os.MkdirTemp("", tempBinaryPrefix)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "report")
	out, err := exec.Command("go", "build", "-o", bin, "./report").CombinedOutput()
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("go build ./report: %v\n%s", err, out)
	}
	return bin, nil
}

const tempBinaryPrefix = "report-serve-"

// removeOwnTempBinary deletes the temporary directory of a generator that
// reexec built, once that generator runs: the running program does not need
// its file any more, and no restart leaves one behind.
func removeOwnTempBinary() {
	exe, err := os.Executable()
	if err != nil {
		return
	}
	dir := filepath.Dir(exe)
	if filepath.Dir(dir) == filepath.Clean(os.TempDir()) && strings.HasPrefix(filepath.Base(dir), tempBinaryPrefix) {
		os.RemoveAll(dir)
	}
}
