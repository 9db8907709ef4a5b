package motion

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// drifting is kneedTreadmill's body standing on bent knees (the ankles
// 0.7 m below the hips) while its root drifts forward by drift over frames
// 0-29 (a cross-fade carrying both feet along), the left leg lifting 10 cm
// from frame 30 on.
func drifting(drift float64) (*Clip, *Effectors) {
	c, eff := kneedTreadmill(1.2)
	n := c.Skeleton.NumJoints()
	bend := math.Acos(0.7 / 0.8)
	x := mgl64.Vec3{1, 0, 0}
	for f := range c.Frames() {
		c.Trans[f*n] = mgl64.Vec3{0, 0.85, drift * min(float64(f), 29) / 29}
		for _, e := range eff.Feet {
			knee := c.Skeleton.Parents[e.Joint]
			hip := c.Skeleton.Parents[knee]
			c.Rot[f*n+hip] = mgl64.QuatRotate(-bend, x)
			c.Rot[f*n+knee] = mgl64.QuatRotate(2*bend, x)
			c.Rot[f*n+e.Joint] = mgl64.QuatRotate(-bend, x)
			c.Trans[f*n+hip] = c.Skeleton.Offsets[hip]
			if f >= 30 && e.Side == Left {
				c.Trans[f*n+hip][1] += 0.1
			}
		}
	}
	return c, eff
}

// TestPlantHoldsADraggedFoot: the left foot, dragged 15 cm by its root,
// stays where it stood until it lifts (frame 30), turned as it was, the
// root and the right leg untouched; the hold eases out in the air and the
// clip is the input's from then on. A drift past the leg's reach is
// reported as a miss.
func TestPlantHoldsADraggedFoot(t *testing.T) {
	in, eff := drifting(0.15)
	c := &Clip{Skeleton: in.Skeleton, FrameTime: in.FrameTime, Trans: append([]mgl64.Vec3(nil), in.Trans...), Rot: append([]mgl64.Quat(nil), in.Rot...)}
	left := eff.Feet[0]
	if left.Side != Left {
		left = eff.Feet[1]
	}
	const ease = 6
	lifted, miss := Plant(c, left, 0.02, ease)
	if lifted != 30 || miss > 1e-9 {
		t.Fatalf("lifted at %d, missed by %.3g m; want 30, 0", lifted, miss)
	}
	n := c.Skeleton.NumJoints()
	before, after := in.Positions(), c.Positions()
	wIn, wOut := make([]mgl64.Quat, n), make([]mgl64.Quat, n)
	p := make([]mgl64.Vec3, n)
	for f := range c.Frames() {
		a, b := after[f*n+left.Joint], after[left.Joint]
		if f < 30 && math.Hypot(a[0]-b[0], a[2]-b[2]) > 1e-9 {
			t.Errorf("frame %d: the planted ankle is %.4f m from where it stood", f, math.Hypot(a[0]-b[0], a[2]-b[2]))
		}
		in.FrameFK(f, p, wIn)
		c.FrameFK(f, p, wOut)
		if q := wIn[left.Joint].Dot(wOut[left.Joint]); math.Abs(q) < 1-1e-9 {
			t.Errorf("frame %d: the planted foot turned", f)
		}
		for j := range n {
			moved := after[f*n+j].Sub(before[f*n+j]).Len()
			inLeft := j == left.Joint || j == left.Tip || j == c.Skeleton.Parents[left.Joint]
			if (f >= 30+ease || !inLeft) && moved > 1e-9 {
				t.Errorf("frame %d: %s moved %.4f m", f, c.Skeleton.Names[j], moved)
			}
		}
	}
	// The input drags the foot 15 cm: the hold is not vacuous.
	if d := before[29*n+left.Joint].Sub(before[left.Joint]).Len(); d < 0.14 {
		t.Fatalf("the input drags the foot only %.3f m", d)
	}
	// Past the leg's reach the foot stops short on the line from the hip
	// to where it is held: by at least the excess, its share on the ground.
	far, _ := drifting(0.5)
	sk := far.Skeleton
	knee := sk.Parents[left.Joint]
	hip := sk.Parents[knee]
	reach := sk.Offsets[knee].Len() + sk.Offsets[left.Joint].Len()
	fp := far.Positions()
	held := mgl64.Vec3{fp[left.Joint][0], fp[29*n+left.Joint][1], fp[left.Joint][2]}
	d := held.Sub(fp[29*n+hip])
	want := (d.Len() - reach) * math.Hypot(d[0], d[2]) / d.Len()
	if _, miss := Plant(far, left, 0.02, ease); want <= 0 || miss < want-1e-9 {
		t.Errorf("a 0.5 m drift: missed by %.4f m, want %.4f or more", miss, want)
	}
}

