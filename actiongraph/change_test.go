package actiongraph_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// edited is stepping with a crate added: its querier over supports built
// afresh, and the change as an oracle sees it: the box of every lattice
// position whose yaw mask differs between the two builds (compared
// position by position), and the crate's box.
type edited struct {
	q     *geoquery.Tree
	scene *ccd.Scene
	ch    actiongraph.Change
}

func editStepping(t *testing.T, w *planWorld, lo, hi mgl32.Vec3) edited {
	t.Helper()
	base := w.mesh
	var crate sceneload.Builder
	crate.Box(lo, hi)
	m := &scenes.Mesh{Positions: append([]float32(nil), base.Positions...), Indices: append([]uint32(nil), base.Indices...)}
	nv := uint32(base.NumVertices())
	m.Positions = append(m.Positions, crate.Mesh().Positions...)
	for _, i := range crate.Mesh().Indices {
		m.Indices = append(m.Indices, i+nv)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	params := w.tree.Params()
	trees := map[*dock.Template]*supporttree.Tree{}
	var diff []scenes.AABB
	for _, tp := range w.templates {
		tr, _, err := supportbuild.Build(m, bvh, tp, params.Lattice, supportbuild.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		trees[tp] = tr
		old := w.trees[tp]
		box := scenes.EmptyAABB()
		mark := func(x, y, z int32) {
			p := params.Lattice.Position(dock.Sample{X: x, Y: y, Z: z})
			box = box.Extend(p)
		}
		old.Each(func(x, y, z int32, mask uint64) {
			if tr.YawMask(x, y, z) != mask {
				mark(x, y, z)
			}
		})
		tr.Each(func(x, y, z int32, mask uint64) {
			if old.YawMask(x, y, z) != mask {
				mark(x, y, z)
			}
		})
		if !box.IsEmpty() {
			diff = append(diff, box)
		}
	}
	q, err := geoquery.NewTree(bvh, params, trees)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ccd.NewScene(bvh)
	if err != nil {
		t.Fatal(err)
	}
	return edited{q: q, scene: sc, ch: actiongraph.Change{Supports: diff, Scene: []scenes.AABB{{Min: lo, Max: hi}}}}
}

// bounded is clearance that can bound where the body goes.
type bounded struct{ clearance }

func (b bounded) Meets(a int32, f action.Frame, lift float64, box scenes.AABB) bool {
	return b.c.Meets(a, f, lift, box)
}

// A crate added to the scene, near the plan or far from it: the plan told
// of the change (Changed) and evaluated to the end equals a plan unrolled
// afresh on the edited scene, node for node and answer for answer, with
// the body checked; and it asks again only part of what the fresh plan
// asks (nothing at all for a crate far away).
func TestChangedMatchesFresh(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	const depth = 3
	start := int32(w.lib.Index(librarybuild.TableIStart))
	crates := []struct{ lo, hi mgl32.Vec3 }{
		{mgl32.Vec3{3.3, 0, 1.7}, mgl32.Vec3{3.9, 0.6, 2.3}}, // in the path, ahead
		{mgl32.Vec3{4.5, 0, 1.2}, mgl32.Vec3{5.5, 1, 2.2}},   // farther ahead, to one side
		{mgl32.Vec3{2.2, 0, 2.8}, mgl32.Vec3{2.8, 0.3, 3.4}}, // low, beside the start
		{mgl32.Vec3{40, 0, 40}, mgl32.Vec3{41, 1, 41}},       // far away
	}
	for ci, cr := range crates {
		for _, withBounds := range []bool{true, false} {
			ed := editStepping(t, w, cr.lo, cr.hi)
			c := adultChecker(t, w)
			var body actiongraph.Body = clearance{c}
			if withBounds {
				body = bounded{clearance{c}}
			}
			pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			pt.SetBody(body)
			pt.Reset(tableIStartFrame, start, depth)
			pt.Evaluate(w.tree, actiongraph.Budget{})
			c.SetScene(ed.scene)
			before := pt.Stats()
			pt.Changed(ed.q, ed.q.Params().MaxDisplacement, ed.ch)
			for !pt.Evaluate(ed.q, actiongraph.Budget{Work: 9}) {
			}
			after := pt.Stats()

			fc := adultChecker(t, w)
			fc.SetScene(ed.scene)
			fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
			fresh.SetBody(clearance{fc})
			fresh.Reset(tableIStartFrame, start, depth)
			fresh.Evaluate(ed.q, actiongraph.Budget{})
			sameTree(t, ci, w, pt, fresh)

			asked, freshAsked := after.Queries-before.Queries, fresh.Stats().Queries
			checked, freshChecked := after.BodyChecks-before.BodyChecks, fresh.Stats().BodyChecks
			t.Logf("crate %d (bounds %v): %d nodes; asked again %d of %d queries, %d of %d body tests",
				ci, withBounds, len(fresh.Nodes), asked, freshAsked, checked, freshChecked)
			if asked >= freshAsked {
				t.Errorf("crate %d: the changed plan asked %d queries, a fresh one %d", ci, asked, freshAsked)
			}
			if ci == len(crates)-1 && withBounds && (asked != 0 || checked != 0) {
				t.Errorf("a crate far away: %d queries, %d body tests asked again", asked, checked)
			}
		}
	}
}

// sameTree fails unless a and b have the same nodes (by root path),
// statuses, dead flags and answers.
func sameTree(t *testing.T, ci int, w *planWorld, a, b *actiongraph.PlanTree) {
	t.Helper()
	got, want := paths(a), paths(b)
	if len(got) != len(want) {
		t.Fatalf("crate %d: %d nodes, fresh %d", ci, len(got), len(want))
	}
	for key, j := range want {
		i, ok := got[key]
		if !ok {
			t.Fatalf("crate %d: node %s missing", ci, key)
		}
		na, nb := a.Nodes[i], b.Nodes[j]
		if na.Frame != nb.Frame || na.Status != nb.Status || na.Dead != nb.Dead {
			t.Fatalf("crate %d node %s: %+v, fresh %+v", ci, key, na, nb)
		}
		if key == "" {
			continue
		}
		for k := range w.lib.Actions[na.Action].Docks {
			sa, sb := a.Slots[na.FirstDock+int32(k)], b.Slots[nb.FirstDock+int32(k)]
			if na.Status == actiongraph.Unsupported && (sa.State == actiongraph.Unknown || sb.State == actiongraph.Unknown) {
				continue
			}
			if sa.State != sb.State || sa.Sample != sb.Sample || sa.Distance != sb.Distance || sa.Moved != sb.Moved || sa.Stale {
				t.Fatalf("crate %d node %s dock %d: %+v, fresh %+v", ci, key, k, sa, sb)
			}
		}
	}
}

// A change that touches no window and no body leaves the plan as it is.
func TestChangedNothing(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	start := int32(w.lib.Index(librarybuild.TableIStart))
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	pt.Reset(action.Frame{Position: mgl64.Vec3{3, 0, 2}, Yaw: math.Pi / 2}, start, 3)
	pt.Evaluate(w.tree, actiongraph.Budget{})
	n := len(pt.Nodes)
	st := pt.Changed(w.tree, w.tree.Params().MaxDisplacement, actiongraph.Change{})
	if st.Kept != n || st.Decided != n || st.Dropped != 0 {
		t.Fatalf("an empty change: %+v of %d nodes", st, n)
	}
	if !pt.Evaluate(w.tree, actiongraph.Budget{Work: 1}) {
		t.Fatal("an empty change left work to do")
	}
}

// A tree carried by d (Carry: what the character stands on moved) and
// evaluated to the end has the nodes, frames and statuses of a tree
// unrolled afresh at the moved root, but where it keeps a stale answer
// (still supported in its moved window; TestCommitAtMovedMatchesFresh);
// with the body checked too.
func TestCarryMatchesFresh(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	c := adultChecker(t, w)
	start := int32(w.lib.Index(librarybuild.TableIStart))
	for _, d := range []mgl64.Vec3{{0, 0.0125, 0}, {0.02, 0, -0.01}, {0, 0.3, 0}, {0.4, 0, 0}} {
		pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
		pt.SetBody(bounded{clearance{c}})
		pt.Reset(tableIStartFrame, start, 3)
		pt.Evaluate(w.tree, actiongraph.Budget{})
		st := pt.Carry(d, w.tree)
		for !pt.Evaluate(w.tree, actiongraph.Budget{Work: 9}) {
		}
		root := tableIStartFrame
		root.Position = root.Position.Add(d)
		fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
		fresh.SetBody(clearance{c})
		fresh.Reset(root, start, 3)
		fresh.Evaluate(w.tree, actiongraph.Budget{})
		got, want := paths(pt), paths(fresh)
		compared := 0
		for key, j := range want {
			i, ok := got[key]
			if !ok {
				continue // below a node a stale answer keeps supported
			}
			a, b := pt.Nodes[i], fresh.Nodes[j]
			if a.Frame != b.Frame {
				t.Fatalf("carried %v: node %s at %+v, fresh %+v", d, key, a.Frame, b.Frame)
			}
			if a.Status != b.Status && !stale(pt, i) {
				t.Fatalf("carried %v: node %s %v, fresh %v", d, key, a.Status, b.Status)
			}
			compared++
		}
		t.Logf("carried %v: kept %d nodes (%d stale answers), compared %d of %d", d, st.Kept, st.Stale, compared, len(want))
		if compared < len(want)/2 {
			t.Errorf("carried %v: only %d of %d nodes compared", d, compared, len(want))
		}
	}
}
