package character_test

import (
	"testing"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
)

// TestWalkingClipsDockAlternately: the shared characters' walking clips
// (loops on the spot) get root motion from their feet and then give foot
// docks on alternating sides, each held still (the joint's path during the
// dock, measured here from the clip's positions, within 1 cm), at the
// characters' own size: the four-metre robot walks faster than the
// mannequins.
func TestWalkingClipsDockAlternately(t *testing.T) {
	for _, tc := range []struct {
		file       string
		clips      []string
		minV, maxV float64 // root speed [Units: m/s]
	}{
		{"characters/mannequiny-0.3.0.glb", []string{"walk"}, 1.0, 1.7},
		{"characters/mesh2motion-mannequin.glb", []string{"Walk_Loop", "Walk_Formal_Loop", "Crouch_Fwd_Loop"}, 0.5, 1.5},
		{"characters/robot-expressive.glb", []string{"Walking"}, 2.5, 4.5},
	} {
		ch, err := character.Load(shareddata.Path(t, tc.file), character.Options{})
		if err != nil {
			t.Fatal(err)
		}
		eff, err := motion.DefaultEffectors(ch.Skeleton)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range tc.clips {
			c, speed, moved := motion.RootMotion(ch.Clip(name), eff)
			if !moved || speed < tc.minV || speed > tc.maxV {
				t.Errorf("%s %s: root motion %v at %.2f m/s, want %.1f-%.1f", tc.file, name, moved, speed, tc.minV, tc.maxV)
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
				j := ch.Skeleton.Index(d.Effector)
				for f := d.StartFrame; f <= d.EndFrame; f++ {
					if s := pos[f*n+j].Sub(pos[d.StartFrame*n+j]).Len(); s > 0.01 {
						t.Errorf("%s %s: %s slides %.3f m during its dock", tc.file, name, d.Effector, s)
					}
				}
			}
			if len(sides) < 2 {
				t.Errorf("%s %s: %d foot docks", tc.file, name, len(sides))
			}
			for i := 1; i < len(sides); i++ {
				if sides[i] == sides[i-1] {
					t.Errorf("%s %s: foot docks %v do not alternate", tc.file, name, sides)
				}
			}
			t.Logf("%s %s: %.2f m/s, foot docks %v", tc.file, name, speed, sides)
		}
	}
}
