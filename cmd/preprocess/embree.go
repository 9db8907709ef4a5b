package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/foothold/foothold/sceneload"

	"github.com/foothold/foothold/scenes"
)

// embreeReport is what embree_rays measured on the same mesh and rays, and how
// its answers compare with ours ray by ray.
type embreeReport struct {
	ClosestRaysPerS    float64 `json:"closest_rays_per_s"`
	AnyRaysPerS        float64 `json:"any_rays_per_s"`
	Hits               int     `json:"hits"`
	ClosestRatio       float64 `json:"closest_ratio"`
	AnyRatio           float64 `json:"any_ratio"`
	HitMismatches      int     `json:"hit_mismatches"`
	BoundaryTies       int     `json:"boundary_ties"`
	EdgeTies           int     `json:"edge_ties"`
	TriangleMismatches int     `json:"triangle_mismatches"`
	DistanceMismatches int     `json:"distance_mismatches"`
}

// runEmbree writes the loaded mesh (so triangle indices are ours) and the
// rays to a temporary folder, runs embree_rays on them, and compares its
// per-ray hits with ours: hit or miss, triangle, and distance to 1e-4
// relative. A triangle mismatch at equal distance is a tie between two
// triangles (a shared edge or coincident faces), not an error, so only those
// at different distances are counted. A ray that one caster hits and the
// other misses, or that they hit at different distances one of which is
// within 1e-5 of TMin or TMax (a ray starting or ending exactly on a face),
// is a boundary tie, and one that we hit exactly on
// a triangle's edge (where our watertight test must report one of the
// triangles sharing it and Embree may report neither) is an edge tie; both
// are counted apart.
func runEmbree(bin string, m *scenes.Mesh, rays []scenes.Ray, reps int, hits []scenes.Hit, hit []bool) (*embreeReport, error) {
	dir, err := os.MkdirTemp("", "foothold-embree")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	objPath, raysPath, hitsPath := filepath.Join(dir, "mesh.obj"), filepath.Join(dir, "rays.bin"), filepath.Join(dir, "hits.bin")
	if err := writeFile(objPath, func(w io.Writer) error { return sceneload.WriteOBJ(w, m) }); err != nil {
		return nil, err
	}
	if err := writeFile(raysPath, func(w io.Writer) error { return scenes.WriteRays(w, rays) }); err != nil {
		return nil, err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, objPath, "0", "0", "--rays="+raysPath, "--hits="+hitsPath, "--reps="+strconv.Itoa(reps))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", bin, err, stderr.String())
	}
	var out struct {
		Modes struct {
			File struct {
				Intersect1 struct {
					Median float64 `json:"rays_per_s_median"`
					Hits   int     `json:"hits"`
				} `json:"intersect1"`
				Occluded1 struct {
					Median float64 `json:"rays_per_s_median"`
				} `json:"occluded1"`
			} `json:"file"`
		} `json:"modes"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("reading %s output: %v", bin, err)
	}
	f := out.Modes.File
	e := &embreeReport{ClosestRaysPerS: f.Intersect1.Median, AnyRaysPerS: f.Occluded1.Median, Hits: f.Intersect1.Hits}
	data, err := os.ReadFile(hitsPath)
	if err != nil {
		return nil, err
	}
	if len(data) != 8*len(rays) {
		return nil, fmt.Errorf("%s wrote %d bytes of hits, want %d", bin, len(data), 8*len(rays))
	}
	for i := range rays {
		t := math.Float32frombits(binary.LittleEndian.Uint32(data[8*i:]))
		prim := binary.LittleEndian.Uint32(data[8*i+4:])
		eh := !math.IsInf(float64(t), 1)
		switch {
		case eh != hit[i]:
			d := float64(t)
			if hit[i] {
				d = float64(hits[i].T)
			}
			switch {
			case math.Abs(d-float64(rays[i].TMin)) <= 1e-5 || math.Abs(d-float64(rays[i].TMax)) <= 1e-5:
				e.BoundaryTies++
			case hit[i] && onEdge(m, rays[i], hits[i]):
				e.EdgeTies++
			default:
				e.HitMismatches++
			}
		case !eh:
		case math.Abs(float64(t-hits[i].T)) > 1e-4*math.Max(1, float64(t)):
			atEnd := func(d float32) bool {
				return math.Abs(float64(d-rays[i].TMin)) <= 1e-5 || math.Abs(float64(d-rays[i].TMax)) <= 1e-5
			}
			switch {
			case atEnd(t) || atEnd(hits[i].T):
				e.BoundaryTies++
			case hits[i].T < t && onEdge(m, rays[i], hits[i]):
				e.EdgeTies++ // Embree went through the edge to something behind
			default:
				e.DistanceMismatches++
			}
		case int32(prim) != hits[i].Triangle && t != hits[i].T:
			e.TriangleMismatches++
		}
	}
	return e, nil
}

// onEdge reports whether the hit point lies within 1e-6 (barycentric) of an
// edge of the hit triangle, computed in float64.
func onEdge(m *scenes.Mesh, r scenes.Ray, h scenes.Hit) bool {
	a, b, c := m.Triangle(int(h.Triangle))
	p := r.At(h.T)
	v := func(x [3]float32) [3]float64 { return [3]float64{float64(x[0]), float64(x[1]), float64(x[2])} }
	pa, pb, pc, pp := v(a), v(b), v(c), v(p)
	sub := func(x, y [3]float64) [3]float64 { return [3]float64{x[0] - y[0], x[1] - y[1], x[2] - y[2]} }
	cross := func(x, y [3]float64) [3]float64 {
		return [3]float64{x[1]*y[2] - x[2]*y[1], x[2]*y[0] - x[0]*y[2], x[0]*y[1] - x[1]*y[0]}
	}
	dot := func(x, y [3]float64) float64 { return x[0]*y[0] + x[1]*y[1] + x[2]*y[2] }
	n := cross(sub(pb, pa), sub(pc, pa))
	nn := dot(n, n)
	if nn == 0 {
		return true
	}
	u := dot(cross(sub(pc, pb), sub(pp, pb)), n) / nn
	w := dot(cross(sub(pa, pc), sub(pp, pc)), n) / nn
	return math.Min(u, math.Min(w, 1-u-w)) < 1e-6
}

func writeFile(path string, fill func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
