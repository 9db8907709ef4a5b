package warp

import (
	"math"

	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// SwingClearance is the most clearance a swinging foot keeps over the
// ground: the clip's own height over its floor, at most this. [Units: m]
const SwingClearance = 0.05

// maxSwingLift bounds how far a swing is raised: a surface higher above
// the foot is a step or a wall it must not be lifted over here. [Units: m]
const maxSwingLift = 0.4

// liftSwings raises each foot while it swings (outside its docks) where the
// ground under its ankle or toes rises closer to them than the clip keeps
// them over its own floor (at most SwingClearance): the leg is posed with
// IK, the ankle lifted by the largest shortfall near in time (eased over
// 0.15 s either way), starting from the lift the action before ended with
// (Carry.SwingLift) and ending in Result.Next.SwingLift. A dock's IK,
// which runs after, eases from the lifted swing onto its support; with
// Options.FootClearance the ground is looked for where that ease takes
// the foot (easeShift), and the lift is kept through it. A lift
// never grows or shrinks faster than liftSpeed (limitLift): from a dock,
// and into the last frame where the clip sets the foot down (the next
// action docks it). A foot is not lifted over a step or side it stood
// under (more than stepRise above its support) while it is still within
// standReach of where it stood or will stand (nearStands).
func (w *Warper) liftSwings(ground *scenes.BVH, opt params) {
	c := w.a.Clip
	sk := c.Skeleton
	n, frames := sk.NumJoints(), c.Frames()
	w.drop = resize(w.drop, frames) // reused: the shortfall per frame
	w.stands, w.standY = resize(w.stands, frames), resize(w.standY, frames)
	k := max(1, int(math.Round(0.15/c.FrameTime)))
	w.lifts = resize(w.lifts, len(w.a.Effectors.Feet)*frames)
	clear(w.lifts)
	for i, e := range w.a.Effectors.Feet {
		if i >= len(w.res.Next.SwingLift) {
			break
		}
		mid := sk.Parents[e.Joint]
		if mid < 0 || sk.Parents[mid] < 0 {
			continue
		}
		top := sk.Parents[mid]
		base, tip := w.toes(e.Joint)
		ft := w.swingFootOf(e.Joint, base, tip, opt.FootClearance)
		w.nearStands(e.Joint, ft.reach > 0)
		for f := range frames {
			w.drop[f] = w.shortfall(ground, &ft, f)
		}
		lifts := w.lifts[i*frames : (i+1)*frames]
		start := opt.SwingLift[i]
		for f := range frames {
			if w.footDocked(e.Joint, f) {
				// A docked foot stands on its support: the lift carried
				// in is dropped at once.
				start = 0
				continue
			}
			lift := 0.0
			for g := max(f-k, 0); g <= min(f+k, frames-1); g++ {
				lift = math.Max(lift, w.drop[g]*smooth(1-math.Abs(float64(f-g))/float64(k+1)))
			}
			if f < k {
				lift = w.easeLift(start, lift, f, k, opt.FootClearance > 0)
			}
			lifts[f] = lift
		}
		w.limitLift(lifts, e.Joint, base, tip)
		w.res.Next.SwingLift[i] = lifts[frames-1]
		for f, lift := range lifts {
			if lift <= 1e-9 {
				continue
			}
			sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], e.Joint, w.pos, w.world)
			w.poseLimb(f, top, mid, e.Joint, w.pos[e.Joint].Add(mgl64.Vec3{0, lift, 0}), mgl64.QuatIdent())
		}
	}
}

// easeLift is the lift at frame f < k of a swing that starts lifted by
// start and would be lifted by lift: eased from start over k frames, and,
// when the foot must keep clear of the ground (fast), no less than lift
// as far as liftSpeed lets it rise from start by then.
func (w *Warper) easeLift(start, lift float64, f, k int, fast bool) float64 {
	eased := start + (lift-start)*smooth(float64(f)/float64(k))
	if fast && lift > eased {
		eased = math.Max(eased, math.Min(lift, start+liftSpeed*w.a.Clip.FrameTime*float64(f)))
	}
	return eased
}

