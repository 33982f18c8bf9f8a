//go:build !unix

package output

// Lock is a no-op where flock is not available: concurrent builds of the
// same output directory are then the caller's to avoid.
func Lock(dir string) (unlock func(), err error) { return func() {}, nil }
