package planner_test

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// The memory profiler records every allocation of this test binary, so
// that allocations can be told by the function that made them: the
// runtime's malloc counter also counts other goroutines' (the runtime's
// own, under load).
func init() { runtime.MemProfileRate = 1 }

// updateAllocs counts the objects allocated so far with Planner.Update on
// the stack, as the memory profile has them after a collection.
func updateAllocs() int64 { return allocsIn("planner.(*Planner).Update") }

// allocsIn counts the objects allocated so far with function fn on the
// stack.
func allocsIn(fn string) int64 {
	runtime.GC()
	runtime.GC()
	n, _ := runtime.MemProfile(nil, true)
	recs := make([]runtime.MemProfileRecord, n+64)
	n, _ = runtime.MemProfile(recs, true)
	var total int64
	for _, r := range recs[:n] {
		frames := runtime.CallersFrames(r.Stack())
		for {
			f, more := frames.Next()
			if strings.HasSuffix(f.Function, fn) {
				total += r.AllocObjects
				break
			}
			if !more {
				break
			}
		}
	}
	return total
}

// Over the main job's whole walk (script.SteppingWalk, planned as the main
// job plans it: the body checked), after New, Update allocates nothing:
// not when an action is chosen, warped and checked, not when the plan is
// committed, grown or evaluated. Counted by the memory profiler over
// every frame, with a work budget, a time budget and at depth 6.
func TestUpdateAllocatesNothing(t *testing.T) {
	w := loadWorldLib(t, "builtin:stepping", world.Options{}, librarybuild.DefaultOptions{Crowd: true})
	s, in, start := mainJob(t, w)
	for _, cfg := range []planner.Config{{Work: 1500}, {Budget: 2e6}, {Work: 400, Depth: 6}} {
		cfg.Start, cfg.State = start, s.State
		p, err := planner.New(w.setup, cfg)
		if err != nil {
			t.Fatal(err)
		}
		const dt = 1.0 / 60
		frames := int(s.Duration / dt)
		before := updateAllocs()
		actions := 0
		last := ""
		for f := 1; f <= frames; f++ {
			pose := p.Update(dt, in.At(float64(f)*dt))
			if pose.Action != last {
				actions++
				last = pose.Action
			}
		}
		if n := updateAllocs() - before; n != 0 {
			t.Errorf("work %d, budget %v, depth %d: %d allocations in Update over %d frames (%d actions)", cfg.Work, cfg.Budget, p.Depth(), n, frames, actions)
		}
		if actions < 15 {
			t.Errorf("work %d, budget %v: only %d actions", cfg.Work, cfg.Budget, actions)
		}
	}
}

// With the body checked, walking down the 0.9 m doorway's lane of
// builtin:rooms (plan nodes blocked near the walls, warped choices
// checked), Update allocates nothing either.
func TestUpdateWithBodyAllocatesNothing(t *testing.T) {
	s := loadRooms(t)
	l := s.lanes["doorway 0.90"]
	p, err := planner.New(s.body, planner.Config{Start: action.Frame{Position: mgl64.Vec3{sceneload.RoomsStartX, 0, float64(l.Z)}, Yaw: math.Pi / 2}, Work: 1000})
	if err != nil {
		t.Fatal(err)
	}
	east := planner.Input{Heading: math.Pi / 2, Speed: 1.4}
	before := updateAllocs()
	for range 12 * 60 {
		p.Update(1.0/60, east)
	}
	if n := updateAllocs() - before; n != 0 {
		t.Errorf("%d allocations in Update over 12 s with the body checked", n)
	}
	if st := p.Stats(); st.Blocked == 0 || st.BodyChecks == 0 {
		t.Errorf("the body check did nothing: %+v", st)
	}
}

// In a world whose scene changes (package live: a crate sliding to and fro
// in the path, a mover the warped choices are checked against), after a
// warm-up, neither Rebase nor Update allocates.
func TestRebaseAllocatesNothing(t *testing.T) {
	w := loadWorld(t, "builtin:stepping")
	s, in, start := mainJob(t, w)
	lw, err := live.FromWorld(w.lw, w.setup)
	if err != nil {
		t.Fatal(err)
	}
	p, err := planner.New(lw.Setup(), planner.Config{Start: start, State: s.State, Work: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if err := lw.Attach(p); err != nil {
		t.Fatal(err)
	}
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-0.3, 0, -0.3}, mgl32.Vec3{0.3, 0.6, 0.3})
	crate, err := lw.Add(b.Mesh(), dynamic.Transform{Translation: start.Position.Add(mgl64.Vec3{1.5, 0, 0})})
	if err != nil {
		t.Fatal(err)
	}
	const dt = 1.0 / 60
	// The crate slides to and fro in front of the character (a mover: the
	// warped choices are checked against it as it moves).
	var keys []live.Key
	for k := range int(s.Duration) + 1 {
		x := 1.5 + float64(k%2)
		keys = append(keys, live.Key{Time: float64(k), At: dynamic.Transform{Translation: start.Position.Add(mgl64.Vec3{x, 0, 0})}})
	}
	if err := lw.Animate(crate, keys); err != nil {
		t.Fatal(err)
	}
	var before, beforeUpdate int64
	rebased := 0
	for f := 1; f <= int(s.Duration/dt); f++ {
		if f == 60 {
			before, beforeUpdate = allocsIn("planner.(*Planner).Rebase"), updateAllocs()
		}
		rebased++
		if _, err := lw.Step(dt); err != nil {
			t.Fatal(err)
		}
		p.Update(dt, in.At(float64(f)*dt))
	}
	if n := allocsIn("planner.(*Planner).Rebase") - before; n != 0 {
		t.Errorf("%d allocations in Rebase over %d changes", n, rebased)
	}
	if n := updateAllocs() - beforeUpdate; n != 0 {
		t.Errorf("%d allocations in Update in a changing world", n)
	}
}
