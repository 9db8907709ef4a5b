package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// The dynamic scene's static part: a floor 16 m along +X with four walled
// lanes. The door lane (z from 0.1 to 3.1) is closed at x = 7 by a wall
// with a doorway; the crate lane (z from 3.2 to 8.2) is open floor where
// crates are dropped; the lift lane (z from 8.3 to 11.3) ends in a deck 3 m
// high from x = 9, reached by a lift in front of it; the platform lane (z
// from 11.4 to 14.4) is cut by a gap 3 m deep from x = 6 to 10, crossed by
// a sliding platform; the trapdoor lane (z from 14.5 to 17.5) has a 2 × 2
// m hole at x = 6 over a basement 3 m below, the whole lane long. Its
// moving parts are DynamicDoor, DynamicCrate and DynamicSlab (the lift,
// the platform and the trapdoor).
const (
	DynamicLength    = 16
	DynamicWallX     = 7    // the door wall's near face
	DynamicDoorZ     = 1.2  // the doorway's centre line, and the door lane's start
	DynamicCrateZ    = 5.7  // the crate lane's centre line
	DynamicLiftZ     = 9.8  // the lift lane's centre line
	DynamicPlatformZ = 12.9 // the platform lane's centre line
	DynamicTrapZ     = 16   // the trapdoor lane's centre line
	DynamicTrapX     = 7    // the trapdoor's centre
	DynamicStartX    = 2    // where the scenarios start, facing +X
	DynamicPastX     = 9.5  // past the door wall
	DynamicDeckX     = 9    // the deck's near face
	DynamicDeckH     = 3    // the deck's height
	DynamicGapX0     = 6    // the gap's near edge
	DynamicGapX1     = 10   // the gap's far edge
	DynamicDoorW     = 1.2  // the doorway's width
	DynamicDoorH     = 2.2  // the doorway's height
	dynamicWallT     = 0.2  // the door wall's thickness
	dynamicWallTop   = 2.6  // every wall's height
	dynamicEnd       = 17.6 // the far side of the last lane's wall
	dynamicGapDepth  = 3
)

// DynamicDoor is the door of the dynamic scene in its own frame: a panel
// 8 cm thick that fills the doorway when placed at DynamicDoorClosed and
// stands in the wall beside it (a pocket door) at DynamicDoorOpen.
func DynamicDoor() *scenes.Mesh {
	var b Builder
	b.Box(mgl32.Vec3{-0.04, 0, -DynamicDoorW / 2}, mgl32.Vec3{0.04, DynamicDoorH, DynamicDoorW / 2})
	return b.Mesh()
}

// The door's translations: closed in the doorway, open in the wall.
var (
	DynamicDoorClosed = mgl32.Vec3{DynamicWallX + dynamicWallT/2, 0, DynamicDoorZ}
	DynamicDoorOpen   = mgl32.Vec3{DynamicWallX + dynamicWallT/2, 0, DynamicDoorZ + DynamicDoorW}
)

// DynamicCrate is a crate of the given edge length in its own frame: its
// bottom face's centre at the origin.
func DynamicCrate(edge float32) *scenes.Mesh {
	var b Builder
	h := edge / 2
	b.Box(mgl32.Vec3{-h, 0, -h}, mgl32.Vec3{h, edge, h})
	return b.Mesh()
}

// DynamicSlab is the lift's and the platform's slab in its own frame:
// 2 × 2 m, 0.2 m thick, its top face's centre at the origin.
func DynamicSlab() *scenes.Mesh {
	var b Builder
	b.Box(mgl32.Vec3{-1, -0.2, -1}, mgl32.Vec3{1, 0, 1})
	return b.Mesh()
}

// The lift's translations, down (its top flush with the floor, in front
// of the deck) and up (flush with the deck); the platform's, at the gap's
// near edge and at its far edge.
var (
	DynamicLiftDown     = mgl32.Vec3{DynamicDeckX - 1.1, 0, DynamicLiftZ}
	DynamicLiftUp       = mgl32.Vec3{DynamicDeckX - 1.1, DynamicDeckH, DynamicLiftZ}
	DynamicPlatformNear = mgl32.Vec3{DynamicGapX0 + 1, 0, DynamicPlatformZ}
	DynamicPlatformFar  = mgl32.Vec3{DynamicGapX1 - 1, 0, DynamicPlatformZ}
	DynamicTrapdoor     = mgl32.Vec3{DynamicTrapX, 0, DynamicTrapZ}
)

// dynamicScene is the static part of the dynamic scene.
func dynamicScene() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	const top, end, L = dynamicWallTop, dynamicEnd, DynamicLength
	const pz0, pz1 = DynamicPlatformZ - 1.5, DynamicPlatformZ + 1.5
	// The floor of the first three lanes; the platform lane's two banks
	// and the gap's floor between them.
	b.Quad(v(0, 0, 0), v(0, 0, pz0), v(L, 0, pz0), v(L, 0, 0))
	b.Box(v(0, -dynamicGapDepth, pz0), v(DynamicGapX0, 0, pz1))
	b.Box(v(DynamicGapX1, -dynamicGapDepth, pz0), v(L, 0, pz1))
	b.Quad(v(DynamicGapX0, -dynamicGapDepth, pz0), v(DynamicGapX0, -dynamicGapDepth, pz1), v(DynamicGapX1, -dynamicGapDepth, pz1), v(DynamicGapX1, -dynamicGapDepth, pz0))
	// The trapdoor lane: its floor a 0.2 m slab round the hole, the
	// basement's floor 3 m below.
	const tz0, tz1, tx, tz, deep = pz1 + 0.1, end - 0.1, DynamicTrapX, DynamicTrapZ, -dynamicGapDepth
	b.Box(v(0, -0.2, tz0), v(tx-1, 0, tz1))
	b.Box(v(tx+1, -0.2, tz0), v(L, 0, tz1))
	b.Box(v(tx-1, -0.2, tz0), v(tx+1, 0, tz-1))
	b.Box(v(tx-1, -0.2, tz+1), v(tx+1, 0, tz1))
	b.Quad(v(0, deep, tz0), v(0, deep, tz1), v(L, deep, tz1), v(L, deep, tz0))
	// The outer walls and those between the lanes (down to the basement's
	// floor beside the trapdoor lane).
	b.Box(v(-0.1, 0, 0), v(0, top, end))
	b.Box(v(L, 0, 0), v(L+0.1, top, end))
	b.Box(v(-0.1, deep, tz0), v(0, 0, tz1))
	b.Box(v(L, deep, tz0), v(L+0.1, 0, tz1))
	for _, z := range []float32{0, 3.1, 8.2, pz0 - 0.1} {
		b.Box(v(0, 0, z), v(L, top, z+0.1))
	}
	for _, z := range []float32{pz1, end - 0.1} {
		b.Box(v(0, deep, z), v(L, top, z+0.1))
	}
	// The door wall, its doorway from DynamicDoorZ ∓ half the door's width.
	x0, x1 := float32(DynamicWallX), float32(DynamicWallX+dynamicWallT)
	z0, z1 := float32(DynamicDoorZ-DynamicDoorW/2), float32(DynamicDoorZ+DynamicDoorW/2)
	b.Box(v(x0, 0, 0.1), v(x1, top, z0))
	b.Box(v(x0, 0, z1), v(x1, top, 3.1))
	b.Box(v(x0, DynamicDoorH, z0), v(x1, top, z1))
	// The deck at the end of the lift lane.
	b.Box(v(DynamicDeckX, 0, 8.3), v(L, DynamicDeckH, pz0-0.1))
	return b.Mesh()
}
