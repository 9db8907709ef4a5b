package actiongraph_test

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/bake"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/stategraph"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl64"
)

// planWorld is a built-in scene with both queriers over the default
// library's templates.
type planWorld struct {
	lib       *action.Library
	g         *stategraph.Graph
	templates map[string]*dock.Template
	probe     *geoquery.Probe
	tree      *geoquery.Tree
	mesh      *scenes.Mesh
	trees     map[*dock.Template]*supporttree.Tree
}

var (
	worldsMu sync.Mutex
	worlds   = map[string]*planWorld{}
)

func loadPlanWorld(tb testing.TB, scene string) *planWorld {
	tb.Helper()
	worldsMu.Lock()
	defer worldsMu.Unlock()
	if w := worlds[scene]; w != nil {
		return w
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	m, err := sceneload.Load("builtin:"+scene, sceneload.LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	w := &planWorld{lib: lib, g: g, templates: builtinTemplates(tb)}
	params := geoquery.DefaultParams()
	trees := map[*dock.Template]*supporttree.Tree{}
	for _, t := range w.templates {
		tr, _, err := supportbuild.Build(m, bvh, t, params.Lattice, supportbuild.BuildOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		trees[t] = tr
	}
	if w.probe, err = geoquery.NewProbe(bvh, params); err != nil {
		tb.Fatal(err)
	}
	if w.tree, err = geoquery.NewTree(bvh, params, trees); err != nil {
		tb.Fatal(err)
	}
	w.mesh, w.trees = m, trees
	worlds[scene] = w
	return w
}

// tableIStart is the Table I start on stepping (cmd/planner bench's).
var tableIStartFrame = action.Frame{Position: mgl64.Vec3{3, 0, 2}, Yaw: math.Pi / 2}

// Version I and Version II mark the same nodes supported, on the Table I
// tree and on a pruned one, from several starts.
func TestVersionsAgree(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	state := int32(w.lib.Index(librarybuild.TableIStart))
	starts := []action.Frame{tableIStartFrame, {Position: mgl64.Vec3{0.2, 0, 3.5}, Yaw: math.Pi / 2}, {Position: mgl64.Vec3{8, 0, 2}, Yaw: 0.3}}
	for _, mode := range []actiongraph.Pruning{actiongraph.EvaluateAll, actiongraph.Prune} {
		a, _ := actiongraph.NewPlanTree(w.g, w.templates, mode)
		b, _ := actiongraph.NewPlanTree(w.g, w.templates, mode)
		for _, s := range starts {
			a.Reset(s, state, 3)
			b.Reset(s, state, 3)
			a.Evaluate(w.probe, actiongraph.Budget{})
			b.Evaluate(w.tree, actiongraph.Budget{})
			if len(a.Nodes) != len(b.Nodes) {
				t.Fatalf("trees differ in size")
			}
			supported := 0
			for i := range a.Nodes {
				if a.Nodes[i].Status != b.Nodes[i].Status || a.Nodes[i].Dead != b.Nodes[i].Dead {
					t.Fatalf("start %v node %d: Version I %v, Version II %v", s, i, a.Nodes[i].Status, b.Nodes[i].Status)
				}
				if a.Nodes[i].Status == actiongraph.Supported {
					supported++
				}
			}
			for i := range a.Slots {
				if a.Slots[i].State != b.Slots[i].State || a.Slots[i].Sample != b.Slots[i].Sample {
					t.Fatalf("slot %d: %v %v vs %v %v", i, a.Slots[i].State, a.Slots[i].Sample, b.Slots[i].State, b.Slots[i].Sample)
				}
			}
			if supported == 0 || supported == len(a.Nodes) {
				t.Errorf("start %v: %d of %d supported: the scene decides nothing", s, supported, len(a.Nodes))
			}
		}
	}
}

// Evaluating with a support-tree allocates nothing once the tree has
// reached its size.
func TestEvaluateAllocates0(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	state := int32(w.lib.Index(librarybuild.TableIStart))
	pt.Reset(tableIStartFrame, state, 4)
	pt.Evaluate(w.tree, actiongraph.Budget{})
	allocs := testing.AllocsPerRun(20, func() {
		pt.Reset(tableIStartFrame, state, 4)
		pt.Evaluate(w.tree, actiongraph.Budget{})
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per unroll and evaluation", allocs)
	}
}

func benchTableI(b *testing.B, depth int, q func(*planWorld) geoquery.Querier) {
	w := loadPlanWorld(b, "stepping")
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.EvaluateAll)
	state := int32(w.lib.Index(librarybuild.TableIStart))
	b.ReportAllocs()
	var anim int
	for b.Loop() {
		pt.Reset(tableIStartFrame, state, depth)
		pt.Evaluate(q(w), actiongraph.Budget{})
		anim = len(pt.Nodes) - 1
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(anim)/1000, "µs/animation")
}

// Table I with a querier that answers at once (every dock supported where
// expected): what unrolling, sharing and the memo cost without the
// searches.
func BenchmarkTableIUnrollDepth4(b *testing.B) { benchTableI(b, 4, instant) }
func BenchmarkTableIUnrollDepth6(b *testing.B) { benchTableI(b, 6, instant) }

var instantQuerier = &countingQuerier{radius: 1e6}

func instant(*planWorld) geoquery.Querier { return instantQuerier }

func tree(w *planWorld) geoquery.Querier  { return w.tree }
func probe(w *planWorld) geoquery.Querier { return w.probe }

// The paper's Table I on stepping (unroll + evaluate every node).
func BenchmarkTableITreeDepth4(b *testing.B)  { benchTableI(b, 4, tree) }
func BenchmarkTableITreeDepth6(b *testing.B)  { benchTableI(b, 6, tree) }
func BenchmarkTableIProbeDepth3(b *testing.B) { benchTableI(b, 3, probe) }

// walkResult is one scripted walk across frames.
type walkResult struct {
	frameMS  []float64 // planning cost of every 60 Hz frame
	actions  int
	stuck    int // commits with no feasible child (the walk restarts there)
	distance float64
}

// walkAcrossFrames walks the character `actions` actions through a scene,
// keeping the plan depth levels deep: every 60 Hz frame evaluates within
// budget; when the current action ends, the best feasible child (the
// farthest-reaching, ties broken by a seeded coin) is committed.
// Evaluate is given the frame's budget less 10% and less what the commit
// took: one unit of work (a query or a node's children) may run past its
// deadline.
func walkAcrossFrames(pt *actiongraph.PlanTree, w *planWorld, start action.Frame, depth, actions int, budget time.Duration) walkResult {
	pt.Reset(start, int32(w.lib.Index(librarybuild.TableIStart)), depth)
	rng := rand.New(rand.NewPCG(7, 7))
	res := walkResult{frameMS: make([]float64, 0, 16384)}
	feasible := make([]int32, 0, 64)
	frames := 0
	for res.actions < actions {
		a := w.lib.Actions[pt.Nodes[0].Action]
		n := max(int(math.Round(a.Duration()*60)), 1)
		for f := 0; f < n; f++ {
			t0 := time.Now()
			left := budget * 9 / 10
			if f == n-1 {
				// The action ends: commit to a child for the next frame.
				feasible = pt.Feasible(feasible[:0])
				if len(feasible) == 0 {
					res.stuck++
					root := pt.Nodes[0]
					pt.Reset(root.Frame.Then(a.Delta), int32(w.lib.Index("idle")), depth)
				} else {
					best, bestScore := feasible[0], -1.0
					for _, c := range feasible {
						d := w.lib.Actions[pt.Nodes[c].Action].Delta.Translation
						if s := math.Hypot(d[0], d[2]) + 0.5*rng.Float64(); s > bestScore {
							best, bestScore = c, s
						}
					}
					res.distance += math.Hypot(pt.Nodes[best].Frame.Position[0]-pt.Nodes[0].Frame.Position[0], pt.Nodes[best].Frame.Position[2]-pt.Nodes[0].Frame.Position[2])
					pt.Commit(best)
				}
				res.actions++
				left -= time.Since(t0)
			}
			if left > 0 {
				pt.Evaluate(w.tree, actiongraph.Budget{Time: left})
			}
			res.frameMS = append(res.frameMS, float64(time.Since(t0).Nanoseconds())/1e6)
			frames++
		}
	}
	return res
}

// Planning across frames: 200 actions through the built-in game level at
// depth 5 with a 2 ms budget per 60 Hz frame, one core.
func BenchmarkAcrossFrames(b *testing.B) {
	w := loadPlanWorld(b, "level")
	start := action.Frame{Position: mgl64.Vec3{10, 0, 31}, Yaw: 0}
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	walkAcrossFrames(pt, w, start, 5, 20, 2*time.Millisecond) // grow the buffers
	var r walkResult
	b.ReportAllocs()
	for b.Loop() {
		r = walkAcrossFrames(pt, w, start, 5, 200, 2*time.Millisecond)
	}
	ms := append([]float64(nil), r.frameMS...)
	sort.Float64s(ms)
	over := 0
	for _, x := range ms {
		if x > 2 {
			over++
		}
	}
	b.ReportMetric(float64(over), "frames-over-2ms")
	b.ReportMetric(ms[len(ms)*999/1000], "p99.9-ms/frame")
	b.ReportMetric(ms[len(ms)/2], "median-ms/frame")
	b.ReportMetric(ms[len(ms)-1], "max-ms/frame")
	b.ReportMetric(float64(r.stuck), "stuck")
	b.ReportMetric(r.distance, "metres")
	b.ReportMetric(float64(len(ms)), "frames")
}

// The runtime's pruning evaluation from the Table I start (nodes below an
// unsupported node are never made).
func BenchmarkPrunedTreeDepth6(b *testing.B) { benchPruned(b, false) }

// The same with the adult body's clearance (nodes below a blocked node are
// never made either).
func BenchmarkPrunedTreeBodyDepth6(b *testing.B) { benchPruned(b, true) }

func benchPruned(b *testing.B, withBody bool) {
	w := loadPlanWorld(b, "stepping")
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.Prune)
	var c *ccd.Checker
	if withBody {
		c = adultChecker(b, w)
		pt.SetBody(clearance{c})
	}
	state := int32(w.lib.Index(librarybuild.TableIStart))
	b.ReportAllocs()
	var anim int
	for b.Loop() {
		if c != nil {
			c.Forget() // every plan from a cold start
		}
		pt.Reset(tableIStartFrame, state, 6)
		pt.Evaluate(w.tree, actiongraph.Budget{})
		anim = len(pt.Nodes) - 1
	}
	b.ReportMetric(float64(anim), "animations")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/plan")
}

// clearance is the plan tree's view of a body checker.
type clearance struct{ c *ccd.Checker }

func (b clearance) Clear(a int32, f action.Frame, lift float64) bool {
	return b.c.Action(a, f, lift, nil)
}

// benchTableIBody is Table I with the adult body's clearance tested at
// every supported node below no unsupported or blocked one.
func benchTableIBody(b *testing.B, depth int) {
	w := loadPlanWorld(b, "stepping")
	c := adultChecker(b, w)
	pt, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.EvaluateAll)
	pt.SetBody(clearance{c})
	state := int32(w.lib.Index(librarybuild.TableIStart))
	b.ReportAllocs()
	var anim int
	for b.Loop() {
		c.Forget() // every plan from a cold start
		pt.Reset(tableIStartFrame, state, depth)
		pt.Evaluate(w.tree, actiongraph.Budget{})
		anim = len(pt.Nodes) - 1
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(anim)/1000, "µs/animation")
	b.ReportMetric(float64(c.Stats.BVH.Nodes)/float64(c.Stats.Checks), "bvh-nodes/check")
	b.ReportMetric(float64(c.Stats.Checks)/float64(b.N), "checks/plan")
	b.ReportMetric(float64(c.Stats.Remembered)/float64(b.N), "remembered/plan")
}

// adultChecker is a body checker of the adult against w's scene.
func adultChecker(tb testing.TB, w *planWorld) *ccd.Checker {
	a := w.lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		tb.Fatal(err)
	}
	sw, err := bake.MeasureSweeps(w.lib, m, ccd.Options{}, bake.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := ccd.NewScene(w.tree.BVH())
	if err != nil {
		tb.Fatal(err)
	}
	c := ccd.NewChecker(sw, sc)
	c.FreeLimbs = true // as a planner alone checks
	return c
}

// Table I with the body's clearance (compare with TableITreeDepth4/6).
func BenchmarkTableIBodyDepth4(b *testing.B) { benchTableIBody(b, 4) }
func BenchmarkTableIBodyDepth6(b *testing.B) { benchTableIBody(b, 6) }

// hashBody blocks about three actions in ten, chosen by a hash of the
// action and its frame (to the centimetre), and counts its tests.
type hashBody struct{ tests int }

func (h *hashBody) Clear(a int32, f action.Frame, _ float64) bool {
	h.tests++
	k := uint64(a)*0x9e3779b97f4a7c15 ^ uint64(int64(math.Round(f.Position[0]*100)))*0xbf58476d1ce4e5b9 ^
		uint64(int64(math.Round(f.Position[2]*100)))*0x94d049bb133111eb ^ uint64(int64(math.Round(f.Yaw*100)))
	k ^= k >> 31
	return k*0xd6e8feb86659d5c9>>32%10 >= 3
}

// In Table I mode with a body, every node keeps its docks' answer; a
// supported node whose ancestors are all supported and clear is blocked
// exactly when the body says so, and a node below an unsupported or
// blocked one is not tested (it stays supported). Checked against the
// docks-only tree and the body's own answers, node by node.
func TestBodyBelowDead(t *testing.T) {
	w := loadPlanWorld(t, "stepping")
	state := int32(w.lib.Index(librarybuild.TableIStart))
	docks, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.EvaluateAll)
	withBody, _ := actiongraph.NewPlanTree(w.g, w.templates, actiongraph.EvaluateAll)
	h := &hashBody{}
	withBody.SetBody(h)
	docks.Reset(tableIStartFrame, state, 4)
	docks.Evaluate(w.tree, actiongraph.Budget{})
	withBody.Reset(tableIStartFrame, state, 4)
	withBody.Evaluate(w.tree, actiongraph.Budget{})
	if len(docks.Nodes) != len(withBody.Nodes) {
		t.Fatalf("%d nodes with the body, %d without", len(withBody.Nodes), len(docks.Nodes))
	}
	want := make([]actiongraph.Status, len(docks.Nodes))
	oracle := &hashBody{}
	below, blocked := 0, 0
	for i, n := range docks.Nodes {
		want[i] = n.Status
		if i == 0 || n.Status != actiongraph.Supported {
			continue
		}
		if deadAbove(docks.Nodes, want, n.Parent) {
			below++
			continue
		}
		if !oracle.Clear(n.Action, n.Frame, 0) {
			want[i] = actiongraph.Blocked
			blocked++
		}
	}
	for i, n := range withBody.Nodes {
		if n.Status != want[i] {
			t.Fatalf("node %d: %v, want %v", i, n.Status, want[i])
		}
	}
	if h.tests != oracle.tests || blocked == 0 || below == 0 {
		t.Errorf("%d body tests, want %d; %d blocked, %d supported nodes below a dead one", h.tests, oracle.tests, blocked, below)
	}
	t.Logf("%d nodes: %d body tests, %d blocked, %d supported below a dead node left untested", len(want), h.tests, blocked, below)
}

// deadAbove reports whether node i or an ancestor of it is unsupported or
// blocked by the statuses in st.
func deadAbove(nodes []actiongraph.Node, st []actiongraph.Status, i int32) bool {
	for ; i > 0; i = nodes[i].Parent {
		if st[i] == actiongraph.Unsupported || st[i] == actiongraph.Blocked {
			return true
		}
	}
	return false
}
