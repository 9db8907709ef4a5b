package planner

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/warp"
	"github.com/go-gl/mathgl/mgl64"
)

// Input is what the player or a script asks of the character.
type Input struct {
	// Heading is the desired direction of travel (yaw, radians; 0 faces
	// +Z, π/2 faces +X). Speed is the desired speed; 0 asks to stop. For
	// a library that runs but never walks steadily, a speed under the
	// slowest of its steady runs asks for that one: a character that can
	// only run runs when asked to walk, rather than start and stop by
	// turns.
	Heading float64 // [Units: rad]
	Speed   float64 // [Units: m/s]
	// Request prefers actions with any of these tags (Setup.Tags); zero
	// for none. Without a request, climbs, vaults, hops and jumps are chosen only
	// when nothing else fits.
	Request Tags
	// Within, when positive, is how far off Heading a moving action may
	// travel before standing still (turning on the spot) is preferred to
	// it: for tight places, where walking off the way leads into a wall
	// or another character. Zero: any. [Units: rad]
	Within float64
}

// Config starts a Planner.
type Config struct {
	Start action.Frame // where the character stands [Units: m, rad] world
	State string       // the action it is performing (default, and the Stand role's tag in a library without an action of that name: Setup.StandingState)
	Depth int          // plan depth [Limit: >= 1] (default 4)
	// Work bounds everything one Update does, in units of work: plan
	// nodes, geo-queries and body tests, warps, checks of warped clips and
	// commits, each converted by its size (see DefaultWork). With Work set
	// and Budget zero, planning depends only on the inputs, so the same
	// inputs give the same motion, bit for bit, on any machine. Zero with
	// Budget zero too means DefaultWork. [Limit: >= 0]
	Work int
	// Budget bounds the planning of one Update in time. With both set,
	// planning stops at whichever ends first. [Limit: >= 0]
	Budget time.Duration
	Warp   warp.Options
	// Replan plans every action from scratch instead of keeping the chosen
	// action's subtree (for measuring what re-entrant planning saves).
	Replan bool
	// OnStep, when set, is called from Update (on the caller's goroutine)
	// each time an action starts. The Step and its slices are reused
	// after OnStep returns: copy what you keep.
	OnStep func(*Step)
	// Others, when set, are the other characters of a crowd: an action is
	// started only when it and its brake (the shortest way from its end to
	// standing still, known to be supported) keep clear of their claims,
	// and then both are claimed; the brake claimed with the current action
	// may always be taken.
	Others Others
	// Fit is how far New may move a start whose standing body is in the
	// scene (with a body check), to the nearest place where it fits
	// (StartMoved); one that fits nowhere within it is refused
	// (StartError). Zero means DefaultFit; negative keeps the start where
	// it is, and StartContact then says whether the body is in the scene.
	// [Units: m]
	Fit float64
}

// Others is the rest of a crowd as one character sees it: the ground the
// other characters have claimed over time.
type Others interface {
	// Unclaimed reports whether the moves, one after the other, keep clear of
	// every other character's claim.
	Unclaimed(moves []Move) bool
	// Claim claims the ground the moves will take, and the ground the
	// character will stand on after the last until its next claim, in
	// place of its claims on the future.
	Claim(moves []Move)
}

// Move is an action performed from a frame from a time on.
type Move struct {
	Action int32        // library index
	Frame  action.Frame // [Units: m, rad] world
	Start  float64      // [Units: s] since the planners started
}

// Step is one action the planner chose and performed.
type Step struct {
	Action  string
	Targets []warp.Target     // the supports its docks were warped onto (on the surface)
	Start   float64           // [Units: s] since the planner started
	Frame   action.Frame      // where it started, after the reorientation
	Turn    float64           // the reorientation [Units: rad]
	Docks   []warp.DockReport // how well each dock was met
	Options int               // feasible choices it was picked from
	// Commit says what the plan kept of the chosen action's subtree.
	Commit actiongraph.CommitStats
	// Refused counts the choices refused before this one because their
	// warped motion would put the body into the scene, or (Crowded of
	// them) onto ground another character has claimed; RefusedContact is
	// where the last refused for the scene touched.
	Refused        int
	Crowded        int
	RefusedAction  string
	RefusedContact ccd.Contact
	// Held says the action was warped again with the root held where the
	// plan checked the body (warp.Options.Hold): warped with the root
	// following the docks' supports, it hit the scene or left no successor
	// with its docks supported and its body clear.
	Held bool
	// DeadEnds counts the choices passed over before this one because,
	// warped, they left no successor with its docks supported; when every
	// choice did, the best of them is taken.
	DeadEnds int
}

