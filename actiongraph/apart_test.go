package actiongraph_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// ground is a querier over flat ground at height 0 whose support nearest
// an expected position is where place puts it, within 0.5 m. It shares
// nothing with the plan's code.
type ground func(e mgl32.Vec3) (x, z float64)

func (g ground) Nearest(q geoquery.Query, out *geoquery.Result, _ *geoquery.Stats) bool {
	e := q.Expected.Position
	x, z := g(e)
	p := mgl32.Vec3{float32(x), 0, float32(z)}
	d := p.Sub(e).Len()
	if d > 0.5 {
		*out = geoquery.Result{}
		return false
	}
	*out = geoquery.Result{Sample: dock.Sample{X: int32(math.Round(x * 100)), Z: int32(math.Round(z * 100))},
		Pose: dock.Pose{Position: p, Yaw: q.Expected.Yaw}, Distance: d}
	return true
}

// strip is flat ground covering x in [x0, x1] (every z), sampled every
// 0.1 m: the nearest support of a dock is the sample nearest its expected
// position, with x clamped to the strip.
func strip(x0, x1 float64) ground {
	return func(e mgl32.Vec3) (float64, float64) {
		return math.Min(math.Max(math.Round(float64(e[0])*10)/10, x0), x1), math.Round(float64(e[2])*10) / 10
	}
}

