package crowd

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Floor is a flat square floor of side 2·half metres about the origin.
func Floor(half float32) *scenes.Mesh {
	return &scenes.Mesh{
		Positions: []float32{-half, 0, -half, half, 0, -half, half, 0, half, -half, 0, half},
		Indices:   []uint32{0, 2, 1, 0, 3, 2},
	}
}

// CircleRadius is the radius of the circle scenario for n characters:
// 1.2 m of circle each, and at least 4 m. [Units: m]
func CircleRadius(n int) float64 { return math.Max(4, float64(n)*1.2/(2*math.Pi)) }

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

// Crossing is two groups of n characters in rows three abreast, Spacing
// apart, one walking +X and one walking +Z, whose paths cross at the
// origin; each group ends in its formation spread out to 1.5 m, beyond the
// crossing, the first row farthest.
func Crossing(n int) Scenario {
	rows := (n + 2) / 3
	far := 3 + 1.5*float64(rows-1)
	sc := Scenario{Name: "crossing", Mesh: Floor(float32(max(far, 3+Spacing*float64(rows)) + 2))}
	for g := range 2 {
		for k := range n {
			row := float64(k / 3)
			across, back := (float64(k%3)-1)*Spacing, 3+Spacing*row
			end, side := far-1.5*row, (float64(k%3)-1)*1.5
			if g == 0 {
				sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: mgl64.Vec3{-back, 0, across}, Yaw: math.Pi / 2}, Goal: mgl64.Vec3{end, 0, side}})
			} else {
				sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: mgl64.Vec3{across, 0, -back}}, Goal: mgl64.Vec3{side, 0, end}})
			}
		}
	}
	return sc
}

// wallHeight is the height of the scenarios' walls. [Units: m]
const wallHeight = 2.2

// Spacing is the distance between neighbours in the scenarios' starting
// formations: a little more than two standing characters' circles
// (Ground.StandRadius). [Units: m]
const Spacing = 1.0

// rows places n characters in rows of abreast, Spacing apart, the first
// row at x = front, the others behind it (towards -X), centred on z = 0.
func rows(n, abreast int, front float64, place func(k int, x, z float64)) {
	for k := range n {
		place(k, front-Spacing*float64(k/abreast), (float64(k%abreast)-float64(abreast-1)/2)*Spacing)
	}
}

// Hallway is two groups of n characters walking the length of a corridor
// 4 m wide towards each other, each in rows two abreast on its own
// right-hand half (as people keep to one side); each goes to where the
// other group's mirror image of it started, and leaves.
func Hallway(n int) Scenario {
	nrows := (n + 1) / 2
	back := 3 + Spacing*float64(nrows)
	half := float32(2*back + 2)
	const w = 2.0 // half the corridor's width
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-half, -0.1, -w - 0.3}, mgl32.Vec3{half, 0, w + 0.3})
	b.Box(mgl32.Vec3{-half, 0, -w - 0.3}, mgl32.Vec3{half, wallHeight, -w})
	b.Box(mgl32.Vec3{-half, 0, w}, mgl32.Vec3{half, wallHeight, w + 0.3})
	sc := Scenario{Name: "hallway", Mesh: b.Mesh(), Walls: true}
	move := 2*back + Spacing
	for _, sign := range [2]float64{1, -1} {
		// Facing +X, the right-hand half is +Z.
		rows(n, 2, -3, func(k int, x, z float64) {
			start := mgl64.Vec3{sign * x, 0, sign * (z + w/2)}
			sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: start, Yaw: math.Pi / 2 * sign}, Goal: start.Add(mgl64.Vec3{sign * move, 0, 0})})
		})
	}
	return sc
}

// Bottleneck is n characters in a 12 m square room, in rows seven
// abreast, leaving through a door 1.2 m wide in the middle of its +X wall
// 0.3 m thick (gates across its inner face and 0.4 m beyond its outer
// one, each 0.5 m wide: the opening less half a body and a margin either
// side) for goals spread 1.5 m apart outside, where they leave.
func Bottleneck(n int) Scenario {
	const room, door, t = 6.0, 0.6, 0.3
	const gap = door - 0.35 // half the door's opening less half a body and a margin
	spread := int(math.Ceil(math.Sqrt(float64(n))))
	out := float32(room + 3 + 1.5*float64(spread))
	var b sceneload.Builder
	b.Box(mgl32.Vec3{-room - t, -0.1, -out}, mgl32.Vec3{out, 0, out})
	b.Box(mgl32.Vec3{-room - t, 0, -room - t}, mgl32.Vec3{-room, wallHeight, room + t}) // back
	b.Box(mgl32.Vec3{-room, 0, -room - t}, mgl32.Vec3{room, wallHeight, -room})         // sides
	b.Box(mgl32.Vec3{-room, 0, room}, mgl32.Vec3{room, wallHeight, room + t})
	b.Box(mgl32.Vec3{room, 0, -room - t}, mgl32.Vec3{room + t, wallHeight, -door}) // the door's wall
	b.Box(mgl32.Vec3{room, 0, door}, mgl32.Vec3{room + t, wallHeight, room + t})
	sc := Scenario{Name: "bottleneck", Mesh: b.Mesh(), Walls: true}
	rows(n, 7, room-3, func(k int, x, z float64) {
		i, j := k/spread, k%spread
		goal := mgl64.Vec3{room + 3 + 1.5*float64(i), 0, (float64(j) - float64(spread-1)/2) * 1.5}
		sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: mgl64.Vec3{x, 0, z}, Yaw: math.Pi / 2}, Goal: goal,
			Via: []Gate{{mgl64.Vec3{room, 0, -gap}, mgl64.Vec3{room, 0, gap}}, {mgl64.Vec3{room + t + 0.4, 0, -gap}, mgl64.Vec3{room + t + 0.4, 0, gap}}}})
	})
	return sc
}

