package librarybuild

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// blended adds the transitions between standing and moving that need a
// blend, as a game engine cross-fades: for each moving action, copies
// fading in from standing poses (starts: the nearest first, then the
// nearest of those that cannot reach it yet, until every standing action
// can), and a copy of the standing piece nearest its end fading in from
// that end (a stop), where the same feet stand; when that stop would not
// end on a docked foot, the next nearest standing piece is tried. The
// blend lasts 0.4 s or 80% of the action;
// the report gives the largest pose difference a blend bridges. Runs get
// none when the library walks: a fade of 0.4 s does not take a body from
// standing to 3 m/s or back as smoothly as a walk's start does; they start
// and stop where the captures do, or through the walk: each walking step
// gets a copy fading in from the run's step nearest it, and each running
// step one fading in from the walk's (gaitChanges). A library that only
// runs blends them.
func (b *builder) blended() error {
	n := len(b.acts)
	f := features{starts: make([][]mgl64.Vec3, n), ends: make([][]mgl64.Vec3, n), limit: b.opt.MaxPoseError * b.leg}
	for i, a := range b.acts {
		f.starts[i], f.ends[i] = poseFeature(a.Clip, a.Effectors, 0), poseFeature(a.Clip, a.Effectors, a.Clip.Frames()-1)
	}
	var picks []blendPick
	walks := false
	for i := range n {
		walks = walks || b.acts[i].Tags[0] == "walk"
	}
	for i := range n {
		if !b.idle(i) && (b.acts[i].Tags[0] != "run" || !walks) && b.blends[i].from < 0 {
			picks = append(picks, b.startsFor(i, f)...)
			picks = append(picks, b.stopFor(i, f)...)
		}
	}
	if walks {
		picks = append(picks, b.gaitChanges(f, "walk", "run")...)
		picks = append(picks, b.gaitChanges(f, "run", "walk")...)
	}
	added := map[int]blendPick{}
	stopped := map[int]bool{} // the steps a stop was made after
	for _, p := range picks {
		if p.kind == blendStop && stopped[p.from] {
			continue
		}
		k := len(b.acts)
		ok, err := b.addBlend(p.from, p.to, p.kind)
		if err != nil {
			return err
		}
		if ok {
			added[k] = p
			if p.kind == blendStop {
				stopped[p.from] = true
			}
			b.out.Report.MaxBlendError = max(b.out.Report.MaxBlendError, math.Round(p.err*1e4)/1e4)
		}
	}
	// A start or a change of gait goes on as its step does, stops added
	// since included, where its feet end as the step's do (a foot planted
	// through the fade may end elsewhere).
	for k, p := range added {
		if p.kind == blendStop {
			continue
		}
		b.next[k], b.errs[k] = nil, nil
		for x, j := range b.next[p.to] {
			if feetHeld(b.acts[k], b.acts[j]) {
				b.next[k] = append(b.next[k], j)
				b.errs[k] = append(b.errs[k], b.errs[p.to][x])
			}
		}
	}
	return nil
}

// features are every cut's pose features at its start and end, and the
// largest difference a plain transition bridges.
type features struct {
	starts, ends [][]mgl64.Vec3
	limit        float64
}

// blendPick is a blend to add: to fading in from from's end pose.
type blendPick struct {
	from, to int
	kind     blendKind
	err      float64 // the pose difference bridged
}

// steady reports whether cut i is a step of a steady gait: of a clip that
// loops (as captured, or a cycle found in it), or of any clip when the
// builder completes a library from little (a capture or two, no standing).
func (b *builder) steady(i int) bool {
	src := b.cuts[i].src
	return b.completing || b.looped[src] || b.period[src] > 0
}

// blendKind is what a blend bridges.
type blendKind uint8

const (
	blendStart  blendKind = iota // from standing into a step
	blendStop                    // from a step into standing
	blendChange                  // from a step of one gait into a step of another (a walk speeding up into a run, a run slowing down)
)

