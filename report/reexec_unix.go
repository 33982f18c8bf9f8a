//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// reexec rebuilds the generator from the current sources and replaces this
// process with it, so that a change to a model or to the generator is
// picked up. If the new code does not compile, the error is returned and
// the running server keeps going, showing it.
func reexec(args []string, stderr io.Writer) error {
	bin, err := rebuildGenerator()
	if err != nil {
		return err
	}
	fmt.Fprintln(stderr, "generator code changed: restarting with the rebuilt generator")
	return syscall.Exec(bin, append([]string{bin, "serve"}, args...), os.Environ())
}
