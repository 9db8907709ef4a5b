package planner

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Target is the support found for one dock of an action: the supported
// sample's pose in the world (a plan tree slot's Pose).
type Target struct {
	Dock int       // index into the action's Docks
	Pose dock.Pose // [Units: m, rad] world
	// Tilt turns the template's contact normal onto the support's normal
	// (a sloped floor, a ledge's top); the foot or hand is turned with it
	// about the dock's origin. The zero value means none.
	Tilt mgl64.Quat
}

// turn is the rotation carrying the clip's effector onto the target: the
// yaw correction dq, then the tilt.
func (t Target) turn(dq mgl64.Quat) mgl64.Quat {
	if t.Tilt == (mgl64.Quat{}) {
		return dq
	}
	return t.Tilt.Normalize().Mul(dq)
}

// WarpOptions tune Warp.
type WarpOptions struct {
	// Omega is the root spring's angular frequency; the root settles on
	// its offset in about 6.6/Omega seconds. [Units: 1/s] Default 12.
	Omega float64
	// MaxTurn bounds the reorientation about +Y. [Units: rad] Default 15°.
	MaxTurn float64
	// Blend is the time over which a constrained limb eases into and out
	// of its dock. [Units: s] Default 0.07.
	Blend float64
	// RootOffset and RootVelocity carry the root spring over from the
	// previous action, so consecutive warped actions join smoothly.
	RootOffset, RootVelocity mgl64.Vec3
}

func (o *WarpOptions) defaults() {
	if o.Omega <= 0 {
		o.Omega = 12
	}
	if o.MaxTurn <= 0 {
		o.MaxTurn = 15 * math.Pi / 180
	}
	if o.Blend <= 0 {
		o.Blend = 0.07
	}
}

// DockReport says how well one dock was met.
type DockReport struct {
	Dock    int
	Reached bool    // the IK reached the target in every frame of the dock
	Error   float64 // the largest distance of the effector from its target during the dock [Units: m]
}

// Warped is an action adapted to the support found for it.
type Warped struct {
	// Clip is the warped motion in world coordinates: the root's
	// translation and rotation place the character in the world.
	Clip *motion.Clip
	// Frame is the action frame after the reorientation.
	Frame actiongraph.Frame
	// Turn is the reorientation about +Y, RootOffset the root offset the
	// spring drives towards, and RootVelocity the spring's velocity at the
	// last frame (for the next action).
	Turn                     float64
	RootOffset, RootVelocity mgl64.Vec3
	EndOffset                mgl64.Vec3 // the spring's offset at the last frame
	Docks                    []DockReport
}

