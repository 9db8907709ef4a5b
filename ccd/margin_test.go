package ccd_test

import (
	"testing"

	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/sceneload"
)

// TestActionMargin checks plan checks with Options.Margin against the
// oracle: a plan check reports a contact wherever a capsule it checks
// comes within Margin of the scene, and a contact it reports has the
// oracle's gap within Margin plus Epsilon (and the snap's slack). Checks
// of executed clips do not see the margin: they answer as without it.
func TestActionMargin(t *testing.T) {
	s := steppingStage(t)
	const margin = 0.01
	sw, err := bake.MeasureSweeps(s.lib, s.sweeps.Model(), ccd.Options{Margin: margin}, bake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const n = 200 // fewer draw no case within the margin and out of the scene
	eps := sw.Options().Epsilon + 2.1e-6
	m := sw.Model()
	total := inWorkers(n, func(int) func(k int, c *[6]int) {
		o := capsuleoracle.NewScene(mesh)
		wide, plain := ccd.NewChecker(sw, s.scene), ccd.NewChecker(s.sweeps, s.scene)
		return func(k int, c *[6]int) {
			ai := (k*7 + 3) % len(s.lib.Actions)
			a, f := s.lib.Actions[ai], s.frames[k%len(s.frames)]
			var ct ccd.Contact
			clear := wide.Action(int32(ai), f, 0, &ct)
			clip := placedClip(t, a, f, 0)
			or := newOracle(m, clip)
			best := planGap(or, o, func(int) bool { return false }, 0)
			if best < margin {
				c[0]++
				if best >= 0 {
					c[1]++ // within the margin, out of the scene
				}
				if clear {
					t.Errorf("case %d: %q clear with a margin of %.3f m, but the oracle finds a gap of %.6f m", k, a.Name, margin, best)
				}
			}
			if !clear {
				if g := or.gap(ct.Capsule, otri(o.Triangle(int(ct.Triangle))), ct.Time); g > margin+eps {
					t.Errorf("case %d: %q: contact reported at %.4f s (%s), where the oracle's gap is %.6f m", k, a.Name, ct.Time, m.Capsules[ct.Capsule].Part, g)
				}
			}
			if wide.Clip(clip, nil) != plain.Clip(clip, nil) {
				c[2]++
				t.Errorf("case %d: %q: the executed clip's check depends on the plan margin", k, a.Name)
			}
		}
	})
	t.Logf("%d plan checks with a margin of %.0f mm: %d within it by the oracle, %d of them clear of the scene", n, margin*1000, total[0], total[1])
	if total[1] == 0 {
		t.Errorf("no case comes within the margin without touching: the test does not test the margin")
	}
}
