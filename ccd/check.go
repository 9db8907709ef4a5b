package ccd

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Contact is where and when a capsule touches a triangle: a real contact
// (within Options.Epsilon); the earliest for Checker.Clip, any for
// Checker.Action (plan time needs only the answer).
type Contact struct {
	Capsule  int     // index in the body's capsules
	Time     float64 // [Units: s] into the clip
	Triangle int32   // mesh triangle index
	Gap      float64 // [Units: m] surface distance then (at most Epsilon; negative inside)
}

// Stats counts a Checker's work.
type Stats struct {
	Checks   int64        // clips or plan nodes checked
	Hits     int64        // of them, found in contact
	BVH      scenes.Stats // box queries against the scene's BVH
	Pairs    int64        // capsule–triangle pairs given to the narrow phase
	Steps    int64        // exact distance evaluations
	Bounds   int64        // gaps bounded by a triangle's plane instead
	Capsules int64        // capsule-slice boxes placed
	// Remembered counts plan questions answered from memory (a question
	// asked before, at the same snapped frame), not in Checks.
	Remembered int64
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Checks += o.Checks
	s.Hits += o.Hits
	s.BVH.Add(o.BVH)
	s.Pairs += o.Pairs
	s.Steps += o.Steps
	s.Bounds += o.Bounds
	s.Capsules += o.Capsules
	s.Remembered += o.Remembered
}

// Checker tests a body's motion against a scene. It holds one user's
// working memory: not safe for concurrent use (make one per goroutine).
// After Reserve (or its first uses) it allocates nothing.
type Checker struct {
	sw       *Sweeps
	scene    *Scene
	cand     []int32             // a group's candidates over the action
	locals   []local             // every group's candidates in the sweep's frame
	near     []int32             // of them, those a slice's group box meets (indices in locals)
	span     [numGroups][2]int32 // each group's candidates in locals
	pending  []step              // the steps the measured instants did not settle
	deferred []deferred          // the pairs the slices' middles did not settle
	exec     sweep               // the executed clip being checked
	part     motion.Clip         // the part of it ClipPart checks
	memo     answers             // plan answers by snapped question
	cuts     []float64           // ClipMoving: the times a frame interval is cut at
	solids   [][2]int32          // ClipMoving: each prism's faces in locals
	chain    []float64           // ClipMoving: each joint's longest chain from the root
	turn     struct {            // the latest snapped yaw's sine and cosine
		yaw      uint32
		sin, cos float64
		set      bool
	}
	trans []mgl64.Vec3
	rot   []mgl64.Quat
	pos   []mgl64.Vec3
	world []mgl64.Quat
	// FreeLimbs has plan checks (Action) test the placed parts of the
	// limbs an action docks no hand or foot of, as they test the legs:
	// the warp leaves such a limb as the clip has it. Off, only the
	// executed motion (Clip) tests them.
	FreeLimbs bool
	Stats     Stats
}

// NewChecker makes a checker of sw's body against scene sc.
func NewChecker(sw *Sweeps, sc *Scene) *Checker {
	nj := sw.model.Skeleton.NumJoints()
	slots := memoSlots
	if len(sw.actions) == 0 { // it checks executed clips only: no plan answers
		slots = 1
	}
	c := &Checker{sw: sw, scene: sc, memo: newAnswers(slots),
		trans: make([]mgl64.Vec3, nj), rot: make([]mgl64.Quat, nj),
		pos: make([]mgl64.Vec3, nj), world: make([]mgl64.Quat, nj)}
	c.Reserve(sw.frames)
	touch(c.memo.slots)
	return c
}

// Forget clears the plan answers the checker remembers (for measuring
// plans from a cold start; the answers never go stale).
func (c *Checker) Forget() { clear(c.memo.slots) }

// Reserve makes room to check executed clips of up to frames frames.
func (c *Checker) Reserve(frames int) {
	nc := len(c.sw.model.Capsules)
	c.exec.k = c.sw.opt.ClipSubsteps
	frames = max(frames-1, 1)*c.exec.k + 1
	c.exec.seg = grow(c.exec.seg, frames*nc)[:0]
	c.exec.travel = grow(c.exec.travel, frames*nc)[:0]
	c.exec.speed = grow(c.exec.speed, frames*nc)[:0]
	c.exec.sag = grow(c.exec.sag, frames*nc)[:0]
	c.exec.boxes = grow(c.exec.boxes, frames*nc)[:0]
	c.exec.groups = grow(c.exec.groups, frames*numGroups)[:0]
	for e := range c.exec.ends {
		c.exec.ends[e].boxes = grow(c.exec.ends[e].boxes, nc)
	}
	if cap(c.exec.slices) < frames+1 {
		c.exec.slices = make([]int32, 0, frames+1)
	}
	if cap(c.cuts) < 16 {
		c.cuts, c.solids = make([]float64, 0, 16), make([][2]int32, 0, 256)
	}
	if cap(c.cand) < 1024 {
		c.cand = make([]int32, 0, 1024)
		c.near = make([]int32, 0, 1024)
		c.locals = make([]local, 0, 1024)
		c.pending = make([]step, 0, 1024)
		c.deferred = make([]deferred, 0, 1024)
	}
	// Touch the memory now, so that no check pays for its first use (the
	// system maps a page at its first write).
	touch(c.exec.seg)
	touch(c.exec.travel)
	touch(c.exec.speed)
	touch(c.exec.sag)
	touch(c.exec.boxes)
	touch(c.exec.groups)
	touch(c.locals)
	touch(c.pending)
	touch(c.deferred)
}

