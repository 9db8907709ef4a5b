package script_test

import (
	"math"
	"path/filepath"
	"sort"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/library"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/supporttree"
	"github.com/foothold/foothold/world"
)

// bfsRegions is the oracle of Regions: breadth-first search over a set of
// positions, trying every neighbour offset in turn.
func bfsRegions(foot *supporttree.Tree) map[[3]int32]int {
	set := map[[3]int32]bool{}
	var order [][3]int32
	foot.Each(func(x, y, z int32, _ uint64) {
		set[[3]int32{x, y, z}] = true
		order = append(order, [3]int32{x, y, z})
	})
	label := map[[3]int32]int{}
	n := 0
	for _, s := range order {
		if _, ok := label[s]; ok {
			continue
		}
		label[s] = n
		queue := [][3]int32{s}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for dx := int32(-1); dx <= 1; dx++ {
				for dz := int32(-1); dz <= 1; dz++ {
					for dy := int32(-script.RegionStep); dy <= script.RegionStep; dy++ {
						q := [3]int32{p[0] + dx, p[1] + dy, p[2] + dz}
						if _, seen := label[q]; !seen && set[q] && (dx != 0 || dz != 0) {
							label[q] = n
							queue = append(queue, q)
						}
					}
				}
			}
		}
		n++
	}
	return label
}

// sizes counts the positions of each label.
func sizes(label map[[3]int32]int) map[int]int {
	s := map[int]int{}
	for _, l := range label {
		s[l]++
	}
	return s
}

// checkRegions compares Regions with the oracle: the same partition.
func checkRegions(t *testing.T, name string, foot *supporttree.Tree) map[[3]int32]int {
	t.Helper()
	pos, region, size := script.Regions(foot)
	want := bfsRegions(foot)
	if len(pos) != len(want) {
		t.Fatalf("%s: %d positions, the oracle has %d", name, len(pos), len(want))
	}
	ours, theirs := map[int32]int{}, map[int]int32{}
	for i, p := range pos {
		w, ok := want[p]
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
	ws := sizes(want)
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
	lib, _, err := library.Default(library.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type level struct {
		name, spec string
		load       sceneload.LoadOptions
	}
	levels := []level{{"level", "builtin:level", sceneload.LoadOptions{}}, {"ramps", "builtin:ramps", sceneload.LoadOptions{}}}
	if d, ok := shareddata.Dir(); ok && !testing.Short() {
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
		ws := sizes(label)
		var regions []int
		for r := range ws {
			regions = append(regions, r)
		}
		sort.Slice(regions, func(i, j int) bool { return ws[regions[i]] > ws[regions[j]] })
		best := -1
		for _, r := range regions {
			for q := range open {
				if label[q] == r {
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
		if ws[label[p]] != ws[best] {
			t.Errorf("%s: the start is on a region of %d positions, the largest with open floor has %d", lv.name, ws[label[p]], ws[best])
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
