package crowd

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// door is the bottleneck's inner gate: the wall's face x = 6, the opening
// 0.5 m wide about z = 0, passed going +X.
var door = Gate{mgl64.Vec3{6, 0, -0.25}, mgl64.Vec3{6, 0, 0.25}}

func TestGatePassed(t *testing.T) {
	from := mgl64.Vec3{0, 0, 0}
	for _, c := range []struct {
		g    Gate
		p    mgl64.Vec3
		want bool
	}{
		{door, mgl64.Vec3{5.9, 0, 0}, false},
		{door, mgl64.Vec3{6.1, 0, 0}, true},
		{door, mgl64.Vec3{6.1, 0, 3}, true}, // across the line, beside the opening
		{door, mgl64.Vec3{5.99, 0, -3}, false},
		{Point(mgl64.Vec3{6, 0, 0}), mgl64.Vec3{5.2, 0, 0.5}, true}, // within a metre
		{Point(mgl64.Vec3{6, 0, 0}), mgl64.Vec3{4.9, 0, 0}, false},  // short of it
		{Point(mgl64.Vec3{6, 0, 0}), mgl64.Vec3{6.2, 0, 3}, true},   // beyond the line square to the way
		{Point(mgl64.Vec3{6, 0, 0}), mgl64.Vec3{5.8, 0, -3}, false}, // beside it, short of the line
	} {
		if got := c.g.Passed(c.p, from); got != c.want {
			t.Errorf("%v.Passed(%v) = %v, want %v", c.g, c.p, got, c.want)
		}
		// Coming from the other side, the answer at the same place turns
		// for a segment (the line is the same).
		if c.g.A != c.g.B {
			if got := c.g.Passed(c.p, mgl64.Vec3{12, 0, 0}); got == c.want {
				t.Errorf("%v.Passed(%v) from +X = %v, want %v", c.g, c.p, got, !c.want)
			}
		}
	}
}

// approach: a point on the door's axis a metre nearer the door than the
// character (beyond the door's line within a metre of it); off the
// opening, no nearer the door than half the excess; a point gate is
// itself.
func TestGateApproach(t *testing.T) {
	from := mgl64.Vec3{0, 0, 0}
	centre := mgl64.Vec3{6, 0, 0}
	for _, c := range []struct {
		p, want mgl64.Vec3
	}{
		{mgl64.Vec3{5, 0, 0.2}, centre},
		{mgl64.Vec3{5.5, 0, 0.1}, mgl64.Vec3{6.5, 0, 0}},   // beyond the line
		{mgl64.Vec3{4, 0, 1.4}, mgl64.Vec3{5, 0, 0}},       // a metre nearer
		{mgl64.Vec3{5.5, 0, 0.6}, mgl64.Vec3{5.825, 0, 0}}, // 0.5 · (0.6 − 0.25) before
		{mgl64.Vec3{5.9, 0, -1.2}, mgl64.Vec3{5.525, 0, 0}},
	} {
		got := door.approach(c.p, from)
		if !got.ApproxEqualThreshold(c.want, 1e-12) {
			t.Errorf("approach(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if p := Point(centre); p.approach(mgl64.Vec3{1, 0, 2}, from) != centre {
		t.Errorf("a point gate's approach is not the point")
	}
}

// Heading for a door's approach point from anywhere in front of it always
// takes a character nearer the door's centre (the queue's promise: the
// first in it never walks back towards those waiting behind it), by the
// gradient of the distance, on a grid of places.
func TestGateApproachGetsNearer(t *testing.T) {
	from := mgl64.Vec3{0, 0, 0}
	c := door.centre()
	for x := 0.0; x < 6; x += 0.05 {
		for z := -6.0; z <= 6; z += 0.05 {
			p := mgl64.Vec3{x, 0, z}
			if d := flatDot(p.Sub(c), door.approach(p, from).Sub(p)); d >= 0 {
				t.Fatalf("from %v the way to %v does not get nearer the door (%g)", p, door.approach(p, from), d)
			}
		}
	}
}
