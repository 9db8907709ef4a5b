package supportbuild_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// A triangle farther from a position than DependencyOf says never changes
// what is built there: around random positions of a floor with a step and
// a wall, a box beside, below or above the position, or around it, with
// one face 2 mm outside the dependency gives the position the yaw set and
// reachability it has with that face a metre farther out; with the face
// 5 cm inside, some answers change.
func TestDependencyBoundsTheAnswers(t *testing.T) {
	lat := dock.DefaultLattice()
	r := rand.New(rand.NewPCG(11, 4))
	changedInside := 0
	for _, name := range []string{"foot", "hand"} {
		tm, _ := dock.Builtin(name)
		tm.ToleranceDeg = dock.FrictionCone(dock.DefaultFriction)
		d := supportbuild.DependencyOf(tm, lat)
		for trial := range 800 {
			var b sceneload.Builder
			b.Box(mgl32.Vec3{-3, -0.2, -3}, mgl32.Vec3{3, 0, 3})
			b.Box(mgl32.Vec3{0.3, 0, -3}, mgl32.Vec3{3, 0.2, 3})  // a step up
			b.Box(mgl32.Vec3{-3, 0, 0.45}, mgl32.Vec3{3, 1, 0.6}) // a wall
			base := b.Mesh()
			p := [3]int32{int32(r.IntN(9) - 4), int32(r.IntN(3)), int32(r.IntN(9) - 4)}
			pos := lat.Position(dock.Sample{X: p[0], Y: p[1], Z: p[2]})
			// A box beside, below or above the position, one face of it
			// moved across the dependency's boundary: a box beyond it
			// (its near face) or one around the position (its far face).
			lo, hi := pos.Sub(mgl32.Vec3{d.Side, d.Below, d.Side}), pos.Add(mgl32.Vec3{d.Side, d.Above, d.Side})
			axis, side, around := r.IntN(3), r.IntN(2), r.IntN(2) == 0
			if trial%8 == 0 {
				// Against the wall, a box's face closing a slot: the
				// dependency's side must cover Narrow's stance.
				p = [3]int32{int32(r.IntN(5) - 2), 0, 4}
				pos = lat.Position(dock.Sample{X: p[0], Y: p[1], Z: p[2]})
				lo, hi = pos.Sub(mgl32.Vec3{d.Side, d.Below, d.Side}), pos.Add(mgl32.Vec3{d.Side, d.Above, d.Side})
				axis, side, around = 2, 0, false
			}
			withFace := func(face float32) built {
				blo, bhi := pos.Sub(mgl32.Vec3{0.4, 0.4, 0.4}), pos.Add(mgl32.Vec3{0.4, 0.4, 0.4})
				switch {
				case around && side == 0:
					blo[axis] = face
				case around:
					bhi[axis] = face
				case side == 0:
					blo[axis], bhi[axis] = face-0.5, face
				default:
					blo[axis], bhi[axis] = face, face+0.5
				}
				var nb sceneload.Builder
				nb.Box(blo, bhi)
				return answer(t, merge(base, nb.Mesh()), tm, lat, p)
			}
			edge, out := lo[axis], float32(-1)
			if side == 1 {
				edge, out = hi[axis], 1
			}
			justOut, farOut, in := withFace(edge+out*2e-3), withFace(edge+out), withFace(edge-out*0.05)
			if justOut != farOut {
				t.Fatalf("%s trial %d: a face moved outside the dependency (axis %d, side %d, around %v) changed position %v: %v just outside, %v far out", name, trial, axis, side, around, p, justOut, farOut)
			}
			if in != farOut {
				changedInside++
			}
		}
	}
	if changedInside == 0 {
		t.Error("no box inside the dependency changed an answer: the test shows nothing")
	}
	t.Logf("%d boxes just inside the dependency changed the answer", changedInside)
}

// answer is the yaw set built at position p and whether it is reachable.
type built struct {
	mask      uint64
	reachable bool
}

func answer(t *testing.T, m *scenes.Mesh, tm *dock.Template, lat dock.Lattice, p [3]int32) built {
	t.Helper()
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	box := supporttree.Box{Min: p, Max: p}
	ex, _, err := supportbuild.Build(m, bvh, tm, lat, supportbuild.BuildOptions{Workers: 1, Within: &box})
	if err != nil {
		t.Fatal(err)
	}
	re, _, _, err := supportbuild.Reachable(bvh, tm, ex, 1)
	if err != nil {
		t.Fatal(err)
	}
	return built{ex.YawMask(p[0], p[1], p[2]), re.YawMask(p[0], p[1], p[2]) != 0}
}

// merge is mesh a with b's triangles after its own.
func merge(a, b *scenes.Mesh) *scenes.Mesh {
	m := &scenes.Mesh{Positions: append([]float32(nil), a.Positions...), Indices: append([]uint32(nil), a.Indices...)}
	base := uint32(a.NumVertices())
	m.Positions = append(m.Positions, b.Positions...)
	for _, ix := range b.Indices {
		m.Indices = append(m.Indices, base+ix)
	}
	return m
}
