package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
)

// tileJob is one share of a tiled build.
type tileJob struct {
	scene     string
	m         *scenes.Mesh
	bvh       *scenes.BVH
	templates []*dock.Template
	lat       dock.Lattice
	share     string // "I/N"
	size      int
	out       string
	workers   int
	json      bool
}

type tilesReport struct {
	Scene          string  `json:"scene"`
	SceneTriangles int     `json:"scene_triangles"`
	SurfaceAreaM2  float64 `json:"surface_area_m2"`
	Share          int     `json:"share"`
	Shares         int     `json:"shares"`
	TileSize       int     `json:"tile_size"`
	Tiles          int     `json:"tiles"`      // this share's
	Written        int     `json:"tile_files"` // this share's tiles that hold a support
	AllTiles       int     `json:"all_tiles"`  // the layout's
	Out            string  `json:"out"`
	TotalSeconds   float64 `json:"total_seconds"`
}

// parseShare parses "I/N".
func parseShare(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("build: --tiles %q: want I/N with 0 <= I < N (a Kubernetes Indexed Job passes $JOB_COMPLETION_INDEX as I)", s)
	}
	return i, n, nil
}

// buildTiles builds one share of the scene's tiles into the out folder.
func buildTiles(j tileJob, stdout io.Writer) error {
	start := time.Now()
	i, n, err := parseShare(j.share)
	if err != nil {
		return err
	}
	if j.size < 1 || j.size > 1<<16 {
		return fmt.Errorf("build: --tile-size %d: want 1 to 65536 positions", j.size)
	}
	if err := os.MkdirAll(j.out, 0o755); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	l, err := supporttile.NewLayout(j.m, j.templates, j.lat, int32(j.size))
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	mine, _ := l.Share(i, n)
	bar := progress.New(fmt.Sprintf("tiles %d/%d", i, n), int64(len(mine)))
	done := 0
	rec, err := l.BuildShare(j.m, j.bvh, i, n, j.out, j.workers, func([2]int32) { done++; bar.Set(int64(done), int64(len(mine))) })
	bar.Done()
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	r := tilesReport{Scene: j.scene, SceneTriangles: j.m.NumTriangles(), SurfaceAreaM2: j.m.SurfaceArea(), Share: i, Shares: n,
		TileSize: j.size, Tiles: len(rec.Entries), AllTiles: len(l.Tiles), Out: j.out, TotalSeconds: time.Since(start).Seconds()}
	for _, e := range rec.Entries {
		if e.File != "" {
			r.Written++
		}
	}
	if j.json {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "scene      %s: %d triangles, %.1f m²\n", r.Scene, r.SceneTriangles, r.SurfaceAreaM2)
	fmt.Fprintf(stdout, "tiles      share %d of %d: %d of the %d tiles of %d positions (%d hold supports)\n", i, n, r.Tiles, r.AllTiles, r.TileSize, r.Written)
	fmt.Fprintf(stdout, "wrote      %s/%s and its tile files in %.2f s\n", r.Out, supporttile.ShareName(i, n), r.TotalSeconds)
	return nil
}

type mergeReport struct {
	Dir       string `json:"dir"`
	Tiles     int    `json:"tiles"`
	TileFiles int    `json:"tile_files"`
	Manifest  string `json:"manifest"`
	Fst       string `json:"fst,omitempty"`
}

// merge checks a tiled build's shares and writes the manifest (and, with
// --fst, the tiles joined as one .fst file).
func merge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "the folder the shares were built into (required)")
	fst := fs.String("fst", "", "also write the tiles joined as one .fst file (what a whole build gives)")
	asJSON := fs.Bool("json", false, "print a machine-readable JSON summary")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return fmt.Errorf("merge: --dir DIR is required")
	}
	man, err := supporttile.Merge(*dir)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	r := mergeReport{Dir: *dir, Tiles: len(man.Entries), Manifest: *dir + "/" + supporttile.ManifestName}
	for _, e := range man.Entries {
		if e.File != "" {
			r.TileFiles++
		}
	}
	if *fst != "" {
		_, tiles, err := supporttile.Load(*dir)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		f, err := supporttile.Join(tiles)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		if err := supportbake.WriteFile(*fst, f); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		r.Fst = *fst
	}
	if *asJSON {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "merged     %d tiles (%d tile files) into %s\n", r.Tiles, r.TileFiles, r.Manifest)
	if r.Fst != "" {
		fmt.Fprintf(stdout, "wrote      %s\n", r.Fst)
	}
	return nil
}
