package scenes

import (
	"fmt"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl32"
)

// RayKind names a family of benchmark and test rays.
type RayKind uint8

const (
	// ShortRays are like Algorithm 1's probes: 0.05-0.3 m long, starting
	// within 0.2 m of a surface (a point picked area-weighted on a triangle,
	// pushed off either side along its normal), in a uniform direction.
	ShortRays RayKind = iota
	// LongRays start uniformly in the bounds and run in a uniform direction
	// for a fifth of the bounds' diagonal, as embree_rays' "bbox" set.
	LongRays
)

// ParseRayKind reads "short" or "long".
func ParseRayKind(s string) (RayKind, error) {
	switch s {
	case "short":
		return ShortRays, nil
	case "long":
		return LongRays, nil
	}
	return 0, fmt.Errorf("unknown ray kind %q (want short or long)", s)
}

func (k RayKind) String() string {
	if k == LongRays {
		return "long"
	}
	return "short"
}

// Ray-set parameters [Units: m].
const (
	shortMinLen    = 0.05
	shortMaxLen    = 0.3
	shortMaxOffset = 0.2
	longFraction   = 0.2
)

// GenerateRays returns n seeded rays of the given kind for the mesh. The same
// mesh, kind, n and seed give the same rays everywhere.
func GenerateRays(m *Mesh, kind RayKind, n int, seed uint64) []Ray {
	rng := NewRNG(seed)
	rays := make([]Ray, n)
	switch kind {
	case LongRays:
		box := m.Bounds()
		size := box.Size()
		tmax := longFraction * box.Diagonal()
		for i := range rays {
			o := box.Min.Add(mgl32.Vec3{
				size[0] * float32(rng.Float64()),
				size[1] * float32(rng.Float64()),
				size[2] * float32(rng.Float64()),
			})
			rays[i] = Ray{Origin: o, Dir: rng.Dir(), TMax: tmax}
		}
	default:
		cdf := areaCDF(m)
		total := cdf[len(cdf)-1]
		for i := range rays {
			t := sort.SearchFloat64s(cdf, rng.Float64()*total)
			t = min(t, len(cdf)-1)
			a, b, c := m.Triangle(t)
			// uniform point on the triangle
			r1, r2 := rng.Float64(), rng.Float64()
			s := math.Sqrt(r1)
			u, v := float32(1-s), float32(s*(1-r2))
			w := 1 - u - v
			p := a.Mul(u).Add(b.Mul(v)).Add(c.Mul(w))
			off := rng.Range(-shortMaxOffset, shortMaxOffset)
			p = p.Add(m.TriangleNormal(t).Mul(off))
			rays[i] = Ray{Origin: p, Dir: rng.Dir(), TMax: rng.Range(shortMinLen, shortMaxLen)}
		}
	}
	return rays
}

// areaCDF returns the running sum of triangle areas.
func areaCDF(m *Mesh) []float64 {
	cdf := make([]float64, m.NumTriangles())
	var s float64
	for t := range cdf {
		s += m.TriangleArea(t)
		cdf[t] = s
	}
	return cdf
}
