//go:build unix

package output

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Lock takes an exclusive lock on the directory holding dir (creating
// it), waiting for another build of the same parent to finish. The kernel
// drops the lock when the process dies, so a crashed build never leaves it
// held; while it is held, what lies beside dir belongs to no live build.
func Lock(dir string) (unlock func(), err error) {
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	f, err := os.Open(parent)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %v", parent, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
