package planner

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/scenes"
)

// Rebase moves the planner to s, a Setup over the scene after an edit
// (Setup.WithQuerier), between two Updates; ch says where the edit may
// have changed the supports and the scene. The plan keeps what the edit
// cannot have changed (actiongraph.PlanTree.Changed) and the next Updates
// decide the rest; the choices warped and checked ahead are dropped. The
// current action plays on as it was warped.
func (p *Planner) Rebase(s *Setup, ch actiongraph.Change) error {
	if s == nil || s.graph != p.setup.graph || s.sweeps != p.setup.sweeps {
		return errors.New("planner: Rebase needs a Setup of the same graph and body (Setup.WithQuerier)")
	}
	p.setup = s
	p.finder.q = s.query
	if p.body != nil {
		p.body.SetScene(s.scene)
	}
	p.tree.Changed(s.query, s.query.Params().MaxDisplacement, ch)
	p.resetTrials()
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
