package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

const clockThreadCPUTimeID = 3 // CLOCK_THREAD_CPUTIME_ID

// Thread returns the calling thread's CPU time, and whether it could be read.
func Thread() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

const rusageThread = 1 // RUSAGE_THREAD

// Faults returns how many pages the system has mapped for the calling
// thread at their first touch (minor page faults), and whether it could be
// read.
func Faults() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Minflt, true
}
