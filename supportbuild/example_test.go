package supportbuild_test

import (
	"fmt"

	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
)

// Stepping's flights stand 0.2 m apart: a foot on the floor between them
// has the flights' sides at its shin, so that floor is no support for it;
// the flight's tread beside it is.
func ExampleNarrow() {
	m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.1 // the lattice's increment
	fmt.Println("between the flights:", supportbuild.Narrow(bvh, [3]float32{1.0, 0, 2.0}, inc, supportbuild.Stance))
	fmt.Println("on the second tread:", supportbuild.Narrow(bvh, [3]float32{0.85, 0.4, 1.5}, inc, supportbuild.Stance))
	// Output:
	// between the flights: true
	// on the second tread: false
}
