package parallel

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
)

// Every iteration runs once, on a goroutine number below the workers, and
// progress counts them one by one from the calling goroutine.
func TestFor(t *testing.T) {
	for _, c := range []struct{ n, workers int }{{0, 0}, {1, 4}, {7, 1}, {100, 3}, {1000, 0}} {
		runs := make([]atomic.Int32, c.n)
		var bad atomic.Int32
		calls := 0
		For(c.n, c.workers, func(w, i int) {
			runs[i].Add(1)
			if w < 0 || w >= Workers(c.workers) {
				bad.Add(1)
			}
		}, func(done, total int) {
			if calls++; done != calls || total != c.n {
				t.Errorf("n %d, %d workers: progress %d of %d at call %d", c.n, c.workers, done, total, calls)
			}
		})
		for i := range runs {
			if r := runs[i].Load(); r != 1 {
				t.Errorf("n %d, %d workers: iteration %d ran %d times", c.n, c.workers, i, r)
			}
		}
		if bad.Load() > 0 || calls != c.n {
			t.Errorf("n %d, %d workers: %d calls on a goroutine number out of range, %d progress calls", c.n, c.workers, bad.Load(), calls)
		}
	}
	// Without progress, For still returns only once every call has.
	var sum atomic.Int64
	For(10000, 3, func(_, i int) { sum.Add(int64(i)) }, nil)
	if got := sum.Load(); got != 10000*9999/2 {
		t.Errorf("without progress: the iterations sum to %d when For returns, want %d", got, 10000*9999/2)
	}
	if Workers(0) != runtime.GOMAXPROCS(0) || Workers(3) != 3 {
		t.Errorf("Workers(0) = %d, Workers(3) = %d", Workers(0), Workers(3))
	}
}

func ExampleFor() {
	squares := make([]int, 5)
	For(len(squares), 2, func(_, i int) { squares[i] = i * i }, nil)
	fmt.Println(squares)
	// Output: [0 1 4 9 16]
}
