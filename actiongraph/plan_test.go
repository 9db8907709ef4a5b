package actiongraph_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

func builtinTemplates(t testing.TB) map[string]*dock.Template {
	t.Helper()
	out := map[string]*dock.Template{}
	for _, n := range []string{"foot", "hand"} {
		tp, err := dock.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = tp
	}
	return out
}

// tightParams make hand-built scenes decisive: a support must be within
// 0.1 m and 10° of where the action expects it.
func tightParams() geoquery.Params {
	p := geoquery.DefaultParams()
	p.MaxDisplacement, p.MaxYaw = 0.1, 10*math.Pi/180
	return p
}

// children evaluates the actions that may follow `after`, with the next
// action starting at the origin facing +Z, in a scene of boxes, and
// returns each child's status by action name.
func children(t *testing.T, lib *action.Library, g *stategraph.Graph, after string, boxes [][2]mgl32.Vec3) map[string]actiongraph.Status {
	t.Helper()
	q := boxProbe(t, boxes)
	pt, err := actiongraph.NewPlanTree(g, builtinTemplates(t), actiongraph.Prune)
	if err != nil {
		t.Fatal(err)
	}
	s := lib.Index(after)
	pt.Reset(action.Frame{}.Before(lib.Actions[s].Delta), int32(s), 1)
	if !pt.Evaluate(q, actiongraph.Budget{}) {
		t.Fatal("depth 1 not evaluated in one call without a budget")
	}
	out := map[string]actiongraph.Status{}
	r := pt.Nodes[0]
	for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
		out[lib.Actions[pt.Nodes[c].Action].Name] = pt.Nodes[c].Status
	}
	return out
}

func v(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }

