package planner_test

import (
	"sync"
	"testing"

	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
)

// A Setup may be shared by planners on different goroutines: two planners
// on one Setup (the body checked, so the clearance data is shared too),
// each on its own goroutine, play the main job's walk to the same bytes as
// one planner alone. Run under the race detector (.ci/run), this is the
// test of Setup's contract.
func TestPlannersShareASetup(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	setup, err := planner.NewSetup(w.setup.Graph(), w.lw.Querier, w.setup.Sweeps())
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := mainJob(t, w)
	if tier.Short() {
		s.Duration = 4
	}
	play := func() (uint64, error) {
		res, err := script.Run(setup, planner.Config{Work: 1000}, s, 60, w.bvh)
		if err != nil {
			return 0, err
		}
		return script.MotionHash(res.Clip), nil
	}
	alone, err := play()
	if err != nil {
		t.Fatal(err)
	}
	var got [2]uint64
	var errs [2]error
	var wg sync.WaitGroup
	for k := range got {
		wg.Go(func() { got[k], errs[k] = play() })
	}
	wg.Wait()
	for k := range got {
		if errs[k] != nil {
			t.Fatal(errs[k])
		}
		if got[k] != alone {
			t.Errorf("planner %d on the shared Setup: motion hash %x, alone %x", k, got[k], alone)
		}
	}
}
