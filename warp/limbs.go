package warp

import (
	"math"

	"github.com/foothold/foothold/ik"
	"github.com/go-gl/mathgl/mgl64"
)

// lowerRoot lowers the root, where a docked limb cannot reach its support
// from the offset root, just enough, easing in and out over 0.2 s; the
// previous action's lowering at its end (carried) eases out from the first
// frame, and the lowering at the last frame is Result.Next.Drop. A lowering
// needed at the first frame beyond the carried one cannot ease in: it is
// Result.StartDrop.
func (w *Warper) lowerRoot(carried float64) {
	c := w.a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	for f := range c.Frames() {
		if !w.docked(f) {
			continue
		}
		for k := range w.fixes {
			fx := &w.fixes[k]
			if f < fx.from || f > fx.to {
				continue
			}
			sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], fx.joint, w.pos, w.world)
			target, _ := w.limbTarget(fx, f)
			// The bones as long as the clip has them here.
			hip := w.pos[fx.top]
			reach := Reach(w.pos[fx.mid].Sub(hip).Len(), w.pos[fx.joint].Sub(w.pos[fx.mid]).Len())
			if d := ik.Drop(hip, target, reach); !math.IsInf(d, 1) {
				w.drop[f] = math.Max(w.drop[f], d)
			}
		}
	}
	w.res.StartDrop = math.Max(w.drop[0]-carried, 0)
	w.drop[0] = math.Max(w.drop[0], carried)
	blend := int(math.Round(0.2 / c.FrameTime))
	for f := range c.Frames() {
		d := 0.0
		for g := max(f-blend, 0); g <= min(f+blend, c.Frames()-1); g++ {
			k := float64(f - g)
			d = math.Max(d, w.drop[g]*smooth(1-math.Abs(k)/float64(blend+1)))
		}
		w.clip.Trans[f*n][1] -= d
		w.offsets[f][1] -= d
		w.res.Next.Drop = d
	}
}

// docked reports whether any dock is held at frame f.
func (w *Warper) docked(f int) bool {
	for _, fx := range w.fixes {
		if f >= fx.from && f <= fx.to {
			return true
		}
	}
	return false
}

// limbTarget is where dock fx's joint belongs at frame f (w.pos holding
// the frame's FK): where the joint would be without the root offset and
// the fade, carried rigidly from the expected dock pose onto the support; and the
// rotation doing that.
func (w *Warper) limbTarget(fx *fix, f int) (mgl64.Vec3, mgl64.Quat) {
	e := w.frameAt(f).DockPose(fx.local)
	dq := fx.target.turn(mgl64.QuatRotate(math.Remainder(float64(fx.target.Pose.Yaw-e.Yaw), 2*math.Pi), mgl64.Vec3{0, 1, 0}))
	p0 := w.pos[fx.joint].Sub(w.offsets[f])
	if f < w.fadeN {
		p0 = p0.Sub(fx.shift[f])
	}
	return vec(fx.target.Pose.Position).Add(dq.Rotate(p0.Sub(vec(e.Position)))), dq
}

// solveLimbs poses each constrained limb with two-bone IK towards its
// support, eased in and out around the dock (eases), and reports how well
// each dock was met. A foot is raised where it would go lower than it
// stands (raises), so the frames around its ease may be posed too.
func (w *Warper) solveLimbs() {
	for k := range w.fixes {
		fx := &w.fixes[k]
		rep := DockReport{Dock: fx.target.Dock, Reached: true}
		landing, leaving := w.stanceAt(fx, fx.from), w.stanceAt(fx, fx.to)
		first, last := w.raises(fx, &landing, &leaving)
		for f := first; f <= last; f++ {
			target, turn := w.limbGoal(fx, f, easeWeight(fx, f))
			target[1] += w.raise[f]
			ok, miss := w.poseLimb(f, fx.top, fx.mid, fx.joint, target, turn)
			if f >= fx.from && f <= fx.to {
				rep.Reached = rep.Reached && ok
				rep.Error = math.Max(rep.Error, miss)
			}
		}
		w.res.Docks = append(w.res.Docks, rep)
	}
}

