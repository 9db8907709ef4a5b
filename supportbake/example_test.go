package supportbake_test

import (
	"fmt"

	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
)

// Stepping's flights stand 0.2 m apart: a foot on the floor between them
// has the flights' sides at its shin, so that floor is no support for it;
// the flight's tread beside it is.
func ExampleNarrow() {
	m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.1 // the lattice's increment
	fmt.Println("between the flights:", supportbake.Narrow(bvh, [3]float32{1.0, 0, 2.0}, inc, supportbake.Stance))
	fmt.Println("on the second tread:", supportbake.Narrow(bvh, [3]float32{0.85, 0.4, 1.5}, inc, supportbake.Stance))
	// Output:
	// between the flights: true
	// on the second tread: false
}
