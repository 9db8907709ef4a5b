package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
)

type buildTemplateReport struct {
	Template         string  `json:"template"`
	Points           int     `json:"points"`
	Candidates       int     `json:"candidate_positions"`
	SamplesTested    int64   `json:"samples_tested"`
	Rays             int64   `json:"rays"`
	RayTriangleTests int64   `json:"ray_triangle_tests"`
	SupportedSamples int64   `json:"supported_samples"`
	Positions        int64   `json:"supported_positions"`
	Buried           int64   `json:"buried_positions"`
	Narrow           int64   `json:"narrow_positions"`
	Reachable        int64   `json:"reachable_positions"`
	Nodes            int     `json:"nodes"`
	Bytes            int     `json:"bytes"`
	BytesPerNode     float64 `json:"bytes_per_node"`
	BuildSeconds     float64 `json:"build_seconds"`
	FilterSeconds    float64 `json:"filter_seconds"`
}

type buildReport struct {
	Scene          string                `json:"scene"`
	SceneTriangles int                   `json:"scene_triangles"`
	SurfaceAreaM2  float64               `json:"surface_area_m2"`
	Out            string                `json:"out"`
	TotalBytes     int                   `json:"total_bytes"`
	TotalSeconds   float64               `json:"total_seconds"`
	Templates      []buildTemplateReport `json:"templates"`
}

func build(args []string, stdout, stderr io.Writer) error {
	start := time.Now()
	var sf sceneFlags
	fs := newFlagSet("build", stderr, &sf)
	tspec := fs.String("templates", "builtin:foot,hand", "builtin:NAME,NAME... or a template YAML file")
	spacing := fs.Float64("spacing", 0.1, "linear sampling increment in metres")
	yawStep := fs.Float64("yaw-step", 10, "angular sampling increment in degrees (must divide 360)")
	out := fs.String("out", "", "the .fst file to write, or with --tiles the folder of tile files (required)")
	share := fs.String("tiles", "", "I/N: build only the I-th of N shares of the scene's tiles into the --out folder (then 'preprocess merge')")
	tileSize := fs.Int("tile-size", 64, "with --tiles: lattice positions across a tile")
	workers := fs.Int("workers", 0, "goroutines (0: all cores); the output does not depend on it")
	friction := fs.Float64("friction", dock.DefaultFriction, "friction coefficient of the built-in templates' contacts, as the planner's --friction (0.8: slopes up to 38.7°); 0 keeps the paper's 10° cone; a template file states its own")
	if err := parse(fs, args); err != nil {
		return err
	}
	if !(*friction >= 0 && *friction <= 100) {
		return fmt.Errorf("build: --friction %v: want a coefficient from 0 to 100", *friction)
	}
	if *out == "" {
		return fmt.Errorf("build: --out FILE.fst is required")
	}
	if sceneload.IsLarge(sf.spec) && *share == "" {
		return fmt.Errorf("build: %s is too large to build whole: build it in tiles (--tiles I/N --out DIR, then merge)", sf.spec)
	}
	lat := dock.Lattice{Linear: float32(*spacing), Angular: float32(*yawStep * math.Pi / 180)}
	if err := lat.Validate(); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	templates, err := loadTemplates(*tspec, *friction)
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	m, err := sf.load()
	if err != nil {
		return err
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{Workers: *workers})
	if err != nil {
		return err
	}
	if *share != "" {
		return buildTiles(tileJob{scene: sf.spec, m: m, bvh: bvh, templates: templates, lat: lat, share: *share, size: *tileSize, out: *out, workers: *workers, json: sf.json}, stdout)
	}
	r := buildReport{Scene: sf.spec, SceneTriangles: m.NumTriangles(), SurfaceAreaM2: m.SurfaceArea(), Out: *out}
	file := &supportbake.File{Lattice: lat, SceneHash: supportbake.SceneHash(m), SceneTriangles: uint32(m.NumTriangles())}
	for _, t := range templates {
		bar := progress.New("build "+t.Name, 1)
		var mu sync.Mutex
		opts := supportbuild.BuildOptions{Workers: *workers, Progress: func(done, total int) {
			mu.Lock()
			bar.Set(int64(done), int64(total))
			mu.Unlock()
		}}
		ft, st, err := supportbake.Bake(m, bvh, t, lat, opts)
		bar.Done()
		if err != nil {
			return fmt.Errorf("build %q: %w", t.Name, err)
		}
		file.Templates = append(file.Templates, ft)
		tree := ft.Tree
		tr := buildTemplateReport{
			Buried: ft.Buried, Narrow: ft.Narrow, Reachable: ft.Planned().Positions(),
			Template: t.Name, Points: len(t.Points), Candidates: st.Candidates, SamplesTested: st.SamplesTested,
			Rays: st.Rays, RayTriangleTests: st.TriTests, SupportedSamples: st.SupportedSamples,
			Positions: tree.Positions(), Nodes: tree.Runs(), Bytes: supportbake.EncodedBytes(tree), BuildSeconds: st.Duration.Seconds(), FilterSeconds: st.Filter.Seconds(),
		}
		if tr.Nodes > 0 {
			tr.BytesPerNode = float64(tr.Bytes) / float64(tr.Nodes)
		}
		r.Templates = append(r.Templates, tr)
	}
	if err := supportbake.WriteFile(*out, file); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	st, err := os.Stat(*out)
	if err != nil {
		return err
	}
	r.TotalBytes, r.TotalSeconds = int(st.Size()), time.Since(start).Seconds()
	if sf.json {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "scene      %s: %d triangles, %.1f m²\n", r.Scene, r.SceneTriangles, r.SurfaceAreaM2)
	for _, t := range r.Templates {
		fmt.Fprintf(stdout, "%-10s %d points: %d supported samples at %d positions (%d reachable: %d buried, %d narrow left out); %d runs, %.1f KiB (%.1f B/run); %d rays, %d ray-triangle tests; %.3f s, filtered in %.3f s\n",
			t.Template, t.Points, t.SupportedSamples, t.Positions, t.Reachable, t.Buried, t.Narrow, t.Nodes, float64(t.Bytes)/1024, t.BytesPerNode, t.Rays, t.RayTriangleTests, t.BuildSeconds, t.FilterSeconds)
	}
	fmt.Fprintf(stdout, "wrote      %s: %.1f KiB in %.2f s\n", r.Out, float64(r.TotalBytes)/1024, r.TotalSeconds)
	return nil
}

// loadTemplates reads "builtin:foot,hand" or a template YAML file; a
// positive friction gives the built-in templates its cone.
func loadTemplates(spec string, friction float64) ([]*dock.Template, error) {
	if names, ok := strings.CutPrefix(spec, "builtin:"); ok {
		var out []*dock.Template
		for _, n := range strings.Split(names, ",") {
			t, err := dock.Builtin(strings.TrimSpace(n))
			if err != nil {
				return nil, err
			}
			if friction > 0 {
				t.ToleranceDeg = dock.FrictionCone(friction)
			}
			out = append(out, t)
		}
		return out, nil
	}
	f, err := os.Open(spec)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return librarybuild.ReadTemplates(f, spec)
}