// eases sets how many frames each dock's limb eases onto its support
// before the dock and off it after: blend seconds; with swings (the body
// checked, Options.FootClearance) a foot eases over up to half its swing
// to or from the next dock of the same foot (at most maxSwingEase), so
// that a support displaced from where the clip sets the foot down is
// reached along the swing rather than in its last frames.
func (w *Warper) eases(blend float64, swings bool) {
	c := w.a.Clip
	nb := int(math.Round(blend / c.FrameTime))
	most := int(math.Round(maxSwingEase / c.FrameTime))
	for k := range w.fixes {
		fx := &w.fixes[k]
		fx.easeIn, fx.easeOut = nb, nb
		if !swings || !w.isFoot(fx.joint) {
			continue
		}
		before, after := fx.from, c.Frames()-1-fx.to
		for j, o := range w.fixes {
			if j == k || o.joint != fx.joint {
				continue
			}
			if o.to < fx.from {
				before = min(before, fx.from-o.to-1)
			} else if o.from > fx.to {
				after = min(after, o.from-fx.to-1)
			}
		}
		fx.easeIn = max(nb, min(before/2, most))
		fx.easeOut = max(nb, min(after/2, most))
	}
}

// maxSwingEase is the longest a foot eases onto or off its support along
// its swing (eases). [Units: s]
const maxSwingEase = 0.3

// easeWeight is how far dock fx's limb is eased onto its support at frame
// f: 1 during the dock, rising over the fx.easeIn frames before it and
// falling over the fx.easeOut after, 0 beyond.
func easeWeight(fx *fix, f int) float64 {
	switch {
	case f < fx.from:
		return smooth(math.Max(0, float64(f-(fx.from-fx.easeIn))/float64(fx.easeIn+1)))
	case f > fx.to:
		return smooth(math.Max(0, float64(fx.to+fx.easeOut-f)/float64(fx.easeOut+1)))
	}
	return 1
}

// chainFK fills w.pos and w.world with frame f's FK down to dock fx's
// joint and, for a foot, on to its toes' tip (or base).
func (w *Warper) chainFK(fx *fix, f int) {
	sk := w.a.Clip.Skeleton
	n := sk.NumJoints()
	base, tip := w.toes(fx.joint)
	end := fx.joint
	for _, j := range [2]int{tip, base} {
		if j >= 0 {
			end = j
			break
		}
	}
	sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], end, w.pos, w.world)
}

// limbGoal is where dock fx's joint goes at frame f, weight wgt of the way
// to its target, and the turn of its world orientation, with w.pos and
// w.world holding the frame's FK (chainFK: poseLimb's input).
func (w *Warper) limbGoal(fx *fix, f int, wgt float64) (mgl64.Vec3, mgl64.Quat) {
	w.chainFK(fx, f)
	target, dq := w.limbTarget(fx, f)
	// Outside the dock the target follows the joint as the swing has it,
	// carried by the dock's displacement: where that raises it (onto a
	// step), the swing's lift over the same step is not added again, so
	// the foot comes down from its lifted swing onto its support. With
	// Options.FootClearance the swing was lifted where the ease takes it
	// (easeShift), and its lift stays.
	lift := w.liftAt(fx.joint, f)
	switch {
	case w.opt.FootClearance > 0:
	case f < fx.from && fx.disp[1] > stepRise:
		target[1] -= lift
	default:
		target[1] -= min(lift, max(fx.disp[1], 0))
	}
	target = w.pos[fx.joint].Add(target.Sub(w.pos[fx.joint]).Mul(wgt))
	// The foot or hand keeps its world orientation, turned by the dock's
	// yaw correction and tilted onto the support's normal (eased like the
	// position).
	return target, mgl64.QuatSlerp(mgl64.QuatIdent(), dq, wgt)
}

