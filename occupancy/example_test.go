package occupancy_test

import (
	"fmt"
	"log"
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/occupancy"
	"github.com/go-gl/mathgl/mgl64"
)

// Two characters step towards each other: where their first half-steps'
// spaces meet, and where they pass side by side.
func Example() {
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		log.Fatal(err)
	}
	a := lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		log.Fatal(err)
	}
	sw, err := bake.MeasureSweeps(lib, m, ccd.Options{}, bake.Options{})
	if err != nil {
		log.Fatal(err)
	}
	spaces, err := occupancy.Build(sw, occupancy.Options{})
	if err != nil {
		log.Fatal(err)
	}
	walk := spaces.Action(lib.Index("walk.l"))[0]
	me := action.Frame{}
	for _, other := range []action.Frame{
		{Position: mgl64.Vec3{0, 0, 0.8}, Yaw: math.Pi}, // facing me, 0.8 m ahead
		{Position: mgl64.Vec3{1.2, 0, 0}, Yaw: math.Pi}, // 1.2 m to the side
	} {
		meet := occupancy.Intersect(walk.BCH, walk.BCH, occupancy.Relative(me, other))
		fmt.Printf("other at %.1f m: spaces meet %v\n", other.Position.Len(), meet)
	}
	// Output:
	// other at 0.8 m: spaces meet true
	// other at 1.2 m: spaces meet false
}
