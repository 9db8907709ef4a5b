package sceneload

import (
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
)

// Level layout: a grid of cells inside 100 m × 12 m × 106.2 m (127,440 m³,
// the paper's Counter-Strike level is 127,428 m³). Unused cells are outside the
// level, as in a real map whose outline is not a rectangle.
const (
	levelCellsX = 5
	levelCellsZ = 5
	levelCellW  = 20.0  // cell size along x [Units: m]
	levelCellD  = 21.24 // cell size along z [Units: m]
	levelHeight = 12.0  // the tower's top [Units: m]
	levelWallT  = 0.4   // wall thickness [Units: m]
	levelWallH  = 2.6   // interior wall height [Units: m]
	levelOuterH = 3.0   // outer wall height [Units: m]
	levelDoorW  = 3.0   // doorway width [Units: m]
	levelTarget = 13240 // the paper's surface area [Units: m²]
)

// levelMap marks the used cells (row = z, column = x) and what they hold:
// '.' outside, 'c' crates, 'p' platform with stairs and a ramp, 'u' upper
// deck, 'r' corridors, 'o' courtyard with cover walls, 't' the tower.
var levelMap = [levelCellsZ]string{
	"cpr..",
	"oc.t.",
	".copu",
	".c.c.",
	"..oc.",
}

type levelGen struct {
	b     Builder
	rng   *scenes.RNG
	cells []string // what each cell holds, as levelMap
}

func (g *levelGen) box(x0, y0, z0, x1, y1, z1 float32) {
	g.b.Box(mgl32.Vec3{x0, y0, z0}, mgl32.Vec3{x1, y1, z1})
}

// level generates the arena; see levelMap.
func level() *scenes.Mesh {
	g := &levelGen{rng: scenes.NewRNG(0x1e7e1), cells: levelMap[:]}
	used := func(i, j int) bool {
		return i >= 0 && j >= 0 && i < levelCellsX && j < levelCellsZ && levelMap[j][i] != '.'
	}
	var crateCells [][2]int
	for j := 0; j < levelCellsZ; j++ {
		for i := 0; i < levelCellsX; i++ {
			if !used(i, j) {
				continue
			}
			x0, z0 := float32(i)*levelCellW, float32(j)*levelCellD
			x1, z1 := x0+levelCellW, z0+levelCellD
			g.b.Quad(mgl32.Vec3{x0, 0, z0}, mgl32.Vec3{x0, 0, z1}, mgl32.Vec3{x1, 0, z1}, mgl32.Vec3{x1, 0, z0})
			g.walls(i, j, used)
			if levelMap[j][i] == 'c' {
				crateCells = append(crateCells, [2]int{i, j})
			}
			g.cell(levelMap[j][i], x0, z0)
		}
	}
	// Fill the crate rooms until the surface area reaches the paper's level.
	area := g.b.Mesh().SurfaceArea()
	for k := 0; area < levelTarget-3; k++ {
		c := crateCells[k%len(crateCells)]
		area += g.crate(float32(c[0])*levelCellW, float32(c[1])*levelCellD)
	}
	return g.b.Mesh()
}

// cell builds what a cell of kind c holds (but its crates): see levelMap.
func (g *levelGen) cell(c byte, x0, z0 float32) {
	switch c {
	case 'p':
		g.platform(x0, z0)
	case 'u':
		g.upperDeck(x0, z0)
	case 'r':
		g.corridors(x0, z0)
	case 'o':
		g.courtyard(x0, z0)
	case 't':
		g.tower(x0, z0)
	}
}

// walls puts a wall on the cell's west and south edges (and on east and north
// edges that face the outside). Interior walls have a doorway; courtyards
// have none.
func (g *levelGen) walls(i, j int, used func(i, j int) bool) {
	x0, z0 := float32(i)*levelCellW, float32(j)*levelCellD
	x1, z1 := x0+levelCellW, z0+levelCellD
	const t = levelWallT / 2
	type edge struct {
		other  bool // the neighbour across the edge is used
		mine   bool // this cell draws the edge
		alongX bool
		c      float32 // the edge's fixed coordinate
		a, b   float32 // its extent along the other axis
		inward float32 // +1 when the cell lies on the edge's + side
	}
	edges := []edge{
		{used(i-1, j), true, false, x0, z0, z1, 1},
		{used(i, j-1), true, true, z0, x0, x1, 1},
		{used(i+1, j), !used(i+1, j), false, x1, z0, z1, -1},
		{used(i, j+1), !used(i, j+1), true, z1, x0, x1, -1},
	}
	di, dj := [4]int{-1, 0, 1, 0}, [4]int{0, -1, 0, 1}
	for k, e := range edges {
		if !e.mine {
			continue
		}
		// Courtyards are open to the cells around them.
		if e.other && (g.cells[j][i] == 'o' || g.cells[j+dj[k]][i+di[k]] == 'o') {
			continue
		}
		h := float32(levelOuterH)
		segs := [][2]float32{{e.a, e.b}}
		if e.other {
			h = levelWallH
			m := (e.a + e.b) / 2
			segs = [][2]float32{{e.a, m - levelDoorW/2}, {m + levelDoorW/2, e.b}}
		}
		// An interior wall straddles the edge; an outer one stands inside
		// the cell, so the level's bounds are the cells' bounds.
		lo, hi := e.c-t, e.c+t
		if !e.other {
			lo, hi = min(e.c, e.c+2*t*e.inward), max(e.c, e.c+2*t*e.inward)
		}
		for _, s := range segs {
			if e.alongX {
				g.box(s[0], 0, lo, s[1], h, hi)
			} else {
				g.box(lo, 0, s[0], hi, h, s[1])
			}
		}
	}
}

