package warp

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Lean of the upper body on a slope: a fraction of the slope along the
// heading, forward going up and back going down (walkers lean into an
// incline and stay nearer upright coming down), at most MaxLean.
const (
	LeanUp   = 0.4
	LeanDown = 0.15
	MaxLean  = 12 * math.Pi / 180
)

// slopeLean is the lean the docked feet's supports ask for: the mean slope
// of their surfaces along the body's heading at the last frame, scaled by
// LeanUp or LeanDown; ok is false when no foot is docked on a target.
func (w *Warper) slopeLean() (lean float64, ok bool) {
	d := w.heading(w.a.Clip.Frames() - 1)
	var sum float64
	n := 0
	for _, fx := range w.fixes {
		if !w.isFoot(fx.joint) {
			continue
		}
		nrm := mgl64.Vec3{0, 1, 0}
		if fx.target.Tilt != (mgl64.Quat{}) {
			nrm = fx.target.Tilt.Normalize().Rotate(nrm)
		}
		// Uphill ahead when the normal leans back against the heading.
		sum += math.Atan2(-nrm.Dot(d), nrm[1])
		n++
	}
	if n == 0 {
		return 0, false
	}
	slope := sum / float64(n)
	k := LeanUp
	if slope < 0 {
		k = LeanDown
	}
	return math.Max(-MaxLean, math.Min(MaxLean, k*slope)), true
}

// heading is the body's forward direction at frame f, level: square to the
// line between the hips (the action frame's when the hips are unknown).
func (w *Warper) heading(f int) mgl64.Vec3 {
	sk := w.a.Clip.Skeleton
	n := sk.NumJoints()
	if h := w.a.Effectors.Hips; h[0] >= 0 && h[1] >= 0 {
		tr, rr := w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n]
		sk.ChainFK(tr, rr, h[0], w.pos, w.world)
		sk.ChainFK(tr, rr, h[1], w.pos, w.world)
		left := w.pos[h[0]].Sub(w.pos[h[1]])
		if d := (mgl64.Vec3{-left[2], 0, left[0]}); d.Len() > 1e-9 { // left × up
			return d.Normalize()
		}
	}
	s, c := math.Sincos(w.frameAt(f).Yaw)
	return mgl64.Vec3{s, 0, c}
}

// isFoot reports whether joint j is one of the action's feet.
func (w *Warper) isFoot(j int) bool {
	for _, e := range w.a.Effectors.Feet {
		if e.Joint == j {
			return true
		}
	}
	return false
}

// spineBase is the joint the upper body leans at: on the way from a hand up
// to the root, the highest joint that carries no foot; -1 when the action
// has no hand or no such joint.
func (w *Warper) spineBase() int {
	if len(w.a.Effectors.Hands) == 0 {
		return -1
	}
	sk := w.a.Clip.Skeleton
	best := -1
	for j := w.a.Effectors.Hands[0].Joint; j >= 0 && sk.Parents[j] >= 0; j = sk.Parents[j] {
		carries := false
		for _, e := range w.a.Effectors.Feet {
			carries = carries || sk.IsAncestor(j, e.Joint)
		}
		if carries {
			break
		}
		best = j
	}
	return best
}

// lean turns the upper body about the lateral axis at spineBase, from
// opt.Lean at the first frame to the lean the docked feet's slope asks for
// at the last (held at opt.Lean when no foot is docked), eased; the lean
// reached is Result.Next.Lean, for the next action. An action that docks a
// hand does not lean (the arms hold the body): a lean carried into it eases
// out before its first hand dock, blend seconds ahead of it.
func (w *Warper) lean(opt params) {
	c := w.a.Clip
	last := max(1, c.Frames()-1)
	end, ok := w.slopeLean()
	if !ok {
		end = opt.Lean
	}
	for _, fx := range w.fixes {
		if !w.isFoot(fx.joint) {
			end = 0
			last = max(1, min(last, fx.from-int(math.Round(opt.Blend/c.FrameTime))))
		}
	}
	w.res.Next.Lean = end
	spine := w.spineBase()
	if spine < 0 || (end == 0 && opt.Lean == 0) {
		return
	}
	sk := c.Skeleton
	n := sk.NumJoints()
	for f := range c.Frames() {
		th := opt.Lean + (end-opt.Lean)*smooth(float64(f)/float64(last))
		if th == 0 {
			continue
		}
		tr, rr := w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n]
		d := w.heading(f)
		parent := sk.Parents[spine]
		sk.ChainFK(tr, rr, parent, w.pos, w.world)
		pw := w.world[parent]
		q := mgl64.QuatRotate(th, mgl64.Vec3{d[2], 0, -d[0]}) // about up × heading: the head goes ahead
		rr[spine] = pw.Inverse().Mul(q).Mul(pw).Mul(rr[spine]).Normalize()
	}
}
