package live

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dynamic"
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
	return nil
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
