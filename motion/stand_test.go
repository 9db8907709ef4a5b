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

// A walk whose right foot points its toes 57° down but for a few frames
// (a capture whose feet creep through their stances is lowest on its
// toes) stands that foot as it lies in those frames: its ankle-to-tip
// direction within 30° of the rest pose's (forward kinematics of the
// standing pose against the skeleton's rest positions), though the frames
// on its toes have ankle and tip lower together.
func TestStandOnAFlatFoot(t *testing.T) {
	c, eff := swinging(1.2, 0.4, 1, 0, 61)
	n := c.Skeleton.NumJoints()
	right := eff.Feet[1]
	if right.Side != Right {
		right = eff.Feet[0]
	}
	for f := range c.Frames() {
		if f < 20 || f > 26 {
			c.Rot[f*n+right.Joint] = mgl64.QuatRotate(1.0, mgl64.Vec3{1, 0, 0})
		}
	}
	elev := func(pos []mgl64.Vec3, base int) float64 {
		d := pos[base+right.Tip].Sub(pos[base+right.Joint])
		return math.Atan2(d[1], math.Hypot(d[0], d[2]))
	}
	rest := elev(c.Skeleton.RestPositions(), 0)
	pos := c.Positions()
	low, lowAt := math.Inf(1), 0
	for f := range c.Frames() {
		if s := pos[f*n+right.Joint][1] + pos[f*n+right.Tip][1]; s < low {
			low, lowAt = s, f
		}
	}
	if lowAt >= 20 && lowAt <= 26 {
		t.Fatalf("the foot lies lowest at frame %d, a flat one: the case tests nothing", lowAt)
	}
	out, err := Stand(c, eff, 15, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	got := elev(out.Positions(), 0)
	t.Logf("rest %.0f°, standing %.0f°, the foot lowest on its toes at frame %d (%.0f°)", rest*180/math.Pi, got*180/math.Pi, lowAt, elev(pos, lowAt*n)*180/math.Pi)
	if math.Abs(got-rest) > 30*math.Pi/180 {
		t.Errorf("the standing foot is tilted %.0f° from its rest pose's %.0f°", got*180/math.Pi, rest*180/math.Pi)
	}
}
