package supportbuild

import (
	"math"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Narrow against slots whose widths are known by construction: on a floor,
// blocks 0.5 m high stand 0.2 m apart (narrow), 0.3 m apart (not), and
// two pairs of blocks stand 0.2 m apart turned 22.5° and 45° off +X
// (narrow: the first is measured 22.5° off its width, 0.216 m). A floor beside one block, a block's top and
// open floor are not narrow; nor is a corner's floor (the diagonal
// directions meet both walls, which do not face each other), nor the floor
// in a 0.2 m gap between kerbs 5 cm high, below the shin.
func TestNarrowAnalytic(t *testing.T) {
	var b sceneload.Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	b.Box(v(0, -0.2, 0), v(8, 0, 6))
	b.Box(v(1, 0, 0.5), v(3, 0.5, 1.0)) // 0.2 m gap at z 1.0-1.2
	b.Box(v(1, 0, 1.2), v(3, 0.5, 1.7)) // 0.3 m gap at z 1.7-2.0
	b.Box(v(1, 0, 2.0), v(3, 0.5, 2.5))
	b.Box(v(1, 0, 3.5), v(3, 0.05, 3.8)) // kerbs 0.2 m apart
	b.Box(v(1, 0, 4.0), v(3, 0.05, 4.3))
	b.Box(v(4, 0, 5), v(4.3, 0.5, 5.9)) // a corner, at (4.3, 5.6)
	b.Box(v(4.3, 0, 5.6), v(5.5, 0.5, 5.9))
	// Two pairs of blocks 0.2 m apart turned 22.5° and 45° off +X, centred
	// on (6, 1.5) and (6, 4.5).
	zero, top := [4]float32{}, [4]float32{0.5, 0.5, 0.5, 0.5}
	turned := func(angle, cx, cz float32) func(u, w float32) [2]float32 {
		c, s := float32(math.Cos(float64(angle))), float32(math.Sin(float64(angle)))
		return func(u, w float32) [2]float32 { return [2]float32{cx + u*c - w*s, cz + u*s + w*c} }
	}
	at22, at45 := turned(math.Pi/8, 6, 1.5), turned(math.Pi/4, 6, 4.5)
	for _, at := range []func(u, w float32) [2]float32{at22, at45} {
		b.Prism([4][2]float32{at(-1, 0.1), at(1, 0.1), at(1, 0.6), at(-1, 0.6)}, zero, top)
		b.Prism([4][2]float32{at(-1, -0.6), at(1, -0.6), at(1, -0.1), at(-1, -0.1)}, zero, top)
	}
	bvh, err := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const inc = 0.05
	g22, g45 := at22(0.3, 0.03), at45(0.3, 0.03)
	for _, tc := range []struct {
		name   string
		p      [3]float32
		narrow bool
	}{
		{"0.2 m gap, middle", [3]float32{2, 0, 1.1}, true},
		{"0.2 m gap, by a side", [3]float32{2, 0, 1.02}, true},
		{"0.2 m gap, from the lattice layer above", [3]float32{2, 0.04, 1.1}, true},
		{"0.3 m gap, middle", [3]float32{2, 0, 1.85}, false},
		{"0.3 m gap, by a side", [3]float32{2, 0, 1.72}, false},
		{"floor beside one block", [3]float32{2, 0, 0.45}, false},
		{"block top", [3]float32{2, 0.5, 1.4}, false},
		{"open floor", [3]float32{5, 0, 1}, false},
		{"between kerbs", [3]float32{2, 0, 3.9}, false},
		{"in a corner", [3]float32{4.36, 0, 5.54}, false},
		{"0.2 m gap turned 22.5°", [3]float32{g22[0], 0, g22[1]}, true},
		{"0.2 m gap turned 45°", [3]float32{g45[0], 0, g45[1]}, true},
		{"beyond the gap's end", [3]float32{3.1, 0, 1.1}, false},
	} {
		if got := Narrow(bvh, tc.p, inc, Stance); got != tc.narrow {
			t.Errorf("%s %v: narrow %v, want %v", tc.name, tc.p, got, tc.narrow)
		}
	}
}

// Narrow on builtin:stepping: the floor of the 0.2 m gaps between the
// flights is narrow where both flights beside it stand higher than the
// shin, and no tread (by its middle or its edge over a gap), landing or
// open floor is, nor the 0.3 m strip between the west wall and the first
// risers.
func TestNarrowStepping(t *testing.T) {
	m, _ := sceneload.Load("builtin:stepping", sceneload.LoadOptions{})
	bvh, _ := scenes.NewBVH(m, scenes.BVHOptions{})
	const inc = 0.05
	for k := range 3 {
		x := 0.85 + 0.1*float32(k) // over the second and third treads
		for _, z := range []float32{0.95, 1.0, 1.05, 1.95, 2.0, 2.05, 2.95, 3.0, 3.05} {
			if !Narrow(bvh, [3]float32{x, 0, z}, inc, Stance) {
				t.Errorf("gap floor at x %.2f, z %.2f: not narrow", x, z)
			}
		}
	}
	for k := range 4 {
		x := 0.55 + 0.3*float32(k) // the middle of each tread
		for _, p := range [][3]float32{{x, 0.1 * float32(k+1), 0.5}, {x, 0.2 * float32(k+1), 1.5}, {x, 0.2 * float32(k+1), 1.15}} {
			if Narrow(bvh, p, inc, Stance) {
				t.Errorf("tread %v: narrow", p)
			}
		}
	}
	for _, p := range [][3]float32{{0.25, 0, 1.5}, {3.9, 0, 2.0}, {2.0, 0.8, 1.5}, {5.0, 0, 2.1}, {9.0, 0.45, 3.6}} {
		if Narrow(bvh, p, inc, Stance) {
			t.Errorf("%v: narrow", p)
		}
	}
}

// FootStance: the built-in foot and the feet grown from it, by the scale
// dock.ScaledName writes; no hand.
func TestFootStance(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stance float32
		ok     bool
	}{
		{"foot", Stance, true},
		{dock.ScaledName("foot", 1.85), Stance * 1.85, true},
		{dock.ScaledName("foot", 0.5), Stance * 0.5, true},
		{"hand", 0, false},
		{dock.ScaledName("hand", 2), 0, false},
	} {
		tmpl, err := dock.Builtin(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := FootStance(tmpl); ok != tc.ok || math.Abs(float64(got-tc.stance)) > 1e-6 {
			t.Errorf("%s: stance %v %v, want %v %v", tc.name, got, ok, tc.stance, tc.ok)
		}
	}
}
