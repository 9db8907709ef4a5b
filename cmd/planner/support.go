package main

import (
	"fmt"
	"sort"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/scenes"
)

// world is a scene ready to plan in: its mesh, BVH, the templates the
// library docks with, and both geo-queriers.
type world struct {
	mesh      *scenes.Mesh
	bvh       *scenes.BVH
	templates map[string]*dock.Template
	probe     *geoquery.Probe
	tree      *geoquery.Tree
	support   string // where the support data came from
}

// loadWorld loads a scene and the support-trees of every template lib
// docks with: from fst when given, else from the cache (built with a
// progress bar on stderr when missing).
func loadWorld(spec, fst string, lib *actiongraph.Library) (*world, error) {
	m, err := scenes.Load(spec, scenes.LoadOptions{})
	if err != nil {
		return nil, err
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	w := &world{mesh: m, bvh: bvh, templates: map[string]*dock.Template{}}
	var names []string
	for _, a := range lib.Actions {
		for _, d := range a.Docks {
			if _, ok := w.templates[d.Template]; !ok {
				t, err := dock.Builtin(d.Template)
				if err != nil {
					return nil, fmt.Errorf("action %q: %w", a.Name, err)
				}
				w.templates[d.Template] = t
				names = append(names, d.Template)
			}
		}
	}
	sort.Strings(names)
	var list []*dock.Template
	for _, n := range names {
		list = append(list, w.templates[n])
	}
	trees, source, err := supportData(m, bvh, list, fst)
	if err != nil {
		return nil, err
	}
	w.support = source
	params := geoquery.DefaultParams()
	if w.probe, err = geoquery.NewProbe(bvh, params); err != nil {
		return nil, err
	}
	if w.tree, err = geoquery.NewTree(bvh, params, trees); err != nil {
		return nil, err
	}
	return w, nil
}
