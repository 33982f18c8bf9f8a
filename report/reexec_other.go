//go:build !unix

package main

import (
	"errors"
	"io"
)

// reexec cannot replace the running process on this system; the server
// shows the error, asking for a restart.
func reexec(args []string, stderr io.Writer) error {
	return errors.New("restart make serve to use the changed generator")
}
