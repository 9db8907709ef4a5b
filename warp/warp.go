package warp

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/ik"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Target is the support found for one dock of an action: the supported
// sample's pose in the world, moved onto the surface.
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

// Options tune a warp.
type Options struct {
	// Omega is the root spring's angular frequency; the root settles on
	// its offset in about 6.6/Omega seconds. [Units: 1/s] Default 12.
	Omega float64
	// MaxTurn bounds the reorientation about +Y. [Units: rad] Default 15°.
	MaxTurn float64
	// Blend is the time over which a constrained limb eases into and out
	// of its dock. [Units: s] Default 0.07.
	Blend float64
	// Ground, when set, is the scene the feet stand in: a swinging foot
	// is lifted where the ground rises under it (liftSwings), and the toes
	// bend up where the surface under their tip rises above it
	// (bendToes). Nil leaves the feet as the clip and the docks have them.
	Ground *scenes.BVH
	// FootClearance is, when a body is checked against the scene, the
	// foot's radius beyond what it may sink into a face. A swinging foot's
	// ankle, toe base and toes' tip (a foot without toes: the end of its
	// bone) then keep at least the heights they stand at over their
	// support, so that the sole stays on or above the ground, and their
	// clearance beyond that up to SwingClearance; the ground is the
	// highest within FootClearance of each before and behind it along the
	// foot, at this frame and the one before, so that the foot clears a
	// step's edge between frames too; the toes are lifted over the next
	// riser as the foot lands in front of it, not through it; a lift
	// carried from the action before grows as fast as a foot rises; and a
	// foot eases onto and off its supports over up to half its swing
	// (eases), its lift reckoned where the ease takes it. Zero looks
	// straight under the joints, keeps the clip's own clearance, at most
	// SwingClearance, and eases over Blend. [Units: m]
	FootClearance float64
	// Knees is, per foot, the way its knee bends in its thigh's frame:
	// the library's Hinges. The zero value finds it from the action's own
	// clip (a short clip may hardly bend a knee).
	Knees [2]mgl64.Vec3
	// Fade is how long the pose fades from the action before's into this
	// action's (Carry.From), at most half the action. [Units: s] Default
	// 0.25.
	Fade float64
	// Hold keeps the root where frame places it in the ground plane: no
	// reorientation, and the root spring drives the horizontal offset to
	// zero instead of to the docks' displacement (the vertical offset and
	// the spring's carried velocity stay); the docked limbs alone reach the
	// supports. The body is then where a check of the action at frame
	// found it, up to the limbs: a planner warps a choice so when its
	// warped motion, the root following the docks, hits the scene.
	Hold bool
}

func (o *Options) defaults() {
	if o.Omega <= 0 {
		o.Omega = 12
	}
	if o.MaxTurn <= 0 {
		o.MaxTurn = 15 * math.Pi / 180
	}
	if o.Blend <= 0 {
		o.Blend = 0.07
	}
	if o.Fade <= 0 {
		o.Fade = 0.25
	}
}

// Carry is what a warp continues from: the warped motion of the action
// before at its last frame, as that warp left it (its Result.Next), so
// that consecutive actions join smoothly. The zero Carry is a first
// action: the clip as it is.
type Carry struct {
	// From is the action played before (nil: none). Where the library's
	// transition joins two poses that differ, the pose starts at From's
	// last and fades into the action's own over Options.Fade (see fade);
	// the docks' supports hold all the same.
	From *action.Action
	// RootVelocity is the root spring's velocity (see placeRoot); its
	// offset is in Result.End, where the next action starts.
	// [Units: m/s] world
	RootVelocity mgl64.Vec3
	// Lean is the upper body's lean (see lean). [Units: rad] forward
	// positive
	Lean float64
	// SwingLift is how far each foot (of the action's Effectors.Feet) was
	// lifted off its swing (see liftSwings). [Units: m]
	SwingLift [2]float64
	// Drop is how far the root was lowered (see lowerRoot). [Units: m]
	Drop float64
	// FootOffset is how far each foot was left off where the clip,
	// placed and lifted, has it (see carryFeet). [Units: m] world
	FootOffset [2]mgl64.Vec3
}

// params are a warp's options and what it continues from, as its steps
// read them.
type params struct {
	Options
	Carry
}

// DockReport says how well one dock was met.
type DockReport struct {
	Dock    int
	Reached bool    // the IK reached the target in every frame of the dock
	Error   float64 // the largest distance of the effector from its target during the dock [Units: m]
}