// liftSpeed is the fastest a swing's lift grows or shrinks. [Units: m/s]
const liftSpeed = 3.5

// standReach is how far on the ground a foot may move from where it stands
// (its dock's first or last frame in the clip) and still not be lifted over
// what it stood under. [Units: m]
const standReach = 0.04

// limitLift bounds the lifts of foot joint j, per frame, so that they grow
// and shrink no faster than liftSpeed from the frames where the foot is
// docked, and from the last frame where the clip sets the foot down (the
// lift is 0 there: the next action docks it). The first frame keeps the
// lift carried in from the action before.
func (w *Warper) limitLift(lifts []float64, j, base, tip int) {
	last := len(lifts) - 1
	if w.downAtEnd(j, base, tip) {
		lifts[last] = 0
	}
	step := liftSpeed * w.a.Clip.FrameTime
	for f := 1; f <= last; f++ {
		lifts[f] = math.Min(lifts[f], lifts[f-1]+step)
	}
	for f := last - 1; f >= 1; f-- {
		lifts[f] = math.Min(lifts[f], lifts[f+1]+step)
	}
}

// downAtEnd reports whether the clip sets foot joint j down at its last
// frame: its lowest point (joint, toe base or tip) within footDown of the
// ground the action ends on, and the foot not docked then.
func (w *Warper) downAtEnd(j, base, tip int) bool {
	c := w.a.Clip
	last := c.Frames() - 1
	if w.footDocked(j, last) {
		return false
	}
	n := c.Skeleton.NumJoints()
	end := j
	if tip >= 0 {
		end = tip
	}
	c.Skeleton.ChainFK(w.clip.Trans[last*n:(last+1)*n], w.clip.Rot[last*n:(last+1)*n], end, w.pos, w.world)
	low := w.pos[j][1]
	for _, p := range [2]int{base, tip} {
		if p >= 0 {
			low = math.Min(low, w.pos[p][1])
		}
	}
	ground := w.res.Frame.Position[1] + w.offsets[last][1] + w.a.Delta.Translation[1]
	return low-ground <= footDown
}

// footDown is how near its ground the lowest point of a foot is when the
// clip sets it down. [Units: m]
const footDown = 0.02

// nearStands marks, in w.stands, the frames at which foot joint j is within
// standReach on the ground of where its clip stands at the nearest frame
// it is docked, before or after, and sets w.standY there to the height of
// that dock's support.
func (w *Warper) nearStands(j int, eased bool) {
	c := w.a.Clip
	n, frames := c.Skeleton.NumJoints(), c.Frames()
	clear(w.stands)
	for _, fx := range w.fixes {
		if fx.joint != j {
			continue
		}
		for _, at := range [2]int{fx.from, fx.to} {
			if at < 0 || at >= frames {
				continue
			}
			c.Skeleton.ChainFK(w.clip.Trans[at*n:(at+1)*n], w.clip.Rot[at*n:(at+1)*n], j, w.pos, w.world)
			p := w.pos[j]
			if eased {
				p, _ = w.limbTarget(&fx, at) // where the IK stands it
			}
			step := 1
			if at == fx.from {
				step = -1
			}
			for f := at + step; f >= 0 && f < frames && !w.footDocked(j, f); f += step {
				c.Skeleton.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], j, w.pos, w.world)
				q := w.pos[j].Add(w.easeShift(j, f, eased))
				if math.Hypot(q[0]-p[0], q[2]-p[2]) > standReach {
					break
				}
				w.stands[f], w.standY[f] = true, float64(fx.target.Pose.Position[1])
			}
		}
	}
}

// liftAt is how far liftSwings raised joint j at frame f (0 for a joint
// that is no foot).
func (w *Warper) liftAt(j, f int) float64 {
	frames := w.a.Clip.Frames()
	for i, e := range w.a.Effectors.Feet {
		if e.Joint == j && (i+1)*frames <= len(w.lifts) {
			return w.lifts[i*frames+f]
		}
	}
	return 0
}

// footDocked reports whether foot joint j is held by a dock at frame f.
func (w *Warper) footDocked(j, f int) bool {
	for _, fx := range w.fixes {
		if fx.joint == j && f >= fx.from && f <= fx.to {
			return true
		}
	}
	return false
}

