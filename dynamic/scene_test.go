package dynamic_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// templates are the planner's foot and hand, with the friction cone.
func templates(t testing.TB) []*dock.Template {
	var out []*dock.Template
	for _, n := range []string{"foot", "hand"} {
		tm, err := dock.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		tm.ToleranceDeg = dock.FrictionCone(dock.DefaultFriction)
		out = append(out, tm)
	}
	return out
}

// box is a box mesh from lo to hi, in its own frame.
func box(lo, hi mgl32.Vec3) *scenes.Mesh {
	var b sceneload.Builder
	b.Box(lo, hi)
	return b.Mesh()
}

// crate is a 1 m crate standing on its origin; wall a 4 m wall piece,
// 2.5 m high and 0.2 m thick.
var (
	crate = box(mgl32.Vec3{-0.5, 0, -0.5}, mgl32.Vec3{0.5, 1, 0.5})
	wall  = box(mgl32.Vec3{-2, 0, -0.1}, mgl32.Vec3{2, 2.5, 0.1})
)

// editor makes random edits on a scene: pieces placed on the level's
// surfaces (or in the air where there is none), turned about the
// vertical or, for a crate, any way, moved about half a metre or
// anywhere, and removed.
type editor struct {
	s      *dynamic.Scene
	bvh    *scenes.BVH
	bounds scenes.AABB
	r      *rand.Rand
	live   []dynamic.Instance
	pieces map[dynamic.Instance]*scenes.Mesh
	at     map[dynamic.Instance]dynamic.Transform
}

