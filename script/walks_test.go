package script_test

import (
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/legoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// Random-start walks, planned re-entrantly, judged on the motion they
// produce: forward kinematics of the output clip (no planner or warp code)
// must show every planted foot and hand still (within 1 cm) through its
// dock, the root never jumping 5 cm in a frame, no knee or ankle moving
// 0.25 m further in a frame than in the one before (legoracle.Snap: no foot
// jumping onto or off a support, no knee flipping), and the character never
// stuck. On builtin:level and, when the shared data is present, dungeon
// and undulating.
func TestRandomWalksHoldTheirDocks(t *testing.T) {
	lib, g, err := library.Default(library.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	specs := []string{"builtin:level"}
	if d, ok := shareddata.Dir(); ok {
		specs = append(specs, d+"/meshes/dungeon.obj", d+"/meshes/undulating.obj")
	}
	for _, spec := range specs {
		w, err := world.Load(spec, lib, world.Options{CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		setup, err := planner.NewSetup(g, w.Querier)
		if err != nil {
			t.Fatal(err)
		}
		foot := w.Supports[w.Templates["foot"]]
		open := script.OpenFloor(foot)
		rng := scenes.NewRNG(11)
		for k := range 3 {
			s := script.RandomWalk(foot, open, rng, 12, 4)
			res, err := script.Run(setup, planner.Config{Work: 1000}, s, 60, w.BVH)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stuck > 0 {
				t.Errorf("%s walk %d: stuck %d times", spec, k, res.Stuck)
			}
			checkDocksHold(t, spec, k, res, lib.Get)
			if snap, where, err := legoracle.Snap(res.Clip); err != nil || snap > 0.25 {
				t.Errorf("%s walk %d: %s moves %.3f m further in a frame than in the one before (%v)", spec, k, where, snap, err)
			}
		}
	}
}

// checkDocksHold checks the output clip against the steps' docks.
func checkDocksHold(t *testing.T, spec string, walk int, res *script.RunResult, get func(string) *action.Action) {
	t.Helper()
	c := res.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	pos := make([]mgl64.Vec3, c.Frames()*n)
	world := make([]mgl64.Quat, n)
	for f := range c.Frames() {
		c.FrameFK(f, pos[f*n:(f+1)*n], world)
	}
	for f := 1; f < c.Frames(); f++ {
		if d := pos[f*n].Sub(pos[(f-1)*n]).Len(); d > 0.05 {
			t.Errorf("%s walk %d frame %d: the root jumps %.1f cm", spec, walk, f, d*100)
		}
	}
	docks := 0
	for _, st := range res.Steps {
		a := get(st.Action)
		for _, d := range a.Docks {
			j := sk.Index(d.Effector)
			f0, f1 := frameAt(c, st.Start+d.Start), frameAt(c, st.Start+d.End)
			if f1-f0 < 2 {
				continue
			}
			docks++
			first := pos[f0*n+j]
			for f := f0 + 1; f <= f1; f++ {
				if m := pos[f*n+j].Sub(first).Len(); m > 0.01 {
					t.Errorf("%s walk %d: %s %s slides %.1f mm by frame %d (dock frames %d-%d, step at %.4f s, dock %.3f-%.3f s, clip %d frames)", spec, walk, st.Action, d.Effector, m*1000, f, f0, f1, st.Start, d.Start, d.End, c.Frames())
					for g := f0; g <= f1; g++ {
						t.Logf("frame %d: %.4v", g, pos[g*n+j])
					}
					break
				}
			}
		}
	}
	if docks < 10 {
		t.Errorf("%s walk %d: only %d docks checked", spec, walk, docks)
	}
}

// frameAt is the clip frame at time tm, clamped to the clip; a frame's
// sampled time rounds to it from within a tenth of a frame.
func frameAt(c *motion.Clip, tm float64) int {
	f := int(tm/c.FrameTime + 0.1)
	return min(max(f, 0), c.Frames()-1)
}
