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
	b := scenes.EmptyAABB()
	if m.NumTriangles() > 0 {
		b = m.Bounds()
	}
	return NewLayoutOver(b, templates, lat, size)
}

// NewLayoutOver is NewLayout of a mesh whose bounds are b (empty: no
// triangles), for a step of a pipeline that has the bounds, not the mesh.
func NewLayoutOver(b scenes.AABB, templates []*dock.Template, lat dock.Lattice, size int32) (*Layout, error) {
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
	if !(b.Min[0] <= b.Max[0]) {
		return l, nil
	}
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

// Build builds tile (i, k) alone: the triangles of m (with its BVH)
// within reach of it (Reaches), in m's order, and every template's trees
// over them on the tile's positions (BuildFrom).
func (l *Layout) Build(m *scenes.Mesh, bvh *scenes.BVH, i, k int32, workers int) (*supportbake.Tile, error) {
	return l.build(m, bvh, supportbake.SceneHash(m), i, k, workers)
}

// build is Build with the scene's hash found once for many tiles.
func (l *Layout) build(m *scenes.Mesh, bvh *scenes.BVH, scene [32]byte, i, k int32, workers int) (*supportbake.Tile, error) {
	around := l.around(i, k)
	var tris []int32
	for _, leaf := range bvh.OverlapBounds(around, nil, nil) {
		_, _, _, _, t := bvh.LeafTriangle(leaf)
		if a, b, c := m.Triangle(int(t)); meets(triangleBox(a, b, c), around) {
			tris = append(tris, t)
		}
	}
	slices.Sort(tris)
	tris = slices.Compact(tris)
	local := &scenes.Mesh{}
	for _, t := range tris {
		a, b, c := m.Triangle(int(t))
		AppendTriangle(local, a, b, c)
	}
	return l.BuildFrom(local, scene, uint32(m.NumTriangles()), i, k, workers)
}

// BuildFrom builds tile (i, k) of a scene (its hash and triangle count)
// from local: every triangle of the scene that reaches the tile
// (Reaches), in the scene's order, and no other.
func (l *Layout) BuildFrom(local *scenes.Mesh, scene [32]byte, triangles uint32, i, k int32, workers int) (*supportbake.Tile, error) {
	box := l.Box(i, k)
	tile := &supportbake.Tile{Size: l.Size, I: i, K: k, File: supportbake.File{Lattice: l.Lattice, SceneHash: scene, SceneTriangles: triangles}}
	var bvh *scenes.BVH
	if local.NumTriangles() > 0 {
		var err error
		if bvh, err = scenes.NewBVH(local, scenes.BVHOptions{Workers: 1}); err != nil {
			return nil, fmt.Errorf("supporttile: tile (%d, %d): %w", i, k, err)
		}
	}
	for _, t := range l.Templates {
		ft := supportbake.FileTemplate{Name: t.Name, Hash: supportbake.TemplateHash(t)}
		var err error
		if bvh == nil {
			ft.Tree, err = supporttree.New(l.Lattice, nil, nil)
		} else {
			ft, _, err = supportbake.Bake(local, bvh, t, l.Lattice, supportbuild.BuildOptions{Workers: workers, Within: &box})
		}
		if err != nil {
			return nil, fmt.Errorf("supporttile: tile (%d, %d), template %q: %w", i, k, t.Name, err)
		}
		tile.Templates = append(tile.Templates, ft)
	}
	return tile, nil
}

// Reaches appends to out the tiles of the layout the triangle abc is
// within reach of: those whose build needs it.
func (l *Layout) Reaches(a, b, c mgl32.Vec3, out [][2]int32) [][2]int32 {
	tb := triangleBox(a, b, c)
	span := float64(l.Size) * float64(l.Lattice.Linear)
	r := float64(l.reach.Side)
	i0, i1 := int32(math.Floor((float64(tb.Min[0])-r)/span))-1, int32(math.Floor((float64(tb.Max[0])+r)/span))+1
	k0, k1 := int32(math.Floor((float64(tb.Min[2])-r)/span))-1, int32(math.Floor((float64(tb.Max[2])+r)/span))+1
	for _, ik := range l.Tiles {
		if ik[0] >= i0 && ik[0] <= i1 && ik[1] >= k0 && ik[1] <= k1 && meets(tb, l.around(ik[0], ik[1])) {
			out = append(out, ik)
		}
	}
	return out
}

// around is the box every triangle tile (i, k)'s build depends on meets:
// the tile's positions grown by the layout's reach.
func (l *Layout) around(i, k int32) scenes.AABB {
	box := l.Box(i, k)
	p := func(v [3]int32) mgl32.Vec3 { return l.Lattice.Position(dock.Sample{X: v[0], Y: v[1], Z: v[2]}) }
	r := l.reach
	return scenes.AABB{Min: p(box.Min).Sub(mgl32.Vec3{r.Side, r.Below, r.Side}), Max: p(box.Max).Add(mgl32.Vec3{r.Side, r.Above, r.Side})}
}

func triangleBox(a, b, c mgl32.Vec3) scenes.AABB {
	return scenes.EmptyAABB().Extend(a).Extend(b).Extend(c)
}

func meets(a, b scenes.AABB) bool {
	return a.Min[0] <= b.Max[0] && b.Min[0] <= a.Max[0] && a.Min[1] <= b.Max[1] && b.Min[1] <= a.Max[1] && a.Min[2] <= b.Max[2] && b.Min[2] <= a.Max[2]
}

// AppendTriangle appends triangle abc to m, with its own three vertices.
func AppendTriangle(m *scenes.Mesh, a, b, c mgl32.Vec3) {
	n := uint32(len(m.Positions) / 3)
	m.Positions = append(m.Positions, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2])
	m.Indices = append(m.Indices, n, n+1, n+2)
}
