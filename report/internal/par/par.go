// Package par runs independent jobs in parallel, at most GOMAXPROCS at once.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls fn(i) for every i in [0, n), at most GOMAXPROCS calls at a
// time, and returns when all have returned. Callers that need the results
// in order write them at index i. The calls run on a few long-lived
// goroutines that take the next i in turn, so a job's stack, once grown,
// serves the jobs after it.
func Each(n int, fn func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		})
	}
	wg.Wait()
}
