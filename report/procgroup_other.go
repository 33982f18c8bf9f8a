//go:build !unix

package main

import "os/exec"

// ownGroup leaves cmd as it is: a cancelled context kills cmd alone.
func ownGroup(cmd *exec.Cmd) {}
