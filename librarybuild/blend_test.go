package librarybuild

import (
	"math"
	"slices"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// TestHoldStopKeepsTheHeldFoot fades the built-in idle in from the end of
// the built-in walk (a stop, as the builder makes one): the foot the walk
// holds at its end drifts through the fade; holdStop moves the root
// against it, so that the foot stays where it stands, every joint's
// rotation and the pose about the root untouched, and the path moved by
// the drift at the fade's end. With a bound under the drift the clip is
// left as it was.
func TestHoldStopKeepsTheHeldFoot(t *testing.T) {
	lib, _, err := Default(DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src, dst := lib.Get("walk.l"), lib.Get("idle")
	const seconds = 0.4
	blend := func() *motion.Clip {
		c, _ := motion.BlendIn(dst.Clip, src.Clip.PoseAt(src.Clip.Frames()-1, src.Effectors.Hips), dst.Effectors.Hips, seconds)
		return c
	}
	held := -1
	for _, d := range src.Docks {
		if d.Template == "foot" && toEnd(src, d) {
			held = src.Clip.Skeleton.Index(d.Effector)
		}
	}
	if held < 0 {
		t.Fatalf("walk.l holds no foot at its end: %v", src.Docks)
	}
	in := blend()
	n := in.Skeleton.NumJoints()
	fade := int(math.Ceil(seconds / in.FrameTime))
	before := in.Positions()
	drift := 0.0
	for f := 0; f <= fade; f++ {
		drift = max(drift, ground(before[f*n+held].Sub(before[held])))
	}
	if drift < 0.01 {
		t.Fatalf("the fade drags the held foot %.4f m: nothing to hold", drift)
	}

	c := blend()
	moved := holdStop(c, src, 1.5*src.Clip.FrameTime, dst.Effectors, seconds, 2*drift)
	after := c.Positions()
	for f := 0; f <= fade; f++ {
		if d := ground(after[f*n+held].Sub(after[held])); d > 1e-9 {
			t.Fatalf("frame %d: the held foot %.3g m from where it stood", f, d)
		}
	}
	for f := range c.Frames() {
		for j := range n {
			if c.Rot[f*n+j] != in.Rot[f*n+j] || j > 0 && c.Trans[f*n+j] != in.Trans[f*n+j] {
				t.Fatalf("frame %d joint %d changed", f, j)
			}
			rel, orig := after[f*n+j].Sub(after[f*n]), before[f*n+j].Sub(before[f*n])
			if rel.Sub(orig).Len() > 1e-9 {
				t.Fatalf("frame %d joint %d: the pose about the root moved", f, j)
			}
		}
	}
	last := c.Frames() - 1
	want := before[min(fade, last)*n+held].Sub(before[held])
	want[1] = 0
	if moved.Add(want).Len() > 1e-9 || after[last*n].Sub(before[last*n]).Sub(moved).Len() > 1e-9 {
		t.Errorf("moved %v; the foot drifted %v by the fade's end, the root moved %v", moved, want, after[last*n].Sub(before[last*n]))
	}

	c = blend()
	if moved := holdStop(c, src, 1.5*src.Clip.FrameTime, dst.Effectors, seconds, drift/2); moved != (mgl64.Vec3{}) {
		t.Errorf("bound under the drift: moved %v", moved)
	}
	for k := range c.Trans {
		if c.Trans[k] != in.Trans[k] {
			t.Fatalf("bound under the drift: the clip changed")
		}
	}
}

func ground(v mgl64.Vec3) float64 { return math.Hypot(v[0], v[2]) }

// TestMergeDocks: a foot's dock followed within the gap by another of the
// same foot within the slide is one dock, from the first's start to the
// second's end, posed as the first; a later one, a farther one and
// another foot's stay apart.
func TestMergeDocks(t *testing.T) {
	at := func(eff string, start, end float64, x float32) action.Dock {
		return action.Dock{Effector: eff, Template: "foot", Start: start, End: end, Pose: dock.Pose{Position: mgl32.Vec3{x, 0, 0}}}
	}
	in := []action.Dock{
		at("l", 0, 0.1, 0),
		at("r", 0, 0.3, 1),
		at("l", 0.12, 0.2, 0.004),  // 0.02 s after, 4 mm off: joins
		at("l", 0.3, 0.4, 0),       // 0.1 s after: apart
		at("l", 0.41, 0.5, 0.05),   // 5 cm off: apart
		at("r", 0.31, 0.35, 1.001), // joins the other foot's
	}
	got := mergeDocks(in, 0.025, 0.006, nil)
	want := []action.Dock{at("l", 0, 0.2, 0), at("r", 0, 0.35, 1), at("l", 0.3, 0.4, 0), at("l", 0.41, 0.5, 0.05)}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	if in[0].End != 0.1 {
		t.Errorf("the input changed: %v", in[0])
	}
}