// swingFoot is what shortfall looks at of a foot: its ankle, toe base and
// toes' tip (-1: none; with reach, a foot without toes has its bone's end
// as its tip), Options.FootClearance (reach) and, with reach, how high
// each point stands over the clip's floor while the foot is docked (the
// least over those frames).
type swingFoot struct {
	points [3]int
	stand  [3]float64
	reach  float64
	// prevG holds, with reach, the ground shortfall found near each
	// point at frame prevAt (-1: none), and whether it found any.
	prevG  [3]float64
	prevOK [3]bool
	prevAt int
}

// swingFootOf is foot joint j's swingFoot.
func (w *Warper) swingFootOf(j, base, tip int, reach float64) swingFoot {
	sk := w.a.Clip.Skeleton
	if tip < 0 && reach > 0 {
		tip = footEnd(sk, j)
	}
	ft := swingFoot{points: [3]int{j, base, tip}, reach: reach, prevAt: -1}
	if reach <= 0 {
		return ft
	}
	end := max(j, tip)
	ft.stand = [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	for k := range w.fixes {
		fx := &w.fixes[k]
		if fx.joint == j {
			w.standOver(&ft, fx, end)
		}
	}
	for k := range ft.stand {
		if math.IsInf(ft.stand[k], 1) {
			ft.stand[k] = 0
		}
	}
	return ft
}

// standOver lowers ft.stand to how high each of its points stands over
// dock fx's support in the clip while fx holds the foot (end: the last
// of the foot's joints).
func (w *Warper) standOver(ft *swingFoot, fx *fix, end int) {
	sk := w.a.Clip.Skeleton
	n := sk.NumJoints()
	for f := max(fx.from, 0); f <= fx.to && f < w.a.Clip.Frames(); f++ {
		sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], end, w.pos, w.world)
		floor := float64(w.frameAt(f).DockPose(fx.local).Position[1]) + w.offsets[f][1]
		for k, p := range ft.points {
			if p >= 0 {
				ft.stand[k] = math.Min(ft.stand[k], w.pos[p][1]-floor)
			}
		}
	}
}

// shortfall is how far foot ft must rise at frame f for its points to
// keep over the ground the clearance they have over the clip's floor (at
// most SwingClearance, or with reach at most SwingClearance beyond the
// height they stand at, and at least that height and reach); 0 when
// docked. With reach, the ground is the highest within reach of a point
// before and behind it along the foot, so that a foot with that much
// radius clears a step's edge, and its sole keeps above the ground. Near
// where it stands (w.stands) a surface more than stepRise above a point
// is a step or a side it stood under, and does not count.
func (w *Warper) shortfall(ground *scenes.BVH, ft *swingFoot, f int) float64 {
	j, tip := ft.points[0], ft.points[2]
	if w.footDocked(j, f) {
		ft.prevAt = -1
		return 0
	}
	sk := w.a.Clip.Skeleton
	n := sk.NumJoints()
	end := max(j, tip)
	sk.ChainFK(w.clip.Trans[f*n:(f+1)*n], w.clip.Rot[f*n:(f+1)*n], end, w.pos, w.world)
	floor := w.res.Frame.Position[1] + w.offsets[f][1]
	landing := w.landingHeight(j, f)
	if ft.reach > 0 {
		landing = math.Inf(1) // the toes may not reach into the next riser
	}
	along := footAlong(w.pos[j], w.pos[end], ft.reach)
	shift := w.easeShift(j, f, ft.reach > 0)
	short := 0.0
	for k, p := range ft.points {
		if p < 0 {
			continue
		}
		q := w.pos[p].Add(shift)
		want := math.Max(ft.reach, math.Min(q[1]-floor, SwingClearance))
		if ft.reach > 0 {
			want = math.Max(want, math.Max(ft.stand[k], math.Min(q[1]-floor, SwingClearance+ft.stand[k])))
		}
		g, ok := groundNear(ground, q, along)
		// Between frames the point passes over what it had near it at
		// the frame before too.
		gNow, okNow := g, ok
		if ft.reach > 0 && f > 0 && ft.prevAt == f-1 && ft.prevOK[k] && (!ok || ft.prevG[k] > g) {
			g, ok = ft.prevG[k], true
		}
		ft.prevG[k], ft.prevOK[k] = gNow, okNow
		if w.stands[f] && g > w.standY[f]+stepRise {
			continue // a step or a side the foot stood under
		}
		if ok && g-q[1] < maxSwingLift && (p != tip || g <= landing) {
			short = math.Max(short, g+want-q[1])
		}
	}
	if ft.reach > 0 {
		ft.prevAt = f
	}
	return short
}