// Planner is the runtime character: Update advances time, keeps planning
// within a budget, chooses the next action from the input when the current
// one ends, warps it onto the supports the geo-queries found, and returns
// the pose. One Planner is not safe for concurrent use; run one per
// goroutine (a Setup may be shared).
type Planner struct {
	setup *Setup
	cfg   Config
	tree  *actiongraph.PlanTree
	// warpers: the current action's warp (slot cur) and the choices'
	// warped ahead (trials), which become current only if they are clear.
	warpers  []warp.Warper
	owner    []int32 // each warper's trial (-1: free), or curOwner
	curSlot  int
	trials   []trial // per child of the plan's root, by its place among them
	forced   *trial  // a choice taken though it leaves no way on, or the start
	age      int     // the last trial use, for keeping the latest warps
	cost     []actionCost
	work     int  // the last Update's
	updates  int  // Updates so far
	started  int  // actions started since the start
	ahead    int  // of them, from trials decided in an earlier Update
	late     bool // no trials ahead: each choice is warped and checked as it starts (tests)
	waiting  bool // this Update's choice is not known within the budget
	waits    int  // Updates that held the last pose waiting for a choice
	cur      *warp.Result
	act      *action.Action
	t        float64 // into the current action [Units: s]
	clock    float64 // since the start [Units: s]
	step     Step
	pose     Pose
	stuck    int
	done     actiongraph.EvalStats // the work of plans since replaced
	feasible []int32               // the root's children feasible now
	// nearest is, per child of the plan's root, how many actions ahead
	// the nearest node in its subtree that the input requests lies (0:
	// none is known performable).
	nearest    []int8
	finder     supportFinder
	used       []used // the lattice samples the current action's docks were warped onto
	body       *ccd.Checker
	refused    int     // warped choices refused for the body, since the start
	crowded    int     // choices refused for other characters' claims, since the start
	refusedNow []int32 // the root's children refused this Update for others' claims or no way on
	// verified says, per child of the plan's root, that its warped motion
	// was checked (the trial decided) since the root last changed.
	verified []bool
	// wayBody is the body a way on is checked with (nil: the docks alone).
	// With a body, a warped choice that hits the scene, or leaves no way
	// on, is warped again with the root held where the plan checked the
	// body (warp.Options.Hold); rootHeld counts those taken so.
	wayBody  actiongraph.Body
	rootHeld int
	// deadEnd is the best choice refused this Update because, warped, it
	// left no way on (-1: none), taken when nothing else is feasible
	// (skipWayOn, skipReach); deadEnds counts such refusals since the
	// start. skipWayOn: the choice being begun need not leave a way on;
	// skipReach: nor meet its docks.
	deadEnd   int32
	skipWayOn bool
	skipReach bool
	deadEnds  int
	moves     []Move // an action and its brake, for Others
	brake     int32  // the first action of the brake claimed last (-1: none)
	// start is where the start action, which the planner cannot refuse,
	// puts the body into the scene (startHit); moved, how New moved the
	// start to where it fits.
	start    ccd.Contact
	startHit bool
	moved    StartMove
	fall     falling // a character in free fall (Fall)
	// lost is when, into the current action, a dock begins whose support
	// an edit of the scene took away (+Inf: none); carried, that the
	// character was carried since the last Rebase (its supports moved with
	// it).
	lost    float64
	carried bool
	// sceneClock is the clock when the planner moved to its setup
	// (Rebase): the setup's movers' clock read its moversAt then.
	sceneClock float64
	fallPrev   scratch // Fall's second pose buffers
	fallFK     scratch // the falling body's joints in the world
	// PlanTime is the time the last Update took.
	PlanTime time.Duration
}

// used is the supported lattice sample one dock of the current action was
// warped onto.
type used struct {
	dock   int
	sample dock.Sample
	pose   dock.Pose
}

// Pose is a skeleton pose: local translations and rotations per joint, the
// root's in the world. Trans and Rot belong to the Planner and are
// overwritten by its next Update: copy them to keep them.
type Pose struct {
	Skeleton *motion.Skeleton
	Trans    []mgl64.Vec3
	Rot      []mgl64.Quat
	Action   string
	Time     float64 // [Units: s] into the action
}

