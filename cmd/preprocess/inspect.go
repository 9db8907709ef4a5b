package main

import (
	"fmt"
	"io"
)

type inspectReport struct {
	Scene         string     `json:"scene"`
	Triangles     int        `json:"triangles"`
	Degenerate    int        `json:"degenerate"`
	BoundsMin     [3]float32 `json:"bounds_min"`
	BoundsMax     [3]float32 `json:"bounds_max"`
	SurfaceAreaM2 float64    `json:"surface_area_m2"`
	BoundsVolume  float64    `json:"bounds_volume_m3"`
	BVHNodes      int        `json:"bvh_nodes"`
	BVHLeaves     int        `json:"bvh_leaves"`
	BVHDepth      int        `json:"bvh_depth"`
	BVHBytes      int        `json:"bvh_bytes"`
	BVHBuildMS    float64    `json:"bvh_build_ms"`
}

func inspect(args []string, stdout, stderr io.Writer) error {
	var sf sceneFlags
	fs := newFlagSet("inspect", stderr, &sf)
	if err := parse(fs, args); err != nil {
		return err
	}
	m, bvh, err := sf.loadWithBVH()
	if err != nil {
		return err
	}
	b, st := m.Bounds(), bvh.Stats()
	r := inspectReport{
		Scene: sf.spec, Triangles: m.NumTriangles(), Degenerate: m.Degenerate,
		BoundsMin: b.Min, BoundsMax: b.Max,
		SurfaceAreaM2: m.SurfaceArea(), BoundsVolume: b.Volume(),
		BVHNodes: st.Nodes, BVHLeaves: st.Leaves, BVHDepth: st.MaxDepth, BVHBytes: bvh.SizeBytes(),
		BVHBuildMS: float64(st.Duration.Microseconds()) / 1000,
	}
	if sf.json {
		return writeJSON(stdout, r)
	}
	s := b.Size()
	fmt.Fprintf(stdout, "scene        %s\n", r.Scene)
	fmt.Fprintf(stdout, "triangles    %d (%d degenerate dropped)\n", r.Triangles, r.Degenerate)
	fmt.Fprintf(stdout, "bounds       %.3f %.3f %.3f .. %.3f %.3f %.3f m\n", b.Min[0], b.Min[1], b.Min[2], b.Max[0], b.Max[1], b.Max[2])
	fmt.Fprintf(stdout, "size         %.2f × %.2f × %.2f m\n", s[0], s[1], s[2])
	fmt.Fprintf(stdout, "surface      %.1f m²\n", r.SurfaceAreaM2)
	fmt.Fprintf(stdout, "volume       %.1f m³ (bounds)\n", r.BoundsVolume)
	fmt.Fprintf(stdout, "bvh          %d nodes, %d leaves, depth %d, %.1f KiB, built in %.2f ms\n", r.BVHNodes, r.BVHLeaves, r.BVHDepth, float64(r.BVHBytes)/1024, r.BVHBuildMS)
	return nil
}
