package warp

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"
)

// fadeTiny is the largest pose difference at a transition (a joint's
// rotation, in radians, or a translation, in metres) that needs no fade:
// the clips join as they are.
const fadeTiny = 1e-9

// fade starts the pose where the action before (Carry.From) left it and
// fades into the clip over Options.Fade, as a motion graph blends its
// transitions: each joint's local rotation and translation at the first
// frame is turned and moved onto the previous clip's last, and that
// correction eases out. The root's correction is taken relative to each
// action's frame (its heading and ground at that moment), so it is the
// pose that fades, not where the action is placed. The docks' targets stay
// where the unfaded clip puts them (fix.shift): a foot standing across the
// transition stays on its support while the leg above it fades.
func (w *Warper) fade(opt params) {
	w.fadeN = 0
	prev, a := opt.From, w.a
	c := a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	if prev == nil || prev.Clip.Skeleton.NumJoints() != n || prev.Clip.Frames() == 0 || c.Frames() < 2 {
		return
	}
	if !w.fadeOffsets(prev) {
		return
	}
	w.fadeN = min(int(math.Round(math.Min(opt.Fade, a.Duration()/2)/c.FrameTime)), c.Frames()-1)
	if w.fadeN < 1 {
		w.fadeN = 0
		return
	}
	w.shifts = resize(w.shifts, len(w.fixes)*w.fadeN)
	for k := range w.fixes {
		fx := &w.fixes[k]
		fx.shift = w.shifts[k*w.fadeN : (k+1)*w.fadeN]
		for f := range w.fadeN {
			sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], fx.joint, w.pos, w.world)
			fx.shift[f] = w.pos[fx.joint]
		}
	}
	for f := range w.fadeN {
		wt := 1 - smooth(float64(f)/float64(w.fadeN))
		tr, rr := w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n]
		yaw := mgl64.QuatRotate(w.frameAt(f).Yaw, mgl64.Vec3{0, 1, 0})
		turn := mgl64.QuatSlerp(mgl64.QuatIdent(), w.fadeRot[0], wt)
		rr[0] = yaw.Mul(turn).Mul(yaw.Inverse()).Mul(rr[0]).Normalize()
		tr[0][1] += w.fadeTr[0][1] * wt
		for j := 1; j < n; j++ {
			rr[j] = mgl64.QuatSlerp(mgl64.QuatIdent(), w.fadeRot[j], wt).Mul(rr[j]).Normalize()
			tr[j] = tr[j].Add(w.fadeTr[j].Mul(wt))
		}
	}
	for k := range w.fixes {
		fx := &w.fixes[k]
		for f := range w.fadeN {
			sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], fx.joint, w.pos, w.world)
			fx.shift[f] = w.pos[fx.joint].Sub(fx.shift[f])
		}
	}
}

// fadeOffsets sets, per joint, the rotation and translation carrying this
// clip's first pose onto prev's last (the root's relative to each action's
// frame: its heading, and its height over the ground), and reports
// whether any is large enough to fade.
func (w *Warper) fadeOffsets(prev *action.Action) bool {
	a, c, pc := w.a, w.a.Clip, prev.Clip
	n := c.Skeleton.NumJoints()
	last := pc.Frames() - 1
	w.fadeRot, w.fadeTr = resize(w.fadeRot, n), resize(w.fadeTr, n)
	end := pc.RootPointWith(last, prev.Effectors.Hips, w.pos, w.world)
	start := c.RootPointWith(0, a.Effectors.Hips, w.pos, w.world)
	from := mgl64.QuatRotate(-end.Yaw, mgl64.Vec3{0, 1, 0}).Mul(pc.Rot[last*n])
	to := mgl64.QuatRotate(-start.Yaw, mgl64.Vec3{0, 1, 0}).Mul(c.Rot[0])
	w.fadeRot[0] = shortest(from.Mul(to.Inverse()))
	w.fadeTr[0] = mgl64.Vec3{0, (pc.Trans[last*n][1] - prev.Ground - prev.Delta.Translation[1]) - (c.Trans[0][1] - a.Ground), 0}
	big := math.Abs(w.fadeTr[0][1]) > fadeTiny || angle(w.fadeRot[0]) > fadeTiny
	for j := 1; j < n; j++ {
		w.fadeRot[j] = shortest(pc.Rot[last*n+j].Mul(c.Rot[j].Inverse()))
		w.fadeTr[j] = pc.Trans[last*n+j].Sub(c.Trans[j])
		big = big || angle(w.fadeRot[j]) > fadeTiny || w.fadeTr[j].Len() > fadeTiny
	}
	return big
}

// shortest is q or -q, whichever turns the short way (w ≥ 0).
func shortest(q mgl64.Quat) mgl64.Quat {
	q = q.Normalize()
	if q.W < 0 {
		return q.Scale(-1)
	}
	return q
}

// angle is the rotation angle of a unit quaternion with w ≥ 0.
func angle(q mgl64.Quat) float64 {
	return 2 * math.Atan2(q.V.Len(), q.W)
}