// New starts a planner over s performing cfg.State at cfg.Start.
func New(s *Setup, cfg Config) (*Planner, error) {
	if s == nil {
		return nil, errors.New("planner: New needs a Setup")
	}
	if cfg.State == "" || cfg.State == s.Library().Roles.Stand {
		cfg.State = s.StandingState()
	}
	if cfg.Depth <= 0 {
		cfg.Depth = 4
	}
	if cfg.Work < 0 || cfg.Budget < 0 {
		return nil, fmt.Errorf("planner: negative budget (work %d, time %v)", cfg.Work, cfg.Budget)
	}
	if cfg.Work == 0 && cfg.Budget == 0 {
		cfg.Work = DefaultWork
	}
	lib := s.Library()
	a := lib.Index(cfg.State)
	if a < 0 {
		return nil, fmt.Errorf("planner: no action %q", cfg.State)
	}
	tree, err := actiongraph.NewPlanTree(s.graph, s.templates, actiongraph.Prune)
	if err != nil {
		return nil, err
	}
	tree.SetReach(MaxStartDrop, warp.Reach)
	p := &Planner{setup: s, cfg: cfg, tree: tree, curSlot: -1, lost: math.Inf(1)}
	if s.sweeps != nil {
		p.body = ccd.NewChecker(s.sweeps, s.scene)
		// Alone, the plan also keeps the hands and feet the warp leaves
		// as the clip has them out of the scene; in a crowd the executed
		// motion alone checks them.
		p.body.FreeLimbs = cfg.Others == nil
		tree.SetBody(bodyTest{p.body})
		p.wayBody = bodyTest{p.body}
	}
	p.reserve()
	p.tree.Reset(cfg.Start, int32(a), cfg.Depth)
	// The first action's docks are found by querying where it expects them.
	p.step.Targets, p.used = p.step.Targets[:0], p.used[:0]
	for k, d := range lib.Actions[a].Docks {
		if tg, ok := p.finder.nearest(s.docks[a][k], k, cfg.Start.DockPose(d.Pose)); ok {
			p.step.Targets = append(p.step.Targets, tg)
			p.used = append(p.used, used{k, p.finder.res.Sample, p.finder.res.Pose})
		}
	}
	if err := p.begin(); err != nil {
		return nil, err
	}
	if p.startHit && cfg.Fit >= 0 {
		return p.moveStart(cfg, a)
	}
	return p, nil
}

// moveStart is New for a start whose standing body p found in the scene:
// a planner started at the nearest place within cfg.Fit where the body
// fits, or a StartError.
func (p *Planner) moveStart(cfg Config, a int) (*Planner, error) {
	s := p.setup
	within := cfg.Fit
	if within == 0 {
		within = DefaultFit
	}
	refuse := &StartError{At: cfg.Start, Within: within, Contact: p.start, Part: s.sweeps.Model().Capsules[p.start.Capsule].Part}
	to, ok, err := p.fitStart(a, cfg.Start, within)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, refuse
	}
	from := cfg.Start
	cfg.Start, cfg.Fit = to, -1
	q, err := New(s, cfg)
	if err != nil {
		return nil, err
	}
	if _, hit := q.StartContact(); hit {
		return nil, refuse
	}
	d := to.Position.Sub(from.Position)
	q.moved = StartMove{From: from, To: to, Distance: math.Hypot(d[0], d[2]), Contact: refuse.Contact, Part: refuse.Part}
	return q, nil
}

// bodyTest is the plan tree's view of the body checker.
type bodyTest struct{ c *ccd.Checker }

func (b bodyTest) Clear(a int32, f action.Frame, lift float64) bool {
	return b.c.Action(a, f, lift, nil)
}

// Depth is the plan depth.
func (p *Planner) Depth() int { return p.cfg.Depth }

// SetDepth changes the plan depth (at least 1); the plan restarts from the
// current action and is evaluated anew by the next Updates.
func (p *Planner) SetDepth(d int) {
	d = max(d, 1)
	if d == p.cfg.Depth {
		return
	}
	p.cfg.Depth = d
	p.tree.Reserve(d)
	p.restart()
}

// reserve makes room for everything Update uses, so that it never
// allocates: the plan at its depth, the warp of the longest action, the
// targets and choices of any action.
func (p *Planner) reserve() {
	lib := p.setup.Library()
	p.tree.Reserve(p.cfg.Depth)
	docks, choices := 0, 0
	for a := range lib.Actions {
		docks = max(docks, len(lib.Actions[a].Docks))
		choices = max(choices, len(p.setup.graph.Next(int32(a))))
	}
	sk := lib.Actions[0].Clip.Skeleton
	p.pose = Pose{Skeleton: sk, Trans: make([]mgl64.Vec3, sk.NumJoints()), Rot: make([]mgl64.Quat, sk.NumJoints())}
	p.reserveFall(sk.NumJoints())
	p.step.Targets = make([]warp.Target, 0, docks)
	p.used = make([]used, 0, docks)
	p.feasible = make([]int32, 0, choices)
	p.nearest = make([]int8, choices)
	p.refusedNow = make([]int32, 0, choices)
	p.reserveTrials(docks, choices)
	p.moves = make([]Move, 0, 1+maxBrake)
	p.finder.q = p.setup.query
	p.finder.src = make([]mgl64.Vec3, 0, dock.MaxPoints)
	p.finder.dst = make([]mgl64.Vec3, 0, dock.MaxPoints)
}

