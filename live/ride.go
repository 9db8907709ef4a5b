package live

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/scenes"
)

// rider is a planner standing on an instance, and where the instance was.
type rider struct {
	on  *part // nil: on the static level, or on nothing
	was mgl64.Vec3
}

// riderReach is how far below the root the ground a character stands on
// may lie. [Units: m]
const riderReach = 2.5

// riders finds what each planner stands on before the step moves
// anything: the instance whose triangle is first below its root.
func (w *World) riders() ([]rider, error) {
	if len(w.planners) == 0 {
		return nil, nil
	}
	if err := w.current(); err != nil {
		return nil, err
	}
	out := make([]rider, len(w.planners))
	for i, p := range w.planners {
		r := p.Pose().Trans[0]
		ray := scenes.Ray{Origin: mgl32.Vec3{float32(r[0]), float32(r[1]), float32(r[2])}, Dir: [3]float32{0, -1, 0}, TMax: riderReach}
		h, ok := w.bvh.ClosestHit(ray, nil)
		if !ok {
			continue
		}
		if on := w.partOf(int(h.Triangle)); on != nil {
			out[i] = rider{on: on, was: on.at.Translation}
		}
	}
	return out, nil
}

// partOf is the instance that triangle t of the whole scene belongs to
// (nil: the static level's).
func (w *World) partOf(t int) *part {
	first := w.scene.Static().NumTriangles()
	for _, p := range w.parts {
		n := p.mesh.NumTriangles()
		if t >= first && t < first+n {
			return p
		}
		first += n
	}
	return nil
}

// carry moves each planner by how far what it stands on moved this step
// (its translation: a turning mover does not turn its riders).
func (w *World) carry(riding []rider, st *StepStats) {
	for i, r := range riding {
		if r.on == nil || !r.on.moved || w.find(r.on.id) == nil {
			continue
		}
		if d := r.on.at.Translation.Sub(r.was); d != (mgl64.Vec3{}) {
			w.planners[i].Carry(d)
			st.Carried++
		}
	}
}