// easeShift is how far the IK will move foot joint j at frame f as it
// eases onto or off a dock (solveLimbs, limbGoal), w.pos holding the
// frame's FK down to j: towards where the dock carries it, by the ease's
// weight. Zero outside the eases, or unless eased.
func (w *Warper) easeShift(j, f int, eased bool) mgl64.Vec3 {
	var s mgl64.Vec3
	if !eased {
		return s
	}
	for k := range w.fixes {
		fx := &w.fixes[k]
		if fx.joint != j || (f >= fx.from && f <= fx.to) {
			continue
		}
		if wt := easeWeight(fx, f); wt > 0 {
			t, _ := w.limbTarget(fx, f)
			s = s.Add(t.Sub(w.pos[j]).Mul(wt))
		}
	}
	return s
}

// footEnd is the first child of foot joint j, where the bone of a foot
// without toes ends (-1: none).
func footEnd(sk *motion.Skeleton, j int) int {
	for k := j + 1; k < sk.NumJoints(); k++ {
		if sk.Parents[k] == j {
			return k
		}
	}
	return -1
}

// footAlong is reach along the ground in the direction from a foot's
// ankle to its toes (zero when reach is, or the foot points up or down).
func footAlong(ankle, toes mgl64.Vec3, reach float64) mgl64.Vec3 {
	d := mgl64.Vec3{toes[0] - ankle[0], 0, toes[2] - ankle[2]}
	if l := d.Len(); reach > 0 && l > 1e-6 {
		return d.Mul(reach / l)
	}
	return mgl64.Vec3{}
}

// groundNear is the highest surface straight under p, p+along and
// p-along (groundUnder), and whether any was found.
func groundNear(ground *scenes.BVH, p, along mgl64.Vec3) (float64, bool) {
	g, ok := groundUnder(ground, p)
	if along == (mgl64.Vec3{}) {
		return g, ok
	}
	for _, q := range [2]mgl64.Vec3{p.Add(along), p.Sub(along)} {
		if h, hit := groundUnder(ground, q); hit && (!ok || h > g) {
			g, ok = h, true
		}
	}
	return g, ok
}

// landingHeight is how high a surface under the tip of foot joint j's
// toes may be at frame f for the swing to be lifted over it: in the last
// landingTime before the foot docks, no higher than the support it lands
// on plus SwingClearance (the toes of a foot landing on a stair's tread
// reach over the next riser: that step is not the foot's to clear, unless
// the body is checked, Options.FootClearance); otherwise any height.
func (w *Warper) landingHeight(j, f int) float64 {
	k := int(math.Round(landingTime / w.a.Clip.FrameTime))
	for _, fx := range w.fixes {
		if fx.joint == j && fx.from > f && fx.from-f <= k {
			return float64(fx.target.Pose.Position[1]) + SwingClearance
		}
	}
	return math.Inf(1)
}

// landingTime is how long before it docks a foot comes down onto its
// support whatever is around it (landingHeight). [Units: s]
const landingTime = 0.15

// groundUnder is the height of the highest surface straight under a point
// maxSwingLift above p, within maxSwingLift + 0.3 m of it.
func groundUnder(ground *scenes.BVH, p mgl64.Vec3) (float64, bool) {
	r := scenes.Ray{Origin: mgl32.Vec3{float32(p[0]), float32(p[1] + maxSwingLift), float32(p[2])}, Dir: mgl32.Vec3{0, -1, 0}, TMax: maxSwingLift + 0.3}
	hit, ok := ground.ClosestHit(r, nil)
	return p[1] + maxSwingLift - float64(hit.T), ok
}
