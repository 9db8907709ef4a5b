package legoracle

import (
	"math"
	"testing"

	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// A clip whose every frame is the same pose has no second difference; the
// same clip with the left knee bent the other way in one frame shows that
// knee's ankle there, moved twice as far as the bend moved it (to and
// back), in the adult's leg.
func TestSnap(t *testing.T) {
	sk := humanoid.Skeleton()
	n := sk.NumJoints()
	const frames = 9
	c := &motion.Clip{Skeleton: sk, FrameTime: 1.0 / 60}
	for range frames {
		for j := range n {
			c.Trans = append(c.Trans, sk.Offsets[j])
			c.Rot = append(c.Rot, mgl64.QuatIdent())
		}
	}
	if worst, where, err := Snap(c); err != nil || worst > 1e-12 {
		t.Fatalf("a still clip: %g at %s (%v)", worst, where, err)
	}
	knee := sk.Index("LeftLeg")
	ankle := sk.Index("LeftFoot")
	before := c.Positions()[4*n+ankle]
	c.Rot[4*n+knee] = mgl64.QuatRotate(1.0, mgl64.Vec3{1, 0, 0})
	moved := c.Positions()[4*n+ankle].Sub(before).Len()
	worst, where, err := Snap(c)
	if err != nil {
		t.Fatal(err)
	}
	eff, _ := motion.DefaultEffectors(sk)
	g, _ := motion.GuessScale(sk, eff)
	if want := 2 * moved * motion.AdultLeg / g.Leg; math.Abs(worst-want) > 1e-9 || where != "LeftFoot at frame 4" {
		t.Errorf("got %.6f at %s, want %.6f at LeftFoot at frame 4", worst, where, want)
	}
}
