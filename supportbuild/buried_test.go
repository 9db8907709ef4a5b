package supportbuild

import (
	"testing"

	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Buried on builtin:stepping, where the answer is known from the
// generator: the floor under a stair block or a bench and the underside of
// the floor slab are buried; treads, the open floor, a stepping stone's top
// (from the lattice layers below and above it) and the box top are not.
func TestBuried(t *testing.T) {
	m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.1
	for _, c := range []struct {
		name   string
		p      [3]float32
		buried bool
	}{
		{"floor under the first tread of the 0.2 m flight", [3]float32{0.55, 0, 1.5}, true},
		{"floor under the landing", [3]float32{2.0, 0, 1.5}, true},
		{"slab underside under the stairs", [3]float32{0.55, -0.2, 1.5}, true},
		{"slab underside under open floor", [3]float32{3.9, -0.2, 1.5}, true},
		{"floor under the bench", [3]float32{9.0, 0, 3.6}, true},
		{"first tread", [3]float32{0.55, 0.2, 1.5}, false},
		{"landing top", [3]float32{2.0, 0.8, 1.5}, false},
		{"open floor", [3]float32{3.9, 0, 1.5}, false},
		{"bench top", [3]float32{9.0, 0.4, 3.6}, false},
		{"box top", [3]float32{9.1, 1.0, 0.8}, false},
		{"floor beside the bench", [3]float32{9.0, 0, 3.0}, false},
	} {
		if got := Buried(bvh, c.p, inc, Headroom); got != c.buried {
			t.Errorf("%s %v: buried %v, want %v", c.name, c.p, got, c.buried)
		}
	}
	// Every stepping stone's top, from the lattice layer just below it and
	// the one just above: never buried.
	stones := 0
	for tr := range m.NumTriangles() {
		a, b, c := m.Triangle(tr)
		n := m.TriangleNormal(tr)
		x := (a[0] + b[0] + c[0]) / 3
		if n[1] < 0.99 || x < 6.2 || x > 7.8 || a[1] < -0.1 {
			continue
		}
		stones++
		z := (a[2] + b[2] + c[2]) / 3
		below := float32(int(a[1]/inc+10)-10) * inc // floor(a[1]/inc)·inc
		for _, y := range []float32{below, below + inc} {
			if Buried(bvh, [3]float32{x, y, z}, inc, Headroom) {
				t.Errorf("stone top at y %.3f (x %.2f, z %.2f): buried from lattice y %.1f", a[1], x, z, y)
			}
		}
	}
	if stones < 20 {
		t.Errorf("found %d stone-top triangles", stones)
	}
}

// The underside of the floor slab is buried everywhere under the stairs
// hall, also where a stair block, a landing or a ramp stands on the floor
// (their bottom faces lie in the floor's top: a ray up from the underside
// meets both at once), at the scene's size and grown 1.85 times (as for
// the robot, whose feet were planned onto it under lane 0's ramp).
func TestBuriedUnderBlocks(t *testing.T) {
	for _, s := range []float32{1, 1.85} {
		m, err := sceneload.Load("builtin:stepping", sceneload.LoadOptions{Scale: s})
		if err != nil {
			t.Fatal(err)
		}
		bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
		inc := 0.1 * s
		kept := 0
		for x := float32(0.05); x < 4.4; x += 0.1 {
			for z := float32(0.05); z < 4; z += 0.1 {
				p := [3]float32{x * s, -0.2*s - 0.3*inc, z * s}
				if !Buried(bvh, p, inc, Headroom) {
					kept++
					if kept <= 5 {
						t.Errorf("size ×%v: the slab's underside at %v is not buried", s, p)
					}
				}
			}
		}
		if kept > 5 {
			t.Errorf("size ×%v: %d more places on the slab's underside not buried", s, kept-5)
		}
	}
}

// A solid exactly one increment thick: the floor under stepping's 0.10 m
// first tread (lane 0) and the underside of a 0.1 m slab are buried, the
// tread and the slab's top are not. Their top face lies exactly one
// increment above the sample that stands for the face beneath.
func TestBuriedOneIncrementThick(t *testing.T) {
	m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.1
	var b sceneload.Builder
	b.Box(mgl32.Vec3{0, -inc, 0}, mgl32.Vec3{4, 0, 4})
	slab, _ := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	for _, c := range []struct {
		name   string
		bvh    *scenes.BVH
		p      [3]float32
		buried bool
	}{
		{"floor under the 0.10 m first tread", bvh, [3]float32{0.55, 0, 0.5}, true},
		{"the 0.10 m first tread", bvh, [3]float32{0.55, 0.1, 0.5}, false},
		{"underside of a 0.1 m slab", slab, [3]float32{2, -inc, 2}, true},
		{"top of a 0.1 m slab", slab, [3]float32{2, 0, 2}, false},
	} {
		if got := Buried(c.bvh, c.p, inc, Headroom); got != c.buried {
			t.Errorf("%s %v: buried %v, want %v", c.name, c.p, got, c.buried)
		}
	}
}
