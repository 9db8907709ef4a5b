package supporttile

import (
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
)

// Layout is a scene's tiles: every tile a support of one of the templates
// can lie in.
type Layout struct {
	Lattice   dock.Lattice
	Size      int32      // lattice positions across a tile
	Tiles     [][2]int32 // (i, k), sorted by k, then i
	Templates []*dock.Template
	// reach holds every triangle any position of a tile depends on, grown
	// from the tile's box; lo and hi bound the heights of the positions.
	reach  supportbuild.Dependency
	lo, hi int32
}

// NewLayout lays out the tiles of size positions across of mesh m's
// support data for templates (valid and normalised) on lattice lat.
func NewLayout(m *scenes.Mesh, templates []*dock.Template, lat dock.Lattice, size int32) (*Layout, error) {
	if err := lat.Validate(); err != nil {
		return nil, err
	}
	if size < 1 || size > 1<<16 {
		return nil, fmt.Errorf("supporttile: tile size %d: want 1 to 65536 positions", size)
	}
	if len(templates) == 0 {
		return nil, fmt.Errorf("supporttile: no templates")
	}
	l := &Layout{Lattice: lat, Size: size, Templates: templates}
	for _, t := range templates {
		d := supportbuild.DependencyOf(t, lat)
		l.reach.Side, l.reach.Below, l.reach.Above = max(l.reach.Side, d.Side), max(l.reach.Below, d.Below), max(l.reach.Above, d.Above)
	}
	if m.NumTriangles() == 0 {
		return l, nil
	}
	b := m.Bounds()
	inc := float64(lat.Linear)
	cell := func(v, grow float32, up bool) int32 {
		if up {
			return int32(math.Ceil(float64(v+grow)/inc)) + 1
		}
		return int32(math.Floor(float64(v-grow)/inc)) - 1
	}
	x0, x1 := cell(b.Min[0], l.reach.Side, false), cell(b.Max[0], l.reach.Side, true)
	z0, z1 := cell(b.Min[2], l.reach.Side, false), cell(b.Max[2], l.reach.Side, true)
	l.lo, l.hi = cell(b.Min[1], l.reach.Above, false), cell(b.Max[1], l.reach.Below, true)
	if max(-x0, x1, -z0, z1, -l.lo, l.hi) >= supporttree.MaxCoord {
		return nil, fmt.Errorf("supporttile: scene reaches %v m: beyond what a lattice of %v m can address", b, lat.Linear)
	}
	for k := tileOf(z0, size); k <= tileOf(z1, size); k++ {
		for i := tileOf(x0, size); i <= tileOf(x1, size); i++ {
			l.Tiles = append(l.Tiles, [2]int32{i, k})
		}
	}
	return l, nil
}

// tileOf is the tile of lattice index v.
func tileOf(v, size int32) int32 {
	if v >= 0 {
		return v / size
	}
	return -((-v + size - 1) / size)
}

// Box is the box of tile (i, k)'s positions.
func (l *Layout) Box(i, k int32) supporttree.Box {
	s := l.Size
	return supporttree.Box{Min: [3]int32{i * s, l.lo, k * s}, Max: [3]int32{i*s + s - 1, l.hi, k*s + s - 1}}
}

// Share is the tiles of share i of n: every n-th tile from the i-th.
func (l *Layout) Share(i, n int) ([][2]int32, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("supporttile: share %d of %d: want 0 <= i < n", i, n)
	}
	var out [][2]int32
	for j := i; j < len(l.Tiles); j += n {
		out = append(out, l.Tiles[j])
	}
	return out, nil
}

// Build builds tile (i, k) alone: the triangles of m (with its BVH) within
// reach of the tile, in m's order, and every template's trees over them
// on the tile's positions (supportbake.Bake with Within).
func (l *Layout) Build(m *scenes.Mesh, bvh *scenes.BVH, i, k int32, workers int) (*supportbake.Tile, error) {
	box := l.Box(i, k)
	tile := &supportbake.Tile{Size: l.Size, I: i, K: k, File: supportbake.File{
		Lattice: l.Lattice, SceneHash: supportbake.SceneHash(m), SceneTriangles: uint32(m.NumTriangles())}}
	local, lbvh, err := l.near(m, bvh, box)
	if err != nil {
		return nil, err
	}
	for _, t := range l.Templates {
		ft := supportbake.FileTemplate{Name: t.Name, Hash: supportbake.TemplateHash(t)}
		if lbvh == nil {
			ft.Tree, _ = supporttree.New(l.Lattice, nil, nil)
		} else if ft, _, err = supportbake.Bake(local, lbvh, t, l.Lattice, supportbuild.BuildOptions{Workers: workers, Within: &box}); err != nil {
			return nil, fmt.Errorf("supporttile: tile (%d, %d), template %q: %w", i, k, t.Name, err)
		}
		tile.Templates = append(tile.Templates, ft)
	}
	return tile, nil
}

// near is a mesh of m's triangles whose boxes meet box's grown by the
// layout's reach, in m's order, and its BVH (nil when there are none).
func (l *Layout) near(m *scenes.Mesh, bvh *scenes.BVH, box supporttree.Box) (*scenes.Mesh, *scenes.BVH, error) {
	inc := l.Lattice.Linear
	lo := mgl32.Vec3{float32(box.Min[0]) * inc, float32(box.Min[1]) * inc, float32(box.Min[2]) * inc}
	hi := mgl32.Vec3{float32(box.Max[0]) * inc, float32(box.Max[1]) * inc, float32(box.Max[2]) * inc}
	r := l.reach
	around := scenes.AABB{Min: lo.Sub(mgl32.Vec3{r.Side, r.Below, r.Side}), Max: hi.Add(mgl32.Vec3{r.Side, r.Above, r.Side})}
	var tris []int32
	for _, leaf := range bvh.OverlapBounds(around, nil, nil) {
		_, _, _, _, t := bvh.LeafTriangle(leaf)
		tris = append(tris, t)
	}
	slices.Sort(tris)
	tris = slices.Compact(tris)
	local := &scenes.Mesh{}
	for n, t := range tris {
		a, b, c := m.Triangle(int(t))
		local.Positions = append(local.Positions, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2])
		local.Indices = append(local.Indices, uint32(3*n), uint32(3*n+1), uint32(3*n+2))
	}
	if len(tris) == 0 {
		return local, nil, nil
	}
	lbvh, err := scenes.NewBVH(local, scenes.BVHOptions{Workers: 1})
	return local, lbvh, err
}