// raises fills w.raise with how far dock fx's foot is lifted at each frame
// besides its goal, and returns the frames to pose: the dock and its
// eases (see eases), widened to where a raise reaches. In the
// eases a foot is raised just enough to stay above where it stands
// (stance.shortfall); that raise grows and shrinks no faster than
// liftSpeed, so it starts before the ease where it must and carries on
// after it, until it is spent or the foot is docked.
func (w *Warper) raises(fx *fix, landing, leaving *stance) (first, last int) {
	frames := w.a.Clip.Frames()
	first, last = max(fx.from-fx.easeIn, 0), min(fx.to+fx.easeOut, frames-1)
	w.raise = resize(w.raise, frames)
	clear(w.raise)
	if !landing.foot && !leaving.foot {
		return first, last
	}
	for f := first; f <= last; f++ {
		if f >= fx.from && f <= fx.to {
			continue
		}
		st := landing
		if f > fx.to {
			st = leaving
		}
		target, turn := w.limbGoal(fx, f, easeWeight(fx, f))
		w.raise[f] = st.shortfall(w.pos, fx.joint, target, turn)
	}
	step := liftSpeed * w.a.Clip.FrameTime
	for f := fx.from - 1; f >= 0 && !w.footDocked(fx.joint, f); f-- {
		if w.raise[f] = math.Max(w.raise[f], w.raise[f+1]-step); w.raise[f] > 0 && f < first {
			first = f
		}
	}
	for f := fx.to + 1; f < frames && !w.footDocked(fx.joint, f); f++ {
		if w.raise[f] = math.Max(w.raise[f], w.raise[f-1]-step); w.raise[f] > 0 && f > last {
			last = f
		}
	}
	return first, last
}

// stance is where a docked foot stands at one frame of its dock, measured
// along its support's normal: the heights of its joint, toe base and toes'
// tip. A hand's holds nothing (foot false).
type stance struct {
	foot   bool       // false: a hand, or a support too steep to stand on
	normal mgl64.Vec3 // the support's
	joints [3]int     // the foot joint, toe base and tip (-1: none)
	height [3]float64 // along normal
	clip   [3]float64 // their heights before the IK (as the clip has them)
}

// stanceAt is where dock fx's foot will stand at docked frame f, as
// solveLimbs poses it there (it must run before that frame is solved); none
// for a hand, or on a support too steep to stand on.
func (w *Warper) stanceAt(fx *fix, f int) stance {
	if !w.isFoot(fx.joint) {
		return stance{}
	}
	nrm := mgl64.Vec3{0, 1, 0}
	if fx.target.Tilt != (mgl64.Quat{}) {
		nrm = fx.target.Tilt.Normalize().Rotate(nrm)
	}
	if nrm[1] < minStanceRise {
		return stance{}
	}
	base, tip := w.toes(fx.joint)
	st := stance{foot: true, normal: nrm, joints: [3]int{fx.joint, base, tip}}
	w.chainFK(fx, f)
	target, dq := w.limbTarget(fx, f)
	for i, j := range st.joints {
		if j >= 0 {
			st.height[i] = nrm.Dot(target.Add(dq.Rotate(w.pos[j].Sub(w.pos[fx.joint]))))
			st.clip[i] = w.pos[j][1]
		}
	}
	return st
}

// minStanceRise is the least upward component of a support's normal for
// a foot to be held over it (about 78°: steeper is a wall).
const minStanceRise = 0.2

// shortfall is how far target, where the foot's joint goes at this frame
// (pos holding the frame's FK down to its toes before the IK, turn the
// turn of its orientation), must rise for none of the foot's joint, toe
// base and tip to lie lower along the support's normal, relative to where
// it stands on the support, than the clip has it relative to where it
// stands on its own floor: a foot coming down onto a slope, or lifting off
// it, goes no deeper than it does on flat ground (easing from the swing
// onto a raised, tilted support otherwise passes the toes of a foot
// landing uphill under the slope before they dock). A support where the
// clip expects it asks for nothing. [Units: m, straight up]
func (st *stance) shortfall(pos []mgl64.Vec3, joint int, target mgl64.Vec3, turn mgl64.Quat) float64 {
	if !st.foot {
		return 0
	}
	short := 0.0
	for i, j := range st.joints {
		if j < 0 {
			continue
		}
		p := target.Add(turn.Rotate(pos[j].Sub(pos[joint])))
		dip := math.Min(0, pos[j][1]-st.clip[i])
		short = math.Max(short, st.height[i]+dip-st.normal.Dot(p))
	}
	return short / st.normal[1]
}

