package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// stepping is a 10 m × 4 m room 1.2 m high (48 m³): a floor slab broken by
// a gap and a pit crossed by stepping stones, four flights of stairs whose
// risers are 0.10, 0.20, 0.30 and 0.45 m, landings, and a low wall.
func stepping() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	const slab = 0.2 // floor thickness; the floor top is y = 0
	// Floor: stairs hall [0, 4.4], a 0.5 m gap, a middle floor [4.9, 6.2],
	// a 1.6 m pit with stepping stones, and the far floor [7.8, 10].
	b.Box(v(0, -slab, 0), v(4.4, 0, 4))
	b.Box(v(4.9, -slab, 0), v(6.2, 0, 4))
	b.Box(v(7.8, -slab, 0), v(10, 0, 4))

	// Four flights along +X, one per lane, each ending on a landing.
	lanes := []struct {
		z0, z1, riser float32
		n             int
	}{
		{0.1, 0.9, 0.10, 6},
		{1.1, 1.9, 0.20, 4},
		{2.1, 2.9, 0.30, 3},
		{3.1, 3.9, 0.45, 2},
	}
	for i, l := range lanes {
		end := b.Stairs(0.4, l.z0, l.z1, 0, l.n, l.riser, 0.3)
		top := float32(l.n) * l.riser
		b.Box(v(end, 0, l.z0), v(end+0.8, top, l.z1)) // landing
		// and down again on the far side: the 0.2 m flight by stairs, the
		// others as solid ramps
		if i == 1 {
			for k := 1; k < l.n; k++ {
				x := end + 0.8 + float32(k-1)*0.3
				b.Box(v(x, 0, l.z0), v(x+0.3, top-float32(k)*l.riser, l.z1))
			}
			continue
		}
		b.Ramp(end+0.8, end+0.8+float32(l.n)*0.25, l.z0, l.z1, 0, top, 0)
	}

	// Low wall on the middle floor, 0.5 m high, with a gap to walk through.
	b.Box(v(5.4, 0, 0.2), v(5.6, 0.5, 1.8))
	b.Box(v(5.4, 0, 2.4), v(5.6, 0.5, 3.8))

	// Stepping stones in the pit: posts rising from the pit's bottom
	// (y = -0.2, the room's floor) to slightly different heights.
	rng := scenes.NewRNG(0x5eed5)
	for i := 0; i < 4; i++ {
		for j := 0; j < 5; j++ {
			x := 6.35 + float32(i)*0.38 + rng.Range(-0.04, 0.04)
			z := 0.3 + float32(j)*0.8 + rng.Range(-0.1, 0.1)
			h := rng.Range(-0.05, 0.15)
			b.Box(v(x, -slab, z), v(x+0.3, h, z+0.3))
		}
	}
	// Pit bottom: a thin plate under the stones, below the floor.
	b.Quad(v(6.2, -slab, 0), v(6.2, -slab, 4), v(7.8, -slab, 4), v(7.8, -slab, 0))

	// Benches along the back wall of the far floor: hand and foot support at
	// 0.45 m, and a 1.0 m high box to step up on.
	b.Box(v(8.0, 0, 3.4), v(9.8, 0.45, 3.9))
	b.Box(v(8.6, 0, 0.3), v(9.6, 1.0, 1.3))

	// The room's walls, 1.0 m high and 0.1 m thick, standing on the floor
	// line; the west one just outside it, so that the strip before the
	// flights is 0.4 m deep: room for a character standing there.
	b.Box(v(0, 0, 0), v(10, 1, 0.1))
	b.Box(v(0, 0, 3.9), v(10, 1, 4))
	b.Box(v(-0.1, 0, 0.1), v(0, 1, 3.9))
	b.Box(v(9.9, 0, 0.1), v(10, 1, 3.9))
	return b.Mesh()
}