// restart plans anew from the current action.
func (p *Planner) restart() {
	p.addStats()
	r := p.tree.Nodes[0]
	p.tree.Reset(r.Frame, r.Action, p.cfg.Depth)
	p.resetTrials()
}

func (p *Planner) addStats() { p.done.Add(p.tree.Stats()) }

// Update advances the character by dt seconds under input in and returns
// its pose. When the current action ends, the feasible child of the plan
// that best matches the input is chosen (a child not yet known to be
// supported is never chosen, nor, while another is left, one that warped
// would leave no way on); when none is feasible — every way on is known
// to end within the plan — the best child whose own docks are supported
// is taken (chooseDead: the character goes on as far as there is support
// rather than freeze mid-stride); when there is none, the character holds
// its last pose and Stuck counts it. The frame's work budget then goes,
// up to half of it first, to warping and checking ahead the choice the
// input would take (trials), so that the frame an action starts in finds
// it done, and to evaluating the plan. Update allocates nothing: New and SetDepth make room for
// everything it uses.
func (p *Planner) Update(dt float64, in Input) Pose {
	t0 := time.Now()
	if !p.fall.on && p.t >= p.lost {
		p.Fall()
	}
	if p.fall.on {
		if p.fallStep(dt) {
			p.updates++
			p.clock += dt
			p.work = 0
			p.PlanTime = time.Since(t0)
			return p.fallPose()
		}
		p.clock += dt // landed: the frame goes on from the landing
		dt = 0
	}
	p.updates++
	p.t += dt
	p.clock += dt
	p.refusedNow = p.refusedNow[:0]
	p.deadEnd = -1
	spent := 0
	for p.t >= p.act.Duration() {
		c, ok := p.choose(in)
		p.skipWayOn, p.skipReach = false, false
		rescued := false
		if !ok {
			c, ok, rescued = p.fallback(in)
		}
		if !ok {
			p.stuck++
			p.t = p.act.Duration()
			break
		}
		d := p.act.Duration()
		p.t -= d
		started, w, err := p.execute(c, in, spent)
		spent += w
		if err != nil {
			p.stuck++
			break
		}
		if !started {
			p.t += d // its warped motion hit the scene: choose again
		}
		if !started && (p.waiting || p.cfg.Work > 0 && spent >= p.cfg.Work) {
			// The budget is spent on choices not yet known: hold the
			// last pose and go on choosing in the next Update.
			p.t = p.act.Duration()
			if rescued {
				p.stuck++ // no choice was known: the character stands
			} else {
				p.waits++
			}
			break
		}
	}
	p.waiting = false
	p.refusedNow = p.refusedNow[:0]
	if p.cfg.Work > 0 {
		// The next choice's trials first, with up to half the budget, so
		// that a plan which takes every frame's budget still has its next
		// choice ready when the action ends.
		spent += p.prepare(in, spent, p.cfg.Work/2, t0)
	}
	b := actiongraph.Budget{Work: p.cfg.Work}
	if p.cfg.Work > 0 {
		// At least an eighth of the budget, so a new plan always makes
		// progress.
		b.Work = max(p.cfg.Work-spent, p.cfg.Work/8)
	}
	if p.cfg.Budget > 0 {
		// What is left of the frame's budget, less a tenth for the last
		// unit of work to finish in (and at least an eighth of it).
		b.Time = max(p.cfg.Budget*9/10-time.Since(t0), p.cfg.Budget/8)
	}
	p.tree.Evaluate(p.setup.query, b)
	spent += p.tree.Spent()
	spent += p.prepare(in, spent, p.cfg.Work, t0)
	p.work = spent
	p.PlanTime = time.Since(t0)
	return p.Pose()
}

// Waits counts the Updates, since the start, that held the last pose
// because the frame's budget ran out before any choice was known to be
// clear (the trials go on in the next Updates).
func (p *Planner) Waits() int { return p.waits }

// Ahead counts the actions, since the start, that started from a trial
// finished in an earlier Update: the frame they started in only chose.
func (p *Planner) Ahead() int { return p.ahead }

// Work is the work the last Update did, in the units of Config.Work: plan
// nodes, warps, checks of warped clips and trials (see DefaultWork).
func (p *Planner) Work() int { return p.work }

