package character_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// TestWalkingClipsDockAlternately: the shared characters' walking and
// running clips (loops on the spot) get root motion from their feet and
// then give foot docks on alternating sides, each held still (the ankle's
// or, for a foot rolling over its ball, the toe's path during the dock,
// measured here from the clip's positions, within 1 cm), at the
// characters' own size: the four-metre robot walks faster than the
// mannequins. The sprints stand for two or three frames a step, the
// robot's run for one or two. (mesh2motion's "Walk" stands still, and
// mannequiny's "dash" slides on the floor: neither is a gait.)
func TestWalkingClipsDockAlternately(t *testing.T) {
	for _, tc := range []struct {
		file, clip string
		minV, maxV float64 // root speed [Units: m/s]
	}{
		{"characters/mannequiny-0.3.0.glb", "walk", 1.0, 1.7},
		{"characters/mannequiny-0.3.0.glb", "run", 5, 8},
		{"characters/mesh2motion-mannequin.glb", "Walk_Loop", 0.5, 1.5},
		{"characters/mesh2motion-mannequin.glb", "Walk_Formal_Loop", 0.5, 1.5},
		{"characters/mesh2motion-mannequin.glb", "Crouch_Fwd_Loop", 0.5, 1.5},
		{"characters/mesh2motion-mannequin.glb", "Jog_Fwd_Loop", 4, 7},
		{"characters/mesh2motion-mannequin.glb", "Sprint_Loop", 5, 8},
		{"characters/robot-expressive.glb", "Walking", 2.5, 4.5},
		{"characters/robot-expressive.glb", "Running", 4, 6},
	} {
		ch, err := character.Load(shareddata.Path(t, tc.file), character.Options{})
		if err != nil {
			t.Fatal(err)
		}
		eff, err := motion.DefaultEffectors(ch.Skeleton)
		if err != nil {
			t.Fatal(err)
		}
		c, speed, moved := motion.RootMotion(ch.Clip(tc.clip), eff)
		if !moved || speed < tc.minV || speed > tc.maxV {
			t.Errorf("%s %s: root motion %v at %.2f m/s, want %.1f-%.1f", tc.file, tc.clip, moved, speed, tc.minV, tc.maxV)
			continue
		}
		ds, err := dock.Extract(c, eff, c.Trajectory(eff.Hips)[0], dock.DefaultExtractOptions())
		if err != nil {
			t.Fatal(err)
		}
		var sides []motion.Side
		n := ch.Skeleton.NumJoints()
		pos := c.Positions()
		for _, d := range ds {
			if d.Template != "foot" {
				continue
			}
			sides = append(sides, d.Side)
			if s := heldTo(pos, n, footOf(eff, d.Side), d.StartFrame, d.EndFrame); s > 0.01 {
				t.Errorf("%s %s: %s slides %.3f m during its dock", tc.file, tc.clip, d.Effector, s)
			}
		}
		if len(sides) < 2 {
			t.Errorf("%s %s: %d foot docks", tc.file, tc.clip, len(sides))
		}
		for i := 1; i < len(sides); i++ {
			if sides[i] == sides[i-1] {
				t.Errorf("%s %s: foot docks %v do not alternate", tc.file, tc.clip, sides)
			}
		}
		t.Logf("%s %s: %.2f m/s, foot docks %v", tc.file, tc.clip, speed, sides)
	}
}

// footOf is the foot effector on a side.
func footOf(eff *motion.Effectors, side motion.Side) motion.Effector {
	if eff.Feet[0].Side == side {
		return eff.Feet[0]
	}
	return eff.Feet[1]
}

// heldTo is how far the stiller of a foot's joint and tip moves from where
// it is at frame from over [from, to]: a foot rolling over its ball keeps
// the ball still.
func heldTo(pos []mgl64.Vec3, n int, e motion.Effector, from, to int) float64 {
	held := math.Inf(1)
	for _, j := range []int{e.Joint, e.Tip} {
		m := 0.0
		for f := from; f <= to; f++ {
			m = max(m, pos[f*n+j].Sub(pos[from*n+j]).Len())
		}
		held = min(held, m)
	}
	return held
}