// Jitter moves every character's start of sc by up to JitterReach along x
// and z and turns it by up to JitterTurn, drawn with rng: the same
// scenario from slightly different starts, for measuring how much its
// outcome hangs on where each character stands to the centimetre. It
// returns a copy; sc is unchanged.
func Jitter(sc Scenario, rng *scenes.RNG) Scenario {
	sc.Agents = slices.Clone(sc.Agents)
	for k := range sc.Agents {
		s := &sc.Agents[k].Start
		s.Position[0] += JitterReach * (2*rng.Float64() - 1)
		s.Position[2] += JitterReach * (2*rng.Float64() - 1)
		s.Yaw += JitterTurn * (2*rng.Float64() - 1)
	}
	return sc
}

// How far Jitter moves and turns a start at most. [Units: m, rad]
const (
	JitterReach = 0.1
	JitterTurn  = 0.15
)

// Random is n characters on a level, each starting at one of the floor
// frames (at least 1.5 m from every other start) and going to another at
// least 5 m away (at least 1 m from every other goal) that routes finds a
// way to, passing the way's points: drawn with rng, so the same rng state
// gives the same scenario. It fails when the floor has too few points far
// enough apart and joined by a way.
func Random(mesh *scenes.Mesh, floor []action.Frame, routes *Routes, n int, rng *scenes.RNG) (Scenario, error) {
	sc := Scenario{Name: "random", Mesh: mesh, Walls: true}
	apart := func(p mgl64.Vec3, others []mgl64.Vec3, d float64) bool {
		for _, o := range others {
			if flat(p.Sub(o)) < d {
				return false
			}
		}
		return true
	}
	var starts, goals []mgl64.Vec3
	for k := 0; k < n; k++ {
		var a Agent
		ok := false
		for try := 0; try < 1000 && !ok; try++ {
			a.Start = floor[rng.Intn(len(floor))]
			a.Start.Yaw = 2 * math.Pi * rng.Float64()
			a.Goal = floor[rng.Intn(len(floor))].Position
			if !apart(a.Start.Position, starts, 1.5) || !apart(a.Goal, goals, 1) || flat(a.Goal.Sub(a.Start.Position)) < 5 {
				continue
			}
			var way []mgl64.Vec3
			if way, ok = routes.Way(a.Start.Position, a.Goal); ok {
				a.Via = a.Via[:0]
				for _, p := range way[:len(way)-1] {
					a.Via = append(a.Via, Point(p))
				}
			}
		}
		if !ok {
			return sc, fmt.Errorf("crowd: random: no room for character %d of %d on %d floor points", k+1, n, len(floor))
		}
		starts, goals = append(starts, a.Start.Position), append(goals, a.Goal)
		sc.Agents = append(sc.Agents, a)
	}
	return sc, nil
}

// Circles is n characters in circles of ten (of radius 4 m, each walking to
// the opposite point),
// the circles' centres on a square grid 11 m apart: many small crowds at
// once, for measuring how the cost grows with the number of characters.
func Circles(n int) Scenario {
	per := 10
	circles := (n + per - 1) / per
	side := int(math.Ceil(math.Sqrt(float64(circles))))
	const apart, radius = 11.0, 4.0
	half := float64(side) * apart / 2
	sc := Scenario{Name: "circles", Mesh: Floor(float32(half + 1))}
	for k := range n {
		c, i := k/per, k%per
		centre := mgl64.Vec3{(float64(c%side)+0.5)*apart - half, 0, (float64(c/side)+0.5)*apart - half}
		a := 2 * math.Pi * float64(i) / float64(per)
		p := mgl64.Vec3{radius * math.Sin(a), 0, radius * math.Cos(a)}
		sc.Agents = append(sc.Agents, Agent{Start: action.Frame{Position: centre.Add(p), Yaw: a + math.Pi}, Goal: centre.Sub(p)})
	}
	return sc
}