// Warp adapts action a, started at frame, to the supports found for its
// docks (targets; docks without a target are left as the clip has them).
func Warp(a *actiongraph.Action, frame actiongraph.Frame, targets []Target, opt WarpOptions) (*Warped, error) {
	opt.defaults()
	c := a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	for _, t := range targets {
		if t.Dock < 0 || t.Dock >= len(a.Docks) {
			return nil, fmt.Errorf("planner: action %q has no dock %d", a.Name, t.Dock)
		}
	}
	// 1. Reorient about +Y around the frame's origin.
	var sa, sb float64
	for _, t := range targets {
		e := frame.DockPose(a.Docks[t.Dock].Pose)
		ex, ez := float64(e.Position[0])-frame.Position[0], float64(e.Position[2])-frame.Position[2]
		fx, fz := float64(t.Pose.Position[0])-frame.Position[0], float64(t.Pose.Position[2])-frame.Position[2]
		sa += fx*ex + fz*ez
		sb += fx*ez - fz*ex
	}
	turn := 0.0
	if sa != 0 || sb != 0 {
		turn = math.Max(-opt.MaxTurn, math.Min(opt.MaxTurn, math.Atan2(sb, sa)))
	}
	w := &Warped{Frame: actiongraph.Frame{Position: frame.Position, Yaw: frame.Yaw + turn}, Turn: turn}
	// 2. The root offset: the duration-weighted mean displacement.
	var sum mgl64.Vec3
	var weight float64
	type fix struct {
		target          Target
		local           dock.Pose // the dock in the action frame
		expected        dock.Pose // and in the world, fully reoriented
		from, to        int       // frames of the dock
		joint, mid, top int       // effector chain: wrist or ankle, elbow or knee, shoulder or hip
	}
	var fixes []fix
	for _, t := range targets {
		d := a.Docks[t.Dock]
		e := w.Frame.DockPose(d.Pose)
		wt := d.End - d.Start + c.FrameTime
		sum = sum.Add(vec(t.Pose.Position).Sub(vec(e.Position)).Mul(wt))
		weight += wt
		j := sk.Index(d.Effector)
		if j < 0 || sk.Parents[j] < 0 || sk.Parents[sk.Parents[j]] < 0 {
			return nil, fmt.Errorf("planner: action %q: effector %q has no two-bone chain", a.Name, d.Effector)
		}
		fixes = append(fixes, fix{t, d.Pose, e, int(math.Round(d.Start / c.FrameTime)), int(math.Round(d.End / c.FrameTime)), j, sk.Parents[j], sk.Parents[sk.Parents[j]]})
	}
	if weight > 0 {
		w.RootOffset = sum.Mul(1 / weight)
	}
	// 3. Place every frame: the clip in the reoriented frame, plus a root
	// offset driven by the spring towards the displacement of the docks
	// held at that moment (between docks, eased from one to the next).
	disp := make([]mgl64.Vec3, len(fixes))
	for k, fx := range fixes {
		disp[k] = vec(fx.target.Pose.Position).Sub(vec(fx.expected.Position))
	}
	goal := func(f int) mgl64.Vec3 {
		var s mgl64.Vec3
		cnt := 0
		prev, next := -1, -1
		for k, fx := range fixes {
			switch {
			case f >= fx.from && f <= fx.to:
				s = s.Add(disp[k])
				cnt++
			case fx.to < f && (prev < 0 || fixes[prev].to < fx.to):
				prev = k
			case fx.from > f && (next < 0 || fixes[next].from > fx.from):
				next = k
			}
		}
		switch {
		case cnt > 0:
			return s.Mul(1 / float64(cnt))
		case prev >= 0 && next >= 0:
			u := float64(f-fixes[prev].to) / float64(fixes[next].from-fixes[prev].to)
			return disp[prev].Add(disp[next].Sub(disp[prev]).Mul(smooth(u)))
		case prev >= 0:
			return disp[prev]
		case next >= 0:
			return disp[next]
		}
		return mgl64.Vec3{}
	}
	start := a.StartFrame()
	out := &motion.Clip{Skeleton: sk, FrameTime: c.FrameTime, Trans: append([]mgl64.Vec3(nil), c.Trans...), Rot: append([]mgl64.Quat(nil), c.Rot...)}
	// The turn eases in over the first moments of the action (a quarter
	// of it, at most 0.3 s), so the root does not rotate at the seam.
	easeFrames := max(1, int(math.Round(math.Min(0.3, a.Duration()/4)/c.FrameTime)))
	frameAt := func(f int) actiongraph.Frame {
		return actiongraph.Frame{Position: w.Frame.Position, Yaw: frame.Yaw + turn*smooth(float64(f)/float64(easeFrames))}
	}
	off, vel := opt.RootOffset, opt.RootVelocity
	offsets := make([]mgl64.Vec3, c.Frames())
	for f := range c.Frames() {
		if f > 0 {
			off, vel = ik.Spring(off, vel, goal(f), opt.Omega, c.FrameTime)
		}
		offsets[f] = off
		root := start.ToLocal(c.Trans[f*n])
		root[1] -= a.Ground
		fr := frameAt(f)
		out.Trans[f*n] = fr.Apply(root).Add(off)
		out.Rot[f*n] = mgl64.QuatRotate(fr.Yaw-start.Yaw, mgl64.Vec3{0, 1, 0}).Mul(c.Rot[f*n]).Normalize()
	}
	w.EndOffset, w.RootVelocity = off, vel
	pos := make([]mgl64.Vec3, n)
	world := make([]mgl64.Quat, n)
	blend := int(math.Round(opt.Blend / c.FrameTime))
	dropBlend := int(math.Round(0.2 / c.FrameTime))
	// 4. Where a docked limb cannot reach its support from the offset
	// root, lower the root just enough, easing in and out over the blend.
	drop := make([]float64, c.Frames())
	for f := range c.Frames() {
		active := false
		for _, fx := range fixes {
			active = active || f >= fx.from && f <= fx.to
		}
		if !active {
			continue
		}
		sk.FK(out.Trans[f*n:(f+1)*n], out.Rot[f*n:(f+1)*n], pos, world)
		for _, fx := range fixes {
			if f < fx.from || f > fx.to {
				continue
			}
			e := frameAt(f).DockPose(fx.local)
			dq := fx.target.turn(mgl64.QuatRotate(math.Remainder(float64(fx.target.Pose.Yaw-e.Yaw), 2*math.Pi), mgl64.Vec3{0, 1, 0}))
			target := vec(fx.target.Pose.Position).Add(dq.Rotate(pos[fx.joint].Sub(offsets[f]).Sub(vec(e.Position))))
			// Short of the IK's soft zone, so the limb meets the target exactly.
			reach := sk.Offsets[fx.mid].Len() + sk.Offsets[fx.joint].Len() - ikSoft - 0.001
			hip := pos[fx.top]
			dxz := math.Hypot(hip[0]-target[0], hip[2]-target[2])
			if dxz < reach && hip.Sub(target).Len() > reach {
				drop[f] = math.Max(drop[f], (hip[1]-target[1])-math.Sqrt(reach*reach-dxz*dxz))
			}
		}
	}
	for f := range c.Frames() {
		d := 0.0
		for g := max(f-dropBlend, 0); g <= min(f+dropBlend, c.Frames()-1); g++ {
			k := float64(f - g)
			d = math.Max(d, drop[g]*smooth(1-math.Abs(k)/float64(dropBlend+1)))
		}
		out.Trans[f*n][1] -= d
		offsets[f][1] -= d
	}
	// 5. Constrained limbs: two-bone IK towards the support, eased in and
	// out over opt.Blend around each dock.
	base := make([]mgl64.Vec3, n)
	baseW := make([]mgl64.Quat, n)
	for _, fx := range fixes {
		rep := DockReport{Dock: fx.target.Dock, Reached: true}
		l1, l2 := sk.Offsets[fx.mid].Len(), sk.Offsets[fx.joint].Len()
		for f := max(fx.from-blend, 0); f <= min(fx.to+blend, c.Frames()-1); f++ {
			wgt := 1.0
			if f < fx.from {
				wgt = smooth(float64(f-(fx.from-blend)) / float64(blend+1))
			} else if f > fx.to {
				wgt = smooth(float64(fx.to+blend-f) / float64(blend+1))
			}
			fr := out.Trans[f*n : (f+1)*n]
			rr := out.Rot[f*n : (f+1)*n]
			sk.FK(fr, rr, pos, world)
			// Where the joint would be without the root offset, carried
			// rigidly from the expected dock pose onto the support.
			e := frameAt(f).DockPose(fx.local)
			dq := fx.target.turn(mgl64.QuatRotate(math.Remainder(float64(fx.target.Pose.Yaw-e.Yaw), 2*math.Pi), mgl64.Vec3{0, 1, 0}))
			p0 := pos[fx.joint].Sub(offsets[f])
			target := vec(fx.target.Pose.Position).Add(dq.Rotate(p0.Sub(vec(e.Position))))
			target = pos[fx.joint].Add(target.Sub(pos[fx.joint]).Mul(wgt))
			copy(base, pos)
			copy(baseW, world)
			hip, knee := pos[fx.top], pos[fx.mid]
			// The soft limit applies only past the extension the clip
			// itself has here, so a target the clip reaches is met as is.
			soft := ikSoft
			if target.Sub(hip).Len() <= pos[fx.joint].Sub(hip).Len()+1e-9 {
				soft = 0
			}
			mid, end, ok := ik.TwoBone(hip, target, l1, l2, knee.Sub(hip), soft)
			if f >= fx.from && f <= fx.to {
				rep.Reached = rep.Reached && ok
				rep.Error = math.Max(rep.Error, end.Sub(target).Len())
			}
			// Turn the upper and lower bones by the smallest rotations
			// taking their old directions to the new ones.
			upper := fromTo(knee.Sub(hip), mid.Sub(hip)).Mul(baseW[fx.top])
			lower := fromTo(base[fx.joint].Sub(knee), end.Sub(mid)).Mul(baseW[fx.mid])
			parentW := baseW[sk.Parents[fx.top]]
			rr[fx.top] = parentW.Inverse().Mul(upper).Normalize()
			rr[fx.mid] = upper.Inverse().Mul(lower).Normalize()
			// The foot or hand keeps its world orientation, turned by the
			// dock's yaw correction and tilted onto the support's normal
			// (eased like the position).
			endW := mgl64.QuatSlerp(mgl64.QuatIdent(), dq, wgt).Mul(baseW[fx.joint])
			rr[fx.joint] = lower.Inverse().Mul(endW).Normalize()
		}
		w.Docks = append(w.Docks, rep)
	}
	w.Clip = out
	return w, nil
}

func vec(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// smooth eases 0..1 with zero slope at both ends.
func smooth(u float64) float64 {
	u = math.Max(0, math.Min(1, u))
	return u * u * (3 - 2*u)
}

// fromTo is the shortest-arc rotation taking direction a to direction b.
func fromTo(a, b mgl64.Vec3) mgl64.Quat {
	la, lb := a.Len(), b.Len()
	if la < 1e-12 || lb < 1e-12 {
		return mgl64.QuatIdent()
	}
	a, b = a.Mul(1/la), b.Mul(1/lb)
	c := a.Dot(b)
	if c < -1+1e-12 {
		p := mgl64.Vec3{1, 0, 0}.Cross(a)
		if p.Len() < 1e-6 {
			p = mgl64.Vec3{0, 1, 0}.Cross(a)
		}
		return mgl64.Quat{W: 0, V: p.Normalize()}
	}
	return mgl64.Quat{W: 1 + c, V: a.Cross(b)}.Normalize()
}

// ikSoft is the length of the two-bone IK's soft zone near full extension.
const ikSoft = 0.02
