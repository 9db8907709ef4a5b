package actiongraph

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl64"
)

// Status is what is known about a plan node's own docks.
type Status uint8

// The statuses. Nodes below an unsupported node are never made (except
// in Table I mode), so they cost neither queries nor memory.
const (
	Unknown     Status = iota // not evaluated yet
	Supported                 // every dock found support
	Unsupported               // a dock found none
	Blocked                   // every dock found support, but the body hits the scene
)

func (s Status) String() string {
	return [...]string{"unknown", "supported", "unsupported", "blocked"}[s]
}

// Body is a clearance test of the character's body against the scene.
type Body interface {
	// Clear reports whether action a, performed from frame f raised by
	// lift (where its docks' supports are, on average, above or below
	// where the action expects them), keeps the body clear of the scene.
	Clear(a int32, f action.Frame, lift float64) bool
}

// Node is one action of the unrolled plan: the action, where it starts,
// its place in the tree (children are contiguous, in breadth-first order),
// its docks' slots and what is known.
type Node struct {
	Parent      int32 // -1 for the root
	Action      int32 // library index
	Depth       int32 // 0 for the root
	Frame       action.Frame
	FirstChild  int32
	NumChildren int32
	FirstDock   int32 // the action's docks are Docks[FirstDock : FirstDock+len(action.Docks)]
	Status      Status
	// DeadChildren counts the children known to be dead.
	DeadChildren int32
	// Dead: the node is unsupported or blocked, or it has its children and every
	// one is dead (an unknown child keeps its parent alive). In Table I
	// mode only the node's own status counts.
	Dead bool
}

// Slot is one dock of one node: where the action expects it in the world
// and the support the geo-query found.
type Slot struct {
	Expected dock.Pose
	State    Status // Unknown, Supported (found) or Unsupported
	tmpl     uint16 // the plan's number for the dock's template
	Sample   dock.Sample
	Pose     dock.Pose // the supported sample's pose
	Distance float32   // from the expected pose [Units: m]
	// Shared is the slot holding the same contact, or -1: the parent's (a
	// foot planted at the end of the parent's action and still planted at
	// the start of this one) or an earlier slot of the same node (a foot
	// set down again where it was lifted from a moment before: see
	// sameSupport). A shared slot copies that slot's answer: the foot
	// cannot be in two places.
	Shared int32
	// Stale: the answer was found for an earlier expected pose (before a
	// commit moved the tree). Its sample is supported and lies in the
	// window of the current expected pose, so the slot is known to be
	// supported, but a nearer support may exist: ask again before warping
	// onto it. Distance is measured from the current expected pose.
	Stale bool
	// Moved: the support was found beside another dock's (keepApart), not
	// nearest the expected pose; no other slot takes it as its answer.
	Moved bool
}

// PlanTree is the graph unrolled from a character's pose into a flat tree,
// evaluated with geo-queries, possibly over several frames. It allocates
// only when it grows past its largest size so far.
type PlanTree struct {
	Graph   *stategraph.Graph
	spent   int     // the last Evaluate's work
	recheck []int32 // nodes a commit moved, whose bodies Evaluate tests again
	Nodes   []Node
	Slots   []Slot

	depth       int
	evaluateAll bool
	cursor      int32 // the first node that may be unknown
	grow        int32 // the first node whose children may still be missing
	templates   [][]*dock.Template
	tmplIDs     [][]uint16         // per action and dock: its template's number (1, 2, ...)
	share       [][]int32          // per edge, per dock of the child: the parent's dock index, or -1
	again       [][]int32          // per action, per dock: the action's earlier dock on the same support, or -1
	together    [][]heldTogether   // per action: its pairs of docks held at once
	paired      [][]bool           // per action, per dock: in one of those pairs
	starts      []motion.RootPoint // per action: its action frame in clip coordinates
	spare       []Node
	spareS      []Slot
	queue       []int32
	edges       []int32 // CommitAt: the edge each queued node was made by
	fill        int32   // CommitAt: the first node whose children may not all be placed
	refresh     int32   // the next child of the root whose stale answers are asked again
	refreshEnd  int32   // the end of the root's children, when a commit left some to refresh
	stats       EvalStats
	result      geoquery.Result // scratch: a local would escape through the interface
	found       []placed        // scratch: a node's supports per dock, for keepApart
	legs        [][]startLeg    // per action, its feet docked from its first frame (SetReach)
	maxDrop     float64         // the most a leg may fall short at an action's start (SetReach)
	body        Body            // nil: docks only
	bounded     Bounded         // body, when it can bound where the body goes
	memo        memo            // answers already found in this plan
	// mixed: the slots hold answers of a querier the memo no longer
	// serves, so a commit must not rebuild the memo from them.
	mixed bool
}