// crate adds one crate (or a stack of two) somewhere in the cell and returns
// the area added.
func (g *levelGen) crate(x0, z0 float32) float64 {
	before := g.b.Mesh().SurfaceArea()
	s := g.rng.Range(0.8, 1.5)
	x := x0 + 1.5 + g.rng.Range(0, levelCellW-3-s)
	z := z0 + 1.5 + g.rng.Range(0, levelCellD-3-s)
	g.box(x, 0, z, x+s, s, z+s)
	if g.rng.Float64() < 0.3 {
		s2 := s * 0.8
		g.box(x+0.1, s, z+0.1, x+0.1+s2, s+s2, z+0.1+s2)
	}
	return g.b.Mesh().SurfaceArea() - before
}

// platform: a 6 m × 6 m slab at 2.5 m with stairs (0.25 m risers) on one side
// and a ramp on the other.
func (g *levelGen) platform(x0, z0 float32) {
	px, pz := x0+7, z0+7.6
	g.box(px, 2.2, pz, px+6, 2.5, pz+6)
	for _, c := range [][2]float32{{0, 0}, {5.6, 0}, {0, 5.6}, {5.6, 5.6}} {
		g.box(px+c[0], 0, pz+c[1], px+c[0]+0.4, 2.2, pz+c[1]+0.4) // columns
	}
	g.b.Stairs(px-3, pz+0.5, pz+2.5, 0, 10, 0.25, 0.3)
	g.b.Ramp(px+6, px+13, pz+3.5, pz+5.5, 0, 2.5, 0)
}

// upperDeck: a second storey over half the cell at 5 m, reached by stairs.
func (g *levelGen) upperDeck(x0, z0 float32) {
	g.box(x0+levelWallT, 4.7, z0+levelCellD/2, x0+levelCellW-levelWallT, 5.0, z0+levelCellD-levelWallT)
	g.b.StairsZ(z0+levelCellD/2-5.4, x0+2, x0+4, 0, 18, 0.2778, 0.3)
	for _, x := range []float32{6, 11, 16} {
		g.box(x0+x, 0, z0+levelCellD/2, x0+x+0.5, 4.7, z0+levelCellD/2+0.5) // pillars
	}
	g.box(x0+6, 5.0, z0+levelCellD/2, x0+levelCellW-levelWallT, 6.0, z0+levelCellD/2+0.2) // railing
}

// corridors: two walls splitting the cell into three 6 m lanes, with gaps.
func (g *levelGen) corridors(x0, z0 float32) {
	for _, z := range []float32{7, 14} {
		g.box(x0+levelWallT, 0, z0+z, x0+8, 3.5, z0+z+0.3)
		g.box(x0+11, 0, z0+z, x0+levelCellW-levelWallT, 3.5, z0+z+0.3)
	}
	g.b.Ramp(x0+2, x0+6, z0+1, z0+4, 0, 0, 1.0) // a ramp onto a ledge
	g.box(x0+6, 0, z0+1, x0+9, 1.0, z0+4)
}

// courtyard: open ground with low cover walls (1.0-1.2 m) to vault.
func (g *levelGen) courtyard(x0, z0 float32) {
	for k := 0; k < 6; k++ {
		x := x0 + 2 + g.rng.Range(0, 13)
		z := z0 + 2 + g.rng.Range(0, 15)
		h := g.rng.Range(1.0, 1.2)
		if k%2 == 0 {
			g.box(x, 0, z, x+3, h, z+0.3)
		} else {
			g.box(x, 0, z, x+0.3, h, z+3)
		}
	}
}

// tower: a 5 m × 5 m tower to 12 m with a ledge ring every 3 m.
func (g *levelGen) tower(x0, z0 float32) {
	tx, tz := x0+7.5, z0+8
	g.box(tx, 0, tz, tx+5, levelHeight, tz+5)
	for y := float32(3); y < levelHeight; y += 3 {
		g.box(tx-0.3, y-0.2, tz-0.3, tx+5.3, y, tz+5.3)
	}
	g.b.StairsZ(tz-5, tx+1.5, tx+3.5, 0, 10, 0.3, 0.5)
}
