package motion_test

import (
	"fmt"
	"strings"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Read a two-joint BVH clip in centimetres and find where its end is.
func ExampleReadBVH() {
	const src = `HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
	JOINT LeftUpLeg
	{
		OFFSET 10 0 0
		CHANNELS 3 Zrotation Yrotation Xrotation
		End Site
		{
			OFFSET 0 -40 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.0333333
0 90 0 0 0 0 0 0 0
0 90 0 0 0 0 0 0 90
`
	c, err := motion.ReadBVH(strings.NewReader(src), "leg.bvh", motion.BVHOptions{Scale: 0.01})
	if err != nil {
		panic(err)
	}
	pos := make([]mgl64.Vec3, c.Skeleton.NumJoints())
	world := make([]mgl64.Quat, c.Skeleton.NumJoints())
	for f := range c.Frames() {
		c.FrameFK(f, pos, world)
		end := pos[c.Skeleton.Index("LeftUpLeg_End")]
		fmt.Printf("frame %d: leg end at (%.2f, %.2f, %.2f)\n", f, end[0]+0, end[1]+0, end[2]+0)
	}
	// Output:
	// frame 0: leg end at (0.10, 0.50, 0.00)
	// frame 1: leg end at (0.10, 0.90, -0.40)
}

// Guess the unit of a capture from its legs: a leg of 44 + 40 units is an
// adult's in centimetres.
func ExampleGuessScale() {
	const src = `HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT UpperLeg_L
	{
		OFFSET 9 -5 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LowerLeg_L
		{
			OFFSET 44 0 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT Foot_L
			{
				OFFSET 40 0 0
				CHANNELS 3 Zrotation Xrotation Yrotation
				End Site
				{
					OFFSET 15 0 0
				}
			}
		}
	}
}
MOTION
Frames: 1
Frame Time: 0.0333333
0 90 0 0 0 0 0 0 0 0 0 0 0 0 0
`
	c, err := motion.ReadBVH(strings.NewReader(src), "leg.bvh", motion.BVHOptions{Scale: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := motion.GuessScale(c.Skeleton, eff)
	fmt.Println(g)
	// Output: scale 0.01 (centimetres: the legs measure 84 units, an adult's 0.83 m)
}