// gaitChanges picks, for every step tagged to, the blend into it from the
// step tagged from whose end pose is nearest its start (the same foot
// down), unless that step goes on to it already: a walk and a run captured
// apart then join, each the other's way to speed up or slow down. Only
// steps of steady gaits join so (steady): in a library of long captures
// the gaits change where the captures change them.
func (b *builder) gaitChanges(f features, from, to string) []blendPick {
	var out []blendPick
	for i, a := range b.acts {
		if a.Tags[0] != to || b.blends[i].from >= 0 || b.cuts[i].startFoot < 0 || !b.steady(i) {
			continue
		}
		best, bestErr := -1, math.Inf(1)
		for j, aj := range b.acts {
			if aj.Tags[0] != from || b.blends[j].from >= 0 || b.cuts[j].endFoot != b.cuts[i].startFoot || !b.steady(j) {
				continue
			}
			if e := featureDistance(f.ends[j], f.starts[i]); e < bestErr {
				best, bestErr = j, e
			}
		}
		if best >= 0 && !slices.Contains(b.next[best], i) {
			out = append(out, blendPick{best, i, blendChange, bestErr})
		}
	}
	return out
}

func (b *builder) idle(i int) bool { return b.acts[i].Tags[0] == "idle" }

// startsFor picks the starts into step i: from the nearest standing pose
// not yet able to go on to it, until every standing action can.
func (b *builder) startsFor(i int, f features) []blendPick {
	var out []blendPick
	covered := map[int]bool{}
	for {
		best, bestErr := -1, math.Inf(1)
		for j := range b.acts {
			if !b.idle(j) || covered[j] || !compatible(b.cuts[j].endFoot, b.cuts[i].startFoot) {
				continue
			}
			e := featureDistance(f.ends[j], f.starts[i])
			if e <= f.limit {
				covered[j] = true // a plain transition
				continue
			}
			if e < bestErr {
				best, bestErr = j, e
			}
		}
		if best < 0 {
			return out
		}
		out = append(out, blendPick{best, i, blendStart, bestErr})
		for j := range b.acts {
			if b.idle(j) && featureDistance(f.ends[j], f.ends[best]) <= sameEnd*f.limit {
				covered[j] = true
			}
		}
		covered[best] = true
	}
}

// stopFor picks the stops after step i to try, in turn: into the
// standing pieces, nearest first (those standing MinStand or longer, when
// the builder made a standing pose because the captures stand too
// briefly: see madeStand), unless one follows plainly. (A stop
// that would not end on a docked foot is not made: the next is tried.)
func (b *builder) stopFor(i int, f features) []blendPick {
	var out []blendPick
	long := b.madeStand()
	for j := range b.acts {
		if b.idle(j) && (b.standsLong(j) || !long) && compatible(b.cuts[i].endFoot, b.cuts[j].startFoot) {
			e := featureDistance(f.ends[i], f.starts[j])
			if e <= f.limit {
				return nil
			}
			out = append(out, blendPick{i, j, blendStop, e})
		}
	}
	slices.SortStableFunc(out, func(a, b blendPick) int { return cmp.Compare(a.err, b.err) })
	return out
}

// compatible reports whether feet standing at one cut can stand at the
// next: the same foot, or both feet on either side.
func compatible(end, start int) bool {
	return end == start || end == bothFeet || start == bothFeet
}

