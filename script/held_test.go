package script_test

import (
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// TestHeldChoiceGoesOn: some choices' warped motion, the root following
// the docks' supports, touches the scene where the plan found the body
// clear; warped again with the root held where the plan checked the body
// (warp.Options.Hold), the walk goes on. The tenth of `planner walks
// --scene builtin:level --starts 10 --seconds 20 --body` (seed 1) takes
// choices held (without holding it went 12.5 m, a choice refused and 469
// frames with no choice): at least one is taken held, it is never without
// a choice, walks at least 10 m, and the oracle finds no capsule in the
// scene in any frame.
func TestHeldChoiceGoesOn(t *testing.T) {
	w, setup := bodyWorld(t, "builtin:level", librarybuild.DefaultOptions{Crowd: true}, world.Options{Friction: dock.DefaultFriction})
	fits := script.BodyFits(setup, w.BVH)
	foot := w.Supports[w.Templates["foot"]]
	open := script.OpenFloor(foot)
	rng := scenes.NewRNG(1)
	var s *script.Script
	for range 10 {
		s = script.RandomWalkWhere(foot, open, rng, 20, 5, fits)
	}
	res, err := script.Run(setup, planner.Config{Depth: 4, Work: 1000}, s, 60, w.BVH)
	if err != nil {
		t.Fatal(err)
	}
	o := clipOracle{scene: capsuleoracle.NewScene(w.Mesh), setup: setup}
	d, _, _, where := o.deepest(res.Clip)
	dist := pathLength(res.Clip)
	t.Logf("walk from (%.1f, %.1f): %.1f m, %d choices held, %d refused, %d frames with no choice; deepest %.4f m", s.X, s.Z, dist, res.Held, res.Refused, res.Stuck, max(d, 0))
	if d > 1e-4 {
		t.Errorf("%s", where)
	}
	if res.Held < 1 || res.Stuck > 0 || dist < 10 {
		t.Errorf("%.1f m with %d choices held, %d frames with no choice: want at least 10 m, one held and none without a choice", dist, res.Held, res.Stuck)
	}
}
