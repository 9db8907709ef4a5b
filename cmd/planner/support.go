package main

import (
	"fmt"
	"io"
	"sort"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// world is a scene ready to plan in: its mesh, BVH, the templates the
// library docks with, and both geo-queriers.
type world struct {
	mesh      *scenes.Mesh
	bvh       *scenes.BVH
	templates map[string]*dock.Template
	probe     *geoquery.Probe
	tree      *geoquery.Tree
	buildSecs float64
}

// loadWorld loads a scene and builds the support-trees of every template
// lib docks with (a progress bar on stderr when it is a terminal).
func loadWorld(spec string, lib *actiongraph.Library, stderr io.Writer) (*world, error) {
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
	params := geoquery.DefaultParams()
	trees := map[*dock.Template]*supporttree.Tree{}
	for _, n := range names {
		bar := progress.New("support "+n, 0)
		tr, st, err := supporttree.Build(m, bvh, w.templates[n], params.Lattice, supporttree.BuildOptions{
			Progress: func(done, total int) { bar.Set(int64(done), int64(total)) }})
		bar.Done()
		if err != nil {
			return nil, err
		}
		w.buildSecs += st.Duration.Seconds()
		trees[w.templates[n]] = tr
	}
	if w.probe, err = geoquery.NewProbe(bvh, params); err != nil {
		return nil, err
	}
	if w.tree, err = geoquery.NewTree(bvh, params, trees); err != nil {
		return nil, err
	}
	return w, nil
}
