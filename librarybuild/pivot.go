package librarybuild

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// PivotDegs are the turns on the spot a library gets with
// BuildOptions.Pivots (motion.Pivot): a character that stands facing a
// wall, or another character, turns away from it, as the built-in
// library's crowd moves do.
var PivotDegs = []float64{45, -45, 90, -90}

// pivots adds turns on the spot by PivotDegs from the first frame of the
// standing action a character starts in (the first standing action of a
// clip named idle, or the first standing action), when both feet stand
// there. Each starts in that pose and ends in it turned: it may follow
// whatever may go on to that action (with the feet held across), and goes
// on to it, to the other pivots and to what it goes on to from a pose
// like its first (pivotsGoOn).
//
// A character may leave that action for standing pieces it never comes
// back from (another idle capture, a piece of one, a standing pose made
// for the library): each standing piece from which no pivot follows
// through standing actions gets its own, until every one does or
// maxPivotBases bases have them.
func (b *builder) pivots() error {
	base := b.pivotBase(nil)
	var bases []int
	for base >= 0 && len(bases) < maxPivotBases {
		bases = append(bases, base)
		if err := b.pivotsFrom(base); err != nil {
			return err
		}
		reached := b.reachesPivot()
		for _, x := range bases {
			reached[x] = true // tried, whether or not its pivots were made
		}
		base = b.pivotBase(reached)
	}
	return nil
}

// maxPivotBases bounds how many standing pieces pivots are made from.
const maxPivotBases = 8

// reachesPivot reports, per action, whether a pivot follows it through
// standing actions alone (a pivot itself included).
func (b *builder) reachesPivot() []bool {
	n := len(b.acts)
	reach := make([]bool, n)
	for k := range b.pivoted {
		reach[k] = true
	}
	for changed := true; changed; {
		changed = false
		for i := range n {
			if reach[i] || !b.idle(i) {
				continue
			}
			for _, j := range b.next[i] {
				if reach[j] {
					reach[i], changed = true, true
					break
				}
			}
		}
	}
	return reach
}

// pivotsFrom adds the pivots from the first frame of standing action base.
func (b *builder) pivotsFrom(base int) error {
	ct := b.cuts[base]
	src := b.acts[base]
	first, err := src.Clip.Slice(0, 1)
	if err != nil {
		return err
	}
	var added []int
	for _, deg := range PivotDegs {
		c, err := motion.Pivot(first, src.Effectors, deg*math.Pi/180)
		if err != nil {
			b.out.Report.Dropped = append(b.out.Report.Dropped, fmt.Sprintf("pivot by %v° from %s: %v", deg, b.describe(base), err))
			continue
		}
		k := len(b.acts)
		a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, src.Effectors, b.xopt)
		if err != nil {
			return fmt.Errorf("library: pivot by %v° from %s: %w", deg, b.describe(base), err)
		}
		a.Source = src.Source
		b.keepDocks(a)
		if !standsAtBothEnds(a) {
			b.out.Report.Dropped = append(b.out.Report.Dropped, fmt.Sprintf("pivot by %v° from %s: the feet are not docked at both ends", deg, b.describe(base)))
			continue
		}
		// The file names the base's first two frames; the pivot turns from
		// the first.
		pc := cut{src: ct.src, from: ct.from, to: ct.from + 1, startFoot: bothFeet, endFoot: bothFeet, standStart: true, standEnd: true}
		// Tagged by its turn; it neither starts nor stops a walk.
		a.Tags = slices.DeleteFunc(b.tags(a, pc), func(t string) bool { return t == "start" || t == "stop" })
		if b.synthesized(ct.src) {
			a.Tags = append(a.Tags, Synthesized)
		}
		b.cuts = append(b.cuts, pc)
		b.acts = append(b.acts, a)
		b.blends = append(b.blends, blendOf{from: -1})
		b.turns = append(b.turns, Turn{})
		b.next = append(b.next, []int{base})
		b.errs = append(b.errs, []float64{featureDistance(endFeature(a.Clip, a.Effectors), b.startFeature(base))})
		if b.pivoted == nil {
			b.pivoted = map[int]float64{}
		}
		b.pivoted[k] = deg
		added = append(added, k)
	}
	for j := range len(b.acts) {
		if !slices.Contains(b.next[j], base) || slices.Contains(added, j) {
			continue
		}
		for _, k := range added {
			if feetHeld(b.acts[j], b.acts[k]) {
				b.next[j] = append(b.next[j], k)
				b.errs[j] = append(b.errs[j], featureDistance(b.endFeature(j), startFeature(b.acts[k].Clip, b.acts[k].Effectors)))
			}
		}
	}
	b.pivotsGoOn(base, added)
	for _, k := range added {
		for _, o := range added {
			if o != k {
				b.next[k] = append(b.next[k], o)
				b.errs[k] = append(b.errs[k], featureDistance(endFeature(b.acts[k].Clip, b.acts[k].Effectors), startFeature(b.acts[o].Clip, b.acts[o].Effectors)))
			}
		}
	}
	return nil
}

// pivotsGoOn lets each pivot in added go on to what the standing action
// base goes on to, where its turned last pose (base's first) meets that
// action's first within the library's pose error, with the feet held: a
// character that stands at a wall turns and sets off along it.
func (b *builder) pivotsGoOn(base int, added []int) {
	limit := b.opt.MaxPoseError * b.leg
	for _, k := range added {
		end := endFeature(b.acts[k].Clip, b.acts[k].Effectors)
		for _, s := range b.next[base] {
			if s == base || slices.Contains(added, s) || b.cuts[s].startFoot != bothFeet || !feetHeld(b.acts[k], b.acts[s]) {
				continue
			}
			if e := featureDistance(end, startFeature(b.acts[s].Clip, b.acts[s].Effectors)); e <= limit {
				b.next[k] = append(b.next[k], s)
				b.errs[k] = append(b.errs[k], e)
			}
		}
	}
}

// startFeature and endFeature are the pose features (featureAt) of a
// clip's first and last frames, with one-sided velocities.
func startFeature(c *motion.Clip, eff *motion.Effectors) []mgl64.Vec3 {
	return featureAt(c, eff, 0, 0, min(1, c.Frames()-1))
}

func endFeature(c *motion.Clip, eff *motion.Effectors) []mgl64.Vec3 {
	f := c.Frames() - 1
	return featureAt(c, eff, f, max(f-1, 0), f)
}

// pivotBase is the standing action pivots turn from (see pivots), of
// those reaching no pivot yet (all when reached is nil), or -1.
func (b *builder) pivotBase(reached []bool) int {
	best := -1
	for i, a := range b.acts {
		if a.Tags[0] != "idle" || b.blends[i].from >= 0 || !b.cuts[i].standStart || !standsAtBothEnds(a) || reached != nil && reached[i] {
			continue
		}
		if best < 0 || b.standPreference(i) > b.standPreference(best) {
			best = i
		}
	}
	return best
}

// standsAtBothEnds reports whether every foot of a is docked at its first
// and at its last frame.
func standsAtBothEnds(a *action.Action) bool {
	ft := a.Clip.FrameTime
	for _, e := range a.Effectors.Feet {
		name := a.Clip.Skeleton.Names[e.Joint]
		var start, end bool
		for _, d := range a.Docks {
			if d.Effector == name {
				start = start || d.Start <= ft/2
				end = end || d.End >= a.Duration()-ft/2
			}
		}
		if !start || !end {
			return false
		}
	}
	return true
}
