package main

/*
#include "foothold.h"
*/
import "C"

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl64"
)

// library is an action library, its state graph, and the file it came
// from ("" for the built-in one).
type library struct {
	lib   *action.Library
	graph *stategraph.Graph
	file  string
}

func (l *library) skeleton() *motion.Skeleton { return l.lib.Actions[0].Clip.Skeleton }

//export fhgo_library_builtin
func fhgo_library_builtin(out *C.fh_library) (st status) {
	defer catch(&st)
	if out == nil {
		return fail(eNull, "fh_library_builtin: out is null")
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{Crowd: true})
	if err != nil {
		return failErr(eInternal, err)
	}
	*out = C.fh_library(register(kindLibrary, &library{lib: lib, graph: g}))
	return ok
}

//export fhgo_library_load
func fhgo_library_load(path *C.char, out *C.fh_library) (st status) {
	defer catch(&st)
	file, st := cstring(path, "fh_library_load: path")
	if st != ok {
		return st
	}
	if out == nil {
		return fail(eNull, "fh_library_load: out is null")
	}
	lib, g, err := librarybuild.LoadLibrary(file)
	if err != nil {
		return failErr(eInput, err)
	}
	*out = C.fh_library(register(kindLibrary, &library{lib: lib, graph: g, file: file}))
	return ok
}

// withLibrary runs f on the library of handle h.
func withLibrary(h C.fh_library, f func(*library) status) (st status) {
	defer catch(&st)
	s, st := lookup(uint64(h), kindLibrary)
	if st != ok {
		return st
	}
	defer s.done()
	return f(objectOf[*library](s))
}

//export fhgo_library_actions
func fhgo_library_actions(h C.fh_library, count *C.int32_t) status {
	return withLibrary(h, func(l *library) status { return putCount(count, len(l.lib.Actions), "fh_library_actions") })
}

//export fhgo_library_action_name
func fhgo_library_action_name(h C.fh_library, i C.int32_t, buf *C.char, cp C.int32_t, n *C.int32_t) status {
	return withLibrary(h, func(l *library) status {
		if i < 0 || int(i) >= len(l.lib.Actions) {
			return fail(eArg, "fh_library_action_name: action %d of %d", int(i), len(l.lib.Actions))
		}
		return putString(l.lib.Actions[i].Name, buf, cp, n)
	})
}

//export fhgo_skeleton_joints
func fhgo_skeleton_joints(h C.fh_library, count *C.int32_t) status {
	return withLibrary(h, func(l *library) status { return putCount(count, l.skeleton().NumJoints(), "fh_skeleton_joints") })
}

//export fhgo_skeleton_name
func fhgo_skeleton_name(h C.fh_library, i C.int32_t, buf *C.char, cp C.int32_t, n *C.int32_t) status {
	return withLibrary(h, func(l *library) status {
		sk := l.skeleton()
		if i < 0 || int(i) >= sk.NumJoints() {
			return fail(eArg, "fh_skeleton_name: joint %d of %d", int(i), sk.NumJoints())
		}
		return putString(sk.Names[i], buf, cp, n)
	})
}

//export fhgo_skeleton_parents
func fhgo_skeleton_parents(h C.fh_library, parents *C.int32_t, cp C.int32_t, count *C.int32_t) status {
	return withLibrary(h, func(l *library) status {
		sk := l.skeleton()
		out, st := outBuffer((*int32)(unsafe.Pointer(parents)), cp, count, sk.NumJoints(), 1, "fh_skeleton_parents")
		if st == ok {
			for j, p := range sk.Parents {
				out[j] = int32(p)
			}
		}
		return st
	})
}

//export fhgo_skeleton_offsets
func fhgo_skeleton_offsets(h C.fh_library, offsets *C.double, cp C.int32_t, count *C.int32_t) status {
	return withLibrary(h, func(l *library) status {
		sk := l.skeleton()
		out, st := outBuffer((*float64)(unsafe.Pointer(offsets)), cp, count, sk.NumJoints(), 3, "fh_skeleton_offsets")
		if st == ok {
			for j, o := range sk.Offsets {
				copy(out[3*j:3*j+3], o[:])
			}
		}
		return st
	})
}

// outBuffer is the caller's buffer of cp values for n items of stride
// each, with *count set to n; too short or null fails.
func outBuffer[T any](buf *T, cp C.int32_t, count *C.int32_t, n, stride int, call string) ([]T, status) {
	if count == nil {
		return nil, fail(eNull, "%s: count is null", call)
	}
	*count = C.int32_t(n)
	if int(cp) < n*stride {
		return nil, fail(eSmall, "%s: the buffer holds %d values; %d items need %d", call, int(cp), n, n*stride)
	}
	if buf == nil {
		return nil, fail(eNull, "%s: the buffer is null", call)
	}
	return unsafe.Slice(buf, n*stride), ok
}

// putCount writes n into *count.
func putCount(count *C.int32_t, n int, call string) status {
	if count == nil {
		return fail(eNull, "%s: count is null", call)
	}
	*count = C.int32_t(n)
	return ok
}

//export fhgo_save_bvh
func fhgo_save_bvh(h C.fh_library, poses *C.double, n C.int64_t, frames C.int32_t, frameTime C.double, path *C.char) status {
	return withLibrary(h, func(l *library) status {
		file, st := cstring(path, "fh_save_bvh: path")
		if st != ok {
			return st
		}
		sk := l.skeleton()
		joints := sk.NumJoints()
		if frames < 1 || !finite(float64(frameTime)) || frameTime <= 0 {
			return fail(eArg, "fh_save_bvh: %d frames of %g s: want at least one frame and a positive frame time", int(frames), float64(frameTime))
		}
		if want := int64(frames) * int64(joints) * C.FH_POSE_STRIDE; int64(n) != want {
			return fail(eArg, "fh_save_bvh: %d values for %d frames of %d joints: want %d", int64(n), int(frames), joints, want)
		}
		if poses == nil {
			return fail(eNull, "fh_save_bvh: poses is null")
		}
		c, err := clipOf(sk, unsafe.Slice((*float64)(unsafe.Pointer(poses)), int(n)), int(frames), float64(frameTime))
		if err != nil {
			return fail(eArg, "fh_save_bvh: %v", err)
		}
		if err := motionfile.SaveBVH(file, c); err != nil {
			return failErr(eFile, err)
		}
		return ok
	})
}

// clipOf reads poses (FH_POSE_STRIDE values per joint) into a clip.
func clipOf(sk *motion.Skeleton, poses []float64, frames int, dt float64) (*motion.Clip, error) {
	c := motion.NewClip(sk, frames, dt)
	for i := range c.Trans {
		p := poses[C.FH_POSE_STRIDE*i : C.FH_POSE_STRIDE*(i+1)]
		if !finite(p...) {
			return nil, fmt.Errorf("frame %d, joint %d: not a finite number", i/sk.NumJoints(), i%sk.NumJoints())
		}
		q := mgl64.Quat{W: p[6], V: mgl64.Vec3{p[3], p[4], p[5]}}
		if l := q.Len(); math.Abs(l-1) > 1e-3 {
			return nil, fmt.Errorf("frame %d, joint %d: rotation of length %g, not a unit quaternion", i/sk.NumJoints(), i%sk.NumJoints(), l)
		}
		c.Trans[i], c.Rot[i] = mgl64.Vec3{p[0], p[1], p[2]}, q
	}
	return c, nil
}
