package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// The dynamic scene's static part: a floor 16 m along +X with two walled
// lanes. The door lane (z from 0.1 to 3.1) is closed at x = 7 by a wall
// with a doorway; the crate lane (z from 3.2 to 8.2) is open floor where
// crates are dropped. Its moving parts are DynamicDoor and DynamicCrate.
const (
	DynamicLength  = 16
	DynamicWallX   = 7    // the door wall's near face
	DynamicDoorZ   = 1.2  // the doorway's centre line, and the door lane's start
	DynamicCrateZ  = 5.7  // the crate lane's centre line
	DynamicStartX  = 2    // where the scenarios start, facing +X
	DynamicPastX   = 9.5  // past the door wall
	DynamicDoorW   = 1.2  // the doorway's width
	DynamicDoorH   = 2.2  // the doorway's height
	dynamicWallT   = 0.2  // the door wall's thickness
	dynamicWallTop = 2.6  // every wall's height
	dynamicLaneEnd = 8.3  // the far side of the crate lane's wall
	dynamicDoorGap = 0.06 // the door's faces from the wall's
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

// dynamicScene is the static part of the dynamic scene.
func dynamicScene() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	const top, end = dynamicWallTop, dynamicLaneEnd
	b.Quad(v(0, 0, 0), v(0, 0, end), v(DynamicLength, 0, end), v(DynamicLength, 0, 0))
	b.Box(v(-0.1, 0, 0), v(0, top, end))
	b.Box(v(DynamicLength, 0, 0), v(DynamicLength+0.1, top, end))
	b.Box(v(0, 0, 0), v(DynamicLength, top, 0.1))
	b.Box(v(0, 0, 3.1), v(DynamicLength, top, 3.2))
	b.Box(v(0, 0, end-0.1), v(DynamicLength, top, end))
	// The door wall, its doorway from DynamicDoorZ ∓ half the door's width.
	x0, x1 := float32(DynamicWallX), float32(DynamicWallX+dynamicWallT)
	z0, z1 := float32(DynamicDoorZ-DynamicDoorW/2), float32(DynamicDoorZ+DynamicDoorW/2)
	b.Box(v(x0, 0, 0.1), v(x1, top, z0))
	b.Box(v(x0, 0, z1), v(x1, top, 3.1))
	b.Box(v(x0, DynamicDoorH, z0), v(x1, top, z1))
	return b.Mesh()
}
