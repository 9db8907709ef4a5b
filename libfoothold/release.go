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

//export fhgo_internal_mallocs
func fhgo_internal_mallocs() C.uint64_t {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return C.uint64_t(m.Mallocs)
}

// fhgo_internal_go_updates runs n updates of character h from Go, each
// copying the pose out as fh_character_update does, and returns the
// nanoseconds they took: the benchmark's Go call beside the C one.
//
//export fhgo_internal_go_updates
func fhgo_internal_go_updates(h C.fh_character, n C.int32_t, dt C.double, in *C.fh_input, pose *C.double, poseLen C.int32_t) C.int64_t {
	var ns int64
	st := withCharacter(h, func(c *character) status {
		pin, st := input(in, c.w, "fhgo_internal_go_updates")
		if st != ok {
			return st
		}
		out, st := poseOut(pose, poseLen, len(c.pos), "fhgo_internal_go_updates")
		if st != ok || out == nil {
			return eArg
		}
		t0 := time.Now()
		for range int(n) {
			putPose(out, c.p.Update(float64(dt), pin))
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