// boxProbe is a Version I querier with tightParams over a scene of boxes.
func boxProbe(t *testing.T, boxes [][2]mgl32.Vec3) *geoquery.Probe {
	t.Helper()
	var b sceneload.Builder
	for _, bx := range boxes {
		b.Box(bx[0], bx[1])
	}
	bvh, err := scenes.NewBVH(b.Mesh(), scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := geoquery.NewProbe(bvh, tightParams())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// tableITree is a Table I plan tree (every node evaluated) over the
// default library and graph.
func tableITree(t *testing.T) (*action.Library, *actiongraph.PlanTree) {
	t.Helper()
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pt, err := actiongraph.NewPlanTree(g, builtinTemplates(t), actiongraph.EvaluateAll)
	if err != nil {
		t.Fatal(err)
	}
	return lib, pt
}

// In mid-stance on the left foot at the origin, facing +Z.
func TestPruneKnownScenes(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const after = "walk.r" // ends in mid-stance on the left foot
	// A drop on the right: the floor is x >= 0.05, and 1 m below the rest.
	drop := children(t, lib, g, after, [][2]mgl32.Vec3{{v(0.05, -0.2, -2), v(3, 0, 3)}, {v(-3, -1.2, -2), v(3, -1, 3)}})
	if drop["walk.l"] != actiongraph.Unsupported || drop["turn-left.l"] != actiongraph.Supported {
		t.Errorf("at the edge of a drop: walk %v, turn away %v", drop["walk.l"], drop["turn-left.l"])
	}
	// A 0.3 m step whose face is 0.35 m ahead.
	step := children(t, lib, g, after, [][2]mgl32.Vec3{{v(-3, -0.2, -2), v(3, 0, 3)}, {v(-3, 0, 0.35), v(3, 0.3, 3)}})
	if step["step-up-30.l"] != actiongraph.Supported || step["step-up-15.l"] != actiongraph.Unsupported {
		t.Errorf("before a 0.3 m step: step up 0.3 %v, 0.15 %v", step["step-up-30.l"], step["step-up-15.l"])
	}
	lib45 := "step-up-45.l"
	// step-up-45 follows step-ups only; check it from after a step up.
	step45 := children(t, lib, g, "step-up-30.r", [][2]mgl32.Vec3{{v(-3, -0.2, -2), v(3, 0, 3)}, {v(-3, 0, 0.35), v(3, 0.3, 3)}})
	if step45[lib45] != actiongraph.Unsupported || step45["step-up-30.l"] != actiongraph.Supported {
		t.Errorf("before a 0.3 m step: 0.45 m step-up %v, 0.3 m %v", step45[lib45], step45["step-up-30.l"])
	}
	// A 0.5 m gap from z = 0.3 to 0.8.
	gap := children(t, lib, g, after, [][2]mgl32.Vec3{{v(-3, -0.2, -2), v(3, 0, 0.3)}, {v(-3, -0.2, 0.8), v(3, 0, 3)}})
	if gap["walk.l"] != actiongraph.Unsupported || gap["hop-gap.l"] != actiongraph.Supported {
		t.Errorf("before a gap: walk %v, hop %v", gap["walk.l"], gap["hop-gap.l"])
	}
	// Flat floor: everything on the ground is supported; climbing and
	// vaulting are not (no ledge, no box).
	flat := children(t, lib, g, after, [][2]mgl32.Vec3{{v(-3, -0.2, -2), v(3, 0, 3)}})
	for name, want := range map[string]actiongraph.Status{"walk.l": actiongraph.Supported, "turn-left.l": actiongraph.Supported, "turn-right.l": actiongraph.Supported, "stop.l": actiongraph.Supported, "climb-ledge.l": actiongraph.Unsupported, "vault-box.l": actiongraph.Unsupported, "step-up-30.l": actiongraph.Unsupported} {
		if flat[name] != want {
			t.Errorf("flat floor: %s %v, want %v", name, flat[name], want)
		}
	}
}

// countingQuerier supports a dock when its expected position lies inside
// a disc, and counts queries per expected pose.
type countingQuerier struct {
	radius float32
	calls  int
}

func (c *countingQuerier) Nearest(q geoquery.Query, out *geoquery.Result, st *geoquery.Stats) bool {
	c.calls++
	p := q.Expected.Position
	*out = geoquery.Result{}
	if p[0]*p[0]+p[2]*p[2] <= c.radius*c.radius {
		out.Pose = q.Expected
		return true
	}
	return false
}

// The pruning rules against a direct recursive oracle over the full
// unrolled graph: a node's children exist exactly when it is supported and
// above the depth limit (so nothing below an unsupported node costs a
// query); a node above the limit whose children are all dead is dead; the
// queries are the non-shared slots of the nodes made, up to the first
// failing dock.
func TestPruneRules(t *testing.T) {
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const depth = 4
	state := int32(lib.Index(librarybuild.TableIStart))
	full, err := actiongraph.NewPlanTree(g, builtinTemplates(t), actiongraph.EvaluateAll)
	if err != nil {
		t.Fatal(err)
	}
	full.Reset(action.Frame{}, state, depth)
	full.Evaluate(&countingQuerier{radius: 1e9}, actiongraph.Budget{})
	for _, radius := range []float32{0.8, 1.5, 2.5, 100} {
		q := &countingQuerier{radius: radius}
		pt, err := actiongraph.NewPlanTree(g, builtinTemplates(t), actiongraph.Prune)
		if err != nil {
			t.Fatal(err)
		}
		pt.Reset(action.Frame{}, state, depth)
		pt.Evaluate(q, actiongraph.Budget{})
		inside := func(p dock.Pose) bool {
			return p.Position[0]*p.Position[0]+p.Position[2]*p.Position[2] <= radius*radius
		}
		// Walk the full tree and the pruned one together. A question asked
		// before (the same template at the same expected pose) is answered
		// from the plan's memory, not queried again.
		wantQueries, wantRemembered, wantNodes := 0, 0, 1
		rootSlots := map[int32]bool{}
		asked := map[string]bool{}
		ask := func(tmpl string, e dock.Pose) {
			k := fmt.Sprint(tmpl, e)
			if asked[k] {
				wantRemembered++
			} else {
				asked[k] = true
				wantQueries++
			}
		}
		var check func(fi, pi int32) bool // returns dead
		check = func(fi, pi int32) bool {
			fn, pn := full.Nodes[fi], pt.Nodes[pi]
			if fn.Action != pn.Action || fn.Frame != pn.Frame {
				t.Fatalf("node %d is not the full tree's node %d", pi, fi)
			}
			own := true
			if fi > 0 {
				for k, d := range lib.Actions[fn.Action].Docks {
					s := full.Slots[fn.FirstDock+int32(k)]
					if s.Shared < 0 {
						ask(d.Template, s.Expected)
					} else if fn.Parent == 0 && !rootSlots[s.Shared] {
						rootSlots[s.Shared] = true // the root's contact, queried once
						ask(d.Template, full.Slots[s.Shared].Expected)
					}
					if !inside(s.Expected) {
						own = false
						break
					}
				}
				if own != (pn.Status == actiongraph.Supported) {
					t.Fatalf("node %d: %v, oracle supported=%v", pi, pn.Status, own)
				}
			}
			dead := !own
			if own && int(fn.Depth) < depth {
				if pn.NumChildren != fn.NumChildren {
					t.Fatalf("node %d has %d children, want %d", pi, pn.NumChildren, fn.NumChildren)
				}
				allDead := true
				for c := int32(0); c < fn.NumChildren; c++ {
					wantNodes++
					if !check(fn.FirstChild+c, pn.FirstChild+c) {
						allDead = false
					}
				}
				dead = allDead
			} else if pn.NumChildren != 0 {
				t.Fatalf("node %d (%v, depth %d) has children", pi, pn.Status, pn.Depth)
			}
			if pi > 0 && pn.Dead != dead {
				t.Fatalf("node %d: dead %v, oracle %v", pi, pn.Dead, dead)
			}
			return dead
		}
		check(0, 0)
		if len(pt.Nodes) != wantNodes {
			t.Fatalf("radius %v: %d nodes made, oracle %d", radius, len(pt.Nodes), wantNodes)
		}
		if q.calls != wantQueries || int(pt.Stats().Queries) != wantQueries || int(pt.Stats().Remembered) != wantRemembered {
			t.Fatalf("radius %v: %d queries (stats %d, %d remembered), oracle %d (%d remembered)", radius, q.calls, pt.Stats().Queries, pt.Stats().Remembered, wantQueries, wantRemembered)
		}
		t.Logf("radius %v: %d of %d nodes made, %d queries, %d remembered, %d shared", radius, len(pt.Nodes)-1, len(full.Nodes)-1, q.calls, pt.Stats().Remembered, pt.Stats().Shared)
	}
}

// Shared slots hold the same contact: a child's first foot dock is its
// parent's last, at the same world pose to well under a millimetre.
func TestSharedSlots(t *testing.T) {
	lib, pt := tableITree(t)
	pt.Reset(action.Frame{Position: mgl64.Vec3{1, 0, 2}, Yaw: 0.7}, int32(lib.Index(librarybuild.TableIStart)), 3)
	shared := 0
	for _, s := range pt.Slots {
		if s.Shared < 0 {
			continue
		}
		shared++
		p := pt.Slots[s.Shared].Expected
		if d := s.Expected.Position.Sub(p.Position).Len(); d > 1e-4 || math.Abs(math.Remainder(float64(s.Expected.Yaw-p.Yaw), 2*math.Pi)) > 1e-3 {
			t.Fatalf("shared slot %v vs %v", s.Expected, p)
		}
	}
	if shared < len(pt.Nodes)/2 {
		t.Errorf("only %d of %d nodes share a slot", shared, len(pt.Nodes))
	}
}

// Frames compose: Before undoes Then.
func TestFrameBeforeThen(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		f := action.Frame{Position: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}, Yaw: r.NormFloat64()}
		d := action.Delta{Translation: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}, Yaw: r.NormFloat64()}
		g := f.Before(d).Then(d)
		if g.Position.Sub(f.Position).Len() > 1e-12 || math.Abs(g.Yaw-f.Yaw) > 1e-12 {
			t.Fatalf("%+v -> %+v", f, g)
		}
	}
}

