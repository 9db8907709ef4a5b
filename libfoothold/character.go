package main

/*
#include "foothold.h"
*/
import "C"

import (
	"math"
	"time"
	"unsafe"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/go-gl/mathgl/mgl64"
)

// character is one planner in a world, with what its steps reported and
// its buffers for the debug geometry and the body.
type character struct {
	p         *planner.Planner
	w         *worldObj
	t         float64
	steps     int
	maxErr    float64
	unreached int
	geom      planner.DebugGeometry
	pos       []mgl64.Vec3
	rot       []mgl64.Quat
}

// onStep counts a started action's docks. It allocates nothing.
func (c *character) onStep(st *planner.Step) {
	c.steps++
	for _, d := range st.Docks {
		c.maxErr = math.Max(c.maxErr, d.Error)
		if !d.Reached {
			c.unreached++
		}
	}
}

// startFrame reads and checks where a character starts, on the floor of
// world w.
func startFrame(o *C.fh_character_options, w *worldObj, call string) (action.Frame, status) {
	x, y, z, yaw := float64(o.x), float64(o.y), float64(o.z), float64(o.yaw)
	if !finite(x, z, yaw) || o.at_y != 0 && !finite(y) {
		return action.Frame{}, fail(eArg, "%s: start x %g, z %g, yaw %g (y %g): want finite numbers", call, x, z, yaw, y)
	}
	if o.at_y == 0 {
		y = math.NaN()
	}
	fy, err := script.Floor(w.w.BVH, x, y, z)
	if err != nil {
		return action.Frame{}, fail(eArg, "%s: %v", call, err)
	}
	return action.Frame{Position: mgl64.Vec3{x, fy, z}, Yaw: yaw}, ok
}

//export fhgo_character_new
func fhgo_character_new(wh C.fh_world, o *C.fh_character_options, out *C.fh_character) status {
	return withWorld(wh, func(w *worldObj) status {
		if o == nil || out == nil {
			return fail(eNull, "fh_character_new: options and out must not be null")
		}
		start, st := startFrame(o, w, "fh_character_new")
		if st != ok {
			return st
		}
		budget := float64(o.budget)
		if o.depth < 0 || o.depth > 6 || o.work < 0 || !finite(budget) || budget < 0 || budget > 1 || o.reserved != 0 {
			return fail(eArg, "fh_character_new: depth %d, work %d, budget %g s, reserved %d: want depth 0 to 6, work 0 or more, budget 0 to 1 s, reserved 0",
				int(o.depth), int(o.work), budget, int(o.reserved))
		}
		cfg := planner.Config{Start: start, Depth: int(o.depth), Work: int(o.work), Budget: time.Duration(budget * float64(time.Second))}
		if cfg.Work == 0 {
			cfg.Work = planner.DefaultWork
		}
		if o.state != nil {
			cfg.State = C.GoString(o.state)
			if cfg.State != "" && w.lib.lib.Index(cfg.State) < 0 && cfg.State != w.lib.lib.Roles.Stand {
				return fail(eArg, "fh_character_new: the library has no action %q", cfg.State)
			}
		}
		c := &character{w: w}
		cfg.OnStep = c.onStep
		p, err := planner.New(w.setup, cfg)
		if err != nil {
			return failErr(eInput, err)
		}
		c.p = p
		n := p.Pose().Skeleton.NumJoints()
		c.pos, c.rot = make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
		*out = C.fh_character(register(kindCharacter, c))
		return ok
	})
}

// withCharacter runs f on the character of handle h, which it has to
// itself.
func withCharacter(h C.fh_character, f func(*character) status) (st status) {
	defer catch(&st)
	s, st := lookup(uint64(h), kindCharacter)
	if st != ok {
		return st
	}
	defer s.done()
	return f(objectOf[*character](s))
}

