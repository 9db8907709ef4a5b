package main

import (
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/planner"
)

// loadWorld loads a scene and the support-trees of every template lib
// docks with: from fst when given, else from the cache (built with a
// progress bar on stderr when missing).
func loadWorld(spec, fst string, lib *actiongraph.Library) (*planner.World, error) {
	bars := progress.NewLabelled("support ")
	defer bars.Done()
	return planner.LoadWorld(spec, lib, planner.WorldOptions{FST: fst, Progress: bars.Update})
}