// EvalStats counts an evaluation's work.
type EvalStats struct {
	Evaluated   int64 // nodes whose status was decided
	Unsupported int64 // of them, found unsupported
	Blocked     int64 // of them, supported but pruned for the body
	BodyChecks  int64 // body clearance tests run
	Made        int64 // nodes unrolled
	Queries     int64 // geo-queries run
	Shared      int64 // slots answered by the parent's slot
	Remembered  int64 // slots answered by an earlier query of the same plan with the same question
	Query       geoquery.Stats
}

// Add adds o's counts to s.
func (s *EvalStats) Add(o EvalStats) {
	s.Evaluated += o.Evaluated
	s.Unsupported += o.Unsupported
	s.Blocked += o.Blocked
	s.BodyChecks += o.BodyChecks
	s.Made += o.Made
	s.Queries += o.Queries
	s.Shared += o.Shared
	s.Remembered += o.Remembered
	s.Query.Add(o.Query)
}

// Pruning says what a plan tree leaves out.
type Pruning int

const (
	// Prune skips what lies below unsupported nodes and counts a node
	// dead when every child of it is: the runtime's plan.
	Prune Pruning = iota
	// EvaluateAll evaluates every node and removes nothing, as the
	// paper's Table I counts: Dead is the node's own status.
	EvaluateAll
)

// NewPlanTree prepares a plan tree over g. templates maps each dock's
// template name to the template the querier knows (the same pointer).
func NewPlanTree(g *stategraph.Graph, templates map[string]*dock.Template, mode Pruning) (*PlanTree, error) {
	lib := g.Library
	t := &PlanTree{Graph: g, evaluateAll: mode == EvaluateAll, templates: make([][]*dock.Template, len(lib.Actions)),
		tmplIDs: make([][]uint16, len(lib.Actions)), share: make([][]int32, len(g.Edges)),
		again: make([][]int32, len(lib.Actions)), together: make([][]heldTogether, len(lib.Actions)),
		paired: make([][]bool, len(lib.Actions))}
	ids := map[*dock.Template]uint16{}
	for i, a := range lib.Actions {
		for _, d := range a.Docks {
			tp := templates[d.Template]
			if tp == nil {
				return nil, fmt.Errorf("actiongraph: action %q docks with template %q, which the querier does not know", a.Name, d.Template)
			}
			if ids[tp] == 0 {
				if len(ids) == math.MaxUint16 {
					return nil, fmt.Errorf("actiongraph: more than %d templates", math.MaxUint16)
				}
				ids[tp] = uint16(len(ids) + 1)
			}
			t.templates[i] = append(t.templates[i], tp)
			t.tmplIDs[i] = append(t.tmplIDs[i], ids[tp])
		}
	}
	most := 0
	for i, a := range lib.Actions {
		most = max(most, len(a.Docks))
		t.starts = append(t.starts, a.StartFrame())
		t.again[i] = sameSupport(a)
		t.together[i] = heldAtOnce(a, t.again[i])
		t.paired[i] = make([]bool, len(a.Docks))
		for _, h := range t.together[i] {
			t.paired[i][h.a], t.paired[i][h.b] = true, true
		}
	}
	t.found = make([]placed, most)
	for s := range lib.Actions {
		for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
			t.share[e] = sharedDocks(lib.Actions[s], lib.Actions[g.Edges[e]])
		}
	}
	return t, nil
}

