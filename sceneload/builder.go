package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Builder assembles a Mesh from solids. Every solid is closed and wound
// counter-clockwise seen from outside, so normals point out of it. Used by
// the built-in scenes and by tests that need a known scene.
type Builder struct {
	m scenes.Mesh
}

// Mesh returns the mesh built so far (shared, not copied).
func (b *Builder) Mesh() *scenes.Mesh { return &b.m }

func (b *Builder) vertex(p mgl32.Vec3) uint32 {
	b.m.Positions = append(b.m.Positions, p[0], p[1], p[2])
	return uint32(b.m.NumVertices() - 1)
}

// Triangle adds one triangle.
func (b *Builder) Triangle(p0, p1, p2 mgl32.Vec3) {
	i := b.vertex(p0)
	b.vertex(p1)
	b.vertex(p2)
	b.m.Indices = append(b.m.Indices, i, i+1, i+2)
}

// Quad adds the quad p0 p1 p2 p3 (in order around its rim) as two
// triangles, leaving out a triangle of zero area (the end of a ramp that
// meets the ground, say).
func (b *Builder) Quad(p0, p1, p2, p3 mgl32.Vec3) {
	if scenes.Area(p0, p1, p2) > 0 {
		b.Triangle(p0, p1, p2)
	}
	if scenes.Area(p0, p2, p3) > 0 {
		b.Triangle(p0, p2, p3)
	}
}

// Box adds the axis-aligned box [lo, hi] as 12 outward-facing triangles.
func (b *Builder) Box(lo, hi mgl32.Vec3) {
	b.Prism([4][2]float32{{lo[0], lo[2]}, {hi[0], lo[2]}, {hi[0], hi[2]}, {lo[0], hi[2]}},
		[4]float32{lo[1], lo[1], lo[1], lo[1]}, [4]float32{hi[1], hi[1], hi[1], hi[1]})
}

// Prism adds a solid over the quad footprint xz (counter-clockwise seen from
// +Y... or either way: it is reordered), from height bottom[i] to top[i] at
// each corner. A box has equal heights; a ramp has a sloped top.
func (b *Builder) Prism(xz [4][2]float32, bottom, top [4]float32) {
	// Orient the footprint counter-clockwise seen from above (+Y looking down
	// -Y means x right, z down: signed area in x-z with z flipped).
	area := float32(0)
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		area += xz[i][0]*xz[j][1] - xz[j][0]*xz[i][1]
	}
	if area > 0 { // counter-clockwise in (x, z) is clockwise seen from +Y
		xz[1], xz[3] = xz[3], xz[1]
		bottom[1], bottom[3] = bottom[3], bottom[1]
		top[1], top[3] = top[3], top[1]
	}
	lo := func(i int) mgl32.Vec3 { return mgl32.Vec3{xz[i][0], bottom[i], xz[i][1]} }
	hi := func(i int) mgl32.Vec3 { return mgl32.Vec3{xz[i][0], top[i], xz[i][1]} }
	b.Quad(hi(0), hi(1), hi(2), hi(3)) // top, facing +Y
	b.Quad(lo(3), lo(2), lo(1), lo(0)) // bottom, facing -Y
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		b.Quad(lo(i), lo(j), hi(j), hi(i))
	}
}

// Ramp adds a solid wedge over [x0,x1]×[z0,z1] whose top rises from y0 at
// x = x0 to y1 at x = x1 (along +X; use RampZ for +Z), standing on base.
func (b *Builder) Ramp(x0, x1, z0, z1, base, y0, y1 float32) {
	b.Prism([4][2]float32{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}},
		[4]float32{base, base, base, base}, [4]float32{y0, y1, y1, y0})
}

// RampZ is Ramp rising along +Z: y0 at z = z0, y1 at z = z1.
func (b *Builder) RampZ(x0, x1, z0, z1, base, y0, y1 float32) {
	b.Prism([4][2]float32{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}},
		[4]float32{base, base, base, base}, [4]float32{y0, y0, y1, y1})
}

// Stairs adds n solid steps rising along +X from x0, each riser high and
// tread deep, across [z0, z1], standing on base. It returns the x where the
// last tread ends.
func (b *Builder) Stairs(x0, z0, z1, base float32, n int, riser, tread float32) float32 {
	for i := 0; i < n; i++ {
		x := x0 + float32(i)*tread
		b.Box(mgl32.Vec3{x, base, z0}, mgl32.Vec3{x + tread, base + float32(i+1)*riser, z1})
	}
	return x0 + float32(n)*tread
}

// StairsZ is Stairs rising along +Z from z0, across [x0, x1]; it returns the
// z where the last tread ends.
func (b *Builder) StairsZ(z0, x0, x1, base float32, n int, riser, tread float32) float32 {
	for i := 0; i < n; i++ {
		z := z0 + float32(i)*tread
		b.Box(mgl32.Vec3{x0, base, z}, mgl32.Vec3{x1, base + float32(i+1)*riser, z + tread})
	}
	return z0 + float32(n)*tread
}
