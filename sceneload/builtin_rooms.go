package sceneload

import (
	"fmt"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// RoomLane is one lane of the rooms scene: a walled corridor along +X with
// one obstacle across it. A character starts at (RoomsStartX, 0, Z) facing
// +X; past RoomsPastX it has gone by the obstacle.
type RoomLane struct {
	Name string  // "ceiling 1.75", "doorway 0.5", "thin wall", "beam", "table"
	Kind string  // ceiling, doorway, thin-wall, beam, table
	Size float32 // [Units: m] the ceiling's height or the doorway's width; 0 otherwise
	Z    float32 // [Units: m] the lane's centre line
}

// The rooms scene's lanes run from x = 0 to RoomsLength; obstacles stand
// from x = RoomsObstacleX.
const (
	RoomsLength    = 12
	RoomsObstacleX = 5
	RoomsStartX    = 1.5
	RoomsPastX     = 8.5
	roomsWall      = 2.6 // lane walls' height
	roomsLane      = 3.0 // a lane's width inside its walls
	roomsTableLane = 5.0 // the table's lane is wider, to walk round it
)

// RoomLanes lists the rooms scene's lanes, south (low z) to north.
func RoomLanes() []RoomLane {
	var out []RoomLane
	for _, h := range []float32{1.2, 1.5, 1.75, 1.95, 2.2} {
		out = append(out, RoomLane{Name: fmt.Sprintf("ceiling %.2f", h), Kind: "ceiling", Size: h})
	}
	for _, w := range []float32{0.35, 0.5, 0.7, 0.9} {
		out = append(out, RoomLane{Name: fmt.Sprintf("doorway %.2f", w), Kind: "doorway", Size: w})
	}
	out = append(out, RoomLane{Name: "thin wall", Kind: "thin-wall"}, RoomLane{Name: "beam", Kind: "beam"}, RoomLane{Name: "table", Kind: "table"})
	z := float32(0)
	for i := range out {
		w := laneWidth(out[i])
		out[i].Z = z + 0.1 + w/2
		z += w + 0.1
	}
	return out
}

func laneWidth(l RoomLane) float32 {
	if l.Kind == "table" {
		return roomsTableLane
	}
	return roomsLane
}

// rooms is a floor of walled lanes, 12 m long, each with one obstacle at
// x = 5: low ceilings (a slab from x = 5 to 8 whose underside is at 1.2,
// 1.5, 1.75, 1.95 and 2.2 m), doorways 0.35, 0.5, 0.7 and 0.9 m wide (2.1 m
// high, in a 0.2 m wall), a 2 cm wall from floor to 2.6 m, a 0.2 m beam
// whose underside is at 1.0 m, and a 1.2 × 0.8 m table 0.76 m high in a
// wider lane.
func rooms() *scenes.Mesh {
	var b Builder
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	lanes := RoomLanes()
	last := lanes[len(lanes)-1]
	zEnd := last.Z + laneWidth(last)/2 + 0.1
	b.Quad(v(0, 0, 0), v(0, 0, zEnd), v(RoomsLength, 0, zEnd), v(RoomsLength, 0, 0))
	b.Box(v(-0.1, 0, 0), v(0, roomsWall, zEnd))
	b.Box(v(RoomsLength, 0, 0), v(RoomsLength+0.1, roomsWall, zEnd))
	const x0 = RoomsObstacleX
	for _, l := range lanes {
		lo, hi := l.Z-laneWidth(l)/2, l.Z+laneWidth(l)/2
		b.Box(v(0, 0, lo-0.1), v(RoomsLength, roomsWall, lo))
		switch l.Kind {
		case "ceiling":
			b.Box(v(x0, l.Size, lo), v(x0+3, l.Size+0.1, hi))
		case "doorway":
			b.Box(v(x0, 0, lo), v(x0+0.2, roomsWall, l.Z-l.Size/2))
			b.Box(v(x0, 0, l.Z+l.Size/2), v(x0+0.2, roomsWall, hi))
			b.Box(v(x0, 2.1, l.Z-l.Size/2), v(x0+0.2, roomsWall, l.Z+l.Size/2))
		case "thin-wall":
			b.Box(v(x0, 0, lo), v(x0+0.02, roomsWall, hi))
		case "beam":
			b.Box(v(x0, 1.0, lo), v(x0+0.2, 1.2, hi))
		case "table":
			b.Box(v(x0, 0.72, l.Z-0.4), v(x0+1.2, 0.76, l.Z+0.4))
			for _, c := range [4][2]float32{{x0, l.Z - 0.4}, {x0 + 1.15, l.Z - 0.4}, {x0, l.Z + 0.35}, {x0 + 1.15, l.Z + 0.35}} {
				b.Box(v(c[0], 0, c[1]), v(c[0]+0.05, 0.72, c[1]+0.05))
			}
		}
	}
	b.Box(v(0, 0, zEnd-0.1), v(RoomsLength, roomsWall, zEnd))
	return b.Mesh()
}