// warpOptions are the options the next action is warped with: the
// configured ones, with the scene as ground, the body's foot clearance and
// the library's knee hinges.
func (p *Planner) warpOptions() warp.Options {
	opt := p.cfg.Warp
	opt.Ground = p.setup.query.BVH()
	opt.FootClearance = p.setup.footClear
	if opt.Knees == ([2]mgl64.Vec3{}) {
		opt.Knees = p.setup.knees
	}
	return opt
}

// carry is what the next action's warp continues from: the current
// action's warp, or nothing at the start.
func (p *Planner) carry() warp.Carry {
	if p.cur == nil {
		return warp.Carry{}
	}
	return p.cur.Next
}

// wayOn reports whether child c of the root, started at root, has a
// successor with its docks supported there (and, when the planner holds
// warps, its body clear).
func (p *Planner) wayOn(c int32, root action.Frame) bool {
	return p.tree.HasWayOn(c, root, p.setup.query, p.wayBody)
}

// reached reports whether the warp met every dock.
func reached(docks []warp.DockReport) bool {
	for _, d := range docks {
		if !d.Reached {
			return false
		}
	}
	return true
}

// withBrake is action a performed from frame f from start on, followed by
// the shortest way from its end to standing, placed as the plan will
// place them (from plan, a's frame in the plan): a character starts an
// action only when it can also stop after it.
func (p *Planner) withBrake(a int32, f, plan action.Frame, start float64) []Move {
	lib := p.setup.Library()
	p.moves = append(p.moves[:0], Move{a, f, start})
	for _, b := range p.setup.brake[a] {
		last := p.moves[len(p.moves)-1]
		prev := lib.Actions[last.Action]
		plan = plan.Then(prev.Delta)
		p.moves = append(p.moves, Move{b, plan, last.Start + prev.Duration()})
	}
	return p.moves
}

// standing is what standing still adds to the score of a character asked
// to move.
const standing = 1.5

// offWithin is what a moving action travelling farther off the heading
// than Input.Within adds to its score: more than standing still and
// turning through half a turn costs.
const offWithin = 3.0

// canBrake reports whether the character could stop after child c of the
// plan: the first action of c's brake (the shortest way from c to
// standing still) must be known supported after c, when the character
// claims its brake in a crowd or checks its body. relaxed (not in a
// crowd) lets any other supported child of c with a way on and a brake of
// at most two actions do as well (a stop, or a step a stop may follow),
// unless it leaps and the input does not request it (req): a climb ends
// standing, but is no way to stop. The brake's own first action may have
// no support where another does; choose asks relaxed only when no child
// can brake otherwise.
func (p *Planner) canBrake(c int32, req Tags, relaxed bool) bool {
	if p.cfg.Others == nil && p.setup.Sweeps() == nil {
		return true
	}
	n := &p.tree.Nodes[c]
	b := p.setup.brake[n.Action]
	if len(b) == 0 || b[0] == n.Action {
		return true
	}
	relaxed = relaxed && p.cfg.Others == nil
	for k := n.FirstChild; k < n.FirstChild+n.NumChildren; k++ {
		m := &p.tree.Nodes[k]
		if m.Status != actiongraph.Supported {
			continue
		}
		if m.Action == b[0] {
			return true
		}
		if l := len(p.setup.brake[m.Action]); relaxed && !m.Dead && l > 0 && l < maxBrake && p.setup.tags[m.Action]&(p.setup.leaps&^req) == 0 {
			return true
		}
	}
	return false
}

// choose scores the root's feasible children against the input, among
// those after which the character can stop (canBrake; relaxed when none
// can otherwise). When the input requests an action (Input.Request) that
// the plan holds ahead, supported and alive (requestsAhead), only the
// children it lies fewest actions below are chosen from: the character
// makes its way to it.
func (p *Planner) choose(in Input) (int32, bool) {
	p.feasible = p.tree.Feasible(p.feasible[:0])
	if in.Request != 0 {
		p.requestsAhead(in.Request)
	}
	best, score, nearest := p.pick(in, false)
	if best < 0 {
		best, score, nearest = p.pick(in, true)
	}
	if best >= 0 && in.Speed > 0 && p.cfg.Others == nil && nearest == 0 && !p.travels(best) {
		best = p.turnToMove(in, best, score)
	}
	return best, best >= 0
}

