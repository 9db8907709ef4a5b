package main

import (
	"fmt"
	"sort"

	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/crowd"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
)

// loadCrowd makes the other characters (--agents): planner crowd's random
// scenario on the level, the player's character its first, starting where
// the player starts.
func (d *demo) loadCrowd() error {
	file := ""
	if d.opt.library != "" {
		file = bake.SpacesFile(d.opt.library)
	}
	spaces, _, err := bake.Spaces(d.lib, d.sweeps, file, bake.Options{})
	if err != nil {
		return err
	}
	foot, err := d.world.FootSupport()
	if err != nil {
		return err
	}
	floor, points, err := script.OpenFloorFrames(foot, d.world.BVH, 8*d.opt.agents+64, scenes.NewRNG(1))
	if err != nil {
		return fmt.Errorf("%s: %w", d.opt.scene, err)
	}
	routes := crowd.NewRoutes(points, float64(foot.Lattice().Linear), 0.25)
	// The others start around the player's character, where the camera
	// looks: on the open floor nearest it.
	sort.SliceStable(floor, func(i, j int) bool {
		return floor[i].Position.Sub(d.start.Position).Len() < floor[j].Position.Sub(d.start.Position).Len()
	})
	floor = floor[:min(len(floor), 3*d.opt.agents+8)]
	sc, err := crowd.Random(d.world.Mesh, floor, routes, d.opt.agents+1, scenes.NewRNG(2))
	if err != nil {
		return fmt.Errorf("%s: %w", d.opt.scene, err)
	}
	sc.Agents[0].Start = d.start
	d.scenario, d.spaces = &sc, spaces
	return nil
}

// newCrowd (re)starts the crowd; the player's character is its first.
func (d *demo) newCrowd() (*planner.Planner, error) {
	opt := crowd.SimOptions{Depth: d.depth, Claims: crowd.SpaceClaims, OnStep: func(k int, s *planner.Step) {
		if k == 0 {
			d.actions++
			d.names = append(d.names, s.Action)
		}
	}}
	sim, err := crowd.NewSim(d.setup, d.spaces, *d.scenario, opt)
	if err != nil {
		return nil, err
	}
	d.sim = sim
	return sim.Planner(0), nil
}

// arrived counts the other characters that have reached their goals.
func (d *demo) arrived() int {
	n := 0
	for k := 1; d.sim != nil && k < d.sim.Len(); k++ {
		if d.sim.Arrived(k) >= 0 {
			n++
		}
	}
	return n
}
