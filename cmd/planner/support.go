package main

import (
	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
)

// loadWorld loads a scene and the support-trees of every template lib
// docks with: from fst when given, else from the cache (built with a
// progress bar on stderr when missing).
func loadWorld(spec, fst string, opts sceneload.LoadOptions, lib *action.Library) (*world.World, error) {
	bars := progress.NewLabelled("support ")
	defer bars.Done()
	return world.Load(spec, lib, world.Options{Load: opts, FST: fst, Progress: bars.Update})
}
