package script

import (
	"math"

	"github.com/foothold/foothold/supporttree"
)

// RegionStep is the largest height difference, in lattice increments,
// between two neighbouring foot positions of one walkable region: 0.3 m
// on the default lattice, a stair's rise.
const RegionStep = 3

// Regions splits a foot's supported positions into walkable regions: two
// positions belong to one region when a chain of positions joins them,
// each a lattice neighbour of the next along x, z or a diagonal, at most
// RegionStep increments above or below it. It returns the positions (in
// the tree's order), the region of each, and the regions' sizes in
// positions.
func Regions(foot *supporttree.Tree) (pos [][3]int32, region []int32, size []int) {
	foot.Each(func(x, y, z int32, _ uint64) { pos = append(pos, [3]int32{x, y, z}) })
	column := make(map[[2]int32][]int32, len(pos)) // (x, z) → indices into pos
	for i, p := range pos {
		k := [2]int32{p[0], p[2]}
		column[k] = append(column[k], int32(i))
	}
	parent := make([]int32, len(pos))
	for i := range parent {
		parent[i] = int32(i)
	}
	for i, p := range pos {
		for dx := int32(-1); dx <= 1; dx++ {
			for dz := int32(0); dz <= 1; dz++ {
				if dz == 0 && dx <= 0 { // each pair once
					continue
				}
				for _, j := range column[[2]int32{p[0] + dx, p[2] + dz}] {
					if d := pos[j][1] - p[1]; d >= -RegionStep && d <= RegionStep {
						union(parent, int32(i), j)
					}
				}
			}
		}
	}
	region = make([]int32, len(pos))
	label := map[int32]int32{}
	for i := range pos {
		r := find(parent, int32(i))
		l, ok := label[r]
		if !ok {
			l = int32(len(size))
			label[r] = l
			size = append(size, 0)
		}
		region[i] = l
		size[l]++
	}
	return pos, region, size
}

func find(parent []int32, i int32) int32 {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

func union(parent []int32, a, b int32) {
	ra, rb := find(parent, a), find(parent, b)
	if ra < rb {
		parent[rb] = ra
	} else if rb < ra {
		parent[ra] = rb
	}
}

// LargestOpenFloor lists the open-floor positions (OpenFloor) of the
// largest walkable region (Regions) that has any, in the tree's order; nil
// when there is no open floor. Ties go to the region found first.
func LargestOpenFloor(foot *supporttree.Tree) [][3]int32 {
	open := OpenFloor(foot)
	if len(open) == 0 {
		return nil
	}
	pos, region, size := Regions(foot)
	at := make(map[[3]int32]int32, len(pos))
	for i, p := range pos {
		at[p] = region[i]
	}
	hasOpen := make([]bool, len(size))
	for _, p := range open {
		hasOpen[at[p]] = true
	}
	best := -1
	for r := range size {
		if hasOpen[r] && (best < 0 || size[r] > size[best]) {
			best = r
		}
	}
	var out [][3]int32
	for _, p := range open {
		if at[p] == int32(best) {
			out = append(out, p)
		}
	}
	return out
}

// DefaultStart is where a character starts when nobody says where: the
// open-floor position of the largest walkable region (LargestOpenFloor)
// nearest the middle (cx, cz) of the level, facing +Z, in the idle state.
// ok is false when the level has no open floor.
func DefaultStart(foot *supporttree.Tree, cx, cz float64, seconds float64) (s *Script, ok bool) {
	open := LargestOpenFloor(foot)
	if len(open) == 0 {
		return nil, false
	}
	inc := float64(foot.Lattice().Linear)
	best, bestD := 0, math.Inf(1)
	for i, p := range open {
		dx, dz := float64(p[0])*inc-cx, float64(p[2])*inc-cz
		if d := dx*dx + dz*dz; d < bestD {
			best, bestD = i, d
		}
	}
	return openStart(open[best], inc, seconds), true
}

// openStart is a script standing on open-floor position p, with no input.
func openStart(p [3]int32, inc, seconds float64) *Script {
	return &Script{X: float64(p[0]) * inc, Z: float64(p[2]) * inc, Y: float64(p[1])*inc + 0.3, State: "idle", Duration: seconds}
}

// FarthestPoints picks n of the positions by farthest-point sampling: the
// first given, then each time the position farthest (in lattice units)
// from every one picked so far, among those ok accepts (nil accepts all).
// Fewer than n come back when fewer are accepted.
func FarthestPoints(pos [][3]int32, first, n int, ok func(i int) bool) []int {
	if len(pos) == 0 || n <= 0 {
		return nil
	}
	near := make([]float64, len(pos)) // squared distance to the nearest pick
	for i := range near {
		near[i] = math.Inf(1)
	}
	var picks []int
	next := first
	for len(picks) < n && next >= 0 {
		near[next] = -1
		if ok == nil || ok(next) {
			picks = append(picks, next)
			for i, p := range pos {
				d := sq(p, pos[next])
				if d < near[i] {
					near[i] = d
				}
			}
		}
		next = -1
		far := -1.0
		for i, d := range near {
			if d > far {
				next, far = i, d
			}
		}
		if far < 0 {
			next = -1
		}
	}
	return picks
}

func sq(a, b [3]int32) float64 {
	dx, dy, dz := float64(a[0]-b[0]), float64(a[1]-b[1]), float64(a[2]-b[2])
	return dx*dx + dy*dy + dz*dz
}
