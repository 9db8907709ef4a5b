package planner

import (
	"math"
	"slices"
	"time"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/warp"
)

// The units of Config.Work. Everything an Update does is counted in one
// unit: a plan node evaluated, unrolled or asked again, a geo-query and a
// body test are one each (actiongraph.Budget.Work), and the other costs on
// the per-frame path are converted by their size:
//   - a warp: one unit per WarpPerUnit joint-frames of the action's clip,
//     done in warp.Steps steps of about warp.StepShare of it each;
//   - the check of a warped clip: one unit per CheckPerUnit capsule-instants,
//     and one per NarrowPerUnit distances its narrow phase measures;
//   - a way on: one unit per geo-query or body test it asks;
//   - a commit: one unit per CommitPerUnit plan nodes kept;
//   - a choice's targets: one unit per dock.
//
// The rates make a unit of each kind cost about as much as the costliest
// unit of planning (BenchmarkWorkUnits measures them), so DefaultWork
// bounds a frame's time as well as its work.
const (
	// DefaultWork is the frame's budget when Config sets neither Work nor
	// Budget: within 2 ms on the reference machine (docs/performance.md).
	DefaultWork   = 900
	WarpPerUnit   = 4
	CheckPerUnit  = 1
	CommitPerUnit = 4
	// CheckPart is the work one step of a warped clip's check is sized
	// for: a long clip is checked in parts of as many frames (ccd.ClipPart).
	// Near the scene the narrow phase adds one unit per NarrowPerUnit
	// exact distances and plane bounds it measures.
	CheckPart     = 30
	NarrowPerUnit = 2
)

// actionCost is the work of warping an action and of checking its warped
// clip, which is checked part frames at a time.
type actionCost struct{ warp, check, part int }