// Result is an action adapted to the supports found for it.
type Result struct {
	// Clip is the warped motion in world coordinates: the root's
	// translation and rotation place the character in the world.
	Clip *motion.Clip
	// Frame is the action frame after the reorientation.
	Frame action.Frame
	// Turn is the reorientation about +Y [Units: rad], RootOffset the root
	// offset the spring drives towards and EndOffset its offset at the
	// last frame. [Units: m] world
	Turn       float64
	RootOffset mgl64.Vec3
	EndOffset  mgl64.Vec3
	// Next is what the next action's warp continues from (it starts at
	// End).
	Next Carry
	// StartDrop is how much further than Carry.Drop the root had to be
	// lowered at the first frame for a limb to reach its support: the
	// root drops that far between the previous action's last frame and
	// this one's first. [Units: m]
	StartDrop float64
	Docks     []DockReport
}

// End is where the next action starts: the action frame moved by the
// root spring's offset at the last frame.
func (r *Result) End() action.Frame {
	f := r.Frame
	f.Position = f.Position.Add(r.EndOffset)
	return f
}

// Warp adapts action a, started at frame, to the supports found for its
// docks (targets; docks without a target are left as the clip has them).
// The result is new; a Warper reuses its memory instead.
func Warp(a *action.Action, frame action.Frame, targets []Target, from Carry, opt Options) (*Result, error) {
	var w Warper
	r, err := w.Warp(a, frame, targets, from, opt)
	if err != nil {
		return nil, err
	}
	out := *r
	out.Clip = &motion.Clip{Skeleton: r.Clip.Skeleton, FrameTime: r.Clip.FrameTime, Trans: r.Clip.Trans, Rot: r.Clip.Rot}
	return &out, nil
}

// Warper warps actions, reusing its working memory: after it has warped
// the longest action of a library once, warping allocates nothing. The
// Result it returns, with its clip, is overwritten by the next Warp. One
// Warper is not safe for concurrent use.
type Warper struct {
	res     Result
	clip    motion.Clip
	fixes   []fix
	hold    bool         // Options.Hold of the warp under way
	opt     params       // its options and what it continues from
	step    int          // its next Step
	offsets []mgl64.Vec3 // per frame: the spring's root offset
	drop    []float64    // per frame: how far the root must come down
	pos     []mgl64.Vec3 // per joint: world positions (FK)
	world   []mgl64.Quat // per joint: world rotations (FK)
	base    []mgl64.Vec3 // per joint: positions before a limb is solved
	baseW   []mgl64.Quat
	bends   []bend        // per limb's end joint: how poseLimb bent it last
	lifts   []float64     // per foot, per frame: how far liftSwings raised it
	raise   []float64     // per frame: how far solveLimbs raises the foot it poses
	stands  []bool        // per frame: the foot being lifted is near where it stands
	standY  []float64     // and the height of the support it stands on there
	endPre  [2]mgl64.Vec3 // per foot: its position at the last frame before any IK
	knees   [2]mgl64.Vec3 // per foot: the way its knee bends, in its thigh's frame
	// fade: the frames the pose fades over, per joint the correction at
	// the first frame, and per fix and faded frame how far it moved the
	// fix's joint.
	fadeN   int
	fadeRot []mgl64.Quat
	fadeTr  []mgl64.Vec3
	shifts  []mgl64.Vec3
	// job: the action being warped and its reoriented frame.
	a     *action.Action
	frame action.Frame
	turn  float64
	ease  int // frames over which the turn eases in
}

// fix is one constrained dock: its target and chain.
type fix struct {
	target          Target
	local           dock.Pose    // the dock in the action frame
	expected        dock.Pose    // and in the world, fully reoriented
	disp            mgl64.Vec3   // target minus expected position
	from, to        int          // frames of the dock
	easeIn, easeOut int          // frames the limb eases onto and off it (eases)
	joint, mid, top int          // effector chain: wrist or ankle, elbow or knee, shoulder or hip
	shift           []mgl64.Vec3 // per faded frame: how far the fade moved the joint
}

// Warp adapts action a, started at frame, to the supports found for its
// docks: it reorients the action about +Y (reorient), places the root with
// the critically damped spring towards the docks' displacement (placeRoot),
// lowers it where a docked limb cannot reach (lowerRoot), leans the upper
// body into the slope the feet stand on (lean), and poses each constrained
// limb with two-bone IK (solveLimbs). The pose fades in from the action
// before (fade), and a foot that action left off its clip eases back onto
// this one's (carryFeet).
func (w *Warper) Warp(a *action.Action, frame action.Frame, targets []Target, from Carry, opt Options) (*Result, error) {
	if err := w.Begin(a, frame, targets, from, opt); err != nil {
		return nil, err
	}
	for {
		if r, done, err := w.Step(); done || err != nil {
			return r, err
		}
	}
}

// Steps is how many Steps a warp takes.
const Steps = 4

// StepShare is about what share of a warp's time each of its Steps takes
// (in percent).
var StepShare = [Steps]int{30, 13, 33, 24}