// Across frames: committing to a child and evaluating in small budgets
// gives exactly the tree a fresh unroll from that child gives, and a
// partly evaluated tree never calls an unknown child feasible.
func TestCommitMatchesFreshUnroll(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	const depth = 4
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	fresh, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	pt.Reset(tableIStartFrame, int32(w.lib.Index(librarybuild.TableIStart)), depth)
	for !pt.Evaluate(w.tree, actiongraph.Budget{Work: 7}) {
		for _, c := range pt.Feasible(nil) {
			if pt.Nodes[c].Status != actiongraph.Supported || pt.Nodes[c].Dead {
				t.Fatalf("partly evaluated: child %d (%v) called feasible", c, pt.Nodes[c].Status)
			}
		}
	}
	var remembered int64
	for step := range 6 {
		feasible := pt.Feasible(nil)
		if len(feasible) == 0 {
			t.Fatalf("step %d: no feasible child", step)
		}
		c := feasible[step%len(feasible)]
		cn := pt.Nodes[c]
		if err := pt.Commit(c); err != nil {
			t.Fatal(err)
		}
		// The memo names slots by index: a commit renumbers them, and every
		// kept slot below the new root that answered its own question is
		// found again.
		for i := range pt.Nodes[1:] {
			n := pt.Nodes[i+1]
			for k := range w.lib.Actions[n.Action].Docks {
				j := n.FirstDock + int32(k)
				s := &pt.Slots[j]
				if s.State == actiongraph.Unknown || s.Shared >= 0 || s.Moved {
					continue // a Moved support answers no question
				}
				m := pt.MemoSlot(j)
				if m < 0 || pt.Slots[m].State != s.State || pt.Slots[m].Sample != s.Sample {
					t.Fatalf("step %d: slot %d's answer is not remembered after the commit (found %d)", step, j, m)
				}
				remembered++
			}
		}
		calls := 0
		for !pt.Evaluate(w.tree, actiongraph.Budget{Work: 5}) {
			calls++
		}
		fresh.Reset(cn.Frame, cn.Action, depth)
		fresh.Evaluate(w.tree, actiongraph.Budget{})
		if len(pt.Nodes) != len(fresh.Nodes) {
			t.Fatalf("step %d: %d nodes after commit, %d fresh", step, len(pt.Nodes), len(fresh.Nodes))
		}
		for i := range pt.Nodes {
			a, b := pt.Nodes[i], fresh.Nodes[i]
			if a.Action != b.Action || a.Parent != b.Parent || a.FirstChild != b.FirstChild && a.NumChildren > 0 || a.NumChildren != b.NumChildren || a.Status != b.Status || a.Dead != b.Dead || a.Depth != b.Depth {
				t.Fatalf("step %d node %d: %+v vs fresh %+v", step, i, a, b)
			}
			if a.Frame.Position.Sub(b.Frame.Position).Len() > 1e-9 {
				t.Fatalf("step %d node %d: frame %v vs %v", step, i, a.Frame, b.Frame)
			}
		}
		for i := len(w.lib.Actions[pt.Nodes[0].Action].Docks); i < len(pt.Slots); i++ {
			a, b := pt.Slots[i], fresh.Slots[i]
			if a.State != b.State || a.Sample != b.Sample || a.Shared != b.Shared {
				t.Fatalf("step %d slot %d: %+v vs fresh %+v", step, i, a, b)
			}
		}
		t.Logf("step %d: committed to %s, %d nodes, %d budgeted calls", step, w.lib.Actions[cn.Action].Name, len(pt.Nodes), calls)
	}
	if remembered == 0 {
		t.Error("no kept answer was checked")
	}
}

