package character_test

import (
	"bytes"
	"fmt"

	"github.com/foothold/foothold/character"
)

// A rigged character's joints become a skeleton and its animations clips;
// the armature node above the joints (here turned 90° and scaled 2×) is
// folded into the root.
func ExampleRead() {
	var b bytes.Buffer
	enc := newEncoder(&b)
	if err := enc.Encode(rig()); err != nil {
		panic(err)
	}
	ch, err := character.Read(&b, nil, "rig.glb", character.Options{FrameRate: 10})
	if err != nil {
		panic(err)
	}
	fmt.Println(ch.Skeleton.Names)
	c := ch.Clip("move")
	p := c.Positions()
	last := (c.Frames() - 1) * ch.Skeleton.NumJoints()
	fmt.Printf("%d frames; the knee ends at x %.2f, z %.2f\n", c.Frames(), p[last+1][0], p[last+1][2])
	// Output:
	// [Hips Knee Knee_end]
	// 11 frames; the knee ends at x 1.00, z 6.00
}
