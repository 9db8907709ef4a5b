package live

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
)

// Gravity is the acceleration of falling bodies (the planner's, which
// falling characters feel). [Units: m/s²]
const Gravity = planner.Gravity

// restSlack is how far a body may stand off (or into) what holds it and
// still be at rest on it. [Units: m]
const restSlack = 1e-4

// fall is a falling body's state.
type fall struct {
	v       float64 // vertical velocity [Units: m/s]
	resting bool
}

// Drop makes instance id a body that falls under gravity from the next
// Step on, until it rests on what is below it (it stops following keys).
func (w *World) Drop(id dynamic.Instance) error {
	p := w.find(id)
	if p == nil {
		return fmt.Errorf("live: no instance %d", id)
	}
	p.keys, p.fall = nil, &fall{}
	return nil
}

// Resting reports whether instance id is a body at rest (false for one
// falling, or not a falling body).
func (w *World) Resting(id dynamic.Instance) bool {
	p := w.find(id)
	return p != nil && p.fall != nil && p.fall.resting
}

// Velocity is falling body id's vertical velocity. [Units: m/s]
func (w *World) Velocity(id dynamic.Instance) float64 {
	if p := w.find(id); p != nil && p.fall != nil {
		return p.fall.v
	}
	return 0
}

// fall moves every falling body over dt: RK4 under gravity, stopped at the
// first support below. A body at rest falls again when the scene under it
// changed and it no longer rests.
func (w *World) fall(dt float64, st *StepStats) error {
	for _, p := range w.parts {
		f := p.fall
		if f == nil || f.resting && !w.dirty {
			continue
		}
		drop, err := w.dropDistance(p)
		if err != nil {
			return err
		}
		if f.resting {
			if drop <= restSlack {
				continue
			}
			f.resting = false
		}
		y, v := planner.Ballistic(0, f.v, dt)
		if -y >= drop {
			y, f.v, f.resting = -max(drop, 0), 0, true
			st.Landed++
		} else {
			f.v = v
		}
		tr := p.at
		tr.Translation = tr.Translation.Add(mgl64.Vec3{0, y, 0})
		if err := w.place(p, tr, true); err != nil {
			return err
		}
	}
	return nil
}

// dropDistance is how far body p can move straight down before it touches
// the rest of the scene (+Inf when nothing is below it).
func (w *World) dropDistance(p *part) (float64, error) {
	if err := w.current(); err != nil {
		return 0, err
	}
	first, n, _ := w.scene.Triangles(p.id)
	box := scenes.EmptyAABB()
	for v := range p.mesh.NumVertices() {
		box = box.Extend(p.at.Apply(p.mesh.Vertex(uint32(v))))
	}
	box.Min[1] = w.bvh.Bounds().Min[1] - 1
	var own, others []tri
	for _, t := range w.bvh.Overlap(box, nil, nil) {
		a, b, c, _, m := w.bvh.LeafTriangle(t)
		tr := tri{vec(a), vec(b), vec(c)}
		if int(m) >= first && int(m) < first+n {
			own = append(own, tr)
		} else {
			others = append(others, tr)
		}
	}
	return verticalGap(own, others), nil
}

// tri is a triangle's corners.
type tri [3]mgl64.Vec3

func vec(v mgl32.Vec3) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// verticalGap is the least distance set a moves straight down before it
// touches set b: the least of the vertical rays from a's vertices down to
// b's triangles, from b's vertices up to a's, and the gaps where an edge
// of a crosses an edge of b seen from above. Gaps below -restSlack (the
// two already overlap there) are not counted.
func verticalGap(a, b []tri) float64 {
	best := math.Inf(1)
	take := func(d float64) {
		if d >= -restSlack && d < best {
			best = d
		}
	}
	for _, ta := range a {
		for _, tb := range b {
			for _, p := range ta {
				if h, ok := heightAt(tb, p[0], p[2]); ok {
					take(p[1] - h)
				}
			}
			for _, q := range tb {
				if h, ok := heightAt(ta, q[0], q[2]); ok {
					take(h - q[1])
				}
			}
			for i := range 3 {
				for j := range 3 {
					if d, ok := edgeGap(ta[i], ta[(i+1)%3], tb[j], tb[(j+1)%3]); ok {
						take(d)
					}
				}
			}
		}
	}
	return best
}

// heightAt is the height of triangle t's plane over (x, z) when (x, z) lies
// in the triangle seen from above (not for a triangle seen edge on).
func heightAt(t tri, x, z float64) (float64, bool) {
	ax, az := t[1][0]-t[0][0], t[1][2]-t[0][2]
	bx, bz := t[2][0]-t[0][0], t[2][2]-t[0][2]
	det := ax*bz - az*bx
	if math.Abs(det) < 1e-12 {
		return 0, false
	}
	px, pz := x-t[0][0], z-t[0][2]
	u := (px*bz - pz*bx) / det
	v := (ax*pz - az*px) / det
	const e = 1e-9
	if u < -e || v < -e || u+v > 1+e {
		return 0, false
	}
	return t[0][1] + u*(t[1][1]-t[0][1]) + v*(t[2][1]-t[0][1]), true
}

// edgeGap is, where edges p0–p1 and q0–q1 cross seen from above, the
// height of the first over the second there.
func edgeGap(p0, p1, q0, q1 mgl64.Vec3) (float64, bool) {
	dx, dz := p1[0]-p0[0], p1[2]-p0[2]
	ex, ez := q1[0]-q0[0], q1[2]-q0[2]
	den := dx*ez - dz*ex
	if math.Abs(den) < 1e-12 {
		return 0, false
	}
	wx, wz := q0[0]-p0[0], q0[2]-p0[2]
	s := (wx*ez - wz*ex) / den
	u := (wx*dz - wz*dx) / den
	if s < 0 || s > 1 || u < 0 || u > 1 {
		return 0, false
	}
	return p0[1] + s*(p1[1]-p0[1]) - (q0[1] + u*(q1[1]-q0[1])), true
}

// At is where instance id stands now.
func (w *World) At(id dynamic.Instance) (dynamic.Transform, bool) {
	if p := w.find(id); p != nil {
		return p.at, true
	}
	return dynamic.Transform{}, false
}
