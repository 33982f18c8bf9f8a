package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

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
	opts := sf.options()
	err := serve.Serve(ctx, serve.Options{
		Addr:  *addr,
		Out:   sf.out,
		Watch: []string{sf.lessons, sf.templates},
		Code:  []string{"models", "report"},
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

// reexec rebuilds the generator from the current sources and replaces this
// process with it, so that a change to a model or to the generator is
// picked up. If the new code does not compile, the error is returned and
// the running server keeps going.
func reexec(args []string, stderr io.Writer) error {
	dir, err := os.MkdirTemp("", "report-serve-")
	if err != nil {
		return err
	}
	bin := filepath.Join(dir, "report")
	cmd := exec.Command("go", "build", "-o", bin, "./report")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go build ./report: %v\n%s", err, out)
	}
	fmt.Fprintln(stderr, "generator code changed: restarting with the rebuilt generator")
	return syscall.Exec(bin, append([]string{bin, "serve"}, args...), os.Environ())
}