// pick is choose's best feasible child, its score and how many actions
// below it the nearest requested action lies (0: none, or no request),
// with canBrake relaxed or not.
func (p *Planner) pick(in Input, relaxed bool) (int32, float64, int8) {
	lib := p.setup.Library()
	first := p.tree.Nodes[0].FirstChild
	ok := func(c int32) bool { return !slices.Contains(p.refusedNow, c) && p.canBrake(c, in.Request, relaxed) }
	nearest := int8(0)
	for _, c := range p.feasible {
		if d := p.nearest[c-first]; in.Request != 0 && d > 0 && (nearest == 0 || d < nearest) && ok(c) {
			nearest = d
		}
	}
	best, bestScore := int32(-1), math.Inf(1)
	for _, c := range p.feasible {
		if !ok(c) || nearest > 0 && p.nearest[c-first] != nearest {
			continue
		}
		n := &p.tree.Nodes[c]
		if score := p.score(n, lib.Actions[n.Action], in); score < bestScore {
			best, bestScore = c, score
		}
	}
	return best, bestScore, nearest
}

// requestsAhead fills nearest: for each child of the root, how many
// actions ahead (counting the child) lies the nearest node of its subtree
// carrying a tag of req that is supported, alive and below no dead node.
func (p *Planner) requestsAhead(req Tags) {
	t := p.tree
	r := t.Nodes[0]
	near := p.nearest[:r.NumChildren]
	clear(near)
	for i := r.FirstChild + r.NumChildren; i < int32(len(t.Nodes)); i++ {
		n := &t.Nodes[i]
		if n.Status != actiongraph.Supported || n.Dead || p.setup.tags[n.Action]&req == 0 || t.BelowDead(i) || !p.fitsAhead(n) {
			continue
		}
		c := i
		for t.Nodes[c].Parent != 0 {
			c = t.Nodes[c].Parent
		}
		if k := c - r.FirstChild; near[k] == 0 || int8(n.Depth) < near[k] {
			near[k] = int8(n.Depth)
		}
	}
}

// fitAhead bounds how far across the ground, and how far turned, a
// requested action ahead may find the supports of its docks from where
// it expects them and still draw the character towards it: farther, its
// hands or feet land elsewhere than the clip plants them (a ledge's top
// 10 cm wide, feet turned along it), and its warp does not reach them.
const (
	fitAhead     = 0.12               // [Units: m]
	fitAheadTurn = 15 * math.Pi / 180 // [Units: rad]
)

// fitsAhead reports whether node n's supports lie within fitAhead and
// fitAheadTurn of where its action expects them.
func (p *Planner) fitsAhead(n *actiongraph.Node) bool {
	for k := range p.setup.Library().Actions[n.Action].Docks {
		s := &p.tree.Slots[n.FirstDock+int32(k)]
		d := s.Pose.Position.Sub(s.Expected.Position)
		turn := math.Remainder(float64(s.Pose.Yaw-s.Expected.Yaw), 2*math.Pi)
		if math.Hypot(float64(d[0]), float64(d[2])) > fitAhead || math.Abs(turn) > fitAheadTurn {
			return false
		}
	}
	return true
}

// chooseDead is, when no child of the plan is feasible, the best child
// whose own docks are supported though every way on from it is known to
// end (Dead): the character goes on as far as it can rather than freeze.
func (p *Planner) chooseDead(in Input) (int32, bool) {
	lib := p.setup.Library()
	best, bestScore := int32(-1), math.Inf(1)
	r := p.tree.Nodes[0]
	for _, relaxed := range [2]bool{false, true} {
		for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
			n := &p.tree.Nodes[c]
			if n.Status != actiongraph.Supported || slices.Contains(p.refusedNow, c) || !p.canBrake(c, in.Request, relaxed) {
				continue
			}
			if score := p.score(n, lib.Actions[n.Action], in); score < bestScore {
				best, bestScore = c, score
			}
		}
		if best >= 0 {
			break
		}
	}
	return best, best >= 0
}

// fallback is the choice when choose finds none: the best of the ways
// refused this Update for leading nowhere (force and reachOff: taken
// anyway); when every way on is known to end, the best child whose own
// docks are supported (chooseDead: the character goes as far as there is
// support rather than freeze mid-stride; a feasible choice refused for
// another's claim is waited for); when every choice is blocked, the
// best that only the plan's body test blocked (rescue, which rescued
// reports).
func (p *Planner) fallback(in Input) (c int32, ok, rescued bool) {
	if p.deadEnd >= 0 {
		c, p.deadEnd, p.skipWayOn, p.skipReach = p.deadEnd, -1, true, true
		return c, true, false
	}
	if len(p.feasible) > 0 {
		return -1, false, false
	}
	if c, ok = p.chooseDead(in); ok {
		p.skipWayOn = true
		return c, true, false
	}
	c, ok = p.rescue(in)
	p.skipWayOn = ok
	return c, ok, ok
}

