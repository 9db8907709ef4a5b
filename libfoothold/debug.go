package main

/*
#include "foothold.h"
*/
import "C"

import (
	"unsafe"
)

//export fhgo_character_debug
func fhgo_character_debug(h C.fh_character, maxNodes C.int32_t, lines *C.fh_debug_line, linesCap C.int32_t, linesLen *C.int32_t,
	points *C.fh_debug_point, pointsCap C.int32_t, pointsLen *C.int32_t) status {
	return withCharacter(h, func(c *character) status {
		if linesLen == nil || pointsLen == nil {
			return fail(eNull, "fh_character_debug: lines_len and points_len must not be null")
		}
		if maxNodes < 0 {
			return fail(eArg, "fh_character_debug: max_nodes %d: want 0 (all) or more", int(maxNodes))
		}
		c.p.Debug(&c.geom, int(maxNodes))
		nl, np := len(c.geom.Lines), len(c.geom.Points)
		*linesLen, *pointsLen = C.int32_t(nl), C.int32_t(np)
		if int(linesCap) < nl || int(pointsCap) < np {
			return fail(eSmall, "fh_character_debug: room for %d lines and %d points; the plan has %d and %d", int(linesCap), int(pointsCap), nl, np)
		}
		if nl > 0 && lines == nil || np > 0 && points == nil {
			return fail(eNull, "fh_character_debug: lines or points is null")
		}
		ls := unsafe.Slice(lines, nl)
		for i, l := range c.geom.Lines {
			ls[i] = C.fh_debug_line{kind: C.int32_t(l.Kind)}
			for k := range 3 {
				ls[i].a[k], ls[i].b[k] = C.float(l.A[k]), C.float(l.B[k])
			}
		}
		ps := unsafe.Slice(points, np)
		for i, q := range c.geom.Points {
			ps[i] = C.fh_debug_point{kind: C.int32_t(q.Kind)}
			for k := range 3 {
				ps[i].p[k] = C.float(q.P[k])
			}
		}
		return ok
	})
}

//export fhgo_character_capsules
func fhgo_character_capsules(h C.fh_character, out *C.fh_capsule, cp C.int32_t, n *C.int32_t) status {
	return withCharacter(h, func(c *character) status {
		if n == nil {
			return fail(eNull, "fh_character_capsules: len is null")
		}
		m := c.w.model
		*n = C.int32_t(len(m.Capsules))
		if int(cp) < len(m.Capsules) {
			return fail(eSmall, "fh_character_capsules: room for %d capsules; the body has %d", int(cp), len(m.Capsules))
		}
		if out == nil {
			return fail(eNull, "fh_character_capsules: out is null")
		}
		pose := c.p.Pose()
		m.Skeleton.FK(pose.Trans, pose.Rot, c.pos, c.rot)
		cs := unsafe.Slice(out, len(m.Capsules))
		for i, cp := range m.Capsules {
			a, b := m.Place(c.pos, c.rot, i)
			cs[i] = C.fh_capsule{radius: C.double(cp.Radius), joint: C.int32_t(cp.Joint), part: C.int32_t(cp.Part)}
			for k := range 3 {
				cs[i].a[k], cs[i].b[k] = C.double(a[k]), C.double(b[k])
			}
		}
		return ok
	})
}
