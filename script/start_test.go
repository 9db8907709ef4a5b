package script_test

import (
	"cmp"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/supporttree"
	"github.com/foothold/foothold/world"
)

// oracleRegions is the partition bfsRegions finds: each position's region
// and the regions' sizes. The positions are sorted by column (x, z), then
// height; column maps a column to its first position.
type oracleRegions struct {
	pos    [][3]int32
	column map[[2]int32]int32
	label  []int32
	size   map[int]int
}

// find is p's place in o.pos, or -1.
func (o *oracleRegions) find(p [3]int32) int32 {
	i, ok := o.column[[2]int32{p[0], p[2]}]
	if !ok {
		return -1
	}
	for ; int(i) < len(o.pos) && o.pos[i][0] == p[0] && o.pos[i][2] == p[2]; i++ {
		if o.pos[i][1] == p[1] {
			return i
		}
	}
	return -1
}

// of is p's region, if p is a position.
func (o *oracleRegions) of(p [3]int32) (int, bool) {
	if i := o.find(p); i >= 0 {
		return int(o.label[i]), true
	}
	return 0, false
}

// bfsRegions is the oracle of Regions: a flood fill over the set of
// positions, each position's neighbours found by scanning the eight
// columns around it.
func bfsRegions(foot *supporttree.Tree) *oracleRegions {
	o := &oracleRegions{column: map[[2]int32]int32{}, size: map[int]int{}}
	foot.Each(func(x, y, z int32, _ uint64) { o.pos = append(o.pos, [3]int32{x, y, z}) })
	slices.SortFunc(o.pos, func(a, b [3]int32) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[2], b[2]), cmp.Compare(a[1], b[1]))
	})
	for i := len(o.pos) - 1; i >= 0; i-- {
		o.column[[2]int32{o.pos[i][0], o.pos[i][2]}] = int32(i)
	}
	o.label = make([]int32, len(o.pos))
	for i := range o.label {
		o.label[i] = -1
	}
	n := int32(0)
	var stack []int32
	for si := range o.pos {
		if o.label[si] >= 0 {
			continue
		}
		o.label[si] = n
		stack = append(stack[:0], int32(si))
		for len(stack) > 0 {
			p := o.pos[stack[len(stack)-1]]
			stack = stack[:len(stack)-1]
			o.size[int(n)]++
			for dx := int32(-1); dx <= 1; dx++ {
				for dz := int32(-1); dz <= 1; dz++ {
					if dx == 0 && dz == 0 {
						continue
					}
					x, z := p[0]+dx, p[2]+dz
					j, ok := o.column[[2]int32{x, z}]
					// The column's positions, by height: those within
					// RegionStep of p's.
					for ; ok && int(j) < len(o.pos) && o.pos[j][0] == x && o.pos[j][2] == z; j++ {
						if dy := o.pos[j][1] - p[1]; dy > script.RegionStep {
							break
						} else if dy >= -script.RegionStep && o.label[j] < 0 {
							o.label[j] = n
							stack = append(stack, j)
						}
					}
				}
			}
		}
		n++
	}
	return o
}

// checkRegions compares Regions with the oracle: the same partition.
func checkRegions(t *testing.T, name string, foot *supporttree.Tree) *oracleRegions {
	t.Helper()
	pos, region, size := script.Regions(foot)
	want := bfsRegions(foot)
	if len(pos) != len(want.label) {
		t.Fatalf("%s: %d positions, the oracle has %d", name, len(pos), len(want.label))
	}
	ours, theirs := map[int32]int{}, map[int]int32{}
	for i, p := range pos {
		w, ok := want.of(p)
		if !ok {
			t.Fatalf("%s: position %v not in the tree", name, p)
		}
		if o, ok := ours[region[i]]; ok && o != w {
			t.Fatalf("%s: %v is in region %d with positions of two oracle regions", name, p, region[i])
		}
		if o, ok := theirs[w]; ok && o != region[i] {
			t.Fatalf("%s: oracle region %d split between regions %d and %d", name, w, o, region[i])
		}
		ours[region[i]], theirs[w] = w, region[i]
	}
	ws := want.size
	for r, n := range size {
		if ws[ours[int32(r)]] != n {
			t.Errorf("%s: region %d has %d positions, the oracle's %d", name, r, n, ws[ours[int32(r)]])
		}
	}
	return want
}