// footing is a library of three actions over the built-in idle's clip:
// "stand" holds the feet 0.2 m apart across x for the whole action;
// "settle" does too, but lifts its left foot for 0.05 s and sets it down
// 1.5 cm further out and 3 cm lower (a foot settling out of a standing
// pose); "hop" holds its left foot only at its start, so that what follows
// it asks for both feet.
func footing(t *testing.T) (*stategraph.Graph, map[string]*dock.Template) {
	t.Helper()
	built, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	idle := built.Get("idle")
	d := idle.Duration()
	foot := func(eff string, x, y, from, to float64) action.Dock {
		return action.Dock{Effector: eff, Template: "foot", Start: from, End: to,
			Pose: dock.Pose{Position: mgl32.Vec3{float32(x), float32(y), 0}}}
	}
	stand, settle, hop := *idle, *idle, *idle
	stand.Name, stand.Delta = "stand", action.Delta{}
	stand.Docks = []action.Dock{foot("LeftFoot", 0.1, 0, 0, d), foot("RightFoot", -0.1, 0, 0, d)}
	settle.Name, settle.Delta = "settle", action.Delta{}
	settle.Docks = []action.Dock{foot("LeftFoot", 0.1, 0.03, 0, 0.3), foot("RightFoot", -0.1, 0, 0, d), foot("LeftFoot", 0.115, 0, 0.35, d)}
	hop.Name, hop.Delta = "hop", action.Delta{}
	hop.Docks = []action.Dock{foot("LeftFoot", 0.1, 0, 0, 0.1)}
	lib := action.NewLibrary()
	for _, a := range []*action.Action{&stand, &settle, &hop} {
		if err := lib.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	g, err := stategraph.NewGraph(lib, map[string][]string{"hop": {"stand", "settle"}, "stand": {"stand", "settle"}, "settle": {"stand"}}, []string{"hop"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := dock.Builtin("foot")
	if err != nil {
		t.Fatal(err)
	}
	return g, map[string]*dock.Template{"foot": tp}
}

// child plans one level below "hop" at x (facing +Z, at z 5) over q and
// returns the tree and its child doing action name.
func child(t *testing.T, g *stategraph.Graph, tmpl map[string]*dock.Template, mode actiongraph.Pruning, x float64, q geoquery.Querier, name string) (*actiongraph.PlanTree, actiongraph.Node) {
	t.Helper()
	pt, err := actiongraph.NewPlanTree(g, tmpl, mode)
	if err != nil {
		t.Fatal(err)
	}
	pt.Reset(action.Frame{Position: mgl64.Vec3{x, 0, 5}}, int32(g.Library.Index("hop")), 1)
	pt.Evaluate(q, actiongraph.Budget{})
	r := pt.Nodes[0]
	for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
		if g.Library.Actions[pt.Nodes[c].Action].Name == name {
			return pt, pt.Nodes[c]
		}
	}
	t.Fatalf("no child %q", name)
	return nil, actiongraph.Node{}
}

// slotX is where node n's dock k is supported across x.
func slotX(pt *actiongraph.PlanTree, n actiongraph.Node, k int) float64 {
	return math.Round(float64(pt.Slots[n.FirstDock+int32(k)].Pose.Position[0])*1000) / 1000
}

// A foot set down where it was lifted from a moment before stands on the
// support it left, though its own nearest support is another (5.2 rather
// than 5.1): the slot shares the earlier one's answer and costs no query.
func TestAFootSetDownAgainKeepsItsSupport(t *testing.T) {
	g, tmpl := footing(t)
	pt, n := child(t, g, tmpl, actiongraph.Prune, 5.04, strip(-100, 100), "settle")
	if n.Status != actiongraph.Supported {
		t.Fatalf("settle %v", n.Status)
	}
	first, again := pt.Slots[n.FirstDock], pt.Slots[n.FirstDock+2]
	if again.Shared != n.FirstDock || again.Pose != first.Pose || again.Sample != first.Sample {
		t.Fatalf("the foot set down again: %+v, where it was: %+v", again, first)
	}
	var own geoquery.Result
	strip(-100, 100).Nearest(geoquery.Query{Expected: again.Expected}, &own, nil)
	if got := slotX(pt, n, 2); got != 5.1 || own.Pose.Position[0] != 5.2 {
		t.Fatalf("set down at x %v (its own nearest %v), want 5.1 (5.2)", got, own.Pose.Position[0])
	}
	// Stand's two feet and settle's first left (its right asks stand's
	// right's question, remembered); the foot set down again asks nothing.
	if q := pt.Stats().Queries; q != 3 {
		t.Errorf("%d queries, want 3", q)
	}
}

// Two feet held at once never stand on one spot. At an edge (ground from
// x = 5) a stance 0.2 m across whose right foot is 0.17 m out over it
// finds both nearest supports at x 5.0; the left is asked again beside the
// right's support, 0.2 m in (x 5.2). On a beam one sample wide no stance
// fits and the node is unsupported. Table I mode asks the docks alone, as
// the paper does.
func TestFeetHeldAtOnceStayApart(t *testing.T) {
	g, tmpl := footing(t)
	pt, n := child(t, g, tmpl, actiongraph.Prune, 4.93, strip(5, 100), "stand")
	if n.Status != actiongraph.Supported {
		t.Fatalf("at the edge: stand %v", n.Status)
	}
	l, r := pt.Slots[n.FirstDock], pt.Slots[n.FirstDock+1]
	if slotX(pt, n, 0) != 5.2 || slotX(pt, n, 1) != 5 || !l.Moved || r.Moved {
		t.Fatalf("at the edge: left %+v, right %+v; want the left moved to x 5.2, the right at 5", l, r)
	}
	if _, n := child(t, g, tmpl, actiongraph.Prune, 4.93, strip(5, 5), "stand"); n.Status != actiongraph.Unsupported {
		t.Errorf("on a beam: stand %v, want unsupported", n.Status)
	}
	pt, n = child(t, g, tmpl, actiongraph.EvaluateAll, 4.93, strip(5, 100), "stand")
	if n.Status != actiongraph.Supported || slotX(pt, n, 0) != 5 || slotX(pt, n, 1) != 5 {
		t.Errorf("Table I at the edge: stand %v at x %v and %v, want supported at 5 and 5", n.Status, slotX(pt, n, 0), slotX(pt, n, 1))
	}
	// Across a wide floor nothing is asked again.
	pt, n = child(t, g, tmpl, actiongraph.Prune, 4.93, strip(-100, 100), "stand")
	if slotX(pt, n, 0) != 5 || slotX(pt, n, 1) != 4.8 || pt.Slots[n.FirstDock].Moved {
		t.Errorf("on a floor: left at %v, right at %v, want 5 and 4.8", slotX(pt, n, 0), slotX(pt, n, 1))
	}
}
