package librarybuild

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// TurnDeg is the turn of the turning variants of a step.
const TurnDeg = 30

// MinTurnSwing is the shortest swing a step's turning variants turn in:
// a quarter of a walking step. [Units: s]
const MinTurnSwing = 0.1

// turnVariants adds, for every step of a walk or run (two foot docks at
// least, no blend), copies turning TurnDeg left and right about its first
// foot dock, between that dock's end and the last foot dock's start, when
// that swing lasts MinTurnSwing at least. A copy goes on as the step does,
// and what goes on to the step goes on to it.
func (b *builder) turnVariants() error {
	n := len(b.acts)
	for i := range n {
		a := b.acts[i]
		if b.blends[i].from >= 0 || (a.Tags[0] != "walk" && a.Tags[0] != "run") {
			continue
		}
		var feet []action.Dock
		for _, d := range a.Docks {
			if d.Template == "foot" {
				feet = append(feet, d)
			}
		}
		if len(feet) < 2 {
			continue
		}
		first, last := feet[0], feet[len(feet)-1]
		if last.Start-first.End < MinTurnSwing {
			continue // no swing to turn in: a turn there would twist a planted foot
		}
		p := a.StartFrame().ToWorld(mgl64.Vec3{float64(first.Pose.Position[0]), 0, float64(first.Pose.Position[2])})
		for _, deg := range []float64{TurnDeg, -TurnDeg} {
			t := Turn{Deg: deg, Pivot: [2]float64{p[0], p[2]}, From: first.End, To: max(first.End, last.Start)}
			if err := b.addTurn(i, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// addTurn adds cut i turned by t.
func (b *builder) addTurn(i int, t Turn) error {
	src := b.acts[i]
	c := motion.TurnPath(src.Clip, t.Deg*math.Pi/180, mgl64.Vec3{t.Pivot[0], 0, t.Pivot[1]}, t.From, t.To)
	k := len(b.acts)
	a, err := action.NewAction(fmt.Sprintf("cut%d", k), c, src.Effectors, b.xopt)
	if err != nil {
		return err
	}
	a.Source = src.Source
	a.Docks = turnDocks(src, t)
	a.Tags = b.tags(a, b.cuts[i])
	// Its gait is the step's: turning the path moves where the step ends,
	// not how fast the feet go.
	a.Tags[0] = src.Tags[0]
	if b.synthesized(b.cuts[i].src) {
		a.Tags = append(a.Tags, Synthesized)
	}
	b.cuts = append(b.cuts, b.cuts[i])
	b.acts = append(b.acts, a)
	b.blends = append(b.blends, blendOf{from: -1})
	b.turns = append(b.turns, t)
	b.next = append(b.next, slices.Clone(b.next[i]))
	b.errs = append(b.errs, slices.Clone(b.errs[i]))
	for j := range k {
		if m := slices.Index(b.next[j], i); m >= 0 {
			b.next[j] = append(b.next[j], k)
			b.errs[j] = append(b.errs[j], b.errs[j][m])
		}
	}
	return nil
}

// turnDocks are a step's docks on its turned copy: those held before the
// turn as they were, those held after it turned with it about the pivot,
// any other dropped.
func turnDocks(src *action.Action, t Turn) []action.Dock {
	var out []action.Dock
	start := src.StartFrame()
	yaw := t.Deg * math.Pi / 180
	pivot := mgl64.Vec3{t.Pivot[0], 0, t.Pivot[1]}
	r := mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0})
	for _, d := range src.Docks {
		switch {
		case d.End <= t.From+1e-9:
			out = append(out, d)
		case d.Start >= t.To-1e-9:
			p := d.Pose.Position
			w := start.ToWorld(mgl64.Vec3{float64(p[0]), 0, float64(p[2])})
			w = pivot.Add(r.Rotate(w.Sub(pivot)))
			l := start.ToLocal(w)
			d.Pose.Position = mgl32.Vec3{float32(l[0]), p[1], float32(l[2])}
			d.Pose.Yaw = float32(motion.WrapAngle(float64(d.Pose.Yaw) + yaw))
			out = append(out, d)
		}
	}
	return out
}
