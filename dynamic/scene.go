package dynamic

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// Instance names an instance of a Scene, from Add until Remove.
type Instance int32

// Transform places an instance: its mesh turned by Rotation, then moved
// by Translation. The zero value leaves it where its mesh says.
type Transform struct {
	Rotation    mgl64.Quat // unit; the zero quaternion is no turn
	Translation mgl64.Vec3 // [Units: m]
}

// Apply places point p (of an instance's mesh) in the world.
func (tr Transform) Apply(p mgl32.Vec3) mgl32.Vec3 {
	q := tr.Rotation
	if q.W == 0 && q.V == (mgl64.Vec3{}) {
		q = mgl64.QuatIdent()
	}
	v := q.Rotate(mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}).Add(tr.Translation)
	return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])}
}

// check refuses a transform that is not finite or whose rotation is not
// unit.
func (tr Transform) check() error {
	q := tr.Rotation
	vals := []float64{q.W, q.V[0], q.V[1], q.V[2], tr.Translation[0], tr.Translation[1], tr.Translation[2]}
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("dynamic: transform %+v is not finite", tr)
		}
	}
	if n := q.Len(); n != 0 && math.Abs(n-1) > 1e-6 {
		return fmt.Errorf("dynamic: rotation %v is not a unit quaternion (length %v)", q, n)
	}
	return nil
}

// instance is a placed mesh.
type instance struct {
	id    Instance
	mesh  *scenes.Mesh // in its own frame
	world []float32    // its vertices placed
	box   scenes.AABB
}

// place computes inst's vertices under tr, and their box.
func (inst *instance) place(tr Transform) {
	m := inst.mesh
	inst.world = inst.world[:0]
	inst.box = scenes.EmptyAABB()
	for v := range m.NumVertices() {
		p := tr.Apply(m.Vertex(uint32(v)))
		inst.world = append(inst.world, p[0], p[1], p[2])
		inst.box = inst.box.Extend(p)
	}
}

// Scene is a static level, the instances placed in it, and the
// support-trees of its templates. Edits are not safe for concurrent use;
// the trees a Scene returns are immutable and stay valid after an edit
// replaces them.
type Scene struct {
	lat       dock.Lattice
	static    *scenes.Mesh
	staticBVH *scenes.BVH
	templates []*dock.Template
	dep       supportbuild.Dependency // the largest of the templates'
	exact     []*supporttree.Tiles    // per template: every support
	reachable []*supporttree.Tiles    // per template: the ones a character reaches
	instances []*instance             // in the order they were added
	next      Instance
	local     localScene
}

// EditStats says what an edit rebuilt and where it may have changed the
// scene and its supports.
type EditStats struct {
	Triangles int   // the triangles the rebuild looked at
	Positions int64 // positions looked at again (every template)
	Samples   int64 // samples evaluated again (every template)
	Duration  time.Duration
	// Scene holds every triangle added, moved (before and after) or
	// removed; Supports, every lattice position whose supports or
	// reachability may have changed (of any template), in world
	// coordinates (what actiongraph.Change takes).
	Scene, Supports []scenes.AABB
}

// NewScene makes a Scene of the static mesh with no instances, and builds
// the support-trees of templates on lattice lat over it (on every core).
func NewScene(static *scenes.Mesh, templates []*dock.Template, lat dock.Lattice) (*Scene, error) {
	bvh, err := scenes.NewBVH(static, scenes.BVHOptions{})
	if err != nil {
		return nil, err
	}
	var exact, reachable []*supporttree.Tree
	for _, t := range templates {
		ex, _, err := supportbuild.Build(static, bvh, t, lat, supportbuild.BuildOptions{})
		if err != nil {
			return nil, err
		}
		re, _, _, err := supportbuild.Reachable(bvh, t, ex, 0)
		if err != nil {
			return nil, err
		}
		exact, reachable = append(exact, ex), append(reachable, re)
	}
	return newScene(static, bvh, templates, lat, exact, reachable)
}

// FromTrees makes a Scene of the static mesh (and its BVH; nil: built
// here) with no instances from its support-trees already built (a world's,
// from its bake): per template, every support (exact) and the reachable
// ones (supportbuild.Reachable).
func FromTrees(static *scenes.Mesh, bvh *scenes.BVH, templates []*dock.Template, lat dock.Lattice, exact, reachable []*supporttree.Tree) (*Scene, error) {
	if len(exact) != len(templates) || len(reachable) != len(templates) {
		return nil, fmt.Errorf("dynamic: %d templates, %d exact and %d reachable trees", len(templates), len(exact), len(reachable))
	}
	for i, t := range templates {
		if exact[i] == nil || reachable[i] == nil {
			return nil, fmt.Errorf("dynamic: template %q has no tree", t.Name)
		}
		if exact[i].Lattice() != lat || reachable[i].Lattice() != lat {
			return nil, fmt.Errorf("dynamic: the trees of template %q are on another lattice", t.Name)
		}
	}
	if bvh == nil {
		var err error
		if bvh, err = scenes.NewBVH(static, scenes.BVHOptions{}); err != nil {
			return nil, err
		}
	}
	return newScene(static, bvh, templates, lat, exact, reachable)
}

