package planner_test

import (
	"fmt"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// A game loop: load a world and the body's sweeps once (both are baked
// and cached on first use), make a planner (it checks the character's
// body against the scene), then feed it the player's input every frame
// and draw the pose it returns.
func Example() {
	lib, graph, _ := librarybuild.Default(librarybuild.DefaultOptions{})
	w, _ := world.Load("builtin:stepping", lib, world.Options{})
	body, _ := planner.DefaultBody(lib, nil)
	sweeps, _, _ := bake.Sweeps(lib, body, ccd.Options{}, bake.Options{}) // measured once, then cached
	setup, _ := planner.NewSetup(graph, w.Querier, sweeps)
	start := action.Frame{Position: mgl64.Vec3{3.6, 0, 2}, Yaw: math.Pi / 2}
	p, err := planner.New(setup, planner.Config{Start: start, State: "walk.r", Work: 1000,
		OnStep: func(s *planner.Step) { fmt.Printf("%.2f s %s at x %.1f\n", s.Start, s.Action, s.Frame.Position[0]) }})
	if err != nil {
		panic(err)
	}
	east := planner.Input{Heading: math.Pi / 2, Speed: 1.2}
	for range 3 * 60 { // three seconds at 60 Hz
		pose := p.Update(1.0/60, east)
		_ = pose // pose.Trans and pose.Rot drive the character's skeleton
	}
	// Output:
	// 0.00 s walk.r at x 3.6
	// 0.50 s walk.l at x 4.2
	// 1.00 s walk.r at x 4.9
	// 1.50 s walk.l at x 5.5
	// 2.00 s walk.r at x 6.0
	// 2.50 s turn-left.l at x 6.6
}
