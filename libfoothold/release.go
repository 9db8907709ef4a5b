package main

/*
#include "foothold.h"
*/
import "C"

import (
	"runtime"
	"time"
)

//export fhgo_release
func fhgo_release(h C.uint64_t) (st status) {
	defer catch(&st)
	return release(uint64(h))
}

// fhgo_internal_mallocs is the Go runtime's count of heap allocations so
// far, for the C tests of the per-frame calls. Not part of foothold.h.
//
//export fhgo_internal_mallocs
func fhgo_internal_mallocs() C.uint64_t {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return C.uint64_t(m.Mallocs)
}

// fhgo_internal_go_updates runs n updates of character h from Go, as a Go
// program calls the planner (the pose left in the planner's buffers), and
// returns the nanoseconds they took (-1 when the arguments are wrong): the
// overhead benchmark's Go call beside the C one. Not part of foothold.h.
//
//export fhgo_internal_go_updates
func fhgo_internal_go_updates(h C.fh_character, n C.int32_t, dt C.double, in *C.fh_input) C.int64_t {
	var ns int64
	st := withCharacter(h, func(c *character) status {
		pin, st := input(in, c.w, "fhgo_internal_go_updates")
		if st != ok {
			return st
		}
		t0 := time.Now()
		for range int(n) {
			c.p.Update(float64(dt), pin)
		}
		ns = time.Since(t0).Nanoseconds()
		c.t += float64(n) * float64(dt)
		return ok
	})
	if st != ok {
		return -1
	}
	return C.int64_t(ns)
}
