package sceneload

import (
	"math"
	"testing"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// signedVolume is the divergence-theorem volume of a closed mesh: positive
// when every face's winding points out of the solid.
func signedVolume(m *scenes.Mesh) float64 {
	var v float64
	for t := 0; t < m.NumTriangles(); t++ {
		a, b, c := m.Triangle(t)
		v += float64(a.Dot(b.Cross(c))) / 6
	}
	return v
}

func TestBuilderSolids(t *testing.T) {
	cases := []struct {
		name   string
		build  func(b *Builder)
		volume float64
		area   float64
	}{
		{"unit box", func(b *Builder) { b.Box(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{1, 1, 1}) }, 1, 6},
		{"box 2x3x4", func(b *Builder) { b.Box(mgl32.Vec3{1, 2, 3}, mgl32.Vec3{3, 5, 7}) }, 24, 2 * (6 + 8 + 12)},
		// A wedge 2 long, 1 wide, rising from 0 to 1: volume 1, faces:
		// bottom 2, slope sqrt(5), back 1, two triangles 1 each.
		{"ramp", func(b *Builder) { b.Ramp(0, 2, 0, 1, 0, 0, 1) }, 1, 2 + math.Sqrt(5) + 1 + 2},
		{"ramp z", func(b *Builder) { b.RampZ(0, 1, 0, 2, 0, 0, 1) }, 1, 2 + math.Sqrt(5) + 1 + 2},
		{"stairs", func(b *Builder) { b.Stairs(0, 0, 1, 0, 3, 0.2, 0.3) }, 0.3 * (0.2 + 0.4 + 0.6), -1},
	}
	for _, c := range cases {
		var b Builder
		c.build(&b)
		m := b.Mesh()
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n := m.DropDegenerate(); n != 0 {
			t.Errorf("%s: builder made %d degenerate triangles", c.name, n)
		}
		if v := signedVolume(m); math.Abs(v-c.volume) > 1e-5 {
			t.Errorf("%s: signed volume = %v, want %v (outward winding)", c.name, v, c.volume)
		}
		if c.area > 0 {
			if a := m.SurfaceArea(); math.Abs(a-c.area) > 1e-5 {
				t.Errorf("%s: SurfaceArea() = %v, want %v", c.name, a, c.area)
			}
		}
	}
}

func TestBoundsAndTransform(t *testing.T) {
	var b Builder
	b.Box(mgl32.Vec3{-1, 0, 2}, mgl32.Vec3{1, 3, 6})
	m := b.Mesh()
	if v := m.BoundsVolume(); v != 2*3*4 {
		t.Errorf("BoundsVolume() = %v, want 24", v)
	}
	m.Transform(0.5, scenes.UpZ) // (x, y, z) -> (x, z, -y) * 0.5
	bb := m.Bounds()
	want := scenes.AABB{Min: mgl32.Vec3{-0.5, 1, -1.5}, Max: mgl32.Vec3{0.5, 3, 0}}
	if bb != want {
		t.Errorf("Bounds() after Transform(0.5, UpZ) = %v, want %v", bb, want)
	}
	if v := signedVolume(m); math.Abs(v-3) > 1e-5 {
		t.Errorf("signed volume after transform = %v, want 3 (a rotation keeps winding outward)", v)
	}
}