// Begin starts warping a as Warp does, in Steps: the warp is done a Step
// at a time (so that it can be spread over frames), the same to the bit.
func (w *Warper) Begin(a *action.Action, frame action.Frame, targets []Target, from Carry, opt Options) error {
	opt.defaults()
	if err := w.prepare(a, frame, targets); err != nil {
		return err
	}
	w.hold, w.opt, w.step = opt.Hold, params{opt, from}, 0
	w.res.Next = Carry{From: a}
	if opt.Hold {
		w.opt.MaxTurn = 0
	}
	return nil
}

// Step does the next step of the warp Begin started; it returns the
// result, and true, after the last.
func (w *Warper) Step() (*Result, bool, error) {
	opt := &w.opt
	switch w.step {
	case 0:
		w.reorient(opt.MaxTurn)
		if err := w.chains(); err != nil {
			return nil, true, err
		}
		w.placeRoot(*opt)
		w.hinges(*opt)
		w.fade(*opt)
		w.lowerRoot(opt.Drop)
	case 1:
		w.eases(opt.Blend, opt.FootClearance > 0)
		w.lean(*opt)
		if opt.Ground != nil {
			w.liftSwings(opt.Ground, *opt)
		}
	case 2:
		w.carryFeet(*opt)
		w.solveLimbs()
	default:
		if opt.Ground != nil {
			w.bendToes(opt.Ground)
		}
		w.endOffsets()
		return &w.res, true, nil
	}
	w.step++
	return nil, false, nil
}

