package main

/*
#include "foothold.h"
*/
import "C"

import (
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/planner"
	"github.com/go-gl/mathgl/mgl64"
)

// crowdObj is a crowd's simulation in a world.
type crowdObj struct {
	sim *crowd.Sim
	w   *worldObj
}

//export fhgo_crowd_new
func fhgo_crowd_new(wh C.fh_world, o *C.fh_crowd_options, out *C.fh_crowd) status {
	return withWorld(wh, func(w *worldObj) status {
		if o == nil || out == nil {
			return fail(eNull, "fh_crowd_new: options and out must not be null")
		}
		speed := float64(o.speed)
		claims := map[C.int32_t]crowd.ClaimKind{C.FH_CLAIMS_SPACES: crowd.SpaceClaims, C.FH_CLAIMS_NONE: crowd.NoClaims, C.FH_CLAIMS_CYLINDERS: crowd.CylinderClaims}
		kind, known := claims[o.claims]
		if !known || !finite(speed) || speed < 0 || speed > 10 || o.depth < 0 || o.depth > 6 || o.work < 0 {
			return fail(eArg, "fh_crowd_new: claims %d, speed %g, depth %d, work %d: want claims FH_CLAIMS_*, speed 0 to 10 m/s, depth 0 to 6, work 0 or more",
				int(o.claims), speed, int(o.depth), int(o.work))
		}
		lib := w.lib.lib
		bo := bake.Options{Cache: bake.Cache{Dir: w.cacheDir}}
		// Crowds plan the body with a margin (crowd.PlanMargin), so their
		// sweeps, and the occupancy spaces made of them, are their own.
		sw, _, err := bake.Sweeps(lib, w.model, ccd.Options{Margin: crowd.PlanMargin}, bo)
		if err != nil {
			return failErr(eInput, err)
		}
		file := ""
		if w.lib.file != "" {
			file = bake.SpacesFile(w.lib.file)
		}
		spaces, _, err := bake.Spaces(lib, sw, file, bo)
		if err != nil {
			return failErr(eInput, err)
		}
		checked := sw
		if !w.checked {
			checked = nil
		}
		setup, err := planner.NewSetup(w.lib.graph, w.w.Querier, checked)
		if err != nil {
			return failErr(eInput, err)
		}
		opt := crowd.SimOptions{Depth: int(o.depth), Work: int(o.work), Speed: speed, Claims: kind, Stay: o.stay != 0}
		sim, err := crowd.NewSim(setup, spaces, crowd.Scenario{Name: "crowd", Mesh: w.w.Mesh, Walls: true}, opt)
		if err != nil {
			return failErr(eInput, err)
		}
		*out = C.fh_crowd(register(kindCrowd, &crowdObj{sim: sim, w: w}))
		return ok
	})
}

// withCrowd runs f on the crowd of handle h, which it has to itself.
func withCrowd(h C.fh_crowd, f func(*crowdObj) status) (st status) {
	defer catch(&st)
	s, st := lookup(uint64(h), kindCrowd)
	if st != ok {
		return st
	}
	defer s.done()
	return f(objectOf[*crowdObj](s))
}

// agentOf checks a crowd's character index.
func (c *crowdObj) agentOf(k C.int32_t, call string) (int, status) {
	if k < 0 || int(k) >= c.sim.Len() {
		return 0, fail(eArg, "%s: agent %d of %d", call, int(k), c.sim.Len())
	}
	return int(k), ok
}

//export fhgo_crowd_add
func fhgo_crowd_add(h C.fh_crowd, o *C.fh_character_options, gx, gz C.double, agent *C.int32_t) status {
	return withCrowd(h, func(c *crowdObj) status {
		if o == nil || agent == nil {
			return fail(eNull, "fh_crowd_add: start and agent must not be null")
		}
		if !finite(float64(gx), float64(gz)) {
			return fail(eArg, "fh_crowd_add: goal x %g, z %g: want finite numbers", float64(gx), float64(gz))
		}
		start, st := startFrame(o, c.w, "fh_crowd_add")
		if st != ok {
			return st
		}
		if c.sim.Time() > 0 {
			return fail(eState, "fh_crowd_add: characters join a crowd before its first step (it is at %g s)", c.sim.Time())
		}
		k, err := c.sim.Add(crowd.Agent{Start: start, Goal: mgl64.Vec3{float64(gx), start.Position[1], float64(gz)}})
		if err != nil {
			return failErr(eInput, err)
		}
		*agent = C.int32_t(k)
		return ok
	})
}

//export fhgo_crowd_drive
func fhgo_crowd_drive(h C.fh_crowd, k C.int32_t, in *C.fh_input) status {
	return withCrowd(h, func(c *crowdObj) status {
		a, st := c.agentOf(k, "fh_crowd_drive")
		if st != ok {
			return st
		}
		pin, st := input(in, c.w, "fh_crowd_drive")
		if st != ok {
			return st
		}
		c.sim.Drive(a, pin)
		return ok
	})
}

//export fhgo_crowd_step
func fhgo_crowd_step(h C.fh_crowd, dt C.double) status {
	return withCrowd(h, func(c *crowdObj) status {
		d := float64(dt)
		if !finite(d) || d <= 0 || d > 1 {
			return fail(eArg, "fh_crowd_step: dt %g s: want more than 0 and at most 1", d)
		}
		c.sim.Step(d)
		return ok
	})
}

//export fhgo_crowd_len
func fhgo_crowd_len(h C.fh_crowd, n *C.int32_t) status {
	return withCrowd(h, func(c *crowdObj) status { return putCount(n, c.sim.Len(), "fh_crowd_len") })
}

//export fhgo_crowd_pose
func fhgo_crowd_pose(h C.fh_crowd, k C.int32_t, pose *C.double, n C.int32_t) status {
	return withCrowd(h, func(c *crowdObj) status {
		a, st := c.agentOf(k, "fh_crowd_pose")
		if st != ok {
			return st
		}
		p := c.sim.Planner(a).Pose()
		if pose == nil && n == 0 {
			return fail(eNull, "fh_crowd_pose: pose is null")
		}
		out, st := poseOut(pose, n, len(p.Trans), "fh_crowd_pose")
		if st == ok {
			putPose(out, p)
		}
		return st
	})
}

//export fhgo_crowd_agent
func fhgo_crowd_agent(h C.fh_crowd, k C.int32_t, out *C.fh_agent) status {
	return withCrowd(h, func(c *crowdObj) status {
		a, st := c.agentOf(k, "fh_crowd_agent")
		if st != ok {
			return st
		}
		if out == nil {
			return fail(eNull, "fh_crowd_agent: out is null")
		}
		r := c.sim.Planner(a).Pose().Trans[0]
		*out = C.fh_agent{arrived: C.double(c.sim.Arrived(a))}
		for i := range 3 {
			out.root[i] = C.double(r[i])
		}
		if c.sim.Gone(a) {
			out.gone = 1
		}
		if c.sim.Driven(a) {
			out.driven = 1
		}
		return ok
	})
}