// input reads and checks an fh_input against world w's tags.
func input(in *C.fh_input, w *worldObj, call string) (planner.Input, status) {
	if in == nil {
		return planner.Input{}, fail(eNull, "%s: input is null", call)
	}
	out := planner.Input{Heading: float64(in.heading), Speed: float64(in.speed), Within: float64(in.within), Request: planner.Tags(in.request)}
	if !finite(out.Heading, out.Speed, out.Within) || out.Speed < 0 || out.Speed > 10 || out.Within < 0 {
		return out, fail(eArg, "%s: input heading %g, speed %g, within %g: want finite numbers, speed 0 to 10 m/s, within 0 or more",
			call, out.Heading, out.Speed, out.Within)
	}
	if extra := out.Request &^ w.tags; extra != 0 {
		return out, fail(eArg, "%s: request %#x has bits no tag has (fh_world_tags gives them)", call, uint64(extra))
	}
	return out, ok
}

// poseOut is the caller's pose buffer for character p; pose may be null
// with n 0.
func poseOut(pose *C.double, n C.int32_t, joints int, call string) ([]float64, status) {
	want := joints * C.FH_POSE_STRIDE
	switch {
	case pose == nil && n == 0:
		return nil, ok
	case int(n) < want:
		return nil, fail(eSmall, "%s: the pose buffer holds %d values; %d joints need %d", call, int(n), joints, want)
	case pose == nil:
		return nil, fail(eNull, "%s: pose is null", call)
	}
	return unsafe.Slice((*float64)(unsafe.Pointer(pose)), want), ok
}

// putPose writes pose into out (FH_POSE_STRIDE values per joint).
func putPose(out []float64, pose planner.Pose) {
	for j := range pose.Trans {
		t, r := pose.Trans[j], pose.Rot[j]
		o := out[C.FH_POSE_STRIDE*j : C.FH_POSE_STRIDE*(j+1)]
		o[0], o[1], o[2] = t[0], t[1], t[2]
		o[3], o[4], o[5], o[6] = r.V[0], r.V[1], r.V[2], r.W
	}
}

//export fhgo_character_update
func fhgo_character_update(h C.fh_character, dt C.double, in *C.fh_input, pose *C.double, n C.int32_t) status {
	return withCharacter(h, func(c *character) status {
		d := float64(dt)
		if !finite(d) || d <= 0 || d > 1 {
			return fail(eArg, "fh_character_update: dt %g s: want more than 0 and at most 1", d)
		}
		pin, st := input(in, c.w, "fh_character_update")
		if st != ok {
			return st
		}
		out, st := poseOut(pose, n, len(c.pos), "fh_character_update")
		if st != ok {
			return st
		}
		p := c.p.Update(d, pin)
		c.t += d
		if out != nil {
			putPose(out, p)
		}
		return ok
	})
}

//export fhgo_character_pose
func fhgo_character_pose(h C.fh_character, pose *C.double, n C.int32_t) status {
	return withCharacter(h, func(c *character) status {
		if pose == nil && n == 0 {
			return fail(eNull, "fh_character_pose: pose is null")
		}
		out, st := poseOut(pose, n, len(c.pos), "fh_character_pose")
		if st == ok {
			putPose(out, c.p.Pose())
		}
		return st
	})
}

//export fhgo_character_report
func fhgo_character_report(h C.fh_character, out *C.fh_report) status {
	return withCharacter(h, func(c *character) status {
		if out == nil {
			return fail(eNull, "fh_character_report: out is null")
		}
		p := c.p
		s := p.Stats()
		*out = C.fh_report{
			time: C.double(c.t), max_dock_error: C.double(c.maxErr),
			plan_nodes: C.int64_t(s.Evaluated), pruned: C.int64_t(s.Unsupported), blocked: C.int64_t(s.Blocked),
			queries: C.int64_t(s.Queries), body_checks: C.int64_t(s.BodyChecks),
			action: C.int32_t(c.w.lib.lib.Index(p.Pose().Action)), actions: C.int32_t(c.steps), stuck: C.int32_t(p.Stuck()),
			waits: C.int32_t(p.Waits()), refused: C.int32_t(p.Refused()), crowded: C.int32_t(p.Crowded()),
			dead_ends: C.int32_t(p.DeadEnds()), unreached: C.int32_t(c.unreached), work: C.int32_t(p.Work()),
		}
		if p.Falling() {
			out.falling = 1
		}
		return ok
	})
}
