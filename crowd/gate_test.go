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

// approach: the door's centre from within the cone in front of it, and
// from beside the door the point on its axis where the cone is as wide as
// the character is off the axis (so the way from there meets the door
// within the cone); a point gate is itself.
func TestGateApproach(t *testing.T) {
	from := mgl64.Vec3{0, 0, 0}
	centre := mgl64.Vec3{6, 0, 0}
	for _, c := range []struct {
		p, want mgl64.Vec3
	}{
		{mgl64.Vec3{5, 0, 0.2}, centre},
		{mgl64.Vec3{4, 0, 1.4}, centre}, // 1.4 ≤ 0.25 + 0.6·2
		{mgl64.Vec3{5.5, 0, 0.6}, mgl64.Vec3{5, 0, 0}},
		{mgl64.Vec3{5.5, 0, -1.2}, mgl64.Vec3{4, 0, 0}},
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