// Two docks are one contact continuing across a transition when their
// poses (b's moved by a's delta) are this close: a motion-graph transition
// joins poses that differ a little, and the foot stays on the support it
// holds while the root spring takes up the difference.
const (
	shareDistance = 0.02 // [Units: m]
	shareYaw      = 0.1  // [Units: rad]
)

// sharedDocks finds, for each dock of b, the dock of a it continues: the
// same effector and template, held to a's end and from b's start, at
// about the same place (within shareDistance and shareYaw once a's delta
// is applied).
func sharedDocks(a, b *action.Action) []int32 {
	out := make([]int32, len(b.Docks))
	frameTime := b.Clip.FrameTime
	end := action.Frame{}.Then(a.Delta)
	for k, db := range b.Docks {
		out[k] = -1
		if db.Start > 1.5*frameTime {
			continue
		}
		wb := end.DockPose(db.Pose)
		for m, da := range a.Docks {
			if da.Effector != db.Effector || da.Template != db.Template || da.End < a.Duration()-1.5*a.Clip.FrameTime {
				continue
			}
			if da.Pose.Position.Sub(wb.Position).Len() < shareDistance && math.Abs(math.Remainder(float64(da.Pose.Yaw-wb.Yaw), 2*math.Pi)) < shareYaw {
				out[k] = int32(m)
			}
		}
	}
	return out
}

// A foot lifted for at most sameGap and set down within shareDistance
// (across the ground) and shareYaw of where it was, and within sameRise
// of its height, is on the support it left: it settles or rolls there, as
// a start's first step does out of a standing pose.
const (
	sameGap  = 0.1  // [Units: s]
	sameRise = 0.05 // [Units: m]
)

// sameSupport finds, for each dock of a, the earlier dock of a on the same
// support (the same effector and template, lifted from for at most sameGap
// and near it as above), or -1.
func sameSupport(a *action.Action) []int32 {
	out := make([]int32, len(a.Docks))
	for k, d := range a.Docks {
		out[k] = -1
		for m := k - 1; m >= 0; m-- {
			e := a.Docks[m]
			if e.Effector != d.Effector {
				continue
			}
			dp := d.Pose.Position.Sub(e.Pose.Position)
			if e.Template == d.Template && d.Start >= e.End && d.Start-e.End <= sameGap &&
				math.Hypot(float64(dp[0]), float64(dp[2])) < shareDistance && math.Abs(float64(dp[1])) <= sameRise &&
				math.Abs(math.Remainder(float64(d.Pose.Yaw-e.Pose.Yaw), 2*math.Pi)) < shareYaw {
				out[k] = int32(m)
			}
			break // only the effector's dock just before
		}
	}
	return out
}

// Reset starts a plan from an action being performed (state, started at
// root), to be unrolled depth levels below it. Only the root exists until
// Evaluate unrolls and evaluates the tree, level by level.
func (t *PlanTree) Reset(root action.Frame, state int32, depth int) {
	t.depth = depth
	t.Nodes, t.Slots = t.Nodes[:0], t.Slots[:0]
	sin, cos := math.Sincos(root.Yaw)
	t.addNode(-1, state, 0, root, sin, cos, -1)
	// The root is being performed: supported. Its slots are queried only
	// when a child continues one of its contacts.
	t.Nodes[0].Status = Supported
	t.cursor, t.grow, t.refresh, t.refreshEnd = 1, 0, 0, 0
	t.stats = EvalStats{}
	t.memo.reset()
	t.mixed = false
}