// TestHoldBetweenKeepsAStandingFoot: a crouch in two 30 Hz frames (the hips
// 20 cm lower, the ankles held by bending the knees), played at 60 Hz: the
// frame added between them has the ankles off their spot, HoldBetween
// puts them back on it and leaves the clip's own frames alone.
func TestHoldBetweenKeepsAStandingFoot(t *testing.T) {
	src, eff := drifting(0)
	n := src.Skeleton.NumJoints()
	c := NewClip(src.Skeleton, 2, 1.0/30)
	copy(c.Trans, src.Trans[:2*n])
	copy(c.Rot, src.Rot[:2*n])
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	c.FrameFK(0, pos, world)
	stand := map[int]mgl64.Vec3{}
	for _, e := range eff.Feet {
		stand[e.Joint] = pos[e.Joint]
	}
	c.Trans[n][1] -= 0.2
	for _, e := range eff.Feet {
		c.FrameFK(1, pos, world)
		bendLeg(c, 1, e.Joint, stand[e.Joint], pos, world)
	}
	fine, err := c.Resample(1.0 / 60)
	if err != nil {
		t.Fatal(err)
	}
	off := func(c *Clip, f int) float64 {
		c.FrameFK(f, pos, world)
		m := 0.0
		for j, p := range stand {
			m = max(m, pos[j].Sub(p).Len())
		}
		return m
	}
	if d := off(fine, 1); d < 1e-3 {
		t.Fatalf("interpolated, the ankles are %.2g m off: nothing to hold", d)
	}
	before := slices.Clone(fine.Rot)
	HoldBetween(fine, c, eff, 0.05)
	for f := range 3 {
		if d := off(fine, f); d > 1e-9 {
			t.Errorf("frame %d: the ankles are %.2g m off their spot", f, d)
		}
	}
	for j := range n {
		if fine.Rot[j] != before[j] || fine.Rot[2*n+j] != before[2*n+j] {
			t.Errorf("%s turned at a frame of the clip's own", fine.Skeleton.Names[j])
		}
	}
}