// rescue is, when no choice is left, the best child of the plan that only
// the plan's body test blocked (its warped motion not yet checked): that
// test places the clip where the plan expects it, moved by its docks'
// supports, while the warp bends the limbs onto them and holds the root
// where the body was, and the check of the warped motion is the one that
// counts. A character that stands where each way on brushes the scene in
// the plan's test, though the warped motion need not, moves on so.
func (p *Planner) rescue(in Input) (int32, bool) {
	if p.body == nil || p.cfg.Others != nil {
		return -1, false
	}
	lib := p.setup.Library()
	r := p.tree.Nodes[0]
	best, bestScore := int32(-1), math.Inf(1)
	for c := r.FirstChild; c < r.FirstChild+r.NumChildren; c++ {
		n := &p.tree.Nodes[c]
		if n.Status != actiongraph.Blocked || p.verified[c-r.FirstChild] || slices.Contains(p.refusedNow, c) {
			continue
		}
		if score := p.score(n, lib.Actions[n.Action], in); score < bestScore {
			best, bestScore = c, score
		}
	}
	return best, best >= 0
}

// MaxStartDrop is how far the warp may lower the root at an action's
// first frame, beyond what the action before left it at, for a limb to
// reach its support (warp.Result.StartDrop): the root jumps that far
// between two frames, and 5 cm is the most a walk may show, the clip's
// own motion included. [Units: m]
const MaxStartDrop = 0.04

// travels reports whether plan node c's action takes the character
// anywhere (more than 5 cm).
func (p *Planner) travels(c int32) bool {
	d := p.setup.Library().Actions[p.tree.Nodes[c].Action].Delta.Translation
	return math.Hypot(d[0], d[2]) > 0.05
}

// SlideAngle is how far off the input's heading a character standing at a
// wall or an edge may set off instead, along it: 85°, so that it walks
// along a wall it is steered at more than 5° off straight, as a game
// character slides along one. [Units: rad]
const SlideAngle = 85 * math.Pi / 180

// slideTie is how close the best ways off to the left and to the right of
// the heading may score before the input counts as pointing straight at
// the wall or edge, and the character stands.
const slideTie = 0.15

// turnToMove is the choice of a character asked to move whose best
// action stands still (facing a wall or an edge): of the standing actions
// it may take (idle, turning on the spot, stepping back), the one after
// which the best move scores best, when that move travels within
// SlideAngle of the heading and beats standing (scores under best's
// score). When the best ways off to either side score alike, the input
// points straight at the obstacle and the character stands (best).
func (p *Planner) turnToMove(in Input, best int32, bestScore float64) int32 {
	lib := p.setup.Library()
	var side [2]struct {
		c     int32
		score float64
	}
	side[0].score, side[1].score = bestScore, bestScore
	for _, c := range p.feasible {
		if p.travels(c) || slices.Contains(p.refusedNow, c) {
			continue
		}
		n := &p.tree.Nodes[c]
		for g := n.FirstChild; g < n.FirstChild+n.NumChildren; g++ {
			m := &p.tree.Nodes[g]
			if m.Status != actiongraph.Supported || m.Dead || !p.travels(g) {
				continue
			}
			a := lib.Actions[m.Action]
			end := m.Frame.Then(a.Delta)
			off := math.Remainder(math.Atan2(end.Position[0]-m.Frame.Position[0], end.Position[2]-m.Frame.Position[2])-in.Heading, 2*math.Pi)
			if math.Abs(off) > SlideAngle {
				continue
			}
			k := 0
			if off > 0 {
				k = 1
			}
			if s := p.score(m, a, in); s < side[k].score {
				side[k].c, side[k].score = c, s
			}
		}
	}
	l, r := side[0].score < bestScore, side[1].score < bestScore
	switch {
	case l && r && math.Abs(side[0].score-side[1].score) < slideTie:
		return best
	case l && (!r || side[0].score < side[1].score):
		return side[0].c
	case r:
		return side[1].c
	}
	return best
}