// addBlend adds a copy of cut to fading in from cut from's last pose, with
// from's feet at its start and to's successors; from goes on to it. In a
// start, the feet from holds at its end stay planted through the fade
// until they lift (motion.Plant); where a leg cannot reach to hold its
// foot within MaxSlide, the start is not added (ok false), nor is a stop
// that does not end on a docked foot. A stop's feet are not planted: it
// fades into a standing pose whose feet never lift, and held they would
// stand apart from every action after it; its path moves instead against
// the feet's drift (holdStop), and so does a change of gait's, whose body
// travels on through the fade.
func (b *builder) addBlend(from, to int, kind blendKind) (ok bool, err error) {
	src, dst := b.acts[from], b.acts[to]
	seconds := min(0.4, 0.8*dst.Duration())
	var c *motion.Clip
	var shift mgl64.Vec3
	if kind == blendChange {
		c, shift = motion.BlendOn(dst.Clip, src.Clip, dst.Effectors.Hips, seconds)
	} else {
		c, shift = motion.BlendIn(dst.Clip, src.Clip.PoseAt(src.Clip.Frames()-1, src.Effectors.Hips), dst.Effectors.Hips, seconds)
	}
	var planted map[string]float64
	if fromStanding(src) {
		var miss float64
		if miss, planted = plantHeld(c, src, 1.5*src.Clip.FrameTime, dst.Effectors, b.leg); miss > b.xopt.MaxSlide {
			return false, nil
		}
	} else {
		shift = shift.Add(holdStop(c, src, 1.5*src.Clip.FrameTime, dst.Effectors, seconds, stopShift*b.leg))
	}
	k := len(b.acts)
	a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, dst.Effectors, b.xopt)
	if err != nil {
		return false, err
	}
	a.Source = dst.Source
	a.Docks = keepAfter(a.Docks, shifted(dst.Docks, dst.StartFrame(), shift), seconds, c.FrameTime, planted)
	a.Docks = b.oneSupport(b.heldFromStart(a, src, planted), c, dst.Effectors)
	b.keepDocks(a)
	if kind == blendStop && !endsStanding(a) {
		return false, nil
	}
	anchor(a)
	switch kind {
	case blendStop:
		a.Tags = []string{"stop"}
	default:
		// What its step is (walk, run, jump), and the turn and the step up
		// or down its own root motion makes: the fade from standing or
		// from the other gait changes where it ends.
		a.Tags = b.turnAndRise([]string{dst.Tags[0]}, a.Delta)
		if kind == blendStart {
			a.Tags = append(a.Tags, "start")
		}
		if slices.Contains(dst.Tags, "stop") {
			a.Tags = append(a.Tags, "stop")
		}
	}
	ct := b.cuts[to]
	ct.startFoot = b.cuts[from].endFoot
	b.cuts = append(b.cuts, ct)
	b.acts = append(b.acts, a)
	b.blends = append(b.blends, blendOf{from: from, seconds: seconds, carryOn: kind == blendChange})
	b.turns = append(b.turns, Turn{})
	b.next = append(b.next, slices.Clone(b.next[to]))
	b.errs = append(b.errs, slices.Clone(b.errs[to]))
	b.joinToBlend(from, k)
	return true, nil
}

// joinToBlend lets blend k (fading in from cut from's end) follow from and
// every action ending as from ends: the same feet, the pose within sameEnd
// of the limit, the feet held.
func (b *builder) joinToBlend(from, k int) {
	src, a := b.acts[from], b.acts[k]
	limit := sameEnd * b.opt.MaxPoseError * b.leg
	fromEnd := poseFeature(src.Clip, src.Effectors, src.Clip.Frames()-1)
	fromIdle := src.Tags[0] == "idle"
	for j := range k {
		aj := b.acts[j]
		if (aj.Tags[0] == "idle") != fromIdle || b.blends[j].from >= 0 || !compatible(b.cuts[j].endFoot, b.cuts[k].startFoot) {
			continue
		}
		e := 0.0
		if j != from {
			if e = featureDistance(poseFeature(aj.Clip, aj.Effectors, aj.Clip.Frames()-1), fromEnd); e > limit || !feetHeld(aj, a) {
				continue
			}
		}
		b.next[j] = append(b.next[j], k)
		b.errs[j] = append(b.errs[j], e)
	}
}