// addNode appends a node and its slots with their expected poses (sin, cos
// of the frame's yaw given: siblings share them).
func (t *PlanTree) addNode(parent, action, depth int32, f action.Frame, sin, cos float64, edge int32) {
	docks := t.Graph.Library.Actions[action].Docks
	first := len(t.Slots)
	// Fields are written in place: a struct built whole and copied is
	// slower (the copy reads what was just written in smaller pieces).
	i := len(t.Nodes)
	t.Nodes = slices.Grow(t.Nodes, 1)[:i+1]
	n := &t.Nodes[i]
	*n = Node{}
	n.Parent, n.Action, n.Depth, n.Frame, n.FirstDock = parent, action, depth, f, int32(first)
	t.Slots = slices.Grow(t.Slots, len(docks))[:first+len(docks)]
	slots := t.Slots[first:]
	var share []int32
	if edge >= 0 {
		share = t.share[edge]
	}
	ids, again := t.tmplIDs[action], t.again[action]
	for k := range docks {
		s := &slots[k]
		*s = Slot{}
		f.PlaceDock(&s.Expected, &docks[k].Pose, sin, cos)
		s.tmpl, s.Shared = ids[k], -1
		switch {
		case k < len(share) && share[k] >= 0:
			s.Shared = t.Nodes[parent].FirstDock + share[k]
		case again[k] >= 0:
			s.Shared = int32(first) + again[k]
		}
	}
}

// Budget bounds one Evaluate call: a wall-clock time, an amount of work,
// or both (zero means no bound). Work counts one unit per node evaluated,
// unrolled or asked again, per MadePerUnit children made, per geo-query
// and per body test: it depends only on the inputs.
// MadePerUnit is how many children unrolling a node makes per unit of
// Budget.Work, beyond the one unit of unrolling it.
const MadePerUnit = 8

type Budget struct {
	Time time.Duration
	Work int
}

// Evaluate unrolls and decides the tree in breadth-first order with q
// until every node within the depth limit exists and is known, or the
// budget is spent; then it updates Dead. A node's children are made only
// once it is known to be supported (in Table I mode, always), so a pruned
// subtree costs neither queries nor memory. It returns true when the tree
// is complete. It allocates only when the tree outgrows its largest size.
func (t *PlanTree) Evaluate(q geoquery.Querier, b Budget) bool {
	var start time.Time
	if b.Time > 0 {
		start = time.Now()
	}
	done := 0
	lib := t.Graph.Library
	if q != t.memo.q && t.stats.Queries > 0 {
		t.mixed = true
	}
	t.memo.use(q)
	asked := t.stats.Queries + t.stats.BodyChecks
	for {
		if b.Work > 0 && done+int(t.stats.Queries+t.stats.BodyChecks-asked) >= b.Work {
			break
		}
		if b.Time > 0 && done&3 == 3 && time.Since(start) >= b.Time {
			break
		}
		if t.refresh < t.refreshEnd {
			// The choices come first: their stale answers are asked again.
			i := t.refresh
			t.refresh++
			if t.refreshNode(q, i) {
				done++
			}
			continue
		}
		if t.cursor >= int32(len(t.Nodes)) {
			// Everything made is known: make the next node's children.
			if t.grow >= int32(len(t.Nodes)) {
				break
			}
			i := t.grow
			t.grow++
			if t.canGrow(i) {
				t.expandOne(i)
				t.stats.Made += int64(t.Nodes[i].NumChildren)
				done += 1 + int(t.Nodes[i].NumChildren)/MadePerUnit
			}
			continue
		}
		i := t.cursor
		t.cursor++
		n := &t.Nodes[i]
		if n.Status != Unknown {
			continue
		}
		done++
		n.Status = Supported
		tmpl := t.templates[n.Action]
		for k := range lib.Actions[n.Action].Docks {
			if !t.query(q, n.FirstDock+int32(k), tmpl[k]) {
				n.Status = Unsupported
				break
			}
		}
		if n.Status == Supported && (!t.keepApart(q, n) || !t.reachableNode(n)) {
			n.Status = Unsupported
		}
		if n.Status == Unsupported {
			t.stats.Unsupported++
			t.markDead(i)
		}
		if n.Status == Supported && !t.BelowDead(i) && !t.bodyClear(n) {
			n.Status = Blocked
			t.stats.Blocked++
			t.markDead(i)
		}
		t.stats.Evaluated++
	}
	t.spent = done + int(t.stats.Queries+t.stats.BodyChecks-asked)
	return t.cursor >= int32(len(t.Nodes)) && t.grow >= int32(len(t.Nodes))
}

