//go:build !unix

package build

// lockOut is a no-op where flock is not available: concurrent builds of the
// same output directory are then the caller's to avoid.
func lockOut(dir string) (unlock func(), err error) { return func() {}, nil }
