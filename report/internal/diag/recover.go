package diag

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// RecoverAt turns a panic of the calling goroutine into an error at byte
// offset off of file (off < 0: the file as a whole), naming what was being
// done and the function that panicked. Use it as: defer diag.RecoverAt(...).
func RecoverAt(errs *List, file string, off int, what string) {
	p := recover()
	if p == nil {
		return
	}
	errs.Add(file, off, "internal error while %s: %v (at %s); this is a bug in the generator", what, p, PanicSite())
}

// PanicSite returns the function that panicked and its line: the first
// frame after panic() that is not the runtime's, for an error message a bug
// report can start from. It must be called from the deferred function.
func PanicSite() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	after := false
	for i := 1; i+1 < len(lines); i += 2 {
		fn := lines[i]
		if strings.HasPrefix(fn, "panic(") {
			after = true
			continue
		}
		if !after || strings.HasPrefix(fn, "runtime.") {
			continue
		}
		if j := strings.LastIndexByte(fn, '('); j > 0 {
			fn = fn[:j]
		}
		return fmt.Sprintf("%s, %s", fn, strings.Fields(lines[i+1])[0])
	}
	return "unknown"
}