// Spent is the work the last Evaluate did, in Budget.Work's units: one
// per node evaluated, unrolled or asked again, per geo-query and per body
// test.
func (t *PlanTree) Spent() int { return t.spent }

// SetBody makes the tree test the body of every supported node with b
// (nil: docks only, the paper's test). A blocked node is pruned like an
// unsupported one. A node below an unsupported or blocked one can never
// be performed, and its body is not tested: in Table I mode its docks
// are still queried (the paper's measure) and it stays Supported. Call
// it before Reset.
func (t *PlanTree) SetBody(b Body) {
	t.body = b
	t.bounded, _ = b.(Bounded)
}

// bodyClear tests node n's body, raised by the mean height its docks'
// supports lie off their expected poses.
func (t *PlanTree) bodyClear(n *Node) bool {
	if t.body == nil {
		return true
	}
	t.stats.BodyChecks++
	return t.body.Clear(n.Action, n.Frame, t.lift(n))
}

// BelowDead reports whether an ancestor of node i is unsupported or
// blocked: node i can never be performed.
func (t *PlanTree) BelowDead(i int32) bool {
	for p := t.Nodes[i].Parent; p >= 0; p = t.Nodes[p].Parent {
		if s := t.Nodes[p].Status; s == Unsupported || s == Blocked {
			return true
		}
	}
	return false
}

// lift is the mean height of node n's supports over their expected poses.
func (t *PlanTree) lift(n *Node) float64 {
	nd := len(t.templates[n.Action])
	if nd == 0 {
		return 0
	}
	sum := 0.0
	for k := range nd {
		s := &t.Slots[n.FirstDock+int32(k)]
		sum += float64(s.Pose.Position[1] - s.Expected.Position[1])
	}
	return sum / float64(nd)
}

// Block marks child c of the root blocked (its warped motion hit the
// scene), so it is no longer a choice.
func (t *PlanTree) Block(c int32) {
	if err := t.checkChild(c); err != nil {
		panic(err)
	}
	if n := &t.Nodes[c]; n.Status == Supported {
		n.Status = Blocked
		t.stats.Blocked++
		if !n.Dead {
			t.markDead(c)
		}
	}
}

// canGrow reports whether node i still needs its children made.
func (t *PlanTree) canGrow(i int32) bool {
	n := &t.Nodes[i]
	if int(n.Depth) >= t.depth || n.NumChildren > 0 {
		return false
	}
	return t.evaluateAll || n.Status == Supported
}

// query answers slot i (template tmpl), from the parent's slot when it is
// shared, from the first slot that asked the same question when there is
// one.
func (t *PlanTree) query(q geoquery.Querier, i int32, tmpl *dock.Template) bool {
	s := &t.Slots[i]
	if s.State != Unknown { // kept by a commit
		return s.State == Supported
	}
	if s.Shared >= 0 {
		p := &t.Slots[s.Shared]
		if p.State == Unknown {
			t.query(q, s.Shared, tmpl)
		}
		s.copyAnswer(p)
		t.stats.Shared++
		return s.State == Supported
	}
	h := questionHash(s.tmpl, &s.Expected)
	if j := t.memo.asked(t.Slots, s, h); j >= 0 {
		p := &t.Slots[j]
		s.copyAnswer(p)
		t.stats.Remembered++
		return s.State == Supported
	}
	r := &t.result
	ok := q.Nearest(geoquery.Query{Template: tmpl, Expected: s.Expected, NoSupport: true}, r, &t.stats.Query)
	t.stats.Queries++
	s.State, s.Sample, s.Pose, s.Distance, s.Stale, s.Moved = Unsupported, r.Sample, r.Pose, r.Distance, false, false
	if ok {
		s.State = Supported
	}
	t.memo.put(h, i)
	return ok
}

