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
	var bar *progress.Bar
	name := ""
	w, err := planner.LoadWorld(spec, lib, planner.WorldOptions{FST: fst, Progress: func(t string, done, total int) {
		if t != name {
			if bar != nil {
				bar.Done()
			}
			bar, name = progress.New("support "+t, int64(total)), t
		}
		bar.Set(int64(done), int64(total))
	}})
	if bar != nil {
		bar.Done()
	}
	return w, err
}