// score is how badly node n (performing a) matches the input: speed,
// direction and heading off, requested tags missing, docks away from where
// the action expects them. Lower is better.
func (p *Planner) score(n *actiongraph.Node, a *action.Action, in Input) float64 {
	end := n.Frame.Then(a.Delta)
	travel := math.Hypot(a.Delta.Translation[0], a.Delta.Translation[2])
	dir := math.Atan2(end.Position[0]-n.Frame.Position[0], end.Position[2]-n.Frame.Position[2])
	speed := in.Speed
	if speed > 0 {
		speed = max(speed, p.setup.cruise)
	}
	score := math.Abs(travel/a.Duration() - speed)
	switch {
	case in.Speed > 0 && travel > 0.05:
		off := math.Abs(math.Remainder(dir-in.Heading, 2*math.Pi))
		score += scoreTravelOff*off + scoreFacingOff*math.Abs(math.Remainder(end.Yaw-in.Heading, 2*math.Pi))
		if in.Within > 0 && off > in.Within {
			score += offWithin
		}

	case in.Speed > 0:
		// Standing still when asked to move, the better the more it ends
		// facing the heading (turning on the spot).
		score += standing + scoreFacingOff*math.Abs(math.Remainder(end.Yaw-in.Heading, 2*math.Pi))
	}
	tags := p.setup.tags[n.Action]
	if in.Request != 0 {
		if tags&in.Request != 0 {
			score -= scoreRequested
		}
	} else if tags&p.setup.athletic != 0 {
		score += scoreAthletic
	}
	// Prefer actions whose docks fit the ground as they are.
	for k := range a.Docks {
		if s := &p.tree.Slots[n.FirstDock+int32(k)]; s.State == actiongraph.Supported && s.Shared < 0 {
			score += scoreDockMoved * float64(s.Distance)
		}
	}
	return score
}

// The weights of score, in its units: a speed off by 1 m/s scores 1.
const (
	// scoreTravelOff is per radian the action travels off the heading, and
	// scoreFacingOff per radian it ends facing off it: where it goes counts
	// more than where it faces, so a side step along a wall beats a turn
	// into it. [Units: 1/rad]
	scoreTravelOff, scoreFacingOff = 0.6, 0.4
	// scoreRequested is taken off an action the input requests (a climb, a
	// hop): more than any heading or speed can add, so a requested action
	// the plan holds is taken.
	scoreRequested = 3
	// scoreAthletic is added to an athletic action (a hop, vault or climb)
	// the input does not request: taken only when nothing else goes on.
	scoreAthletic = 1
	// scoreDockMoved is per metre-equivalent (geoquery's metric) a dock's
	// support lies from where the clip expects it: an action whose feet
	// land as captured needs the least warping. [Units: 1/m]
	scoreDockMoved = 2
)

// Pose returns the current pose (the warped clip sampled at the current
// time), in buffers the next Update overwrites.
func (p *Planner) Pose() Pose {
	if p.fall.on {
		return p.fallPose()
	}
	c := p.cur.Clip
	n := c.Skeleton.NumJoints()
	if len(p.pose.Trans) != n {
		p.pose.Trans, p.pose.Rot = make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	}
	// Clips made apart (the crowd's moves) hold equal skeletons of their
	// own: the buffers serve them all.
	p.pose.Skeleton = c.Skeleton
	c.Sample(p.t, p.pose.Trans, p.pose.Rot)
	p.pose.Action, p.pose.Time = p.act.Name, p.t
	return p.pose
}

// Plan is the plan tree being evaluated (read-only for callers).
func (p *Planner) Plan() *actiongraph.PlanTree { return p.tree }

// Stats is the planning work since the planner started.
func (p *Planner) Stats() actiongraph.EvalStats {
	s := p.tree.Stats()
	s.Add(p.done)
	return s
}

// Refused counts the warped choices refused because the body would hit
// the scene, since the start.
func (p *Planner) Refused() int { return p.refused }

// Held counts the actions taken with the root held where the plan checked
// the body (Step.Held), since the start.
func (p *Planner) Held() int { return p.rootHeld }

// DeadEnds counts the choices passed over since the start because, warped,
// they would have left no way on (Step.DeadEnds).
func (p *Planner) DeadEnds() int { return p.deadEnds }

// StartContact reports whether the start action (Config.State at
// Config.Start), which the planner performs as it is given, puts the body
// into the scene, and where: a start the body does not fit. Always false
// without a body check.
func (p *Planner) StartContact() (ccd.Contact, bool) { return p.start, p.startHit }

// Body is the body checker's work since the start (zero without a body).
func (p *Planner) Body() ccd.Stats {
	if p.body == nil {
		return ccd.Stats{}
	}
	return p.body.Stats
}

// Crowded counts the choices refused, since the start, because another
// character had claimed the ground they would take.
func (p *Planner) Crowded() int { return p.crowded }

// Stuck counts the times no action was feasible when one was needed.
func (p *Planner) Stuck() int { return p.stuck }

// Current is the warped action being performed; it is overwritten when
// the next action starts.
func (p *Planner) Current() *warp.Result { return p.cur }

// Last is the last action started (its slices are reused by the next).
func (p *Planner) Last() *Step { return &p.step }
