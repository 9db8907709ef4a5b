package warp

import (
	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"
)

// kneeBent is how far off the line from hip to ankle, as a share of the
// thigh, a knee must be to show the way it bends.
const kneeBent = 0.1

// Hinges is, for each foot (of the actions' Effectors.Feet), the way its
// knee bends in its thigh's own frame: the knee's offset square to the
// line from hip to ankle, turned into the thigh's frame, averaged over
// every frame of every action of lib (of the first action's skeleton)
// where the knee is bent. A knee is a hinge: carried by the thigh, that
// direction points where the knee bends in every pose, however far a
// target moves the foot, so the IK never bends a knee backwards
// (Options.Knees). A foot whose knee no clip bends gets the zero vector.
func Hinges(lib *action.Library) [2]mgl64.Vec3 {
	var sums [2]mgl64.Vec3
	if len(lib.Actions) == 0 {
		return sums
	}
	var w Warper
	n := lib.Actions[0].Clip.Skeleton.NumJoints()
	w.pos, w.world = make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	for _, a := range lib.Actions {
		if a.Clip.Skeleton.NumJoints() != n {
			continue
		}
		w.a = a
		w.clip = *a.Clip
		sum := w.kneeOffsets()
		for i := range sums {
			sums[i] = sums[i].Add(sum[i])
		}
	}
	for i := range sums {
		if sums[i].Len() > 1e-9 {
			sums[i] = sums[i].Normalize()
		}
	}
	return sums
}

// hinges sets w.knees: Options.Knees where given, else found from this
// action's own clip as Hinges finds them.
func (w *Warper) hinges(opt params) {
	w.knees = opt.Knees
	if w.knees != ([2]mgl64.Vec3{}) {
		return
	}
	sums := w.kneeOffsets()
	for i := range sums {
		if sums[i].Len() > 1e-9 {
			w.knees[i] = sums[i].Normalize()
		}
	}
}

// kneeOffsets sums, per foot, the unit offsets of its knee from the line from
// hip to ankle, in its thigh's frame, over the frames of w.clip where the
// knee is bent.
func (w *Warper) kneeOffsets() [2]mgl64.Vec3 {
	var sums [2]mgl64.Vec3
	c := &w.clip
	sk := c.Skeleton
	n := sk.NumJoints()
	for i, e := range w.a.Effectors.Feet {
		if i >= len(sums) {
			break
		}
		mid := sk.Parents[e.Joint]
		if mid < 0 || sk.Parents[mid] < 0 {
			continue
		}
		top := sk.Parents[mid]
		for f := range c.Frames() {
			sk.ChainFK(c.Trans[f*n:(f+1)*n], c.Rot[f*n:(f+1)*n], e.Joint, w.pos, w.world)
			hip, knee, ankle := w.pos[top], w.pos[mid], w.pos[e.Joint]
			if !bent(hip, knee, ankle) {
				continue
			}
			sums[i] = sums[i].Add(w.world[top].Inverse().Rotate(bendPole(hip, knee, ankle).Normalize()))
		}
	}
	return sums
}

// kneePole is the way foot joint end's knee bends at the frame w.world
// holds (its thigh top's rotation), and whether it has one (see hinges).
func (w *Warper) kneePole(top, end int) (mgl64.Vec3, bool) {
	for i, e := range w.a.Effectors.Feet {
		if e.Joint == end && i < len(w.knees) && w.knees[i].Len() > 0 {
			return w.world[top].Rotate(w.knees[i]), true
		}
	}
	return mgl64.Vec3{}, false
}

// bent reports whether a limb's middle joint lies off the line from its
// base to its end by kneeBent of the upper bone or more.
func bent(base, mid, end mgl64.Vec3) bool {
	line := end.Sub(base)
	if line.Len() < 1e-9 {
		return false
	}
	u := line.Normalize()
	v := mid.Sub(base)
	return v.Sub(u.Mul(v.Dot(u))).Len() >= kneeBent*v.Len()
}
