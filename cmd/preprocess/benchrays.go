package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"time"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/internal/progress"
	"github.com/foothold/foothold/scenes"
)

type benchReport struct {
	Scene           string        `json:"scene"`
	Kind            string        `json:"kind"`
	Seed            uint64        `json:"seed"`
	Rays            int           `json:"rays"`
	Reps            int           `json:"reps"`
	Triangles       int           `json:"triangles"`
	ClosestRaysPerS float64       `json:"closest_rays_per_s"`
	AnyRaysPerS     float64       `json:"any_rays_per_s"`
	Hits            int           `json:"hits"`
	AnyHits         int           `json:"any_hits"`
	TriTestsPerRay  float64       `json:"tri_tests_per_ray"`
	NodesPerRay     float64       `json:"nodes_per_ray"`
	BuildMS         float64       `json:"build_ms"`
	Written         string        `json:"written,omitempty"`
	Embree          *embreeReport `json:"embree,omitempty"`
}

func benchRays(args []string, stdout, stderr io.Writer) error {
	var sf sceneFlags
	fs := newFlagSet("bench-rays", stderr, &sf)
	kindName := fs.String("kind", "short", "short (0.05-0.3 m probe rays near surfaces) or long (across the bounds)")
	n := fs.Int("rays", 1000000, "number of rays")
	seed := fs.Uint64("seed", 1, "random seed")
	reps := fs.Int("reps", 5, "timed passes; the median is reported")
	write := fs.String("write", "", "write the rays to FILE in the ray file format of ../shared/bench")
	embreeBin := fs.String("embree", "", "also time Embree on the same mesh and rays with this embree_rays binary (../shared/bench), check every hit, and report ratios")
	if err := parse(fs, args); err != nil {
		return err
	}
	kind, err := scenes.ParseRayKind(*kindName)
	if err != nil {
		return err
	}
	if *n <= 0 || *reps <= 0 {
		return fmt.Errorf("bench-rays: --rays and --reps must be positive")
	}
	m, bvh, err := sf.loadWithBVH()
	if err != nil {
		return err
	}
	rays := scenes.GenerateRays(m, kind, *n, *seed)
	r := benchReport{Scene: sf.spec, Kind: kind.String(), Seed: *seed, Rays: *n, Reps: *reps, Triangles: m.NumTriangles(),
		BuildMS: float64(bvh.Stats().Duration.Microseconds()) / 1000}
	if *write != "" {
		if err := atomicfile.Write(*write, func(w io.Writer) error { return scenes.WriteRays(w, rays) }); err != nil {
			return fmt.Errorf("bench-rays: %w", err)
		}
		r.Written = *write
	}

	// One counted pass for hits and work, then timed passes on one thread.
	var st scenes.Stats
	hits := make([]scenes.Hit, len(rays))
	hit := make([]bool, len(rays))
	for i, ray := range rays {
		hits[i], hit[i] = bvh.ClosestHit(ray, &st)
		if hit[i] {
			r.Hits++
		}
		if bvh.AnyHit(ray, nil) {
			r.AnyHits++
		}
	}
	r.TriTestsPerRay = float64(st.TriTests) / float64(st.Rays)
	r.NodesPerRay = float64(st.Nodes) / float64(st.Rays)
	runtime.LockOSThread()
	bar := progress.New("bench-rays", int64(2**reps))
	var closest, anyT []float64
	for rep := 0; rep < *reps; rep++ {
		t0 := time.Now()
		for _, ray := range rays {
			bvh.ClosestHit(ray, nil)
		}
		closest = append(closest, float64(len(rays))/time.Since(t0).Seconds())
		bar.Add(1)
		t0 = time.Now()
		for _, ray := range rays {
			bvh.AnyHit(ray, nil)
		}
		anyT = append(anyT, float64(len(rays))/time.Since(t0).Seconds())
		bar.Add(1)
	}
	bar.Done()
	runtime.UnlockOSThread()
	r.ClosestRaysPerS, r.AnyRaysPerS = median(closest), median(anyT)

	if *embreeBin != "" {
		e, err := runEmbree(*embreeBin, m, rays, *reps, hits, hit)
		if err != nil {
			return fmt.Errorf("bench-rays: embree: %w", err)
		}
		e.ClosestRatio = r.ClosestRaysPerS / e.ClosestRaysPerS
		e.AnyRatio = r.AnyRaysPerS / e.AnyRaysPerS
		r.Embree = e
	}
	if sf.json {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "scene            %s (%d triangles, BVH built in %.2f ms)\n", r.Scene, r.Triangles, r.BuildMS)
	fmt.Fprintf(stdout, "rays             %d %s rays, seed %d, median of %d passes on one thread\n", r.Rays, r.Kind, r.Seed, r.Reps)
	fmt.Fprintf(stdout, "closest hit      %.2f M rays/s\n", r.ClosestRaysPerS/1e6)
	fmt.Fprintf(stdout, "any hit          %.2f M rays/s\n", r.AnyRaysPerS/1e6)
	fmt.Fprintf(stdout, "hits             %d (any-hit %d)\n", r.Hits, r.AnyHits)
	fmt.Fprintf(stdout, "work per ray     %.2f nodes, %.2f triangle tests\n", r.NodesPerRay, r.TriTestsPerRay)
	if r.Written != "" {
		fmt.Fprintf(stdout, "written          %s\n", r.Written)
	}
	if e := r.Embree; e != nil {
		fmt.Fprintf(stdout, "embree           %.2f M closest, %.2f M any rays/s, %d hits\n", e.ClosestRaysPerS/1e6, e.AnyRaysPerS/1e6, e.Hits)
		fmt.Fprintf(stdout, "ratio            %.2f closest, %.2f any (ours / Embree)\n", e.ClosestRatio, e.AnyRatio)
		fmt.Fprintf(stdout, "agreement        %d hit/miss, %d distance mismatches; %d near-tie triangles, %d boundary ties, %d edge ties\n", e.HitMismatches, e.DistanceMismatches, e.TriangleMismatches, e.BoundaryTies, e.EdgeTies)
	}
	return nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