// TestHoldCarriesTheStanceAsCaptured: a stance whose foot rolls (the ankle
// turning, the toe moving) and drifts a little, in a clip edited afterwards
// by turning and moving the root more each frame (as closing a loop does),
// is held by Hold as the unedited clip has it, moved rigidly: every
// distance between the foot's ankle and toe at any two frames of the
// stance is the unedited clip's, the ankle stays where the edit put it at
// frame at, and frames outside the stance are the edit's.
func TestHoldCarriesTheStanceAsCaptured(t *testing.T) {
	orig, eff := drifting(0.03)
	sk := orig.Skeleton
	n := sk.NumJoints()
	left := eff.Feet[0]
	if left.Side != Left {
		left = eff.Feet[1]
	}
	x, y := mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}
	for f := range orig.Frames() {
		orig.Rot[f*n+left.Joint] = mgl64.QuatRotate(-math.Acos(0.7/0.8)+0.01*float64(f), x)
	}
	edited := &Clip{Skeleton: sk, FrameTime: orig.FrameTime, Trans: slices.Clone(orig.Trans), Rot: slices.Clone(orig.Rot)}
	for f := range edited.Frames() {
		edited.Rot[f*n] = mgl64.QuatRotate(0.01*float64(f), y).Mul(edited.Rot[f*n])
		edited.Trans[f*n] = edited.Trans[f*n].Add(mgl64.Vec3{0.002 * float64(f), 0, 0})
	}
	c := &Clip{Skeleton: sk, FrameTime: orig.FrameTime, Trans: slices.Clone(edited.Trans), Rot: slices.Clone(edited.Rot)}
	const from, to, at = 0, 20, 10
	Hold(c, orig, left, from, to, at)
	po, pe, pc := orig.Positions(), edited.Positions(), c.Positions()
	joint := func(p []mgl64.Vec3, f, j int) mgl64.Vec3 { return p[f*n+j] }
	worstHeld, worstEdited := 0.0, 0.0
	for f := from; f <= to; f++ {
		for g := from; g <= to; g++ {
			for _, pair := range [][2]int{{left.Joint, left.Joint}, {left.Tip, left.Joint}, {left.Tip, left.Tip}} {
				want := joint(po, f, pair[0]).Sub(joint(po, g, pair[1])).Len()
				worstHeld = max(worstHeld, math.Abs(joint(pc, f, pair[0]).Sub(joint(pc, g, pair[1])).Len()-want))
				worstEdited = max(worstEdited, math.Abs(joint(pe, f, pair[0]).Sub(joint(pe, g, pair[1])).Len()-want))
			}
		}
	}
	if worstHeld > 1e-6 {
		t.Errorf("the held stance is not the captured one moved rigidly: a distance differs by %.3g m", worstHeld)
	}
	if worstEdited < 0.01 {
		t.Fatalf("the edit moves the stance's distances only %.3g m: the test is vacuous", worstEdited)
	}
	if d := joint(pc, at, left.Joint).Sub(joint(pe, at, left.Joint)).Len(); d > 1e-9 {
		t.Errorf("the ankle moved %.3g m from where the edit put it at frame %d", d, at)
	}
	for f := to + 1; f < c.Frames(); f++ {
		for j := range n {
			if d := joint(pc, f, j).Sub(joint(pe, f, j)).Len(); d > 1e-12 {
				t.Fatalf("frame %d, after the stance: %s moved %.3g m", f, sk.Names[j], d)
			}
		}
	}
}

// TestPlantKeepsASinkingFootOnTheGround: the root of the drifting body
// also sinks 5 cm over frames 0-29 (a cross-fade from a taller stance),
// carrying the left foot into the floor: held, its lowest point stays at
// its height at frame 0, right above where it stood, turned as it was.
func TestPlantKeepsASinkingFootOnTheGround(t *testing.T) {
	c, eff := drifting(0.1)
	n := c.Skeleton.NumJoints()
	for f := range c.Frames() {
		c.Trans[f*n][1] -= 0.05 * min(float64(f), 29) / 29
	}
	left := eff.Feet[0]
	if left.Side != Left {
		left = eff.Feet[1]
	}
	in := c.Positions()
	lowIn := func(pos []mgl64.Vec3, f int) float64 {
		return min(pos[f*n+left.Joint][1], pos[f*n+left.Tip][1])
	}
	if sank := lowIn(in, 0) - lowIn(in, 29); sank < 0.049 {
		t.Fatalf("the input sinks the foot only %.3f m", sank)
	}
	lifted, miss := Plant(c, left, 0.02, 6)
	if lifted != 30 || miss > 1e-9 {
		t.Fatalf("lifted at %d, missed by %.3g m; want 30, 0", lifted, miss)
	}
	out := c.Positions()
	for f := range 30 {
		if d := lowIn(out, f) - lowIn(in, 0); math.Abs(d) > 1e-9 {
			t.Errorf("frame %d: the held foot's lowest point is %.4f m off its height at frame 0", f, d)
		}
		a, b := out[f*n+left.Joint], out[left.Joint]
		if h := math.Hypot(a[0]-b[0], a[2]-b[2]); h > 1e-9 {
			t.Errorf("frame %d: the held ankle is %.4f m from where it stood", f, h)
		}
	}
}