// poseLimb moves the end joint of the chain top-mid-end at frame f to
// target with two-bone IK (w.pos and w.world holding the frame's FK down to
// end), turning the end's world orientation by turn; it returns whether
// the IK reached the target and by how much it missed.
func (w *Warper) poseLimb(f, top, mid, end int, target mgl64.Vec3, turn mgl64.Quat) (bool, float64) {
	sk := w.a.Clip.Skeleton
	n := sk.NumJoints()
	rr := w.clip.Rot[f*n : (f+1)*n]
	pos := w.pos
	for _, j := range [3]int{top, mid, end} {
		w.base[j], w.baseW[j] = pos[j], w.world[j]
	}
	w.baseW[sk.Parents[top]] = w.world[sk.Parents[top]]
	hip, knee := pos[top], pos[mid]
	// The soft limit applies only past the extension the clip itself has
	// here, so a target the clip reaches is met as is.
	soft := ikSoft
	if target.Sub(hip).Len() <= pos[end].Sub(hip).Len()+1e-9 {
		soft = 0
	}
	// The bones' lengths as the clip has them at this frame: a clip may
	// stretch its bones away from the skeleton's rest offsets.
	l1, l2 := knee.Sub(hip).Len(), pos[end].Sub(knee).Len()
	pole := bendPole(hip, knee, pos[end])
	if hp, ok := w.kneePole(top, end); ok {
		pole = hp // a knee bends the way its thigh carries it (hinges)
	} else if b := &w.bends[end]; b.f == f-1 && target.Sub(pos[end]).Len() > 1e-3 && pole.Normalize().Dot(b.dir) < 0.5 {
		// The frame before bent this limb another way: a limb whose end is
		// moved close by its base (a hand lifted past the shoulder) may
		// swing its middle joint round from one frame to the next; it keeps
		// to the side it bent to (a limb left where the clip has it keeps
		// the clip's).
		pole = b.dir
	}
	m, e, ok := ik.TwoBone(hip, target, l1, l2, pole, soft)
	if u := e.Sub(hip); u.Len() > 1e-9 {
		u = u.Normalize()
		if d := m.Sub(hip); d.Sub(u.Mul(d.Dot(u))).Len() > 1e-9 {
			w.bends[end] = bend{f, d.Sub(u.Mul(d.Dot(u))).Normalize()}
		}
	}
	// Turn the upper and lower bones by the smallest rotations taking
	// their old directions to the new ones.
	upper := ik.FromTo(knee.Sub(hip), m.Sub(hip)).Mul(w.baseW[top])
	lower := ik.FromTo(w.base[end].Sub(knee), e.Sub(m)).Mul(w.baseW[mid])
	parentW := w.baseW[sk.Parents[top]]
	rr[top] = parentW.Inverse().Mul(upper).Normalize()
	rr[mid] = upper.Inverse().Mul(lower).Normalize()
	rr[end] = lower.Inverse().Mul(turn.Mul(w.baseW[end])).Normalize()
	return ok, e.Sub(target).Len()
}

// stepRise is how far above where the clip puts it a support must be for
// a foot landing on it to come down onto it from its whole swing lift
// (limbGoal): a step, not the lie of the ground. [Units: m]
const stepRise = 0.1

// bend is the direction a limb's middle joint was bent to at frame f.
type bend struct {
	f   int
	dir mgl64.Vec3
}

// bendPole is the direction a limb's middle joint bends to, for two-bone
// IK: away from the line from its base to its end, as the pose has it.
// The middle joint's own direction from the base would do for a target
// near where the end is, but a target moved far from it (a swinging foot
// lifted over a step) can put the line to the target along it, and the
// knee then bends to whatever side is left (sideways, backwards). A limb
// held nearly straight has no bend of its own: then the middle joint's
// direction it is.
func bendPole(base, mid, end mgl64.Vec3) mgl64.Vec3 {
	v := mid.Sub(base)
	line := end.Sub(base)
	if l := line.Len(); l > 1e-9 {
		u := line.Mul(1 / l)
		if w := v.Sub(u.Mul(v.Dot(u))); w.Len() > 0.05*v.Len() {
			return w
		}
	}
	return v
}

func vec(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// smooth eases 0..1 with zero slope at both ends.
func smooth(u float64) float64 {
	u = math.Max(0, math.Min(1, u))
	return u * u * (3 - 2*u)
}

// ikSoft is the length of the two-bone IK's soft zone near full extension.
const ikSoft = 0.02

// Reach is how far a limb of bones l1 and l2 reaches its end from its top
// when the warp poses it: short of the IK's soft zone, so that it meets
// its target exactly. [Units: m]
func Reach(l1, l2 float64) float64 { return l1 + l2 - ikSoft - 0.001 }