// After Evaluate is given another querier, a commit does not offer the
// old querier's answers to new questions: in Table I mode, with a first
// querier that supports everything and a second that supports nothing, no
// new leaf with a dock of its own is supported.
func TestCommitAfterQuerierChange(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	const depth = 3
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.EvaluateAll)
	all, none := &countingQuerier{radius: 1e6}, &countingQuerier{radius: 0}
	pt.Reset(tableIStartFrame, int32(w.lib.Index(librarybuild.TableIStart)), depth)
	pt.Evaluate(all, actiongraph.Budget{})
	pt.Evaluate(none, actiongraph.Budget{})
	if err := pt.Commit(pt.Nodes[0].FirstChild); err != nil {
		t.Fatal(err)
	}
	kept := int32(len(pt.Nodes))
	pt.Evaluate(none, actiongraph.Budget{})
	leaves := 0
	for i := kept; i < int32(len(pt.Nodes)); i++ {
		n := pt.Nodes[i]
		own := false
		for k := range w.lib.Actions[n.Action].Docks {
			own = own || pt.Slots[n.FirstDock+int32(k)].Shared < 0
		}
		if !own {
			continue
		}
		leaves++
		if n.Status != actiongraph.Unsupported {
			t.Fatalf("new leaf %d (%s) is %v: answered by the old querier", i, w.lib.Actions[n.Action].Name, n.Status)
		}
	}
	if leaves == 0 {
		t.Fatal("no new leaf with a dock of its own")
	}
}

