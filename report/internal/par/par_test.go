package par

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestEach: every index is called once, and never more than GOMAXPROCS
// calls run at once.
func TestEach(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		for _, n := range []int{0, 1, 3, 100} {
			calls := make([]atomic.Int32, n)
			var running, peak atomic.Int32
			Each(n, func(i int) {
				r := running.Add(1)
				for p := peak.Load(); r > p && !peak.CompareAndSwap(p, r); p = peak.Load() {
				}
				calls[i].Add(1)
				runtime.Gosched()
				running.Add(-1)
			})
			for i := range calls {
				if c := calls[i].Load(); c != 1 {
					t.Errorf("procs %d, n %d: fn(%d) called %d times", procs, n, i, c)
				}
			}
			if p := peak.Load(); int(p) > procs {
				t.Errorf("procs %d, n %d: %d calls at once", procs, n, p)
			}
		}
	}
}