// costs sizes the work of each action of the library.
func (p *Planner) costs() {
	lib := p.setup.Library()
	p.cost = make([]actionCost, len(lib.Actions))
	caps, sub := 0, 1
	if sw := p.setup.Sweeps(); sw != nil {
		caps, sub = len(sw.Model().Capsules), max(sw.Options().ClipSubsteps, 1)
	}
	part := max(1, CheckPart*CheckPerUnit/max(caps*sub, 1))
	for a, act := range lib.Actions {
		c := act.Clip
		p.cost[a] = actionCost{
			warp:  ceilDiv(c.Frames()*c.Skeleton.NumJoints(), WarpPerUnit),
			check: ceilDiv(((c.Frames()-1)*sub+1)*caps, CheckPerUnit),
			part:  part,
		}
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// stage is how far a trial has got.
type stage uint8

const (
	toWarp      stage = iota // warp with the root following the supports
	toCheck                  // check the warped clip
	toWayOn                  // look for a way on from its end
	toHold                   // warp again with the root held
	toCheckHeld              // check that
	toWayOnHeld              // and look for a way on from its end
	decided
)

// verdict is what a trial found.
type verdict uint8

const (
	unknown verdict = iota
	clearOn         // clear, with a way on: it may start
	hits            // the body hits the scene, or a limb does not reach
	noWayOn         // warped, it leaves no way on
)

// trial is a child of the plan's root warped and checked as it would be
// started, possibly over several Updates before the one it starts in. A
// trial holds as long as the plan's slots it was made from do.
type trial struct {
	id      int32
	c       int32 // the child (-1: none)
	stage   stage
	verdict verdict
	slot    int // its warper (-1: no warp kept)
	w       *warp.Result
	root    action.Frame // where the plan goes on from after it
	hold    bool         // warped with the root held
	checked int          // the frames of its warp checked so far
	// warpStep is the next step of its warp (warp.Warper.Step; 0: none
	// begun).
	warpStep int
	clear    bool
	wayOn    bool
	held     bool // clear and on only with the root held
	// force: it need not leave a way on; reachOff: nor meet its docks.
	force, reachOff bool
	slots           []actiongraph.Slot // the plan's slots its targets were made from
	targets         []warp.Target
	used            []used
	contact         ccd.Contact
	age             int
	update          int // the Update it was decided in
}

const (
	free     = -1 // a warper no trial holds
	curOwner = -2 // the warper of the action being performed
)

// reserveTrials makes room for the trials of any root and their warps.
func (p *Planner) reserveTrials(docks, choices int) {
	lib := p.setup.Library()
	p.warpers = make([]warp.Warper, 4)
	p.owner = make([]int32, len(p.warpers))
	for i := range p.warpers {
		p.warpers[i].Reserve(lib)
		p.owner[i] = free
	}
	p.trials = make([]trial, choices+1)
	for i := range p.trials {
		tr := &p.trials[i]
		tr.id, tr.c, tr.slot = int32(i), -1, -1
		tr.slots = make([]actiongraph.Slot, 0, docks)
		tr.targets = make([]warp.Target, 0, docks)
		tr.used = make([]used, 0, docks)
	}
	p.forced = &p.trials[choices]
	p.verified = make([]bool, choices)
	p.costs()
}

// resetTrials forgets every trial: the plan's root changed.
func (p *Planner) resetTrials() {
	for i := range p.trials {
		p.reset(&p.trials[i])
	}
	clear(p.verified)
}

// reset empties tr, freeing its warper.
func (p *Planner) reset(tr *trial) {
	if tr.slot >= 0 && p.owner[tr.slot] == tr.id {
		p.owner[tr.slot] = free
	}
	tr.c, tr.slot, tr.w = -1, -1, nil
	tr.stage, tr.verdict = toWarp, unknown
	tr.hold, tr.clear, tr.wayOn, tr.held, tr.force, tr.reachOff, tr.checked, tr.warpStep = false, false, false, false, false, false, 0, 0
	tr.slots, tr.targets, tr.used = tr.slots[:0], tr.targets[:0], tr.used[:0]
}

// trialFor is the trial of child c of the root, made anew when the plan's
// slots it was made from changed; it reports the work of making it.
func (p *Planner) trialFor(c int32) (*trial, int) {
	tr := &p.trials[c-p.tree.Nodes[0].FirstChild]
	p.age++
	tr.age = p.age
	if tr.c == c && p.holds(tr) {
		return tr, 0
	}
	return tr, p.remake(tr, c, false, false)
}

// forcedFor is the trial of child c of the root taken though it need not
// leave a way on (force) nor meet its docks (reachOff), made anew unless
// it is the one made last; it reports the work of making it.
func (p *Planner) forcedFor(c int32, force, reachOff bool) (*trial, int) {
	tr := p.forced
	if tr.c == c && tr.force == force && tr.reachOff == reachOff && p.holds(tr) {
		return tr, 0
	}
	return tr, p.remake(tr, c, force, reachOff)
}

// holds reports whether the plan's slots tr was made from are unchanged.
func (p *Planner) holds(tr *trial) bool {
	n := &p.tree.Nodes[tr.c]
	return slices.Equal(tr.slots, p.tree.Slots[n.FirstDock:n.FirstDock+int32(len(tr.slots))])
}

// remake empties tr and makes it child c's, with its targets from the
// plan's slots now; it reports the work: a unit per dock.
func (p *Planner) remake(tr *trial, c int32, force, reachOff bool) int {
	p.reset(tr)
	tr.c, tr.force, tr.reachOff = c, force, reachOff
	p.targetsOf(tr)
	n := &p.tree.Nodes[c]
	nd := int32(len(p.setup.docks[n.Action]))
	tr.slots = append(tr.slots, p.tree.Slots[n.FirstDock:n.FirstDock+nd]...)
	return int(nd)
}

// targetsOf makes tr's warp targets: its docks' supports moved onto the
// surface.
func (p *Planner) targetsOf(tr *trial) {
	n := p.tree.Nodes[tr.c]
	tmpl := p.setup.docks[n.Action]
	for k := range tmpl {
		s := &p.tree.Slots[n.FirstDock+int32(k)]
		if s.State != actiongraph.Supported {
			continue
		}
		if s.Shared >= n.FirstDock { // the support of an earlier dock of c
			sameTarget(tr, int(s.Shared-n.FirstDock), k)
			continue
		}
		if tg, ok := p.finder.target(tmpl[k], k, s); ok {
			tr.targets = append(tr.targets, tg)
			tr.used = append(tr.used, used{k, s.Sample, s.Pose})
		}
	}
}

// sameTarget gives dock k the target (and support) of dock m, when m has
// one: a foot set down again where it stood.
func sameTarget(tr *trial, m, k int) {
	for i, tg := range tr.targets {
		if tg.Dock == m {
			tg.Dock = k
			tr.targets = append(tr.targets, tg)
			tr.used = append(tr.used, used{k, tr.used[i].sample, tr.used[i].pose})
			return
		}
	}
}

// slotFor gives tr a warper: a free one, or the one of the trial used
// longest ago (which then warps again when it is next needed).
func (p *Planner) slotFor(tr *trial) int {
	if tr.slot >= 0 {
		return tr.slot
	}
	best, oldest := -1, math.MaxInt
	for s, o := range p.owner {
		if o == free {
			best = s
			break
		}
		if o >= 0 && o != tr.id && p.trials[o].age < oldest {
			best, oldest = s, p.trials[o].age
		}
	}
	if o := p.owner[best]; o >= 0 {
		p.drop(&p.trials[o])
	}
	p.owner[best], tr.slot = tr.id, best
	return best
}

// drop takes tr's warp away; a trial not yet decided starts again.
func (p *Planner) drop(tr *trial) {
	tr.slot, tr.w = -1, nil
	if tr.stage != decided {
		tr.stage, tr.hold, tr.clear, tr.wayOn, tr.checked, tr.warpStep = toWarp, false, false, false, 0, 0
	}
}

// nextCost is the work of tr's next stage.
func (p *Planner) nextCost(tr *trial) int {
	a := p.tree.Nodes[tr.c].Action
	switch tr.stage {
	case toWarp, toHold:
		return ceilDiv(p.cost[a].warp*warp.StepShare[tr.warpStep], 100)
	case toCheck, toCheckHeld:
		c := p.cost[a]
		frames := p.setup.Library().Actions[a].Clip.Frames()
		w := ceilDiv(c.check*min(c.part, frames-1-tr.checked), max(frames-1, 1))
		if tr.checked+c.part >= frames-1 && tr.c > 0 && len(p.setup.movers) > 0 {
			w += c.check // the last part, then the movers' paths (movingClear)
		}
		return w
	case decided:
		return 0
	}
	return 1
}

// advance does tr's next stage and reports its work.
func (p *Planner) advance(tr *trial) (int, error) {
	n := &p.tree.Nodes[tr.c]
	a := p.setup.Library().Actions[n.Action]
	work := p.nextCost(tr)
	switch tr.stage {
	case toWarp, toHold:
		wp := &p.warpers[p.slotFor(tr)]
		if tr.warpStep == 0 {
			opt := p.warpOptions()
			opt.Hold = tr.stage == toHold
			if err := wp.Begin(a, n.Frame, tr.targets, p.carry(), opt); err != nil {
				return work, err
			}
		}
		w, done, err := wp.Step()
		if err != nil {
			return work, err
		}
		if tr.warpStep++; !done {
			return work, nil
		}
		tr.warpStep = 0
		tr.w, tr.root, tr.hold, tr.checked = w, w.End(), tr.stage == toHold, 0
		switch {
		case !tr.hold && p.body == nil:
			tr.stage = toWayOn
		case !tr.hold:
			tr.stage = toCheck
		case reached(w.Docks):
			tr.stage = toCheckHeld
		default:
			p.decide(tr)
		}
	case toCheck:
		done, clear, near := p.checkPart(tr)
		work += near
		if !clear {
			tr.clear, tr.stage = false, toWayOn
		} else if done {
			tr.clear, tr.stage = true, toWayOn
		}
	case toCheckHeld:
		done, clear, near := p.checkPart(tr)
		work += near
		if !clear {
			p.decide(tr)
		} else if done {
			tr.stage = toWayOnHeld
		}
	case toWayOn, toWayOnHeld:
		before := p.tree.Stats()
		on := tr.force || p.wayOn(tr.c, tr.root)
		after := p.tree.Stats()
		work = max(1, int(after.Queries-before.Queries+after.BodyChecks-before.BodyChecks))
		switch {
		case tr.stage == toWayOnHeld:
			if on {
				tr.clear, tr.wayOn, tr.held = true, true, true
			}
			p.decide(tr)
		case p.body == nil:
			tr.clear, tr.wayOn = true, on
			p.decide(tr)
		case tr.clear && on:
			tr.wayOn = true
			p.decide(tr)
		default:
			// The root followed the docks' supports away from where the
			// plan checked the body and its successors: warp it again
			// with the root held there.
			tr.wayOn = on
			tr.stage = toHold
		}
	}
	return work, nil
}

// checkPart checks the next part of tr's warp: it reports whether the
// whole warp is checked, whether the part is clear, and the work its
// narrow phase did beyond the part's size (one unit per NarrowPerUnit
// exact distances and plane bounds measured).
func (p *Planner) checkPart(tr *trial) (done, clear bool, near int) {
	st := &p.body.Stats
	before := st.Steps + st.Bounds
	c := tr.w.Clip
	last := c.Frames() - 1
	to := min(tr.checked+p.cost[p.tree.Nodes[tr.c].Action].part, last)
	if last == 0 {
		clear, done = p.body.Clip(c, &tr.contact), true
	} else {
		clear = p.body.ClipPart(c, tr.checked, to, &tr.contact)
		tr.checked, done = to, !clear || to == last
		if done {
			tr.checked = 0
		}
	}
	moving := 0
	if done && clear && tr.c > 0 && len(p.setup.movers) > 0 {
		clear = p.movingClear(c, p.clock-p.t+p.act.Duration(), &tr.contact)
		moving = p.cost[p.tree.Nodes[tr.c].Action].check // it measures the clip again, at least once
	}
	return done, clear, int(st.Steps+st.Bounds-before)/NarrowPerUnit + moving
}

// decide ends tr: a choice whose warp leaves a foot or hand short of its
// support (out of the limb's reach), or reaches it only by dropping the
// root at once, is refused as if the body hit. A refused choice is
// blocked in the plan.
func (p *Planner) decide(tr *trial) {
	tr.stage, tr.update = decided, p.updates
	if tr.clear && !tr.reachOff && (!reached(tr.w.Docks) || tr.w.StartDrop > MaxStartDrop) {
		tr.clear = false
	}
	if tr.c > 0 {
		p.verified[tr.c-p.tree.Nodes[0].FirstChild] = true
	}
	switch {
	case !tr.wayOn:
		tr.verdict = noWayOn
	case !tr.clear:
		tr.verdict = hits
		p.tree.Block(tr.c)
		p.step.RefusedAction = p.setup.Library().Actions[p.tree.Nodes[tr.c].Action].Name
		p.step.RefusedContact = tr.contact
		p.step.Refused++
		p.refused++
	default:
		tr.verdict = clearOn
	}
}

// execute starts child c of the plan's root, from its trial (made and
// finished now when earlier Updates did not). It reports false when c is
// refused or passed over, and the work it did.
//
// When c's trial is not done and finishing it would overrun the frame's
// budget (the Update having done spent), the best choice under in whose
// trial is done and clear starts instead, when there is one: the input
// then takes effect at the next choice. When there is none, the trial
// goes on while the budget lasts, and then the character waits in its
// last pose (Waits) for the next Updates to finish it.
func (p *Planner) execute(c int32, in Input, spent int) (bool, int, error) {
	var tr *trial
	work := 0
	if p.skipWayOn || p.skipReach {
		tr, work = p.forcedFor(c, p.skipWayOn, p.skipReach)
	} else {
		tr, work = p.trialFor(c)
		if tr.stage != decided && p.cfg.Work > 0 && spent+work+p.restCost(tr) > p.cfg.Work {
			if r, ok := p.chooseReady(in); ok {
				tr, c = r, r.c
			}
		}
	}
	for tr.stage != decided {
		if p.cfg.Work > 0 && spent+work > 0 && spent+work+p.nextCost(tr) > p.cfg.Work {
			// The frame's budget is spent: the character waits in its
			// last pose, and the trial goes on in the next Updates.
			p.waiting = true
			return false, work, nil
		}
		w, err := p.advance(tr)
		work += w
		if err != nil {
			return false, work, err
		}
	}
	switch tr.verdict {
	case noWayOn:
		p.refusedNow = append(p.refusedNow, c) // for this Update only
		if p.deadEnd < 0 {
			p.deadEnd = c
		}
		p.step.DeadEnds++
		p.deadEnds++
		return false, work, nil
	case hits:
		p.tree.Block(c) // a refusal kept through a Rebase: the plan decided the node again
		return false, work, nil
	}
	started, w, err := p.accept(tr)
	return started, work + w, err
}

// accept starts tr's child (0: the root itself, at the start) as warped,
// unless another character claimed the ground it takes, and makes it the
// plan's root at the frame the warp leaves it in.
func (p *Planner) accept(tr *trial) (bool, int, error) {
	n := p.tree.Nodes[tr.c]
	a := p.setup.Library().Actions[n.Action]
	work := 0
	if tr.w == nil { // its warp was taken for another trial's
		opt := p.warpOptions()
		opt.Hold = tr.hold
		w, err := p.warpers[p.slotFor(tr)].Warp(a, n.Frame, tr.targets, p.carry(), opt)
		work += p.cost[n.Action].warp
		if err != nil {
			return false, work, err
		}
		tr.w = w
	}
	if p.cfg.Others != nil {
		moves := p.withBrake(n.Action, tr.w.Frame, tr.root, p.clock-p.t)
		// The brake claimed with the action before is this character's
		// own: it may always stop.
		if tr.c > 0 && n.Action != p.brake && !p.cfg.Others.Unclaimed(moves) {
			p.refusedNow = append(p.refusedNow, tr.c) // for this Update only: the others move on
			p.step.Refused++
			p.step.Crowded++
			p.crowded++
			return false, work, nil
		}
		p.cfg.Others.Claim(moves)
		p.brake = -1
		if len(moves) > 1 {
			p.brake = moves[1].Action
		}
	}
	if p.curSlot >= 0 && p.curSlot != tr.slot {
		p.owner[p.curSlot] = free
	}
	p.curSlot, p.owner[tr.slot] = tr.slot, curOwner
	if tr.c > 0 {
		p.started++
		if tr.update < p.updates {
			p.ahead++
		}
	}
	p.cur, p.act, p.lost = tr.w, a, math.Inf(1)
	if tr.held {
		p.rootHeld++
	}
	p.step.Targets = append(p.step.Targets[:0], tr.targets...)
	p.used = append(p.used[:0], tr.used...)
	p.step.Held = tr.held
	p.step.Commit = actiongraph.CommitStats{}
	switch {
	case tr.c == 0 || p.cfg.Replan:
		p.addStats()
		p.tree.Reset(tr.root, n.Action, p.cfg.Depth)
	default:
		p.step.Commit = p.tree.CommitAt(tr.c, tr.root, p.setup.query)
		work += ceilDiv(p.step.Commit.Kept, CommitPerUnit)
	}
	for _, u := range p.used {
		p.tree.SetRootSupport(u.dock, u.sample, u.pose)
	}
	p.step.Action, p.step.Start, p.step.Frame, p.step.Turn = a.Name, p.clock-p.t, p.cur.Frame, p.cur.Turn
	p.step.Docks, p.step.Options = p.cur.Docks, len(p.feasible)
	if p.cfg.OnStep != nil {
		p.cfg.OnStep(&p.step)
	}
	p.step.Refused, p.step.Crowded, p.step.DeadEnds = 0, 0, 0
	p.resetTrials()
	return true, work, nil
}

// begin starts the start action, at the plan's root, warped onto
// p.step.Targets: it cannot be refused, but StartContact reports whether
// its body is in the scene.
func (p *Planner) begin() error {
	tr := p.forced
	p.reset(tr)
	tr.c = 0
	tr.targets = append(tr.targets, p.step.Targets...)
	tr.used = append(tr.used, p.used...)
	n := p.tree.Nodes[0]
	w, err := p.warpers[p.slotFor(tr)].Warp(p.setup.Library().Actions[n.Action], n.Frame, tr.targets, p.carry(), p.warpOptions())
	if err != nil {
		return err
	}
	if p.body != nil {
		p.startHit = !p.body.Clip(w.Clip, &p.start)
	}
	tr.w, tr.root = w, w.End()
	_, _, err = p.accept(tr)
	return err
}

// prepare spends up to limit (the Update having done spent so far) on the
// trials the next choice would make under in, best first, and reports the
// work it did. A stage that does not fit waits for the next Update, unless
// the frame has done under an eighth of its budget: then one stage may
// overrun it.
func (p *Planner) prepare(in Input, spent, limit int, t0 time.Time) int {
	if p.late {
		return 0
	}
	p.refusedNow = p.refusedNow[:0]
	work := p.prepareChain(in, spent, limit, t0)
	p.refusedNow = p.refusedNow[:0]
	return work
}

// prepareChain is prepare's walk down the choices.
func (p *Planner) prepareChain(in Input, spent, limit int, t0 time.Time) int {
	work := 0
	for {
		c, ok := p.choose(in)
		var tr *trial
		var w int
		switch {
		case ok:
			tr, w = p.trialFor(c)
		case len(p.refusedNow) > 0:
			// Every way leads nowhere: Update will take the first.
			tr, w = p.forcedFor(p.refusedNow[0], true, true)
		case len(p.feasible) == 0:
			if c, ok = p.chooseDead(in); !ok {
				return work
			}
			tr, w = p.forcedFor(c, true, false)
		default:
			return work
		}
		work += w
		for tr.stage != decided {
			if !p.fits(p.nextCost(tr), spent+work, limit, t0) {
				return work
			}
			w, err := p.advance(tr)
			work += w
			if err != nil {
				return work
			}
		}
		switch {
		case tr.verdict == clearOn || tr.force:
			return work
		case tr.verdict == noWayOn:
			p.refusedNow = append(p.refusedNow, c)
		case tr.verdict == hits:
			p.tree.Block(c) // a refusal kept through a Rebase: the plan decided the node again
		}
	}
}

// fits reports whether work of the given cost fits in limit, the Update
// having done spent and begun at t0.
func (p *Planner) fits(cost, spent, limit int, t0 time.Time) bool {
	if p.cfg.Budget > 0 && time.Since(t0) >= p.cfg.Budget*9/10 {
		return false
	}
	if p.cfg.Work == 0 {
		return true
	}
	return spent+cost <= limit || spent <= p.cfg.Work/8
}

// restCost is the work tr needs to be decided, when its body and its way
// on are clear at the first warp.
func (p *Planner) restCost(tr *trial) int {
	c := p.cost[p.tree.Nodes[tr.c].Action]
	switch tr.stage {
	case toWarp:
		return c.warp + c.check + 1
	case toCheck:
		return c.check + 1 - c.check*tr.checked/max(p.setup.Library().Actions[p.tree.Nodes[tr.c].Action].Clip.Frames()-1, 1)
	}
	return 1
}

// chooseReady is, of the choices choose last considered, the one that
// best matches in among those whose trial is done and clear.
func (p *Planner) chooseReady(in Input) (*trial, bool) {
	lib := p.setup.Library()
	first := p.tree.Nodes[0].FirstChild
	var best *trial
	bestScore := math.Inf(1)
	for _, c := range p.feasible {
		tr := &p.trials[c-first]
		if tr.c != c || tr.stage != decided || tr.verdict != clearOn || slices.Contains(p.refusedNow, c) || !p.canBrake(c, in.Request, false) {
			continue
		}
		if !p.holds(tr) {
			continue
		}
		n := &p.tree.Nodes[c]
		if s := p.score(n, lib.Actions[n.Action], in); s < bestScore {
			best, bestScore = tr, s
		}
	}
	return best, best != nil
}
