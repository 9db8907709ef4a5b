package librarybuild_test

import (
	"fmt"

	"github.com/foothold/foothold/librarybuild"
)

// The built-in library: each action's docks are extracted from its clip.
func Example() {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		panic(err)
	}
	walk := lib.Get("walk.l")
	fmt.Printf("%s: %.2f s, %.2f m forward\n", walk.Name, walk.Duration(), walk.Delta.Translation[2])
	for _, d := range walk.Docks {
		fmt.Printf("  %s (%s) %.2f-%.2f s at z %.2f m\n", d.Effector, d.Template, d.Start, d.End, d.Pose.Position[2])
	}
	fmt.Println("animations at depths 1-4:", g.Count(int32(lib.Index(librarybuild.TableIStart)), 4))
	// Output:
	// walk.l: 0.50 s, 0.60 m forward
	//   LeftFoot (foot) 0.00-0.18 s at z 0.00 m
	//   RightFoot (foot) 0.23-0.50 s at z 0.60 m
	// animations at depths 1-4: [5 34 205 1208]
}
