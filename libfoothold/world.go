package main

/*
#include "foothold.h"
*/
import "C"

import (
	"strings"

	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/world"
)

// worldObj is a loaded world for one library: the support data, and the
// planner setup over it (with the body's sweeps unless no_body).
type worldObj struct {
	w        *world.World
	lib      *library
	setup    *planner.Setup
	model    *body.Model // the character's body (drawn even when not checked)
	checked  bool        // the body is checked against the scene
	friction float64
	cacheDir string
	tags     planner.Tags // every tag an action carries
}

//export fhgo_world_load
func fhgo_world_load(o *C.fh_world_options, lh C.fh_library, out *C.fh_world) (st status) {
	defer catch(&st)
	if o == nil || out == nil {
		return fail(eNull, "fh_world_load: options and out must not be null")
	}
	spec, st := cstring(o.scene, "fh_world_load: options.scene")
	if st != ok {
		return st
	}
	opt, st := worldOptions(o)
	if st != ok {
		return st
	}
	s, st := lookup(uint64(lh), kindLibrary)
	if st != ok {
		return st
	}
	l := objectOf[*library](s)
	s.done()
	w, err := world.Load(spec, l.lib, opt)
	if err != nil {
		return failErr(eInput, err)
	}
	obj := &worldObj{w: w, lib: l, friction: opt.Friction, cacheDir: opt.CacheDir, checked: o.no_body == 0}
	if obj.model, err = planner.DefaultBody(l.lib, nil); err != nil {
		return failErr(eInput, err)
	}
	var sw *ccd.Sweeps
	if obj.checked {
		if sw, _, err = bake.Sweeps(l.lib, obj.model, ccd.Options{}, bake.Options{Cache: bake.Cache{Dir: opt.CacheDir}}); err != nil {
			return failErr(eInput, err)
		}
	}
	if obj.setup, err = planner.NewSetup(l.graph, w.Querier, sw); err != nil {
		return failErr(eInput, err)
	}
	for _, a := range l.lib.Actions {
		t, _ := obj.setup.Tags(a.Tags...)
		obj.tags |= t
	}
	*out = C.fh_world(register(kindWorld, obj))
	return ok
}

// worldOptions reads and checks fh_world_options.
func worldOptions(o *C.fh_world_options) (world.Options, status) {
	var opt world.Options
	f, scale := float64(o.friction), float64(o.scale)
	if !finite(f, scale) || scale < 0 || f > 100 {
		return opt, fail(eArg, "fh_world_load: friction %g, scale %g: want finite numbers, friction at most 100, scale 0 or positive", f, scale)
	}
	switch {
	case f == 0:
		opt.Friction = dock.DefaultFriction
	case f > 0:
		opt.Friction = f
	}
	opt.Load.Scale = float32(scale)
	if o.up_z != 0 {
		opt.Load.Up = scenes.UpZ
	}
	if o.support != nil {
		opt.FST = C.GoString(o.support)
	}
	if o.cache_dir != nil {
		opt.CacheDir = C.GoString(o.cache_dir)
	}
	return opt, ok
}

// withWorld runs f on the world of handle h. A world is read-only once
// made: f may hand it to objects that outlive the call.
func withWorld(h C.fh_world, f func(*worldObj) status) (st status) {
	defer catch(&st)
	s, st := lookup(uint64(h), kindWorld)
	if st != ok {
		return st
	}
	defer s.done()
	return f(objectOf[*worldObj](s))
}

//export fhgo_world_tags
func fhgo_world_tags(h C.fh_world, tags *C.char, out *C.uint64_t) status {
	return withWorld(h, func(w *worldObj) status {
		list, st := cstring(tags, "fh_world_tags: tags")
		if st != ok {
			return st
		}
		if out == nil {
			return fail(eNull, "fh_world_tags: request is null")
		}
		var names []string
		for _, n := range strings.Split(list, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		m, err := w.setup.Tags(names...)
		if err != nil {
			return fail(eArg, "fh_world_tags: %v", err)
		}
		*out = C.uint64_t(m)
		return ok
	})
}