func newEditor(t testing.TB, s *dynamic.Scene, static *scenes.Mesh, seed uint64) *editor {
	bvh, err := scenes.NewBVH(static, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return &editor{s: s, bvh: bvh, bounds: static.Bounds(), r: rand.New(rand.NewPCG(seed, 1)),
		pieces: map[dynamic.Instance]*scenes.Mesh{}, at: map[dynamic.Instance]dynamic.Transform{}}
}

// place is a random transform for a piece: over a random point of the
// level, on the first surface below it.
func (e *editor) place(piece *scenes.Mesh) dynamic.Transform {
	b := e.bounds
	x := b.Min[0] + e.r.Float32()*(b.Max[0]-b.Min[0])
	z := b.Min[2] + e.r.Float32()*(b.Max[2]-b.Min[2])
	y := b.Min[1] + e.r.Float32()*(b.Max[1]-b.Min[1])
	top := mgl32.Vec3{x, b.Max[1] + 1, z}
	if h, ok := e.bvh.ClosestHit(scenes.Ray{Origin: top, Dir: [3]float32{0, -1, 0}, TMax: b.Max[1] - b.Min[1] + 2}, nil); ok && e.r.IntN(4) > 0 {
		y = top[1] - h.T
	}
	q := mgl64.QuatRotate(e.r.Float64()*2*math.Pi, mgl64.Vec3{0, 1, 0})
	if piece == crate && e.r.IntN(3) == 0 {
		q = mgl64.Quat{W: e.r.NormFloat64(), V: mgl64.Vec3{e.r.NormFloat64(), e.r.NormFloat64(), e.r.NormFloat64()}}.Normalize()
	}
	return dynamic.Transform{Rotation: q, Translation: mgl64.Vec3{float64(x), float64(y), float64(z)}}
}

// edit makes one random edit and says what it was.
func (e *editor) edit(t testing.TB) (string, dynamic.EditStats) {
	t.Helper()
	var st dynamic.EditStats
	var err error
	var what string
	switch k := e.r.IntN(10); {
	case len(e.live) == 0 || k < 4 && len(e.live) < 12:
		piece, name := crate, "crate"
		if e.r.IntN(3) == 0 {
			piece, name = wall, "wall"
		}
		tr := e.place(piece)
		var id dynamic.Instance
		id, st, err = e.s.Add(piece, tr)
		e.live, e.pieces[id], e.at[id] = append(e.live, id), piece, tr
		what = fmt.Sprintf("add %s %d at %v", name, id, tr.Translation)
	case k < 8:
		id := e.live[e.r.IntN(len(e.live))]
		tr := e.place(e.pieces[id])
		if e.r.IntN(2) == 0 { // a short move
			tr = e.at[id]
			a := e.r.Float64() * 2 * math.Pi
			tr.Translation = tr.Translation.Add(mgl64.Vec3{0.5 * math.Cos(a), 0, 0.5 * math.Sin(a)})
		}
		st, err = e.s.Move(id, tr)
		e.at[id] = tr
		what = fmt.Sprintf("move %d to %v", id, tr.Translation)
	default:
		i := e.r.IntN(len(e.live))
		id := e.live[i]
		st, err = e.s.Remove(id)
		e.live = append(e.live[:i], e.live[i+1:]...)
		what = fmt.Sprintf("remove %d", id)
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return what, st
}

// sameAsFullBuild fails unless every tree of s equals the tree a build of
// the whole scene as it stands gives.
func sameAsFullBuild(t testing.TB, s *dynamic.Scene, lat dock.Lattice, what string) {
	t.Helper()
	m := s.Mesh()
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, tm := range s.Templates() {
		ex, _, err := supportbuild.Build(m, bvh, tm, lat, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		re, _, _, err := supportbuild.Reachable(bvh, tm, ex, 0)
		if err != nil {
			t.Fatal(err)
		}
		gotEx, err := s.Exact(i)
		if err != nil {
			t.Fatal(err)
		}
		gotRe, err := s.Reachable(i)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(gotEx.Streams(), ex.Streams()) {
			t.Fatalf("after %s: %s's tree differs from a full build (%d positions, the full build %d)", what, tm.Name, gotEx.Positions(), ex.Positions())
		}
		if !reflect.DeepEqual(gotRe.Streams(), re.Streams()) {
			t.Fatalf("after %s: %s's reachable tree differs from a full build's (%d positions, the full build %d)", what, tm.Name, gotRe.Positions(), re.Positions())
		}
	}
}

// sameInRegion fails unless, at every position in the boxes an edit said
// its supports may have changed in (EditStats.Supports), s's trees hold
// what a build of the whole scene as it stands gives there.
func sameInRegion(t testing.TB, s *dynamic.Scene, lat dock.Lattice, boxes []scenes.AABB, what string) {
	t.Helper()
	if len(boxes) == 0 {
		return
	}
	m := s.Mesh()
	bvh := s.StaticBVH()
	if moving := s.Moving(); moving.NumTriangles() > 0 {
		mb, err := scenes.NewBVH(moving, scenes.BVHOptions{})
		if err != nil {
			t.Fatal(err)
		}
		bvh = bvh.With(mb, int32(s.Static().NumTriangles()))
	}
	idx := func(v float32) int32 { return int32(math.Round(float64(v / lat.Linear))) }
	for _, w := range joined(boxes) {
		box := supporttree.Box{Min: [3]int32{idx(w.Min[0]), idx(w.Min[1]), idx(w.Min[2])}, Max: [3]int32{idx(w.Max[0]), idx(w.Max[1]), idx(w.Max[2])}}
		sameInBox(t, s, m, bvh, lat, box, what)
	}
}

// joined is boxes with those that overlap joined.
func joined(boxes []scenes.AABB) []scenes.AABB {
	out := append([]scenes.AABB(nil), boxes...)
	for again := true; again; {
		again = false
		for i := 0; i < len(out) && !again; i++ {
			for j := i + 1; j < len(out) && !again; j++ {
				a, b := out[i], out[j]
				if a.Min[0] <= b.Max[0] && b.Min[0] <= a.Max[0] && a.Min[1] <= b.Max[1] && b.Min[1] <= a.Max[1] && a.Min[2] <= b.Max[2] && b.Min[2] <= a.Max[2] {
					out[i] = a.Union(b)
					out = append(out[:j], out[j+1:]...)
					again = true
				}
			}
		}
	}
	return out
}

// sameInBox is sameInRegion for one box of positions.
func sameInBox(t testing.TB, s *dynamic.Scene, m *scenes.Mesh, bvh *scenes.BVH, lat dock.Lattice, box supporttree.Box, what string) {
	t.Helper()
	in := func(tr interface {
		EachIn(supporttree.Box, func(x, y, z int32, mask uint64))
	}) map[[3]int32]uint64 {
		out := map[[3]int32]uint64{}
		tr.EachIn(box, func(x, y, z int32, mask uint64) { out[[3]int32{x, y, z}] = mask })
		return out
	}
	for i, tm := range s.Templates() {
		ex, _, err := supportbuild.Build(m, bvh, tm, lat, supportbuild.BuildOptions{Within: &box})
		if err != nil {
			t.Fatal(err)
		}
		re, _, _, err := supportbuild.Reachable(bvh, tm, ex, 0)
		if err != nil {
			t.Fatal(err)
		}
		gotEx, gotRe := s.ExactTiles(i), s.ReachableTiles(i)
		if a, b := in(gotEx), in(ex); !reflect.DeepEqual(a, b) {
			t.Fatalf("after %s: %s's supports in %v differ from a build there (%d positions, the build %d)", what, tm.Name, box, len(a), len(b))
		}
		if a, b := in(gotRe), in(re); !reflect.DeepEqual(a, b) {
			t.Fatalf("after %s: %s's reachable supports in %v differ from a build there (%d positions, the build %d)", what, tm.Name, box, len(a), len(b))
		}
	}
}

// After random edits (crates and wall pieces added, moved and removed),
// the trees equal a full build of the edited scene. On builtin:stepping
// every edit is checked; on builtin:level and dungeon.obj (the long tier,
// 1,000 edits each) the first ten and every hundredth in full (a full
// build of those takes a second or two), and every other one where it
// says the supports may have changed: there, a build of the whole edited
// scene restricted to those positions (supportbuild.BuildOptions.Within)
// gives the same trees (TestEditsSayWhereSupportsChanged checks that
// nothing changes outside them).
func TestEditsEqualFullBuild(t *testing.T) {
	type level struct {
		spec        string
		edits, each int
	}
	levels := []level{{"builtin:stepping", 60, 1}}
	if tier.Long() {
		levels = []level{{"builtin:stepping", 300, 1}, {"builtin:level", 1000, 100}}
		if d, ok := shareddata.Dir(); ok {
			levels = append(levels, level{d + "/meshes/dungeon.obj", 1000, 100})
		}
	}
	lat := dock.DefaultLattice()
	for _, lv := range levels {
		static, err := sceneload.Load(lv.spec, sceneload.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := dynamic.NewScene(static, templates(t), lat)
		if err != nil {
			t.Fatal(err)
		}
		e := newEditor(t, s, static, 3)
		var editing, checking, regional time.Duration
		for k := range lv.edits {
			t0 := time.Now()
			what, st := e.edit(t)
			editing += time.Since(t0)
			what = fmt.Sprintf("%s edit %d (%s)", lv.spec, k+1, what)
			if k < 10 || (k+1)%lv.each == 0 {
				t0 = time.Now()
				sameAsFullBuild(t, s, lat, what)
				checking += time.Since(t0)
			} else {
				t0 = time.Now()
				sameInRegion(t, s, lat, st.Supports, what)
				regional += time.Since(t0)
			}
		}
		t.Logf("%s: %d edits in %v, checked in full in %v, the others where they changed in %v", lv.spec, lv.edits, editing, checking, regional)
	}
}

// Bad edits are errors that change nothing: an empty mesh, a transform
// that is not finite or not a rotation, an instance that is not there.
func TestBadEdits(t *testing.T) {
	static, _ := sceneload.Builtin("stepping")
	s, err := dynamic.NewScene(static, templates(t), dock.DefaultLattice())
	if err != nil {
		t.Fatal(err)
	}
	before := s.Mesh().NumTriangles()
	nan := math.NaN()
	cases := map[string]func() error{
		"empty mesh": func() error { _, _, err := s.Add(&scenes.Mesh{}, dynamic.Transform{}); return err },
		"NaN": func() error {
			_, _, err := s.Add(crate, dynamic.Transform{Translation: mgl64.Vec3{nan, 0, 0}})
			return err
		},
		"not unit": func() error {
			_, _, err := s.Add(crate, dynamic.Transform{Rotation: mgl64.Quat{W: 2}})
			return err
		},
		"no instance": func() error { _, err := s.Move(7, dynamic.Transform{}); return err },
		"removed":     func() error { _, err := s.Remove(7); return err },
	}
	for name, f := range cases {
		if err := f(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if n := s.Mesh().NumTriangles(); n != before {
		t.Errorf("refused edits changed the scene: %d triangles, %d before", n, before)
	}
}

// An edit says where it may have changed the supports: every position
// whose yaw mask differs before and after it (exact or reachable, any
// template; compared position by position) lies in one of the boxes of
// EditStats.Supports.
func TestEditsSayWhereSupportsChanged(t *testing.T) {
	static, _ := sceneload.Builtin("stepping")
	lat := dock.DefaultLattice()
	s, err := dynamic.NewScene(static, templates(t), lat)
	if err != nil {
		t.Fatal(err)
	}
	trees := func() []*supporttree.Tree {
		var out []*supporttree.Tree
		for i := range s.Templates() {
			ex, err1 := s.Exact(i)
			re, err2 := s.Reachable(i)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			out = append(out, ex, re)
		}
		return out
	}
	e := newEditor(t, s, static, 11)
	changed := 0
	for k := range 40 {
		before := trees()
		what, st := e.edit(t)
		for j, after := range trees() {
			check := func(x, y, z int32, other *supporttree.Tree, mask uint64) {
				if other.YawMask(x, y, z) == mask {
					return
				}
				changed++
				p := lat.Position(dock.Sample{X: x, Y: y, Z: z})
				for _, b := range st.Supports {
					if p[0] >= b.Min[0] && p[0] <= b.Max[0] && p[1] >= b.Min[1] && p[1] <= b.Max[1] && p[2] >= b.Min[2] && p[2] <= b.Max[2] {
						return
					}
				}
				t.Fatalf("edit %d (%s), tree %d: position %v changed outside %v", k, what, j, p, st.Supports)
			}
			before[j].Each(func(x, y, z int32, m uint64) { check(x, y, z, after, m) })
			after.Each(func(x, y, z int32, m uint64) { check(x, y, z, before[j], m) })
		}
	}
	if changed == 0 {
		t.Fatal("no edit changed a support")
	}
}
