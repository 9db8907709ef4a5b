//go:build !linux

package cputime

import "time"

// Thread returns false: the thread's CPU time is read on Linux only.
func Thread() (time.Duration, bool) { return 0, false }

// Faults returns false: the thread's page faults are read on Linux only.
func Faults() (int64, bool) { return 0, false }
