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

// Writing to 4 MiB of fresh memory maps about a thousand 4 KiB pages;
// writing to it again maps none.
func TestFaults(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	buf := make([]byte, 4<<20)
	f0, ok := Faults()
	if !ok {
		t.Skip("page faults not available here")
	}
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	f1, _ := Faults()
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 2
	}
	f2, _ := Faults()
	// Huge pages may map the buffer in a few faults; small pages in 1,024.
	if f1-f0 < 1 || f1-f0 > 1100 {
		t.Errorf("first writes to 4 MiB: %d faults", f1-f0)
	}
	if f2-f1 > 2 {
		t.Errorf("second writes: %d faults", f2-f1)
	}
}