// plantHeld plants in blended clip c every foot src holds at its end
// (its dock ending within slack of src's end) until it lifts (rising
// liftHeight legs above where it stands, leg long). It returns the largest
// distance a leg left its foot from where it was held, and per planted
// foot the time its hold ends.
func plantHeld(c *motion.Clip, src *action.Action, slack float64, eff *motion.Effectors, leg float64) (float64, map[string]float64) {
	ease := max(1, int(math.Round(plantEase/c.FrameTime)))
	miss, until := 0.0, map[string]float64{}
	for _, e := range heldFeet(src, slack, eff) {
		lifted, m := motion.Plant(c, e, liftHeight*leg, ease)
		miss, until[c.Skeleton.Names[e.Joint]] = max(miss, m), float64(lifted+ease)*c.FrameTime
	}
	return miss, until
}

// heldFeet are the feet of eff that src holds at its end: its docks of
// them ending within slack of it.
func heldFeet(src *action.Action, slack float64, eff *motion.Effectors) []motion.Effector {
	var out []motion.Effector
	for _, d := range src.Docks {
		if d.End < src.Duration()-slack {
			continue
		}
		for _, e := range eff.Feet {
			if src.Clip.Skeleton.Names[e.Joint] == d.Effector {
				out = append(out, e)
			}
		}
	}
	return out
}

// holdStop moves the root of stop c, blended in from src's end over
// seconds, against the drift of the feet src holds at its end (its docks
// ending within slack of it), so that they stay where they stand through
// the fade (its root speed and its pose do not agree, and drag them): the
// pose is the stop's, the path on the ground moves. Where some frame would
// move more than maxShift, c is left as it is. It returns how far the path
// moved by the end (world, on the ground).
func holdStop(c *motion.Clip, src *action.Action, slack float64, eff *motion.Effectors, seconds, maxShift float64) mgl64.Vec3 {
	held := heldFeet(src, slack, eff)
	if len(held) == 0 {
		return mgl64.Vec3{}
	}
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	fade := min(int(math.Ceil(seconds/c.FrameTime)), c.Frames()-1)
	drift := make([]mgl64.Vec3, c.Frames())
	for f := range drift {
		for _, e := range held {
			d := pos[min(f, fade)*n+e.Joint].Sub(pos[e.Joint])
			drift[f] = drift[f].Add(mgl64.Vec3{d[0], 0, d[2]}.Mul(1 / float64(len(held))))
		}
		if drift[f].Len() > maxShift {
			return mgl64.Vec3{}
		}
	}
	for f, d := range drift {
		c.Trans[f*n] = c.Trans[f*n].Sub(d)
	}
	return drift[len(drift)-1].Mul(-1)
}

// stopShift is, in legs, the most holdStop moves a stop's path.
const stopShift = 0.1

// endsStanding reports whether a foot of a is docked at its last frame.
func endsStanding(a *action.Action) bool {
	for _, d := range a.Docks {
		if d.Template == "foot" && toEnd(a, d) {
			return true
		}
	}
	return false
}

// sameEnd is the share of MaxPoseError within which another action ends as
// a blend's source does and may go on to the blend: the blend starts from
// its source's exact pose, so what differs shows as a jump at the seam.
const sameEnd = 0.25

// fromStanding reports whether a blend from src's end is a start (src
// stands): its held feet are planted through the fade.
func fromStanding(src *action.Action) bool { return len(src.Tags) > 0 && src.Tags[0] == "idle" }

// A foot planted through a blend lifts when it rises liftHeight legs, and
// its hold eases out over plantEase once it has.
const (
	liftHeight = 0.025
	plantEase  = 0.1 // [Units: s]
)

// shifted is docks moved by a shift on the ground (world), in the frame of
// start.
func shifted(docks []action.Dock, start motion.RootPoint, shift mgl64.Vec3) []action.Dock {
	out := slices.Clone(docks)
	d := start.ToLocal(mgl64.Vec3{start.X + shift[0], 0, start.Z + shift[2]})
	for k := range out {
		p := &out[k].Pose.Position
		p[0] += float32(d[0])
		p[2] += float32(d[2])
	}
	return out
}