// prepare checks the targets and sizes the buffers for a.
func (w *Warper) prepare(a *action.Action, frame action.Frame, targets []Target) error {
	for _, t := range targets {
		if t.Dock < 0 || t.Dock >= len(a.Docks) {
			return fmt.Errorf("warp: action %q has no dock %d", a.Name, t.Dock)
		}
	}
	c := a.Clip
	n, frames := c.Skeleton.NumJoints(), c.Frames()
	w.a, w.frame = a, frame
	w.fixes = w.fixes[:0]
	for _, t := range targets {
		w.fixes = append(w.fixes, fix{target: t})
	}
	w.offsets = resize(w.offsets, frames)
	w.drop = resize(w.drop, frames)
	clear(w.drop)
	w.pos, w.base = resize(w.pos, n), resize(w.base, n)
	w.world, w.baseW = resize(w.world, n), resize(w.baseW, n)
	w.bends = resize(w.bends, n)
	for j := range w.bends {
		w.bends[j].f = -2
	}
	clear(w.lifts)
	w.clip.Skeleton, w.clip.FrameTime = c.Skeleton, c.FrameTime
	w.clip.Trans = append(w.clip.Trans[:0], c.Trans...)
	w.clip.Rot = append(w.clip.Rot[:0], c.Rot...)
	w.res = Result{Clip: &w.clip, Docks: w.res.Docks[:0]}
	return nil
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// reorient turns the action about +Y around the frame's origin by the angle
// (at most maxTurn) that best carries the expected dock positions onto the
// targets, in the ground plane.
func (w *Warper) reorient(maxTurn float64) {
	var sa, sb float64
	f := w.frame
	for _, fx := range w.fixes {
		e := f.DockPose(w.a.Docks[fx.target.Dock].Pose)
		ex, ez := float64(e.Position[0])-f.Position[0], float64(e.Position[2])-f.Position[2]
		tx, tz := float64(fx.target.Pose.Position[0])-f.Position[0], float64(fx.target.Pose.Position[2])-f.Position[2]
		sa += tx*ex + tz*ez
		sb += tx*ez - tz*ex
	}
	w.turn = 0
	if sa != 0 || sb != 0 {
		w.turn = math.Max(-maxTurn, math.Min(maxTurn, math.Atan2(sb, sa)))
	}
	w.res.Turn = w.turn
	w.res.Frame = action.Frame{Position: f.Position, Yaw: f.Yaw + w.turn}
	// The turn eases in over the first moments of the action (a quarter
	// of it, at most 0.3 s), so the root does not rotate at the seam.
	c := w.a.Clip
	w.ease = max(1, int(math.Round(math.Min(0.3, w.a.Duration()/4)/c.FrameTime)))
}

// frameAt is the action frame at clip frame f, with the turn eased in.
func (w *Warper) frameAt(f int) action.Frame {
	return action.Frame{Position: w.res.Frame.Position, Yaw: w.frame.Yaw + w.turn*smooth(float64(f)/float64(w.ease))}
}

// chains finds each dock's limb and its displacement from where the
// reoriented action expects it.
func (w *Warper) chains() error {
	sk := w.a.Clip.Skeleton
	ft := w.a.Clip.FrameTime
	for k := range w.fixes {
		fx := &w.fixes[k]
		d := w.a.Docks[fx.target.Dock]
		j := sk.Index(d.Effector)
		if j < 0 || sk.Parents[j] < 0 || sk.Parents[sk.Parents[j]] < 0 {
			return fmt.Errorf("warp: action %q: effector %q has no two-bone chain", w.a.Name, d.Effector)
		}
		fx.local, fx.expected = d.Pose, w.res.Frame.DockPose(d.Pose)
		fx.disp = vec(fx.target.Pose.Position).Sub(vec(fx.expected.Position))
		fx.from, fx.to = int(math.Round(d.Start/ft)), int(math.Round(d.End/ft))
		fx.joint, fx.mid, fx.top = j, sk.Parents[j], sk.Parents[sk.Parents[j]]
	}
	return nil
}

// placeRoot sets RootOffset (the duration-weighted mean displacement of the
// docks) and places every frame: the clip in the reoriented frame, plus a
// root offset driven by the spring towards the displacement of the docks
// held at that moment (between docks, eased from one to the next).
func (w *Warper) placeRoot(opt params) {
	a, c := w.a, w.a.Clip
	var sum mgl64.Vec3
	var weight float64
	for _, fx := range w.fixes {
		d := a.Docks[fx.target.Dock]
		wt := d.End - d.Start + c.FrameTime
		sum = sum.Add(fx.disp.Mul(wt))
		weight += wt
	}
	if weight > 0 {
		w.res.RootOffset = sum.Mul(1 / weight)
	}
	n := c.Skeleton.NumJoints()
	start := c.RootPointWith(0, a.Effectors.Hips, w.pos, w.world)
	off, vel := mgl64.Vec3{}, opt.RootVelocity
	for f := range c.Frames() {
		if f > 0 {
			g := w.goal(f)
			if w.hold {
				g[0], g[2] = 0, 0
			}
			off, vel = ik.Spring(off, vel, g, opt.Omega, c.FrameTime)
		}
		w.offsets[f] = off
		root := start.ToLocal(c.Trans[f*n])
		root[1] -= a.Ground
		fr := w.frameAt(f)
		w.clip.Trans[f*n] = fr.Apply(root).Add(off)
		w.clip.Rot[f*n] = mgl64.QuatRotate(fr.Yaw-start.Yaw, mgl64.Vec3{0, 1, 0}).Mul(c.Rot[f*n]).Normalize()
	}
	w.res.EndOffset, w.res.Next.RootVelocity = off, vel
}

// goal is the root offset the spring drives towards at frame f: the mean
// displacement of the docks held then; between docks, eased from the last
// one to the next.
func (w *Warper) goal(f int) mgl64.Vec3 {
	var s mgl64.Vec3
	cnt := 0
	prev, next := -1, -1
	fixes := w.fixes
	for k, fx := range fixes {
		switch {
		case f >= fx.from && f <= fx.to:
			s = s.Add(fx.disp)
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
		return fixes[prev].disp.Add(fixes[next].disp.Sub(fixes[prev].disp).Mul(smooth(u)))
	case prev >= 0:
		return fixes[prev].disp
	case next >= 0:
		return fixes[next].disp
	}
	return mgl64.Vec3{}
}

// Reserve makes room for warping any action of lib, so that warping them
// never allocates.
func (w *Warper) Reserve(lib *action.Library) {
	frames, joints, docks, feet, values := 0, 0, 0, 0, 0
	for _, a := range lib.Actions {
		c := a.Clip
		frames = max(frames, c.Frames())
		joints = max(joints, c.Skeleton.NumJoints())
		docks = max(docks, len(a.Docks))
		feet = max(feet, len(a.Effectors.Feet))
		values = max(values, len(c.Rot))
	}
	w.fixes = slices.Grow(w.fixes[:0], docks)
	w.res.Docks = slices.Grow(w.res.Docks[:0], docks)
	w.offsets = resize(w.offsets, frames)
	w.drop = resize(w.drop, frames)
	w.pos, w.base = resize(w.pos, joints), resize(w.base, joints)
	w.world, w.baseW = resize(w.world, joints), resize(w.baseW, joints)
	w.bends = resize(w.bends, joints)
	w.lifts = resize(w.lifts, feet*frames)
	w.raise = resize(w.raise, frames)
	w.stands, w.standY = resize(w.stands, frames), resize(w.standY, frames)
	w.fadeRot, w.fadeTr = resize(w.fadeRot, joints), resize(w.fadeTr, joints)
	w.shifts = resize(w.shifts, docks*frames)
	w.clip.Trans = slices.Grow(w.clip.Trans[:0], values)
	w.clip.Rot = slices.Grow(w.clip.Rot[:0], values)
	// Touch the memory now, so that no warp pays for its first use (the
	// system maps a page at its first write).
	clear(w.clip.Trans[:cap(w.clip.Trans)])
	clear(w.clip.Rot[:cap(w.clip.Rot)])
	clear(w.offsets)
	clear(w.lifts)
	clear(w.shifts)
}