// The default start: on the largest walkable region (by an independent
// breadth-first search), on open floor, on the built-in scenes and on every
// shared level. Regions agrees with the search everywhere.
func TestDefaultStartOnLargestRegion(t *testing.T) {
	t.Parallel() // the two longest tests of the package, side by side
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type level struct {
		name, spec string
		load       sceneload.LoadOptions
	}
	levels := []level{{"level", "builtin:level", sceneload.LoadOptions{}}, {"ramps", "builtin:ramps", sceneload.LoadOptions{}}}
	if d, ok := shareddata.Dir(); ok && !tier.Short() {
		for _, m := range shareddata.Meshes {
			levels = append(levels, level{filepath.Base(m.File), filepath.Join(d, m.File), sceneload.LoadOptions{Scale: m.Scale, ExcludeNodes: m.Exclude}})
		}
	}
	for _, lv := range levels { // the user's cache: the demo's tests and the commands find the same data
		w, err := world.Load(lv.spec, lib, world.Options{Load: lv.load, Friction: dock.DefaultFriction})
		if err != nil {
			t.Fatal(err)
		}
		foot := w.Supports[w.Templates["foot"]]
		label := checkRegions(t, lv.name, foot)
		b := w.Mesh.Bounds()
		s, ok := script.DefaultStart(foot, float64(b.Min[0]+b.Max[0])/2, float64(b.Min[2]+b.Max[2])/2, 0)
		if !ok {
			t.Errorf("%s: no default start", lv.name)
			continue
		}
		inc := float64(foot.Lattice().Linear)
		p := [3]int32{int32(math.Round(s.X / inc)), int32(math.Round((s.Y - 0.3) / inc)), int32(math.Round(s.Z / inc))}
		open := map[[3]int32]bool{}
		for _, q := range script.OpenFloor(foot) {
			open[q] = true
		}
		if !open[p] {
			t.Errorf("%s: the start %v is not open floor", lv.name, p)
		}
		// The largest region of the oracle's that has open floor.
		ws := label.size
		var regions []int
		for r := range ws {
			regions = append(regions, r)
		}
		sort.Slice(regions, func(i, j int) bool { return ws[regions[i]] > ws[regions[j]] })
		best := -1
		for _, r := range regions {
			for q := range open {
				if l, _ := label.of(q); l == r {
					best = r
					break
				}
			}
			if best >= 0 {
				break
			}
		}
		total := 0
		for _, n := range ws {
			total += n
		}
		t.Logf("%s: %d regions; the largest with open floor holds %d of %d foot positions (%.0f m² of %.0f); start (%.1f, %.1f, %.1f)",
			lv.name, len(ws), ws[best], total, float64(ws[best])*inc*inc, float64(total)*inc*inc, s.X, s.Y-0.3, s.Z)
		if lp, _ := label.of(p); ws[lp] != ws[best] {
			t.Errorf("%s: the start is on a region of %d positions, the largest with open floor has %d", lv.name, ws[lp], ws[best])
		}
		if _, err := s.Start(w.BVH); err != nil {
			t.Errorf("%s: %v", lv.name, err)
		}
	}
}

// FarthestPoints against brute force: every pick is, among the positions
// accepted and not yet picked, one farthest from those picked before.
func TestFarthestPoints(t *testing.T) {
	var pos [][3]int32
	for i := range 300 {
		pos = append(pos, [3]int32{int32(i*37%101) - 50, int32(i % 7), int32(i*53%89) - 44})
	}
	reject := func(i int) bool { return i%5 != 3 }
	picks := script.FarthestPoints(pos, 10, 12, reject)
	if len(picks) != 12 || picks[0] != 10 {
		t.Fatalf("picks %v", picks)
	}
	d2 := func(a, b [3]int32) float64 {
		dx, dy, dz := float64(a[0]-b[0]), float64(a[1]-b[1]), float64(a[2]-b[2])
		return dx*dx + dy*dy + dz*dz
	}
	for k := 1; k < len(picks); k++ {
		near := func(i int) float64 {
			m := math.Inf(1)
			for _, j := range picks[:k] {
				m = math.Min(m, d2(pos[i], pos[j]))
			}
			return m
		}
		best := 0.0
		for i := range pos {
			if reject(i) && near(i) > best {
				best = near(i)
			}
		}
		if !reject(picks[k]) || near(picks[k]) != best {
			t.Errorf("pick %d = %d at %.0f from the others, the farthest accepted is at %.0f", k, picks[k], near(picks[k]), best)
		}
	}
}
