package main

import (
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
)

// mannequiny's clips stretch its legs about 2.7% past the skeleton's rest
// offsets, and its starts fade in from its idle. With the body checked,
// its standing start in the middle of builtin:level is warped with both
// feet on their supports and the body clear of the scene, by the
// planner's own check (StartContact) and by the capsule oracle, which
// shares no code with it; and a walk from there moves off.
func TestAStretchingRigStartsOnItsSoles(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library of a glTF character and walks it with the body (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	libFile := filepath.Join(t.TempDir(), "lib.yaml")
	buildLibrary(t, libFile, "--from", shareddata.Path(t, "characters/mannequiny-0.3.0.glb"), "--spaces=false")
	w, setup, s := levelMiddle(t, runOptions{lib: libFile, body: true, depth: 4, work: 1000, friction: 0.8}, 6)
	f, err := s.Start(w.BVH)
	if err != nil {
		t.Fatal(err)
	}
	p, err := planner.New(setup, planner.Config{Start: f, Depth: 4, Work: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if ct, hit := p.StartContact(); hit {
		t.Errorf("the start puts %s %.2f mm from the scene", setup.Sweeps().Model().Capsules[ct.Capsule].Part, ct.Gap*1000)
	}
	for _, d := range p.Current().Docks {
		if !d.Reached || d.Error > 1e-4 {
			t.Errorf("dock %d: reached %v, off by %.2f mm", d.Dock, d.Reached, d.Error*1000)
		}
	}
	oracle := capsuleoracle.NewScene(w.Mesh)
	if x := measureInScene(oracle, setup.Sweeps().Model(), p.Current().Clip); x.DeepestM > 0 {
		t.Errorf("the start goes %.2f mm into the scene (%s)", x.DeepestM*1000, x.Part)
	}
	s.Inputs = []script.TimedInput{{At: 0, Heading: 0, Speed: 1.2}}
	res, err := script.Run(setup, planner.Config{Depth: 4, Work: 1000}, s, 60, w.BVH)
	if err != nil {
		t.Fatal(err)
	}
	if d := reach(res); d < 2 {
		t.Errorf("asked to walk for 6 s, it went %.2f m", d)
	}
	if x := measureInScene(oracle, setup.Sweeps().Model(), res.Clip); x.DeepestM > 0 {
		t.Errorf("the walk goes %.2f mm into the scene (%s)", x.DeepestM*1000, x.Part)
	}
}