func newScene(static *scenes.Mesh, bvh *scenes.BVH, templates []*dock.Template, lat dock.Lattice, exact, reachable []*supporttree.Tree) (*Scene, error) {
	if len(templates) == 0 {
		return nil, fmt.Errorf("dynamic: no templates")
	}
	s := &Scene{lat: lat, static: static, staticBVH: bvh, templates: templates}
	for i, t := range templates {
		d := supportbuild.DependencyOf(t, lat)
		s.dep = supportbuild.Dependency{Side: max(s.dep.Side, d.Side), Below: max(s.dep.Below, d.Below), Above: max(s.dep.Above, d.Above)}
		tex, err := supporttree.Cut(exact[i])
		if err != nil {
			return nil, err
		}
		tre, err := supporttree.Cut(reachable[i])
		if err != nil {
			return nil, err
		}
		s.exact, s.reachable = append(s.exact, tex), append(s.reachable, tre)
	}
	return s, nil
}

// Templates are the scene's templates, in the order its trees are kept.
func (s *Scene) Templates() []*dock.Template { return s.templates }

// Exact is template i's tree of every support in the scene as it stands,
// made of its tiles.
func (s *Scene) Exact(i int) (*supporttree.Tree, error) { return s.exact[i].Whole() }

// Reachable is template i's tree of the supports a character reaches in
// the scene as it stands (supportbuild.Reachable), made of its tiles: the
// one to plan with.
func (s *Scene) Reachable(i int) (*supporttree.Tree, error) { return s.reachable[i].Whole() }

// ExactTiles is Exact in tiles (a copy later edits leave as it is).
func (s *Scene) ExactTiles(i int) *supporttree.Tiles { return s.exact[i].Clone() }

// ReachableTiles is Reachable in tiles (a copy later edits leave as it
// is): what a querier searches without putting the tiles together
// (geoquery.NewTiled).
func (s *Scene) ReachableTiles(i int) *supporttree.Tiles { return s.reachable[i].Clone() }

// Static is the static level's mesh: its triangles come first in Mesh.
func (s *Scene) Static() *scenes.Mesh { return s.static }

// StaticBVH is the static level's BVH.
func (s *Scene) StaticBVH() *scenes.BVH { return s.staticBVH }

// Moving is the instances as they stand, one mesh in the order they were
// added: Mesh without the static level, whose triangles come first there.
func (s *Scene) Moving() *scenes.Mesh { return s.appendInstances(&scenes.Mesh{}) }

// appendInstances appends the instances as they stand to m, in the order
// they were added, and returns m.
func (s *Scene) appendInstances(m *scenes.Mesh) *scenes.Mesh {
	for _, inst := range s.instances {
		base := uint32(m.NumVertices())
		m.Positions = append(m.Positions, inst.world...)
		for _, ix := range inst.mesh.Indices {
			m.Indices = append(m.Indices, base+ix)
		}
	}
	return m
}

// Add places mesh m (in its own frame) by tr and rebuilds the supports
// near it.
func (s *Scene) Add(m *scenes.Mesh, tr Transform) (Instance, EditStats, error) {
	if m == nil || m.NumTriangles() == 0 {
		return 0, EditStats{}, fmt.Errorf("dynamic: an instance needs a mesh with triangles")
	}
	if err := m.Validate(); err != nil {
		return 0, EditStats{}, fmt.Errorf("dynamic: %w", err)
	}
	if err := tr.check(); err != nil {
		return 0, EditStats{}, err
	}
	inst := &instance{id: s.next, mesh: m}
	inst.place(tr)
	s.next++
	s.instances = append(s.instances, inst)
	st, err := s.rebuild(inst.box)
	return inst.id, st, err
}

// Move places instance id by tr (a teleport: the trees hold where it is
// now) and rebuilds the supports near where it was and where it is.
func (s *Scene) Move(id Instance, tr Transform) (EditStats, error) {
	inst := s.find(id)
	if inst == nil {
		return EditStats{}, fmt.Errorf("dynamic: no instance %d", id)
	}
	if err := tr.check(); err != nil {
		return EditStats{}, err
	}
	was := inst.box
	inst.place(tr)
	return s.rebuild(was, inst.box)
}

// Remove takes instance id out of the scene and rebuilds the supports
// near where it was.
func (s *Scene) Remove(id Instance) (EditStats, error) {
	inst := s.find(id)
	if inst == nil {
		return EditStats{}, fmt.Errorf("dynamic: no instance %d", id)
	}
	s.instances = slices.DeleteFunc(s.instances, func(i *instance) bool { return i == inst })
	return s.rebuild(inst.box)
}

// Triangles gives where instance id's triangles lie in Mesh: from first,
// n of them, in its mesh's order.
func (s *Scene) Triangles(id Instance) (first, n int, ok bool) {
	first = s.static.NumTriangles()
	for _, inst := range s.instances {
		if inst.id == id {
			return first, inst.mesh.NumTriangles(), true
		}
		first += inst.mesh.NumTriangles()
	}
	return 0, 0, false
}

func (s *Scene) find(id Instance) *instance {
	for _, inst := range s.instances {
		if inst.id == id {
			return inst
		}
	}
	return nil
}

// Mesh is the whole scene as it stands: the static level's triangles,
// then each instance's, in the order they were added.
func (s *Scene) Mesh() *scenes.Mesh {
	return s.appendInstances(&scenes.Mesh{Positions: slices.Clone(s.static.Positions), Indices: slices.Clone(s.static.Indices)})
}
