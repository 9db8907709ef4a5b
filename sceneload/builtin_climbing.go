package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// climbing is a 10 m × 8 m hall 3 m high (240 m³) with a bar at 2.2 m,: ledges from 0.6 to 2.2 m
// against a climbing wall, boxes and a rail to vault, a free-standing wall,
// and a gallery whose edge overhangs the floor.
func climbing() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	// Ground plane at y = 0, facing up.
	b.Quad(v(0, 0, 0), v(0, 0, 8), v(10, 0, 8), v(10, 0, 0))

	// Climbing wall along the back, 3 m high, and ledges standing in front
	// of it at 0.6, 1.0, 1.4, 1.8 and 2.2 m: hand support on their front edge
	// tops, foot support on top.
	b.Box(v(0, 0, 7.8), v(10, 3, 8))
	for i, h := range []float32{0.6, 1.0, 1.4, 1.8, 2.2} {
		x := 0.4 + float32(i)*1.9
		b.Box(v(x, 0, 7.2), v(x+1.5, h, 7.8))
	}

	// Boxes to vault, 0.5, 0.8 and 1.0 m high, and a 0.9 m rail.
	for i, h := range []float32{0.5, 0.8, 1.0} {
		x := 3.0 + float32(i)*2.0
		b.Box(v(x, 0, 4.6), v(x+1.2, h, 5.2))
	}
	b.Box(v(3.0, 0, 2.6), v(8.6, 0.9, 2.8))

	// Gallery on the left: a 2.2 m high deck on a wall, whose front edge
	// overhangs the floor by 1.2 m (nothing under it), reached by the ledges.
	b.Box(v(0, 0, 0), v(0.8, 2.0, 4.5))     // supporting wall
	b.Box(v(0, 2.0, 0), v(2.0, 2.2, 4.5))   // deck
	b.Box(v(1.9, 1.6, 0.5), v(2.0, 2.0, 4)) // lip under the deck edge

	// A free-standing wall, 3 m high: walls support no foot.
	b.Box(v(9.0, 0, 0.5), v(9.2, 3, 5.5))
	// A bar to hang from across the hall at 2.2 m, on two posts.
	b.Box(v(2.6, 0, 6.0), v(2.8, 2.2, 6.2))
	b.Box(v(8.2, 0, 6.0), v(8.4, 2.2, 6.2))
	b.Box(v(2.6, 2.2, 6.0), v(8.4, 2.4, 6.2))
	return b.Mesh()
}
