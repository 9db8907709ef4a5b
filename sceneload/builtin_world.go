package sceneload

import (
	"math"

	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// World layout: 2048 m × 2048 m (4.19 km²) of rolling terrain on a 4 m
// grid, slopes up to about 20°; a road 8 m wide along x at WorldRoadZ,
// levelled across; two ravines 10 m deep along z, at WorldRavineX, each
// crossed by a bridge where the road meets it; and villages (3 × 3 cells
// of the level's rooms, stairs, platforms, towers and crates) and two
// towns (4 × 4 cells) on levelled ground, none on the road.
const (
	WorldSize   = 2048.0 // [Units: m]
	worldCell   = 4.0    // the terrain grid [Units: m]
	WorldRoadZ  = 1022.0 // the road's centre line [Units: m]
	worldRoadW  = 4.0    // half the road's width [Units: m]
	worldRavine = 10.0   // the ravines' depth [Units: m]
	// WorldBridgeHalf is half a bridge's length along x. [Units: m]
	WorldBridgeHalf = 16.0
)

// WorldRavineX are the ravines' centre lines. [Units: m]
var WorldRavineX = [2]float64{700, 1404}

// worldGen is the world's height field and its builder.
type worldGen struct {
	b     Builder
	n     int       // grid vertices along a side
	h     []float64 // heights, row-major by z
	fixed []bool    // levelled by a village or the road: the ravines leave it
}

// worldScene generates the world; see the constants above.
func worldScene() *scenes.Mesh {
	g := &worldGen{n: int(WorldSize/worldCell) + 1}
	g.h, g.fixed = make([]float64, g.n*g.n), make([]bool, g.n*g.n)
	for k := range g.n {
		for i := range g.n {
			g.h[k*g.n+i] = ground(float64(i)*worldCell, float64(k)*worldCell)
		}
	}
	sites := worldSites()
	for _, s := range sites {
		g.level(s.x0-8, s.z0-8, s.x0+s.w+8, s.z0+s.d+8, 24, ground(s.x0+s.w/2, s.z0+s.d/2))
	}
	g.road()
	g.ravines()
	g.terrainMesh()
	for k, s := range sites {
		g.village(s, uint64(k))
	}
	for _, x := range WorldRavineX {
		y := float32(ground(x, WorldRoadZ)) // the road's height there, levelled (road)
		g.b.Box(mgl32.Vec3{float32(x - WorldBridgeHalf), y - 0.5, float32(WorldRoadZ - 3)}, mgl32.Vec3{float32(x + WorldBridgeHalf), y, float32(WorldRoadZ + 3)})
	}
	return g.b.Mesh()
}

// ground is the rolling ground's height at (x, z).
func ground(x, z float64) float64 {
	const tau = 2 * math.Pi
	return 12*math.Sin(tau*x/700)*math.Cos(tau*z/900) + 6*math.Sin(tau*(x+z)/310) +
		2.5*math.Cos(tau*(x-2*z)/140) + 0.8*math.Sin(tau*x/37)*math.Sin(tau*z/43)
}

// at is the grid's height at the vertex nearest (x, z).
func (g *worldGen) at(x, z float64) float64 {
	i := min(g.n-1, max(0, int(math.Round(x/worldCell))))
	k := min(g.n-1, max(0, int(math.Round(z/worldCell))))
	return g.h[k*g.n+i]
}

// level sets the ground within the rectangle to height y, and blends it
// into the terrain over blend metres around.
func (g *worldGen) level(x0, z0, x1, z1, blend, y float64) {
	for k := range g.n {
		for i := range g.n {
			x, z := float64(i)*worldCell, float64(k)*worldCell
			d := math.Hypot(max(x0-x, 0, x-x1), max(z0-z, 0, z-z1))
			if d >= blend {
				continue
			}
			w := smooth(d / blend)
			j := k*g.n + i
			g.h[j] = y + (g.h[j]-y)*w
			g.fixed[j] = g.fixed[j] || d == 0
		}
	}
}

func smooth(t float64) float64 { return t * t * (3 - 2*t) }

// road levels the ground across the road to its height on the centre
// line, and flat for a bridge's length beyond each ravine.
func (g *worldGen) road() {
	for i := range g.n {
		x := float64(i) * worldCell
		y := ground(x, WorldRoadZ)
		for _, rx := range WorldRavineX {
			if d := math.Abs(x - rx); d < WorldBridgeHalf+24 {
				y = ground(rx, WorldRoadZ) + (y-ground(rx, WorldRoadZ))*smooth(max(0, d-WorldBridgeHalf)/24)
			}
		}
		for k := range g.n {
			d := math.Abs(float64(k)*worldCell - WorldRoadZ)
			if d >= worldRoadW+12 {
				continue
			}
			j := k*g.n + i
			w := smooth(max(0, d-worldRoadW) / 12)
			g.h[j] = y + (g.h[j]-y)*w
			g.fixed[j] = g.fixed[j] || d <= worldRoadW
		}
	}
}

// ravines sink the ground 10 m along each ravine's line: walls too steep
// to climb, the floor 8 m wide.
func (g *worldGen) ravines() {
	for _, rx := range WorldRavineX {
		for k := range g.n {
			for i := range g.n {
				if d := math.Abs(float64(i)*worldCell - rx); d <= 4 {
					g.h[k*g.n+i] -= worldRavine
				}
			}
		}
	}
}

// terrainMesh adds the height field's triangles, two per grid cell.
func (g *worldGen) terrainMesh() {
	p := func(i, k int) mgl32.Vec3 {
		return mgl32.Vec3{float32(float64(i) * worldCell), float32(g.h[k*g.n+i]), float32(float64(k) * worldCell)}
	}
	for k := 0; k+1 < g.n; k++ {
		for i := 0; i+1 < g.n; i++ {
			g.b.Quad(p(i, k), p(i, k+1), p(i+1, k+1), p(i+1, k))
		}
	}
}

// site is a village's (or town's) place: its corner, size and cells.
type site struct {
	x0, z0, w, d float64
	cells        []string
}

// worldSites places the villages on a 4 × 4 grid of sites, jittered,
// leaving out those on the road or a ravine; two are towns.
func worldSites() []site {
	rng := scenes.NewRNG(0x3031d)
	kinds := "ccprout"
	var out []site
	for sk := range 4 {
		for si := range 4 {
			nx, nz := 3, 3
			if (si+sk)%5 == 2 {
				nx, nz = 4, 4 // a town
			}
			w, d := float64(nx)*levelCellW, float64(nz)*levelCellD
			x0 := math.Round((float64(si)*512+96+float64(rng.Range(0, 200)))/worldCell) * worldCell
			z0 := math.Round((float64(sk)*512+96+float64(rng.Range(0, 200)))/worldCell) * worldCell
			if z0-40 < WorldRoadZ+worldRoadW && z0+d+40 > WorldRoadZ-worldRoadW {
				continue
			}
			near := false
			for _, rx := range WorldRavineX {
				near = near || x0-40 < rx && x0+w+40 > rx
			}
			if near {
				continue
			}
			cells := make([]string, nz)
			for j := range cells {
				row := make([]byte, nx)
				for i := range row {
					row[i] = kinds[rng.Intn(len(kinds))]
				}
				cells[j] = string(row)
			}
			out = append(out, site{x0, z0, w, d, cells})
		}
	}
	return out
}

// village builds a site's rooms, as the level's cells, on its levelled
// ground.
func (g *worldGen) village(s site, seed uint64) {
	v := &levelGen{rng: scenes.NewRNG(0x5111a9e + seed), cells: s.cells}
	nz, nx := len(s.cells), len(s.cells[0])
	used := func(i, j int) bool { return i >= 0 && j >= 0 && i < nx && j < nz }
	for j := range nz {
		for i := range nx {
			x0, z0 := float32(i)*levelCellW, float32(j)*levelCellD
			v.walls(i, j, used)
			v.cell(s.cells[j][i], x0, z0)
			if s.cells[j][i] == 'c' {
				for range 4 {
					v.crate(x0, z0)
				}
			}
		}
	}
	y := g.at(s.x0+s.w/2, s.z0+s.d/2)
	m := v.b.Mesh()
	for t := range m.NumTriangles() {
		a, b, c := m.Triangle(t)
		off := mgl32.Vec3{float32(s.x0), float32(y), float32(s.z0)}
		g.b.Triangle(a.Add(off), b.Add(off), c.Add(off))
	}
}
