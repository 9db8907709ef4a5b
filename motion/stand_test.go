package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// soles is, per foot of eff, the height of its sole (the lower of its
// joint and tip) at frame f of c, and at the frame of c where the foot
// lies lowest and flattest (its joint and tip lowest together).
func soles(c *Clip, eff *Effectors, f int) (at, flat []float64) {
	n := c.Skeleton.NumJoints()
	pos := c.Positions()
	for _, e := range eff.Feet {
		sole := func(g int) float64 { return math.Min(pos[g*n+e.Joint][1], pos[g*n+e.Tip][1]) }
		best, low := math.Inf(1), 0.0
		for g := range c.Frames() {
			if s := pos[g*n+e.Joint][1] + pos[g*n+e.Tip][1]; s < best {
				best, low = s, sole(g)
			}
		}
		at, flat = append(at, sole(f)), append(flat, low)
	}
	return at, flat
}

// A standing pose from the swinging walk: every frame alike, each sole at
// its height where that foot lies lowest and flattest in the walk (forward
// kinematics of both). When the walk's right leg is carried 12 cm higher throughout (a
// capture on uneven ground), both soles stand at the lower floor, the left
// foot's.
func TestStandOnTheFloor(t *testing.T) {
	for _, lift := range []float64{0, 0.12} {
		c, eff := swinging(1.2, 0.4, 1, 0, 61)
		n := c.Skeleton.NumJoints()
		right := eff.Feet[1]
		if right.Side != Right {
			right = eff.Feet[0]
		}
		hip := c.Skeleton.Parents[c.Skeleton.Parents[right.Joint]]
		for f := range c.Frames() {
			c.Trans[f*n+hip] = c.Skeleton.Offsets[hip].Add(mgl64.Vec3{0, lift, 0})
		}
		out, err := Stand(c, eff, 15, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		_, lowest := soles(c, eff, 0)
		floor := math.Min(lowest[0], lowest[1])
		for f := range out.Frames() {
			at, _ := soles(out, eff, f)
			for k, e := range eff.Feet {
				want := lowest[k]
				if lift > 0 {
					want = floor
				}
				if math.Abs(at[k]-want) > 1e-3 {
					t.Fatalf("lift %.2f, frame %d: %s's sole at %.4f m, want %.4f", lift, f, c.Skeleton.Names[e.Joint], at[k], want)
				}
			}
		}
		if lift > 0 && math.Abs(lowest[0]-lowest[1]) < 0.1 {
			t.Fatalf("the lifted walk's soles come lowest %.3f m apart: not uneven", math.Abs(lowest[0]-lowest[1]))
		}
	}
}
