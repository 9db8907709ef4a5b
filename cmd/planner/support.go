package main

import (
	"flag"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
)

// loadWorld loads a scene and the support-trees of every template lib
// docks with: from fst when given, else from the cache (built with a
// progress bar on stderr when missing). A positive friction gives every
// template that friction cone (world.Options.Friction); 0 keeps the paper's
// 10°.
func loadWorld(spec, fst string, opts sceneload.LoadOptions, lib *action.Library, friction float64) (*world.World, error) {
	bars := progress.NewLabelled("support ")
	defer bars.Done()
	return world.Load(spec, lib, world.Options{Load: opts, FST: fst, Progress: bars.Update, Friction: friction})
}

// frictionFlag adds --friction to fs.
func frictionFlag(fs *flag.FlagSet, p *float64) {
	fs.Float64Var(p, "friction", dock.DefaultFriction, "friction coefficient of every contact: a foot stands on slopes up to atan(friction) (0.8: 38.7°); 0 gives the paper's 10° cone")
}

// validFriction reports whether a --friction value makes sense.
func validFriction(f float64) bool { return f >= 0 && f <= 100 }

// bodySweeps gives the sweeps of lib's actions for body m, from the cache
// or measured now (with a progress bar) and cached.
func bodySweeps(lib *action.Library, m *body.Model, opt ccd.Options) (*ccd.Sweeps, error) {
	bars := progress.NewLabelled("body ")
	sw, _, err := bake.Sweeps(lib, m, opt, bake.Options{Progress: bars.Update})
	bars.Done()
	return sw, err
}
