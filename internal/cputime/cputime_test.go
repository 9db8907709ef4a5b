package cputime

import (
	"runtime"
	"testing"
	"time"
)

// A busy loop's thread CPU time is close to its wall time; a sleep adds
// wall time but no CPU time.
func TestThread(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok := Thread()
	if !ok {
		t.Skip("thread CPU time not available here")
	}
	w0 := time.Now()
	x := 0
	for time.Since(w0) < 20*time.Millisecond {
		x++
	}
	c1, _ := Thread()
	busy := c1 - c0
	time.Sleep(20 * time.Millisecond)
	c2, _ := Thread()
	if busy < 5*time.Millisecond || busy > 25*time.Millisecond {
		t.Errorf("20 ms busy loop used %v of CPU", busy)
	}
	if slept := c2 - c1; slept > 3*time.Millisecond {
		t.Errorf("a 20 ms sleep used %v of CPU", slept)
	}
	_ = x
}
