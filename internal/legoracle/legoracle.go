// Package legoracle is a test oracle of the legs' motion: from a clip's
// joint positions alone (forward kinematics of a motion.Clip, read back
// from a written file or taken from a run), how much further a knee or an
// ankle moves, relative to the root, in one frame than in the frame
// before. A foot that jumps onto or off a support, or a knee that flips to
// the other side of its leg, shows as a large second difference; a smooth
// stride does not. It shares no code with the warp or the planner, which
// make the motion it judges; tests use it, the runtime never does.
package legoracle

import (
	"fmt"

	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Snap is the largest second difference of a knee's or ankle's position
// relative to the root over the frames of c, scaled to the adult's leg
// (motion.AdultLeg over the clip's own), and where it is: the joint's name
// and the middle frame.
func Snap(c *motion.Clip) (worst float64, where string, err error) {
	sk := c.Skeleton
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		return 0, "", err
	}
	g, err := motion.GuessScale(sk, eff)
	if err != nil {
		return 0, "", err
	}
	n := sk.NumJoints()
	pos := c.Positions()
	rel := func(f, j int) mgl64.Vec3 { return pos[f*n+j].Sub(pos[f*n]) }
	for _, e := range eff.Feet {
		for _, j := range []int{e.Joint, sk.Parents[e.Joint]} {
			for f := 1; f+1 < c.Frames(); f++ {
				d := rel(f-1, j).Sub(rel(f, j).Mul(2)).Add(rel(f+1, j)).Len() * motion.AdultLeg / g.Leg
				if d > worst {
					worst, where = d, fmt.Sprintf("%s at frame %d", sk.Names[j], f)
				}
			}
		}
	}
	return worst, where, nil
}
