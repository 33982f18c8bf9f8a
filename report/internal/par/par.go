// Package par runs independent jobs in parallel, at most GOMAXPROCS at once.
package par

import (
	"runtime"
	"sync"
)

// Each calls fn(i) for every i in [0, n), at most GOMAXPROCS calls at a
// time, and returns when all have returned. Callers that need the results
// in order write them at index i.
func Each(n int, fn func(i int)) {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(i)
		}()
	}
	wg.Wait()
}
