package warp

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// carryTime is how long a foot takes to ease from where the action before
// left it off its clip (Carry.FootOffset) back onto this action's clip.
// [Units: s]
const carryTime = 0.2

// carryFeet starts each foot this action does not dock at its first frame
// where the action before left it (Carry.FootOffset: its dock's IK had
// moved it off that clip) and eases that offset out over carryTime, or
// until the foot docks: a foot the last action held on a support does not
// jump back to where this clip has it. It first keeps each foot's position
// at the last frame before any IK (w.endPre), which Result.Next.FootOffset
// is measured from.
func (w *Warper) carryFeet(opt params) {
	c := w.a.Clip
	sk := c.Skeleton
	n, frames := sk.NumJoints(), c.Frames()
	last := frames - 1
	k := max(1, int(math.Round(carryTime/c.FrameTime)))
	for i, e := range w.a.Effectors.Feet {
		if i >= len(w.endPre) {
			break
		}
		mid := sk.Parents[e.Joint]
		if mid < 0 || sk.Parents[mid] < 0 {
			continue
		}
		top := sk.Parents[mid]
		sk.ChainFK(w.clip.Trans[last*n:], w.clip.Rot[last*n:], e.Joint, w.pos, w.world)
		w.endPre[i] = w.pos[e.Joint]
		off := opt.FootOffset[i]
		if off.Len() < 1e-9 {
			continue
		}
		for f := 0; f < min(k, frames) && !w.footDocked(e.Joint, f); f++ {
			wt := 1 - smooth(float64(f)/float64(k))
			sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], e.Joint, w.pos, w.world)
			w.poseLimb(f, top, mid, e.Joint, w.pos[e.Joint].Add(off.Mul(wt)), mgl64.QuatIdent())
		}
	}
}

// endOffsets sets Result.Next.FootOffset: how far the warp left each foot,
// at the last frame, from where it was before any IK (w.endPre).
func (w *Warper) endOffsets() {
	c := w.a.Clip
	sk := c.Skeleton
	n, last := sk.NumJoints(), c.Frames()-1
	for i, e := range w.a.Effectors.Feet {
		if i >= len(w.endPre) {
			break
		}
		sk.ChainFK(w.clip.Trans[last*n:], w.clip.Rot[last*n:], e.Joint, w.pos, w.world)
		w.res.Next.FootOffset[i] = w.pos[e.Joint].Sub(w.endPre[i])
	}
}