// copyAnswer gives s the support p found.
func (s *Slot) copyAnswer(p *Slot) {
	s.State, s.Sample, s.Pose, s.Distance, s.Stale, s.Moved = p.State, p.Sample, p.Pose, p.Distance, p.Stale, p.Moved
}

// markDead marks node i dead and tells its ancestors: a node above the
// depth limit whose children are all dead is dead too (not in Table I
// mode, which removes nothing).
func (t *PlanTree) markDead(i int32) {
	t.Nodes[i].Dead = true
	for p := t.Nodes[i].Parent; p >= 0; p = t.Nodes[p].Parent {
		pn := &t.Nodes[p]
		pn.DeadChildren++
		if t.evaluateAll || pn.Dead || pn.DeadChildren < pn.NumChildren {
			return
		}
		pn.Dead = true
	}
}

// expandOne unrolls the children of node i.
func (t *PlanTree) expandOne(i int32) {
	n := t.Nodes[i]
	g := t.Graph
	f := n.Frame.Then(g.Library.Actions[n.Action].Delta)
	t.Nodes[i].FirstChild = int32(len(t.Nodes))
	sin, cos := math.Sincos(f.Yaw)
	for e := g.Offsets[n.Action]; e < g.Offsets[n.Action+1]; e++ {
		t.addNode(i, g.Edges[e], n.Depth+1, f, sin, cos, e)
	}
	t.Nodes[i].NumChildren = int32(len(t.Nodes)) - t.Nodes[i].FirstChild
}

// Stats returns the work done since Reset.
func (t *PlanTree) Stats() EvalStats { return t.stats }

// Feasible lists the root's children that are known to be supported and
// not dead.
func (t *PlanTree) Feasible(out []int32) []int32 {
	r := t.Nodes[0]
	for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
		if t.Nodes[c].Status == Supported && !t.Nodes[c].Dead {
			out = append(out, c)
		}
	}
	return out
}

// Path returns the world positions of a node's root path (its action's
// root trajectory placed at its frame), sampled every step seconds.
func (t *PlanTree) Path(i int32, step float64, out []mgl64.Vec3) []mgl64.Vec3 {
	n := t.Nodes[i]
	a := t.Graph.Library.Actions[n.Action]
	c := a.Clip
	start := t.starts[n.Action]
	nj := c.Skeleton.NumJoints()
	for tm := 0.0; ; tm += step {
		f := min(int(math.Round(tm/c.FrameTime)), c.Frames()-1)
		p := start.ToLocal(c.Trans[f*nj])
		p[1] = 0
		out = append(out, n.Frame.Apply(p))
		if f == c.Frames()-1 {
			return out
		}
	}
}

// Reserve makes room for a plan of the given depth, so that unrolling,
// evaluating and committing it never allocate.
func (t *PlanTree) Reserve(depth int) {
	nodes, slots := t.Graph.Bound(depth)
	t.Nodes = slices.Grow(t.Nodes, nodes)
	t.spare = slices.Grow(t.spare, nodes)
	t.Slots = slices.Grow(t.Slots, slots)
	t.spareS = slices.Grow(t.spareS, slots)
	t.queue = slices.Grow(t.queue, nodes)
	t.edges = slices.Grow(t.edges, nodes)
	t.recheck = slices.Grow(t.recheck, nodes)
	t.memo.reserve(slots)
	// Touch the memory now, so that no Evaluate pays for its first use.
	clear(t.Nodes[len(t.Nodes):cap(t.Nodes)])
	clear(t.spare[len(t.spare):cap(t.spare)])
	clear(t.Slots[len(t.Slots):cap(t.Slots)])
	clear(t.spareS[len(t.spareS):cap(t.spareS)])
	clear(t.queue[len(t.queue):cap(t.queue)])
	clear(t.edges[len(t.edges):cap(t.edges)])
	clear(t.recheck[len(t.recheck):cap(t.recheck)])
	t.memo.touch()
}
