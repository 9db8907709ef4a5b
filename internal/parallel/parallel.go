package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is the number of goroutines a Workers option asks for: w, or
// GOMAXPROCS when w ≤ 0.
func Workers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// For calls body(w, i) once for every i in [0, n), on Workers(workers)
// goroutines (no more than n), w being the calling goroutine's number,
// below Workers(workers): state a body keeps per w is never shared. The
// iterations are handed out in order, one at a time. For returns when
// every call has; progress, when not nil, is told from For's goroutine
// after each call returns how many have (1, 2, … n).
func For(n, workers int, body func(w, i int), progress func(done, total int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var done chan struct{} // one per call, for progress
	if progress != nil {
		done = make(chan struct{}, n)
	}
	for w := range min(Workers(workers), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				body(w, i)
				if done != nil {
					done <- struct{}{}
				}
			}
		}()
	}
	if done != nil {
		for k := range n {
			<-done
			progress(k+1, n)
		}
	}
	wg.Wait()
}
