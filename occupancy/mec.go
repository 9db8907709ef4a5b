package occupancy

import (
	"math"
	"math/rand/v2"
)

// point is a point of the ground plane (x, z).
type point struct{ x, z float64 }

// circle is a circle of the ground plane.
type circle struct {
	x, z, r float64
}

func (c circle) holds(p point) bool {
	dx, dz := p.x-c.x, p.z-c.z
	return dx*dx+dz*dz <= c.r*c.r*(1+1e-12)+1e-18
}

// smallestCircle is the smallest circle enclosing pts (Welzl's algorithm,
// iterative, on the points in a shuffled order: expected linear time). The
// shuffle is seeded by the count, so the answer never depends on anything
// but the points. pts is reordered. The radius is then taken as the
// largest distance from the centre to a point, so every point is held
// whatever the rounding.
func smallestCircle(pts []point) circle {
	if len(pts) == 0 {
		return circle{}
	}
	r := rand.New(rand.NewPCG(uint64(len(pts)), 0x6f63637570616e63))
	r.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
	c := circle{x: pts[0].x, z: pts[0].z}
	for i := 1; i < len(pts); i++ {
		if c.holds(pts[i]) {
			continue
		}
		c = circle{x: pts[i].x, z: pts[i].z}
		for j := 0; j < i; j++ {
			if c.holds(pts[j]) {
				continue
			}
			c = diameter(pts[i], pts[j])
			for k := 0; k < j; k++ {
				if !c.holds(pts[k]) {
					c = through(pts[i], pts[j], pts[k])
				}
			}
		}
	}
	far := 0.0
	for _, p := range pts {
		far = max(far, math.Hypot(p.x-c.x, p.z-c.z))
	}
	c.r = far
	return c
}

// diameter is the circle with a–b as its diameter.
func diameter(a, b point) circle {
	return circle{x: (a.x + b.x) / 2, z: (a.z + b.z) / 2, r: math.Hypot(a.x-b.x, a.z-b.z) / 2}
}

// through is the circle through a, b and c, or, when they are (nearly) on
// a line, the circle on the farthest two as diameter.
func through(a, b, c point) circle {
	bx, bz, cx, cz := b.x-a.x, b.z-a.z, c.x-a.x, c.z-a.z
	d := 2 * (bx*cz - bz*cx)
	b2, c2 := bx*bx+bz*bz, cx*cx+cz*cz
	if math.Abs(d) <= 1e-12*(b2+c2) {
		best := diameter(a, b)
		for _, o := range [2]circle{diameter(a, c), diameter(b, c)} {
			if o.r > best.r {
				best = o
			}
		}
		return best
	}
	ux, uz := (cz*b2-bz*c2)/d, (bx*c2-cx*b2)/d
	return circle{x: a.x + ux, z: a.z + uz, r: math.Hypot(ux, uz)}
}