// keepAfter is the docks of a blended clip: those of the clip it was made
// from after the blend and, for a foot planted through it, after its hold
// (the motion there is the same; a planted foot's dock running on past
// them from its part there, when that lasts two frames), and of the docks
// found in the blended clip those that end before them.
func keepAfter(found, orig []action.Dock, seconds, frame float64, planted map[string]float64) []action.Dock {
	var out []action.Dock
	for _, d := range orig {
		hold, held := planted[d.Effector]
		from := max(seconds, hold)
		if held && d.Start < from && d.End-from >= 2*frame {
			d.Start = from // the stance goes on past the blend: the rest of it
		}
		if d.Start >= from {
			out = append(out, d)
		}
	}
	for _, d := range found {
		clash := false
		for _, o := range out {
			clash = clash || (o.Effector == d.Effector && d.End >= o.Start)
		}
		if !clash {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b action.Dock) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// mergeDocks joins each dock to the next of the same effector when that
// starts within gap seconds of its end, within slide of it on the ground
// (a planted foot that rolls a little between its hold and the stance
// found after: two docks would put it on two supports, and the foot would
// bob between them) and, when still is not nil, still accepts the two. The
// first dock's pose stands for both. docks are sorted by start.
func mergeDocks(docks []action.Dock, gap, slide float64, still func(a, b action.Dock) bool) []action.Dock {
	out := docks[:0:0]
	for _, d := range docks {
		k := -1
		for i := len(out) - 1; i >= 0; i-- {
			if out[i].Effector == d.Effector {
				k = i
				break
			}
		}
		if k >= 0 {
			o := &out[k]
			dp := o.Pose.Position.Sub(d.Pose.Position)
			if d.Start-o.End <= gap && math.Hypot(float64(dp[0]), float64(dp[2])) <= slide && (still == nil || still(*o, d)) {
				o.End = max(o.End, d.End)
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// heldFromStart adds, to an action blended in from src's last pose, the
// feet src holds at its end, held from the first frame for as long as
// they stay within MaxSlide of where they start (the joint or the tip, the
// one that has moved less so far: a planted foot may roll onto its ball
// before it lifts): the feet stay on the support
// src held them on. A planted foot's hold replaces the docks found in the
// same stance, and is kept however short (a foot b lifts at once still
// starts on src's support: the warp then carries it from there); otherwise
// a dock found there first wins.
func (b *builder) heldFromStart(a, src *action.Action, planted map[string]float64) []action.Dock {
	out := a.Docks
	c := a.Clip
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	for _, d := range src.Docks {
		if d.Template != "foot" || !toEnd(src, d) {
			continue
		}
		var e motion.Effector
		for _, x := range a.Effectors.Feet {
			if c.Skeleton.Names[x.Joint] == d.Effector {
				e = x
			}
		}
		_, plant := planted[d.Effector]
		last, mj, mt := 0, 0.0, 0.0
		for f := 1; f < c.Frames(); f++ {
			mj, mt = max(mj, pos[f*n+e.Joint].Sub(pos[e.Joint]).Len()), max(mt, pos[f*n+e.Tip].Sub(pos[e.Tip]).Len())
			if min(mj, mt) > b.xopt.MaxSlide {
				break
			}
			last = f
		}
		end := float64(last) * c.FrameTime
		if last == 0 && !plant {
			continue
		}
		if plant {
			out = slices.DeleteFunc(out, func(o action.Dock) bool { return o.Effector == d.Effector && o.Start <= end })
		} else if slices.ContainsFunc(out, func(o action.Dock) bool { return o.Effector == d.Effector && o.Start <= end }) {
			continue
		}
		pose := dock.PoseAt(c, e, 0, a.StartFrame())
		pose.Position[1] -= float32(a.Ground)
		out = append(out, action.Dock{Effector: d.Effector, Side: d.Side, Template: d.Template, End: end, Pose: pose})
	}
	slices.SortStableFunc(out, func(x, y action.Dock) int { return cmp.Compare(x.Start, y.Start) })
	return out
}
