package planner

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/scenes"
)

// Rebase moves the planner to s, a Setup over the scene after an edit
// (Setup.WithQuerier), between two Updates; ch says where the edit may
// have changed the supports and the scene. The plan keeps what the edit
// cannot have changed (actiongraph.PlanTree.Changed) and the next Updates
// decide the rest; of the choices warped and checked ahead, those whose
// motion may come near an unforeseen change (ch.Unforeseen: a mover moving
// along its known path is checked against already) are dropped. The
// current action plays on as it was warped.
func (p *Planner) Rebase(s *Setup, ch actiongraph.Change) error {
	if s == nil || s.graph != p.setup.graph || s.sweeps != p.setup.sweeps {
		return errors.New("planner: Rebase needs a Setup of the same graph and body (Setup.WithQuerier)")
	}
	p.setup, p.sceneClock = s, p.clock
	p.finder.q = s.query
	if p.body != nil {
		p.body.SetScene(s.scene)
	}
	p.tree.Changed(s.query, s.query.Params().MaxDisplacement, ch)
	// The choices (the root's children, first in the tree) are decided
	// again now, so that the trials made from answers the edit did not
	// change still hold.
	if r := &p.tree.Nodes[0]; r.NumChildren > 0 {
		p.tree.Evaluate(s.query, actiongraph.Budget{Work: int(r.NumChildren) * rebaseWorkPerChoice})
	}
	p.dropTrials(ch.Unforeseen)
	if !p.carried {
		p.lost = p.lostAt()
	}
	p.carried = false
	return nil
}

// lostAt is when, into the current action, the first of its docks still
// to hold (held now or to come) whose support the scene no longer has
// begins: the character falls then (Fall). +Inf when none is lost.
func (p *Planner) lostAt() float64 {
	lost := math.Inf(1)
	a := p.tree.Nodes[0].Action
	for _, u := range p.used {
		d := p.act.Docks[u.dock]
		if d.End < p.t {
			continue
		}
		if !p.setup.query.Holds(p.setup.docks[a][u.dock], u.sample) {
			lost = min(lost, d.Start)
		}
	}
	return lost
}

// Meets bounds where the body of a plan node may go (actiongraph.Bounded).
func (b bodyTest) Meets(a int32, f action.Frame, lift float64, box scenes.AABB) bool {
	return b.c.Meets(a, f, lift, box)
}

// Setup is what the planner plans over now.
func (p *Planner) Setup() *Setup { return p.setup }

// Carry moves the character by d with what it stands on (a lift or a
// platform moved by d since the last Update: package live), between two
// Updates: the motion being performed and the plan go with it (the
// plan's answers still in their moved windows are kept until asked again,
// actiongraph.PlanTree.Carry), and the choices warped ahead are dropped.
// A foot planted on what moves stays where it stands on it.
func (p *Planner) Carry(d mgl64.Vec3) {
	if d == (mgl64.Vec3{}) || p.fall.on {
		return
	}
	c := p.cur.Clip
	n := c.Skeleton.NumJoints()
	for f := range c.Frames() {
		c.Trans[f*n] = c.Trans[f*n].Add(d)
	}
	p.cur.Frame.Position = p.cur.Frame.Position.Add(d)
	p.tree.Carry(d, p.setup.query)
	p.resetTrials()
	p.carried = true // its supports moved with it
}

// movingClear reports whether clip c, to start at start on the planner's
// clock, keeps the body clear of the setup's movers as they move.
func (p *Planner) movingClear(c *motion.Clip, start float64, out *ccd.Contact) bool {
	if len(p.setup.movers) == 0 || p.body == nil {
		return true
	}
	return p.body.ClipMoving(c, p.setup.moversAt+start-p.sceneClock, p.setup.movers, p.setup.moversAt, out)
}

// rebaseWorkPerChoice is the work Rebase spends per choice deciding the
// choices again (a node, its docks' queries and its body).
const rebaseWorkPerChoice = 6

// dropTrials drops the trials whose warped motion may come near a changed
// box (the root's path grown by the body's reach).
func (p *Planner) dropTrials(changed []scenes.AABB) {
	first := p.tree.Nodes[0].FirstChild
	for i := range p.trials {
		tr := &p.trials[i]
		if tr.c < 0 || tr.w == nil || !p.mayMeet(tr.w.Clip, changed) {
			continue
		}
		if tr.c > 0 && int(tr.c-first) < len(p.verified) {
			p.verified[tr.c-first] = false
		}
		p.reset(tr)
	}
}

// mayMeet reports whether the body moving by clip c may come near one of
// boxes.
func (p *Planner) mayMeet(c *motion.Clip, boxes []scenes.AABB) bool {
	n := c.Skeleton.NumJoints()
	lo, hi := c.Trans[0], c.Trans[0]
	for f := 1; f < c.Frames(); f++ {
		r := c.Trans[f*n]
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], r[k]), max(hi[k], r[k])
		}
	}
	reach := p.setup.reach
	near := func(blo, bhi mgl64.Vec3) bool {
		for k := range 3 {
			if lo[k]-reach > bhi[k] || hi[k]+reach < blo[k] {
				return false
			}
		}
		return true
	}
	for _, b := range boxes {
		if near(mgl64.Vec3{float64(b.Min[0]), float64(b.Min[1]), float64(b.Min[2])}, mgl64.Vec3{float64(b.Max[0]), float64(b.Max[1]), float64(b.Max[2])}) {
			return true
		}
	}
	return false
}