// A node's root path starts at its frame and ends where its action's delta
// takes it, on the frame's ground.
func TestPath(t *testing.T) {
	lib, pt := tableITree(t)
	q := boxProbe(t, [][2]mgl32.Vec3{{v(-10, -1, -10), v(10, 0.3, 10)}})
	pt.Reset(action.Frame{Position: mgl64.Vec3{1, 0.3, 2}, Yaw: 0.7}, int32(lib.Index(librarybuild.TableIStart)), 2)
	pt.Evaluate(q, actiongraph.Budget{})
	if len(pt.Nodes) < 10 {
		t.Fatalf("%d nodes", len(pt.Nodes))
	}
	var buf []mgl64.Vec3
	for i, n := range pt.Nodes {
		a := lib.Actions[n.Action]
		buf = pt.Path(int32(i), 0.1, buf[:0])
		if want := int(math.Ceil(a.Duration()/0.1-1e-9)) + 1; len(buf) < want-1 || len(buf) > want+1 {
			t.Errorf("node %d %s: %d points for %.2f s", i, a.Name, len(buf), a.Duration())
		}
		end := n.Frame.Then(a.Delta)
		for _, c := range []struct {
			got, want mgl64.Vec3
		}{{buf[0], n.Frame.Position}, {buf[len(buf)-1], mgl64.Vec3{end.Position[0], n.Frame.Position[1], end.Position[2]}}} {
			if d := c.got.Sub(c.want).Len(); d > 1e-6 {
				t.Errorf("node %d %s: path point %v, want %v", i, a.Name, c.got, c.want)
			}
		}
	}
}

// The plan remembers answers only from the querier that gave them: after
// Evaluate is handed another querier, every slot it decides follows the new
// one, even where the old one answered the same question.
func TestMemoFollowsQuerier(t *testing.T) {
	lib, pt := tableITree(t)
	pt.Reset(action.Frame{}, int32(lib.Index(librarybuild.TableIStart)), 4)
	all := &countingQuerier{radius: 1e9}
	pt.Evaluate(all, actiongraph.Budget{Work: 300})
	decided := map[int]bool{}
	for i, s := range pt.Slots {
		if s.State != actiongraph.Unknown {
			decided[i] = true
		}
	}
	near := &countingQuerier{radius: 1.2}
	pt.Evaluate(near, actiongraph.Budget{})
	later, remembered := 0, pt.Stats().Remembered
	for i, s := range pt.Slots {
		if decided[i] || s.State == actiongraph.Unknown || s.Shared >= 0 {
			continue
		}
		later++
		p := s.Expected.Position
		if in := p[0]*p[0]+p[2]*p[2] <= 1.2*1.2; in != (s.State == actiongraph.Supported) {
			t.Fatalf("slot %d at %v: %v after the querier changed", i, p, s.State)
		}
	}
	if later == 0 || remembered == 0 || all.calls == 0 || near.calls == 0 {
		t.Errorf("%d slots decided later, %d remembered; %d and %d queries", later, remembered, all.calls, near.calls)
	}
}
