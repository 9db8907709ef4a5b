package sceneload

import (
	"math"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// The ramps scene's layout, for tests and walks that go up, down and across
// its slopes. Its coordinates are the layout's: the mesh lies RampsShift
// further along +X and +Z, so that no edge of it runs along a line of the
// 0.1 m lattice (where a sample would sit on the seam of two faces).
const (
	RampsShift = 0.05 // [Units: m]

	RampLength = 4 // [Units: m] along +X, from x = 0
	RampWidth  = 2 // [Units: m] along Z
	RampPitch  = 3 // [Units: m] from one ramp's lane to the next
	// Landing is where each ramp's landing ends. [Units: m]
	RampLanding = RampLength + 3
	// CrossX0 and CrossX1 bound the cross-slopes along X; each rises along
	// +Z across its lane. [Units: m]
	CrossX0, CrossX1 = 11, 17
)

// RampAngles are the ramps' slopes, one lane each from z = 0 on, and
// CrossAngles the cross-slopes', one lane each from z = 0 on. [Units: deg]
var (
	RampAngles  = []float64{5, 10, 15, 20, 25, 30, 35, 40, 45, 50}
	CrossAngles = []float64{5, 10, 15, 20, 25, 30}
)

// RampLane returns the z range of ramp or cross-slope lane i.
func RampLane(i int) (z0, z1 float32) {
	z0 = float32(i * RampPitch)
	return z0, z0 + RampWidth
}

// ramps is a slope test ground on a floor at y = 0: ten ramps of 5° to 50°
// rising along +X over 4 m, each 2 m wide with a 3 m flat landing at its
// top; six cross-slopes of 5° to 30° rising across their lanes; a patch of
// smooth uneven terrain; and a flight of stairs whose treads slope.
func ramps() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	const slab = 0.2
	rampsFloor(&b, slab)
	for i, deg := range RampAngles {
		z0, z1 := RampLane(i)
		h := float32(RampLength * math.Tan(deg*math.Pi/180))
		b.Ramp(0, RampLength, z0, z1, -slab, 0, h)
		b.Box(v(RampLength, -slab, z0), v(RampLanding, h, z1))
	}
	for i, deg := range CrossAngles {
		z0, z1 := RampLane(i)
		h := float32(RampWidth * math.Tan(deg*math.Pi/180))
		b.RampZ(CrossX0, CrossX1, z0, z1, -slab, 0, h)
	}
	terrain(&b, 11, 19, 19, 27)
	slopedStairs(&b, SlopedX, SlopedZ, SlopedSteps, -slab)
	m := b.Mesh()
	for i := 0; i < len(m.Positions); i += 3 {
		m.Positions[i] += RampsShift
		m.Positions[i+2] += RampsShift
	}
	return m
}

// rampsFloor lays the floor, y = 0 on top, around the features: no floor
// runs under a ramp, a slope or the terrain, where a foot could find it
// through them. The solids reach down to the slab's underside, so a thin
// wedge's bottom face is not a lattice layer's surface either.
func rampsFloor(b *Builder, slab float32) {
	covered := func(x, z int) bool {
		lane := z%RampPitch < RampWidth
		switch {
		case x >= 0 && x < RampLanding:
			return lane && z/RampPitch < len(RampAngles)
		case x >= CrossX0 && x < CrossX1 && z/RampPitch < len(CrossAngles):
			return lane
		case x >= 11 && x < 19 && z >= 19 && z < 27:
			return true
		}
		return x >= SlopedX && x < SlopedX+SlopedSteps*SlopedTread+2 && z >= SlopedZ && z < SlopedZ+RampWidth
	}
	for z := -2; z < len(RampAngles)*RampPitch+1; z++ {
		for x := -5; x < 26; {
			if covered(x, z) {
				x++
				continue
			}
			end := x + 1
			for end < 26 && !covered(end, z) {
				end++
			}
			b.Box(mgl32.Vec3{float32(x), -slab, float32(z)}, mgl32.Vec3{float32(end), 0, float32(z + 1)})
			x = end
		}
	}
}

// TerrainHeight is the height of the ramps scene's uneven patch at layout
// point (x, z) (inside x 11-19, z 19-27): smooth bumps up to 0.42 m high,
// their steepest slope 13°, falling to the floor at the edges.
func TerrainHeight(x, z float64) float64 {
	u, w := (x-11)/8, (z-19)/8
	if u <= 0 || u >= 1 || w <= 0 || w >= 1 {
		return 0
	}
	edge := math.Sin(math.Pi*u) * math.Sin(math.Pi*w)
	bumps := 0.6 + 0.25*math.Sin(2*math.Pi*1.5*u+0.4) + 0.15*math.Cos(2*math.Pi*w*1.25+1.1)
	return 0.6 * edge * bumps
}

// terrain adds the uneven patch over [x0,x1]×[z0,z1] as a grid of 0.25 m
// cells (its rim meets the floor, so it needs no sides).
func terrain(b *Builder, x0, x1, z0, z1 float32) {
	const cell = 0.25
	nx, nz := int((x1-x0)/cell), int((z1-z0)/cell)
	at := func(i, j int) mgl32.Vec3 {
		x, z := x0+float32(i)*cell, z0+float32(j)*cell
		return mgl32.Vec3{x, float32(TerrainHeight(float64(x), float64(z))), z}
	}
	for i := range nx {
		for j := range nz {
			// counter-clockwise seen from +Y: the faces point up
			b.Quad(at(i, j), at(i, j+1), at(i+1, j+1), at(i+1, j))
		}
	}
}

// The sloped stairs: SlopedSteps steps rising along +X from x = SlopedX
// across z = SlopedZ to SlopedZ + RampWidth, each tread rising SlopedDeg
// towards the next step, then a 2 m landing.
const (
	SlopedX     = 20
	SlopedZ     = 3
	SlopedSteps = 5
	SlopedRiser = 0.15
	SlopedTread = 0.4
	SlopedDeg   = 5
)

// slopedStairs adds n sloped steps from x0 across z0 to z0 + RampWidth.
func slopedStairs(b *Builder, x0, z0 float32, n int, base float32) {
	rise := float32(SlopedTread * math.Tan(SlopedDeg*math.Pi/180))
	for k := range n {
		x := x0 + float32(k)*SlopedTread
		top := float32(k+1) * SlopedRiser
		b.Ramp(x, x+SlopedTread, z0, z0+RampWidth, base, top-rise, top)
	}
	last := x0 + float32(n)*SlopedTread
	b.Box(mgl32.Vec3{last, base, z0}, mgl32.Vec3{last + 2, float32(n) * SlopedRiser, z0 + RampWidth})
}
