package crowd

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl64"
)

// Floor is a flat square floor of side 2·half metres about the origin.
func Floor(half float32) *scenes.Mesh {
	return &scenes.Mesh{
		Positions: []float32{-half, 0, -half, half, 0, -half, half, 0, half, -half, 0, half},
		Indices:   []uint32{0, 2, 1, 0, 3, 2},
	}
}

// Circle is n characters on a circle of the given radius, each facing the
// centre, walking to the opposite point.
func Circle(n int, radius float64) Scenario {
	sc := Scenario{Name: "circle", Mesh: Floor(float32(radius + 3))}
	for k := range n {
		a := 2 * math.Pi * float64(k) / float64(n)
		p := mgl64.Vec3{radius * math.Sin(a), 0, radius * math.Cos(a)}
		sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: p, Yaw: a + math.Pi}, Goal: p.Mul(-1)})
	}
	return sc
}

// Crossing is two groups of n characters in rows three abreast, one
// walking +X and one walking +Z, whose paths cross at the origin.
func Crossing(n int) Scenario {
	rows := (n + 2) / 3
	far := 3 + 0.9*float64(rows)
	sc := Scenario{Name: "crossing", Mesh: Floor(float32(far + 4))}
	for g := range 2 {
		for k := range n {
			across, back := (float64(k%3)-1)*0.9, 3+0.9*float64(k/3)
			if g == 0 {
				sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: mgl64.Vec3{-back, 0, across}, Yaw: math.Pi / 2}, Goal: mgl64.Vec3{far, 0, across}})
			} else {
				sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: mgl64.Vec3{across, 0, -back}}, Goal: mgl64.Vec3{across, 0, far}})
			}
		}
	}
	return sc
}
