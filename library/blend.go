package library

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
// that end (a stop), where the same feet stand. The blend lasts 0.4 s or 80% of the action;
// the report gives the largest pose difference a blend bridges. Runs get
// none: a fade of 0.4 s does not take a body from standing to 3 m/s or
// back (their root would jump); they start and stop where the captures do.
func (b *builder) blended() error {
	n := len(b.acts)
	f := features{starts: make([][]mgl64.Vec3, n), ends: make([][]mgl64.Vec3, n), limit: b.opt.MaxPoseError * b.leg}
	for i, a := range b.acts {
		f.starts[i], f.ends[i] = poseFeature(a.Clip, a.Effectors, 0), poseFeature(a.Clip, a.Effectors, a.Clip.Frames()-1)
	}
	var picks []blendPick
	for i := range n {
		if !b.idle(i) && b.acts[i].Tags[0] != "run" && b.blends[i].from < 0 {
			picks = append(picks, b.startsFor(i, f)...)
			picks = append(picks, b.stopFor(i, f)...)
		}
	}
	first := len(b.acts)
	for _, p := range picks {
		b.out.Report.MaxBlendError = max(b.out.Report.MaxBlendError, math.Round(p.err*1e4)/1e4)
		if err := b.addBlend(p.from, p.to, p.start); err != nil {
			return err
		}
	}
	// A start goes on as its step does, stops added since included.
	for k, p := range picks {
		if p.start {
			b.next[first+k] = slices.Clone(b.next[p.to])
			b.errs[first+k] = slices.Clone(b.errs[p.to])
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
	start    bool
	err      float64 // the pose difference bridged
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
		out = append(out, blendPick{best, i, true, bestErr})
		for j := range b.acts {
			if b.idle(j) && featureDistance(f.ends[j], f.ends[best]) <= f.limit {
				covered[j] = true
			}
		}
		covered[best] = true
	}
}

// stopFor picks the stop after step i: into the nearest standing piece,
// unless one follows plainly.
func (b *builder) stopFor(i int, f features) []blendPick {
	stop, stopErr := -1, math.Inf(1)
	for j := range b.acts {
		if b.idle(j) && compatible(b.cuts[i].endFoot, b.cuts[j].startFoot) {
			if e := featureDistance(f.ends[i], f.starts[j]); e < stopErr {
				stop, stopErr = j, e
			}
		}
	}
	if stop < 0 || stopErr <= f.limit {
		return nil
	}
	return []blendPick{{i, stop, false, stopErr}}
}

// compatible reports whether feet standing at one cut can stand at the
// next: the same foot, or both feet on either side.
func compatible(end, start int) bool {
	return end == start || end == bothFeet || start == bothFeet
}

// addBlend adds a copy of cut to fading in from cut from's last pose, with
// from's feet at its start and to's successors; from goes on to it.
func (b *builder) addBlend(from, to int, start bool) error {
	src, dst := b.acts[from], b.acts[to]
	seconds := min(0.4, 0.8*dst.Duration())
	c, shift := motion.BlendIn(dst.Clip, src.Clip.PoseAt(src.Clip.Frames()-1, src.Effectors.Hips), dst.Effectors.Hips, seconds)
	k := len(b.acts)
	a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, dst.Effectors, b.xopt)
	if err != nil {
		return err
	}
	a.Source = dst.Source
	a.Docks = keepAfter(a.Docks, shifted(dst.Docks, dst.StartFrame(), shift), seconds)
	a.Docks = b.heldFromStart(a, src)
	b.keepDocks(a)
	anchor(a)
	if start {
		a.Tags = slices.Clone(dst.Tags)
		if !slices.Contains(a.Tags, "start") {
			a.Tags = append(a.Tags, "start")
		}
	} else {
		a.Tags = []string{"stop"}
	}
	ct := b.cuts[to]
	ct.startFoot = b.cuts[from].endFoot
	b.cuts = append(b.cuts, ct)
	b.acts = append(b.acts, a)
	b.blends = append(b.blends, blendOf{from: from, seconds: seconds})
	b.turns = append(b.turns, Turn{})
	b.next = append(b.next, slices.Clone(b.next[to]))
	b.errs = append(b.errs, slices.Clone(b.errs[to]))
	// Every action ending as from ends (same feet, pose within the limit)
	// may go on to it too.
	limit := b.opt.MaxPoseError * b.leg
	fromEnd := poseFeature(src.Clip, src.Effectors, src.Clip.Frames()-1)
	fromIdle := src.Tags[0] == "idle"
	for j := range k {
		aj := b.acts[j]
		if (aj.Tags[0] == "idle") != fromIdle || b.blends[j].from >= 0 || !compatible(b.cuts[j].endFoot, ct.startFoot) {
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
	return nil
}

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
// from that start after the blend (the motion there is the same), and of
// the docks found in the blended clip those that end before them.
func keepAfter(found, orig []action.Dock, seconds float64) []action.Dock {
	var out []action.Dock
	for _, d := range orig {
		if d.Start >= seconds {
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

// heldFromStart adds, to an action blended in from src's last pose, the
// feet src holds at its end, held from the first frame for as long as
// they stay within MaxSlide of where they start: the feet stay planted
// through the fade until they lift, on the support src held them on.
func (b *builder) heldFromStart(a, src *action.Action) []action.Dock {
	out := a.Docks
	c := a.Clip
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	for _, d := range src.Docks {
		if d.Template != "foot" || d.End < src.Duration()-1.5*src.Clip.FrameTime {
			continue
		}
		var e motion.Effector
		for _, x := range a.Effectors.Feet {
			if c.Skeleton.Names[x.Joint] == d.Effector {
				e = x
			}
		}
		last := 0
		for f := 1; f < c.Frames(); f++ {
			if pos[f*n+e.Joint].Sub(pos[e.Joint]).Len() > b.xopt.MaxSlide || pos[f*n+e.Tip].Sub(pos[e.Tip]).Len() > b.xopt.MaxSlide {
				break
			}
			last = f
		}
		clash := false
		for _, o := range out {
			clash = clash || (o.Effector == d.Effector && o.Start <= float64(last)*c.FrameTime)
		}
		if last == 0 || clash {
			continue
		}
		pose := dock.PoseAt(c, e, 0, a.StartFrame())
		pose.Position[1] -= float32(a.Ground)
		out = append(out, action.Dock{Effector: d.Effector, Side: d.Side, Template: d.Template, End: float64(last) * c.FrameTime, Pose: pose})
	}
	slices.SortStableFunc(out, func(x, y action.Dock) int { return cmp.Compare(x.Start, y.Start) })
	return out
}
