package occupancy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"
)

// TestSmallestCircleAgainstBruteForce compares Welzl's circle with the
// smallest of the circles through every pair (as diameter) and every triple
// of the points that hold them all.
func TestSmallestCircleAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 1 + trial%30
		pts := make([]point, n)
		for k := range pts {
			if trial%4 == 0 { // on a grid: ties and collinear points
				pts[k] = point{float64(r.IntN(5)) * 0.005, float64(r.IntN(5)) * 0.005}
			} else {
				pts[k] = point{r.NormFloat64(), r.NormFloat64() * 0.3}
			}
		}
		want := bruteCircle(pts)
		got := smallestCircle(append([]point(nil), pts...))
		for _, p := range pts {
			if d := math.Hypot(p.x-got.x, p.z-got.z); d > got.r {
				t.Fatalf("trial %d: point %v is %.9g from the centre, radius %.9g", trial, p, d, got.r)
			}
		}
		if math.Abs(got.r-want) > 1e-9*(1+want) {
			t.Fatalf("trial %d (%d points): radius %.12g, brute force %.12g", trial, n, got.r, want)
		}
	}
}

func bruteCircle(pts []point) float64 {
	best := math.Inf(1)
	holdsAll := func(x, z, r float64) bool {
		for _, p := range pts {
			if math.Hypot(p.x-x, p.z-z) > r*(1+1e-9)+1e-12 {
				return false
			}
		}
		return true
	}
	if len(pts) == 1 {
		return 0
	}
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			a, b := pts[i], pts[j]
			x, z, r := (a.x+b.x)/2, (a.z+b.z)/2, math.Hypot(a.x-b.x, a.z-b.z)/2
			if r < best && holdsAll(x, z, r) {
				best = r
			}
			for k := j + 1; k < len(pts); k++ {
				c := pts[k]
				// Circumcentre by solving the perpendicular bisectors.
				a1, b1 := b.x-a.x, b.z-a.z
				a2, b2 := c.x-a.x, c.z-a.z
				det := a1*b2 - a2*b1
				if math.Abs(det) < 1e-15 {
					continue
				}
				c1, c2 := (a1*(a.x+b.x)+b1*(a.z+b.z))/2, (a2*(a.x+c.x)+b2*(a.z+c.z))/2
				x, z := (c1*b2-c2*b1)/det, (a1*c2-a2*c1)/det
				r := math.Hypot(a.x-x, a.z-z)
				if r < best && holdsAll(x, z, r) {
					best = r
				}
			}
		}
	}
	return best
}

// TestHullDistanceAgainstTriangles checks a primitive's distance against
// one worked out from the four triangles of its points: inside one of them
// is inside the hull, and outside, the distance is the nearest of the six
// segments between the points.
func TestHullDistanceAgainstTriangles(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 5000 {
		var p [4]point
		for k := range p {
			p[k] = point{r.Float64(), r.Float64()}
		}
		if trial%10 == 0 {
			p[3] = p[1] // a repeated point
		}
		if trial%17 == 0 {
			p[2] = point{(p[0].x + p[1].x) / 2, (p[0].z + p[1].z) / 2} // collinear
			p[3] = p[0]
		}
		pr := prim{}
		pr.hull, pr.n = hull4(p)
		c := point{r.Float64()*1.6 - 0.3, r.Float64()*1.6 - 0.3}
		want := math.Inf(1)
		for i := range 4 {
			for j := i + 1; j < 4; j++ {
				want = min(want, segDist2(c, p[i], p[j]))
			}
		}
		for _, tr := range [4][3]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}} {
			if inTriangle(c, p[tr[0]], p[tr[1]], p[tr[2]]) {
				want = 0
			}
		}
		if got := pr.dist2(c); math.Abs(got-want) > 1e-12 {
			t.Fatalf("trial %d: points %v, hull %v (%d), at %v: %.12g, want %.12g", trial, p, pr.hull, pr.n, c, got, want)
		}
	}
}

func inTriangle(c, a, b, d point) bool {
	det := (b.x-a.x)*(d.z-a.z) - (d.x-a.x)*(b.z-a.z)
	if math.Abs(det) < 1e-15 {
		return false
	}
	u := ((c.x-a.x)*(d.z-a.z) - (d.x-a.x)*(c.z-a.z)) / det
	v := ((b.x-a.x)*(c.z-a.z) - (c.x-a.x)*(b.z-a.z)) / det
	return u >= 0 && v >= 0 && u+v <= 1
}

// randomFrame is a frame up to about spread metres from the origin, at any
// heading.
func randomFrame(r *rand.Rand, spread float64) action.Frame {
	return action.Frame{Position: mgl64.Vec3{r.NormFloat64() * spread, 0, r.NormFloat64() * spread}, Yaw: r.Float64() * 2 * math.Pi}
}
