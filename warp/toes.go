package warp

import (
	"math"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// MaxToeBend bounds how far the toes bend up at their base. [Units: rad]
const MaxToeBend = 60 * math.Pi / 180

// bendToes bends each foot's toes up wherever the surface under their tip
// (found in ground from above the tip, straight down) lies above it, so
// that the tip rests on the surface: the toes turn about their base, about
// the axis square to them and to +Y, by the angle that lifts the tip to the
// surface (at most MaxToeBend). The angle grows from zero as the tip meets
// the surface, so the motion stays continuous without easing: it serves a
// docked foot on uneven ground and a foot rolling off its toes alike.
func (w *Warper) bendToes(ground *scenes.BVH) {
	c := w.a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	for _, e := range w.a.Effectors.Feet {
		base, tip := w.toes(e.Joint)
		if tip < 0 {
			continue
		}
		for f := range c.Frames() {
			tr, rr := w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n]
			sk.ChainFK(tr, rr, tip, w.pos, w.world)
			th, axis := toeLift(ground, w.pos[base], w.pos[tip])
			if th == 0 {
				continue
			}
			parent := w.world[sk.Parents[base]]
			rr[base] = parent.Inverse().Mul(mgl64.QuatRotate(th, axis)).Mul(w.world[base]).Normalize()
		}
	}
}

// toes returns foot joint j's toe base (its effector's tip) and the end
// site under it, or -1 when the foot has none.
func (w *Warper) toes(j int) (base, tip int) {
	sk := w.a.Clip.Skeleton
	for _, e := range w.a.Effectors.Feet {
		if e.Joint != j || e.Tip == j {
			continue
		}
		for k := e.Tip + 1; k < sk.NumJoints(); k++ {
			if sk.EndSite[k] && sk.Parents[k] == e.Tip {
				return e.Tip, k
			}
		}
	}
	return -1, -1
}

// toeLift is the turn about axis (through base) that lifts the tip of the
// toes from tip onto the surface below a point above it, or 0 when the tip
// is on or above the surface (or no surface is near). The tip rises on an
// arc, so it moves back as it rises: the surface is probed again under
// each new tip, three times.
func toeLift(ground *scenes.BVH, base, tip mgl64.Vec3) (float64, mgl64.Vec3) {
	v := tip.Sub(base)
	l := v.Len()
	h := math.Hypot(v[0], v[2])
	if l < 1e-6 || h < 1e-6 {
		return 0, mgl64.Vec3{}
	}
	// Turning about up × (the toes' heading) lifts the tip.
	axis := mgl64.Vec3{-v[2] / h, 0, v[0] / h}
	th := 0.0
	for range 3 {
		u := mgl64.QuatRotate(th, axis).Rotate(v)
		rise, ok := surfaceOver(ground, base.Add(u))
		if !ok || (th == 0 && rise <= 0) {
			break
		}
		now := math.Asin(math.Max(-1, math.Min(1, u[1]/l)))
		want := math.Asin(math.Max(-1, math.Min(1, (u[1]+rise)/l)))
		th = math.Max(0, math.Min(th+want-now, MaxToeBend))
	}
	return th, axis
}

// surfaceOver is how far the surface lies above p (negative below it),
// within 0.15 m either way.
func surfaceOver(ground *scenes.BVH, p mgl64.Vec3) (float64, bool) {
	const reach = 0.15
	r := scenes.Ray{Origin: mgl32.Vec3{float32(p[0]), float32(p[1] + reach), float32(p[2])}, Dir: mgl32.Vec3{0, -1, 0}, TMax: 2 * reach}
	hit, ok := ground.ClosestHit(r, nil)
	return reach - float64(hit.T), ok
}