// touch writes zeros over s's whole capacity.
func touch[T any](s []T) { clear(s[:cap(s)]) }

// Action checks action a of the library, performed from frame f raised by
// lift, at plan time: the parts the warp places (body.Part.Placed) are left
// to the check of the warped motion, and the parts that may touch ground
// faces ignore them.
// It reports whether the body stays clear; when not, out (may be nil)
// says where it touched.
//
// The check runs at f snapped to a grid finer than a micrometre (and the
// yaw to 2π/2³²), with every capsule widened by more than the snap moves
// it, so a contact at f itself is never missed and a reported one is
// within Epsilon plus 2.1 µm (for actions reaching up to 50 m) of a real
// one. With Options.Margin, every capsule is widened by it as well: a
// capsule within Margin of the scene counts as a contact, and a reported
// one is within Epsilon plus Margin plus 2.1 µm of a real one. The
// answer is remembered by snapped frame: plans reach one frame
// along different paths (a left step then a right one, or the other way
// round), and the second asking costs a look-up.
func (c *Checker) Action(a int32, f action.Frame, lift float64, out *Contact) bool {
	sw := &c.sw.actions[a]
	k, snapped := snap(a, f, lift)
	if !snapped {
		return c.check(sw, framePlacement(f, lift), true, out)
	}
	if clear, known := c.memo.get(&k); known && out == nil {
		c.Stats.Remembered++
		return clear
	}
	clear := c.check(sw, c.placed(&k), true, out)
	c.memo.put(&k, clear)
	return clear
}

// placed is k's snapped frame as a placement (the latest yaw's sine and
// cosine kept: a node's children share it).
func (c *Checker) placed(k *snapKey) placement {
	if !c.turn.set || c.turn.yaw != k.yaw {
		p := k.placement()
		c.turn.yaw, c.turn.sin, c.turn.cos, c.turn.set = k.yaw, p.sin, p.cos, true
		return p
	}
	p := placement{yaw: float64(k.yaw) * (2 * math.Pi / yawSteps), sin: c.turn.sin, cos: c.turn.cos}
	p.offset[0], p.offset[1], p.offset[2] = float64(k.x)/snapScale, float64(k.y)/snapScale, float64(k.z)/snapScale
	return p
}

// ClipPart is Clip over frames from to to (inclusive) of clip: a long
// clip checked in parts, one step of frames after another, is clear when
// every part is (each part's steps are checked as Clip checks them). A
// contact it reports is timed from the clip's start, the earliest of the
// part.
func (c *Checker) ClipPart(clip *motion.Clip, from, to int, out *Contact) bool {
	n := clip.Skeleton.NumJoints()
	c.part = motion.Clip{Skeleton: clip.Skeleton, FrameTime: clip.FrameTime, Trans: clip.Trans[from*n : (to+1)*n], Rot: clip.Rot[from*n : (to+1)*n]}
	if c.Clip(&c.part, out) {
		return true
	}
	if out != nil {
		out.Time += float64(from) * clip.FrameTime
	}
	return false
}

// Clip checks an executed clip in world coordinates (a warped action): the
// parts that may touch ground faces may sink into them by Options.Sink.
// A contact it reports (out, when not nil) is the earliest: no capsule
// touches the scene before it.
func (c *Checker) Clip(clip *motion.Clip, out *Contact) bool {
	id := placement{}
	id.prepare()
	c.sw.measure(&c.exec, clip, id)
	if c.check(&c.exec, id, false, out) {
		return true
	}
	if out != nil {
		c.first(&c.exec, id, out)
	}
	return false
}

// Meets reports whether the parts a plan check of action a (performed
// from frame f raised by lift) tests may come within reach of box b: when
// not, no change of the scene inside b changes the check's answer.
func (c *Checker) Meets(a int32, f action.Frame, lift float64, b scenes.AABB) bool {
	sw := &c.sw.actions[a]
	pl := framePlacement(f, lift)
	const slack = 1e-3 // more than the snap of a plan check's frame and the widening of its capsules
	for g := range numGroups {
		if g == placedGroup || g == freeGroup && !c.FreeLimbs {
			continue
		}
		w := pl.aabb(sw.whole[g])
		if w.Min[0]-slack <= b.Max[0] && w.Max[0]+slack >= b.Min[0] && w.Min[1]-slack <= b.Max[1] &&
			w.Max[1]+slack >= b.Min[1] && w.Min[2]-slack <= b.Max[2] && w.Max[2]+slack >= b.Min[2] {
			return true
		}
	}
	return false
}

// SetScene makes the checker test against sc from now on (a scene that
// changed), forgetting the plan answers it remembers.
func (c *Checker) SetScene(sc *Scene) {
	c.scene = sc
	c.Forget()
}
