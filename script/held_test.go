package script_test

import (
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// TestHeldChoiceGoesOn: a walk on builtin:level with the body (the sixth
// of `planner walks --scene builtin:level --starts 6 --seconds 20 --body`,
// seed 1, when it was written: the start and headings are kept here, as the
// draw depends on the support data) meets a choice whose warped motion, the
// root following the docks' supports, touches the scene. Warped again with
// the root held where the plan checked the body (warp.Options.Hold), the
// walk goes on: at least one choice is taken held, it walks at least 15 m,
// and the oracle finds no capsule in the scene in any frame.
func TestHeldChoiceGoesOn(t *testing.T) {
	w, setup := bodyWorld(t, "builtin:level", library.DefaultOptions{Crowd: true}, world.Options{Friction: dock.DefaultFriction})
	s := &script.Script{X: 48.9, Y: 0.3, Z: 49.0, YawDeg: 31.174251195671417, Duration: 20}
	for k, h := range []float64{-0.6461046156504852, -0.3833576837185011, -1.5502305334673239, 0.18697118608321922} {
		s.Inputs = append(s.Inputs, script.TimedInput{At: 5 * float64(k), Heading: h, Speed: 1.2})
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
	if res.Held < 1 || dist < 15 {
		t.Errorf("%.1f m with %d choices held: want at least 15 m and one held", dist, res.Held)
	}
}
