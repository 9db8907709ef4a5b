package planner_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/script"
)

// Over the main job's whole walk (script.SteppingWalk), after New, Update
// allocates nothing: not when an action is chosen and warped, not when the
// plan is committed, grown or evaluated. Counted with the runtime's malloc
// counter over every frame, with a work budget and with a time budget.
func TestUpdateAllocatesNothing(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	s, err := script.ReadScript(strings.NewReader(script.SteppingWalk), "SteppingWalk")
	if err != nil {
		t.Fatal(err)
	}
	in, err := s.Resolve(w.setup)
	if err != nil {
		t.Fatal(err)
	}
	start, err := s.Start(w.bvh)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []planner.Config{{Work: 1500}, {Budget: 2e6}, {Work: 400, Depth: 6}} {
		cfg.Start, cfg.State = start, s.State
		p, err := planner.New(w.setup, cfg)
		if err != nil {
			t.Fatal(err)
		}
		const dt = 1.0 / 60
		frames := int(s.Duration / dt)
		// One processor while counting, as testing.AllocsPerRun does, so
		// that no other goroutine's allocation is counted.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		actions := 0
		last := ""
		for f := 1; f <= frames; f++ {
			pose := p.Update(dt, in.At(float64(f)*dt))
			if pose.Action != last {
				actions++
				last = pose.Action
			}
		}
		runtime.ReadMemStats(&after)
		if n := after.Mallocs - before.Mallocs; n != 0 {
			t.Errorf("work %d, budget %v, depth %d: %d allocations over %d frames (%d actions)", cfg.Work, cfg.Budget, p.Depth(), n, frames, actions)
		}
		if actions < 15 {
			t.Errorf("work %d, budget %v: only %d actions", cfg.Work, cfg.Budget, actions)
		}
	}
}
