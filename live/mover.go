package live

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/scenes"
)

// Key is where a mover is at a time of the world's clock. Between two keys
// it moves at a steady pace (its translation along the line between them,
// its rotation by slerp); before the first and after the last it stands.
type Key struct {
	Time float64 // [Units: s]
	At   dynamic.Transform
}

// Animate has instance id follow keys (in increasing time) from the next
// Step on; no keys stops it where it is.
func (w *World) Animate(id dynamic.Instance, keys []Key) error {
	p := w.find(id)
	if p == nil {
		return fmt.Errorf("live: no instance %d", id)
	}
	for i, k := range keys {
		if i > 0 && !(k.Time > keys[i-1].Time) {
			return fmt.Errorf("live: key %d at %v s does not follow key %d at %v s", i, k.Time, i-1, keys[i-1].Time)
		}
		if !finite(k.Time) || !finite(k.At.Translation[0]) || !finite(k.At.Translation[1]) || !finite(k.At.Translation[2]) {
			return fmt.Errorf("live: key %d is not finite: %+v", i, k)
		}
	}
	p.keys = append([]Key(nil), keys...)
	// The planners checked their motions against the paths they knew:
	// this one is new to them.
	box := scenes.EmptyAABB()
	for _, tr := range append([]dynamic.Transform{p.at}, transforms(keys)...) {
		for v := range p.mesh.NumVertices() {
			box = box.Extend(tr.Apply(p.mesh.Vertex(uint32(v))))
		}
	}
	w.change.Unforeseen = append(w.change.Unforeseen, box)
	w.dirty = true
	return nil
}

func transforms(keys []Key) []dynamic.Transform {
	out := make([]dynamic.Transform, len(keys))
	for i, k := range keys {
		out[i] = k.At
	}
	return out
}

// at is where keys put a mover at time t.
func at(keys []Key, t float64) dynamic.Transform {
	if t <= keys[0].Time {
		return keys[0].At
	}
	for i := 1; i < len(keys); i++ {
		if t < keys[i].Time {
			a, b := keys[i-1], keys[i]
			u := (t - a.Time) / (b.Time - a.Time)
			tr := dynamic.Transform{Translation: a.At.Translation.Add(b.At.Translation.Sub(a.At.Translation).Mul(u))}
			qa, qb := unit(a.At.Rotation), unit(b.At.Rotation)
			if qa != qb {
				tr.Rotation = mgl64.QuatSlerp(qa, qb, u)
			} else {
				tr.Rotation = a.At.Rotation
			}
			return tr
		}
	}
	return keys[len(keys)-1].At
}

// unit is q, or no turn for the zero quaternion.
func unit(q mgl64.Quat) mgl64.Quat {
	if q.W == 0 && q.V == (mgl64.Vec3{}) {
		return mgl64.QuatIdent()
	}
	return q
}

func finite(x float64) bool { return x-x == 0 }

// movers are the parts that will still move by their keys, as the body's
// checker takes them (ccd.Mover): their triangles turned as their keys
// turn them, their keys' translations and times. A mover whose keys turn
// it is left out (ccd.Mover moves by translation only): the plan sees it
// where it stands at each step.
func (w *World) movers() []ccd.Mover {
	var out []ccd.Mover
	for _, p := range w.parts {
		k := p.keys
		if len(k) == 0 || k[len(k)-1].Time <= w.clock {
			continue
		}
		turn := dynamic.Transform{Rotation: k[0].At.Rotation}
		same := true
		for _, key := range k {
			same = same && key.At.Rotation == turn.Rotation
		}
		if !same {
			continue
		}
		m := ccd.Mover{Times: make([]float64, len(k)), Offsets: make([]mgl64.Vec3, len(k))}
		for i, key := range k {
			m.Times[i], m.Offsets[i] = key.Time, key.At.Translation
		}
		for t := range p.mesh.NumTriangles() {
			var tri [3]mgl64.Vec3
			for c := range 3 {
				v := turn.Apply(p.mesh.Vertex(p.mesh.Indices[3*t+c]))
				tri[c] = mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
			}
			m.Tris = append(m.Tris, tri)
		}
		out = append(out, m)
	}
	return out
}
