package crowd

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/scenes"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Agent is a character of a scenario: where it starts and where it goes.
type Agent struct {
	Start action.Frame
	Goal  mgl64.Vec3 // [Units: m] on the floor
	// Via are the gates it passes on the way, in order, each until it has
	// passed it (Gate.Passed): a point gate it heads for; a door it heads
	// for from in front (see Sim).
	Via []Gate
}

// Gate is a stretch of a character's way that it must pass through, seen
// from above: the segment A–B across the way (a door's opening less half a
// body on either side), or a single point (A = B). [Units: m]
type Gate struct{ A, B mgl64.Vec3 }

// Point is the gate of a single way point.
func Point(p mgl64.Vec3) Gate { return Gate{p, p} }

// Passed reports whether a character at p that came from the point from
// has passed the gate: a point gate when p is within a metre of it or
// beyond the line through it square to the way from from; a segment gate
// when p lies across the line through A and B from from.
func (g Gate) Passed(p, from mgl64.Vec3) bool {
	if g.A == g.B {
		return flat(g.A.Sub(p)) < 1 || flatDot(g.A.Sub(p), g.A.Sub(from)) < 0
	}
	ab := g.B.Sub(g.A)
	n := mgl64.Vec3{-ab[2], 0, ab[0]}
	return flatDot(p.Sub(g.A), n)*flatDot(from.Sub(g.A), n) < 0
}

// approach is the point a character at p, come from from, heads for to
// pass the gate: a point gate itself; for a door, a point on its axis
// (the line square to the opening through its centre) carrotReach nearer
// the door than p stands, beyond the door's line once p is within
// carrotReach of it; when p is off the opening (farther off the axis than
// half the gate), no nearer the door than carrotSlope times that excess.
// Pursuing it brings a character from anywhere in front of the door onto
// the axis, always getting nearer the door's centre, and through the
// opening along the axis.
func (g Gate) approach(p, from mgl64.Vec3) mgl64.Vec3 {
	c := g.centre()
	if g.A == g.B {
		return c
	}
	ab := g.B.Sub(g.A)
	half := flat(ab) / 2
	u := ab.Mul(1 / (2 * half))
	n := mgl64.Vec3{-u[2], 0, u[0]}
	if flatDot(from.Sub(c), n) > 0 {
		n = n.Mul(-1)
	}
	depth, off := -flatDot(p.Sub(c), n), math.Abs(flatDot(p.Sub(c), u))
	// Off the opening, the aim stays in front of the door: coming onto the
	// axis beside the wall, not through the post.
	aim := depth - carrotReach
	if off > half {
		aim = math.Max(aim, carrotSlope*(off-half))
	}
	return c.Sub(n.Mul(aim))
}

// carrotReach is how far ahead along a door's axis a character heading
// for the door aims: the farther, the straighter its way and the later it
// comes onto the axis. [Units: m]
const carrotReach = 1.0

// carrotSlope is how far before a door a character off its opening aims,
// for every metre it is off it. [Units: m/m]
const carrotSlope = 0.5

// centre is the middle of the gate.
func (g Gate) centre() mgl64.Vec3 { return g.A.Add(g.B).Mul(0.5) }

// Scenario is a crowd's task: the scene and its characters.
type Scenario struct {
	Name   string
	Mesh   *scenes.Mesh
	Agents []Agent
	// Walls: the scene has walls the bodies must keep clear of (the
	// planners check the body).
	Walls bool
}

// SimOptions set how a crowd is run. The zero value gives the defaults.
type SimOptions struct {
	Depth    int     // plan depth [Limit: >= 1; 0 means 3]
	Work     int     // work per character per update, in planner.Config.Work's units [Limit: >= 1; 0 means DefaultWork]
	Speed    float64 // desired speed [Units: m/s] [Limit: > 0; 0 means 1.2]
	Arrive   float64 // a character within this of its goal has arrived [Units: m] [Limit: > 0; 0 means 0.5]
	Patience float64 // time without getting nearer its goal before a character steps aside [Units: s] [Limit: > 0; 0 means 1]
	// Claims: none (every character plans alone, the bodies may meet),
	// occupancy spaces, or the cylinders holding them.
	Claims ClaimKind
	// OnStep, when set, is called each time character k starts an action
	// (planner.Config.OnStep).
	OnStep func(k int, st *planner.Step)
	// Stay keeps a character that has arrived in the scene, standing at
	// its goal and claiming its place; by default it leaves the scene (as
	// in SteerSuite's benchmarks): its claims are dropped, it no longer
	// moves and the others no longer see it.
	Stay bool
}

// ClaimKind is what characters claim of the ground.
type ClaimKind int

const (
	NoClaims ClaimKind = iota
	SpaceClaims
	CylinderClaims
)

func (k ClaimKind) String() string {
	return [...]string{"none", "spaces", "cylinders"}[k]
}

// DefaultWork is a crowd character's work per update by default
// (planner.Config.Work): about 400 plan nodes with their geo-queries.
const DefaultWork = 1600

func (o SimOptions) withDefaults() SimOptions {
	if o.Depth <= 0 {
		o.Depth = 3
	}
	if o.Work <= 0 {
		o.Work = DefaultWork
	}
	if o.Speed <= 0 {
		o.Speed = 1.2
	}
	if o.Arrive <= 0 {
		o.Arrive = 0.5
	}
	if o.Patience <= 0 {
		o.Patience = 1
	}
	return o
}

// Sim is a crowd running: one planner per character in a shared world,
// updated in a fixed order, so the same scenario gives the same motion.
//
// Steering: each character heads for its next point (Agent.Via, then its
// goal). It weighs 13 headings, from that direction to 120° off either
// way, at full speed, half speed, and standing: for each, how long a
// straight walk keeps clear of the others (discs of Radius about each
// root, moving as they have moved in the last half second, over Horizon)
// and of walls (rays at hip height), against how far it turns from the
// way (a turn to the left costing a quarter more, so that two characters
// meeting head on pass each other on the right) and how much speed it
// gives up; near its goal it slows to arrive. One that has not got nearer
// to its next point for Patience seconds steps aside for as long again:
// 90° to its right, and every second time away from the characters within
// 2 m; unless it is queuing: behind another going its way (within
// queueReach, both ways within 60°), behind whom, or behind the one ahead of
// that and so on, someone has got nearer its point within Patience, it
// waits its turn. The clock of patience starts after a first Patience, for
// getting going from standing. A character that arrives stops, and leaves
// the scene unless SimOptions.Stay.
//
// Doors (segment gates) are taken in turns, in a queue: the characters
// heading for a door line up by when it became their next gate, then by
// how far from its centre they then stood (a room emptying through a
// door: nearest first), then by index. Each but the first waits, standing,
// wherever it is less than doorSpacing farther from the door's centre
// than the one just ahead of it in the queue, or within doorMouth of the
// centre (the ground just before the door is the first one's). It heads
// for a point on the door's axis nearer the door than itself
// (Gate.approach), within doorZone asks its planner not to walk more than
// 30° off its way (turning on the spot instead), and never steps aside.
// So the first in a queue waits for nobody, the others stand farther from
// the door than the ones ahead of them, and the way of the first, always
// getting nearer the door, is clear of those waiting.
type Sim struct {
	opt    SimOptions
	setup  *planner.Setup
	name   string // the scenario's
	ground *Ground
	agents []simAgent
	roots  []mgl64.Vec3 // every character's root at the start of a step
	vels   []mgl64.Vec3 // and its velocity, smoothed over half a second
	walls  *scenes.BVH  // the scene, when it has walls to steer clear of
	t      float64
	// The characters still in the scene by grid cell (nearReach square),
	// and the neighbours of the one steering, by index.
	cells []cellAgent
	near  []int
	ahead []int // by character, the one it would queue behind (-1: none)
	// The scenario's gates, each once.
	gates []Gate
	// By character: when its next gate became its next gate and how far
	// it then was from the gate's centre (its ticket in a door's queue),
	// and the one just ahead of it in that queue (-1: none).
	joined, joinDist []float64
	before           []int
	line             []int // scratch: the characters heading for a door
}

// cellAgent is a character in a cell of the steering grid.
type cellAgent struct {
	x, z int32
	k    int
}

// nearReach is how far steering looks for others: two discs and a walk
// towards each other over Horizon. [Units: m]
const nearReach = 2*Radius + 2*1.2*Horizon

type simAgent struct {
	p        *planner.Planner
	goal     mgl64.Vec3
	via      []int32       // the gates still to pass, by index in Sim.gates
	from     mgl64.Vec3    // the centre of the last gate passed (at first, the start)
	best     float64       // the nearest it has been to its goal
	progress float64       // when it last got nearer, or stepping aside ends
	nearer   float64       // when it last got nearer
	aside    float64       // stepping aside until then
	side     float64       // which way: +1 left, -1 right
	away     float64       // the heading stepping aside
	driven   bool          // its input is a player's (Drive)
	in       planner.Input // the player's input
	asides   int           // how many times it has stepped aside
	arrived  float64       // when it arrived, or -1
	way      mgl64.Vec3    // the unit direction to its next point, seen from above
}

// NewSim starts scenario sc with setup's library (whose actions sp holds
// the occupancy spaces of) and the scene setup was made for.
func NewSim(setup *planner.Setup, sp *occupancy.Spaces, sc Scenario, opt SimOptions) (*Sim, error) {
	opt = opt.withDefaults()
	if opt.Claims == CylinderClaims {
		sp = sp.Cylinders()
	}
	s := &Sim{opt: opt, setup: setup, name: sc.Name, ground: NewGround(sp, 8*len(sc.Agents))}
	var standing []int32
	for a, act := range setup.Library().Actions {
		if slices.Contains(act.Tags, "idle") || slices.Contains(act.Tags, "pivot") {
			standing = append(standing, int32(a))
		}
	}
	s.ground.SetStanding(standing)
	if sc.Walls {
		s.walls = setup.Querier().BVH()
	}
	for _, a := range sc.Agents {
		if _, err := s.Add(a); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Add makes a character of a and returns its index. Characters join
// before the first Step: the ground's claims are in the time of planners
// that started together.
func (s *Sim) Add(a Agent) (int, error) {
	k := len(s.agents)
	if s.t > 0 {
		return -1, fmt.Errorf("crowd: %s, character %d: characters join before the first step", s.name, k)
	}
	cfg := planner.Config{Start: a.Start, Depth: s.opt.Depth, Work: s.opt.Work}
	if s.opt.OnStep != nil {
		onStep := s.opt.OnStep
		cfg.OnStep = func(st *planner.Step) { onStep(k, st) }
	}
	if s.opt.Claims != NoClaims {
		cfg.Others = s.ground.Member(int32(k))
	}
	p, err := planner.New(s.setup, cfg)
	if err != nil {
		return -1, fmt.Errorf("crowd: %s, character %d: %w", s.name, k, err)
	}
	from := a.Start.Position
	if m, ok := p.StartMoved(); ok { // moved to where the body fits
		from = m.To.Position
	}
	d := flat(a.Goal.Sub(from))
	s.agents = append(s.agents, simAgent{p: p, goal: a.Goal, via: s.gateIndices(a.Via), from: from, best: d, arrived: -1, side: -1,
		// Starting from standing takes a while: the clock of patience
		// starts after a first Patience.
		progress: s.opt.Patience, nearer: s.opt.Patience})
	s.roots = append(s.roots, p.Pose().Trans[0])
	s.vels = append(s.vels, mgl64.Vec3{})
	s.ahead = append(s.ahead, -1)
	s.before = append(s.before, -1)
	s.joined = append(s.joined, 0)
	s.joinDist = append(s.joinDist, s.nextDist(k, from))
	return k, nil
}

func flat(v mgl64.Vec3) float64 { return math.Hypot(v[0], v[2]) }

// flatDot is the dot product of two vectors seen from above.
func flatDot(a, b mgl64.Vec3) float64 { return a[0]*b[0] + a[2]*b[2] }

// Step advances every character by dt seconds.
func (s *Sim) Step(dt float64) {
	s.t += dt
	w := math.Min(1, dt/0.5)
	for k := range s.agents {
		r := s.agents[k].p.Pose().Trans[0]
		v := r.Sub(s.roots[k]).Mul(1 / dt)
		s.vels[k] = s.vels[k].Mul(1 - w).Add(v.Mul(w))
		s.roots[k] = r
	}
	s.grid()
	s.findAhead()
	s.lineUp()
	for k := range s.agents {
		a := &s.agents[k]
		if s.Gone(k) {
			continue
		}
		s.neighbours(k)
		in := a.in
		if !a.driven {
			in = s.input(k)
		}
		if s.Gone(k) {
			s.ground.Claims.Release(int32(k), math.Inf(-1))
			continue
		}
		a.p.Update(dt, in)
	}
	s.ground.Claims.Expire(s.t)
}

// input is what character k asks of its planner now.
func (s *Sim) input(k int) planner.Input {
	a := &s.agents[k]
	if len(a.via) > 0 && s.gates[a.via[0]].Passed(s.roots[k], a.from) {
		a.from, a.via, a.best = s.gates[a.via[0]].centre(), a.via[1:], math.Inf(1)
		s.joined[k], s.joinDist[k] = s.t, s.nextDist(k, s.roots[k])
	}
	target := a.goal
	if len(a.via) > 0 {
		target = s.gates[a.via[0]].approach(s.roots[k], a.from)
	}
	to := target.Sub(s.roots[k])
	d := flat(to)
	if d < a.best-0.05 {
		a.best, a.progress, a.nearer = d, s.t, s.t
	}
	goal := math.Atan2(to[0], to[2])
	a.way = mgl64.Vec3{math.Sin(goal), 0, math.Cos(goal)}
	switch {
	case d < s.opt.Arrive && len(a.via) == 0:
		if a.arrived < 0 {
			a.arrived = s.t
		}
		return planner.Input{Heading: goal}
	case s.waitTurn(k):
		// Waiting its turn at a door, standing: progress counts from now.
		a.progress = s.t
		return planner.Input{Heading: goal}
	case s.t < a.aside:
		// Progress counts again from where stepping aside ends.
		a.best = d
		goal = a.away
	case s.t-a.progress > s.opt.Patience && (s.queued(k) || s.doorNext(k)):
		// Waiting its turn behind one going its way: progress counts
		// from now.
		a.progress = s.t
	case s.t-a.progress > s.opt.Patience:
		a.aside, a.progress = s.t+s.opt.Patience, s.t+s.opt.Patience
		a.asides++
		a.away = goal + a.side*math.Pi/2
		if a.asides%2 == 0 {
			a.away = s.awayFrom(k, a.away)
		}
		goal = a.away
	}
	heading, speed := s.steer(k, goal, d)
	in := planner.Input{Heading: heading, Speed: speed}
	if len(a.via) == 0 {
		in.Speed = math.Min(speed, d) // slowing down near the goal, so as not to circle it
	} else if s.nearDoor(k) {
		in.Within = doorWithin
	}
	return in
}

// grid sorts the characters still in the scene by their steering cell.
func (s *Sim) grid() {
	s.cells = s.cells[:0]
	for k := range s.agents {
		if !s.Gone(k) {
			x, z := s.cellOf(s.roots[k])
			s.cells = append(s.cells, cellAgent{x, z, k})
		}
	}
	slices.SortFunc(s.cells, func(a, b cellAgent) int {
		if a.x != b.x {
			return int(a.x - b.x)
		}
		if a.z != b.z {
			return int(a.z - b.z)
		}
		return a.k - b.k
	})
}

func (s *Sim) cellOf(p mgl64.Vec3) (int32, int32) {
	reach := math.Max(nearReach, 2*Radius+2*s.opt.Speed*Horizon)
	return int32(math.Floor(p[0] / reach)), int32(math.Floor(p[2] / reach))
}

// neighbours lists, by index, the characters in the scene in character
// k's steering cell and the eight around it, itself left out.
func (s *Sim) neighbours(k int) {
	s.near = s.near[:0]
	x, z := s.cellOf(s.roots[k])
	for dx := int32(-1); dx <= 1; dx++ {
		for dz := int32(-1); dz <= 1; dz++ {
			i, _ := slices.BinarySearchFunc(s.cells, cellAgent{x + dx, z + dz, -1}, func(a, b cellAgent) int {
				if a.x != b.x {
					return int(a.x - b.x)
				}
				if a.z != b.z {
					return int(a.z - b.z)
				}
				return a.k - b.k
			})
			for ; i < len(s.cells) && s.cells[i].x == x+dx && s.cells[i].z == z+dz; i++ {
				if s.cells[i].k != k {
					s.near = append(s.near, s.cells[i].k)
				}
			}
		}
	}
	slices.Sort(s.near)
}

// gateIndices registers the gates of a way, each distinct gate once, and
// returns their indices.
func (s *Sim) gateIndices(way []Gate) []int32 {
	var out []int32
	for _, g := range way {
		i := slices.Index(s.gates, g)
		if i < 0 {
			i = len(s.gates)
			s.gates = append(s.gates, g)
		}
		out = append(out, int32(i))
	}
	return out
}

// doorNext reports whether character k's next gate is a door (a
// segment).
func (s *Sim) doorNext(k int) bool {
	a := &s.agents[k]
	return len(a.via) > 0 && s.gates[a.via[0]].A != s.gates[a.via[0]].B
}

// nextDist is how far p is from the centre of character k's next gate
// (0 when it has none left).
func (s *Sim) nextDist(k int, p mgl64.Vec3) float64 {
	a := &s.agents[k]
	if len(a.via) == 0 {
		return 0
	}
	return flat(s.gates[a.via[0]].centre().Sub(p))
}

// nearDoor reports whether character k's next gate is a door (a
// segment) whose centre is within doorZone.
func (s *Sim) nearDoor(k int) bool {
	return s.doorNext(k) && s.nextDist(k, s.roots[k]) <= doorZone
}

// lineUp puts the characters heading for each door in its queue: by when
// the door became their next gate, then by how far from it they then
// were, then by index; each gets the one just ahead of it.
func (s *Sim) lineUp() {
	s.line = s.line[:0]
	for k := range s.agents {
		s.before[k] = -1
		if !s.Gone(k) && s.doorNext(k) {
			s.line = append(s.line, k)
		}
	}
	if len(s.line) < 2 {
		return
	}
	slices.SortFunc(s.line, func(i, j int) int {
		gi, gj := s.agents[i].via[0], s.agents[j].via[0]
		switch {
		case gi != gj:
			return int(gi - gj)
		case s.joined[i] != s.joined[j]:
			return cmp.Compare(s.joined[i], s.joined[j])
		case s.joinDist[i] != s.joinDist[j]:
			return cmp.Compare(s.joinDist[i], s.joinDist[j])
		}
		return i - j
	})
	for n := 1; n < len(s.line); n++ {
		if i, j := s.line[n-1], s.line[n]; s.agents[i].via[0] == s.agents[j].via[0] {
			s.before[j] = i
		}
	}
}

// waitTurn reports whether character k waits its turn at its next gate:
// a door, with another ahead of it in the door's queue, and k is less than
// doorSpacing farther from the door's centre than that one, or within
// doorMouth of the centre.
func (s *Sim) waitTurn(k int) bool {
	j := s.before[k]
	return j >= 0 && s.nextDist(k, s.roots[k]) < math.Max(s.nextDist(j, s.roots[j])+doorSpacing, doorMouth)
}

// Within what distance of a door's centre a character heading for it
// walks no more than doorWithin off its way; how much farther from the
// centre than the one ahead of it in the door's queue a character waits;
// and the ground before the door the first in the queue has to itself.
// [Units: m]
const (
	doorZone    = 3.0
	doorSpacing = 1.0
	doorMouth   = 1.5
)

// doorWithin is how far off its way a character near a door may walk
// (planner.Input.Within); farther off, it turns on the spot. [Units: rad]
const doorWithin = math.Pi / 6

// queued reports whether character k waits its turn behind others going
// its way: following the one ahead of it (see findAhead), and the one
// ahead of that, up to queueDepth of them, one has got nearer its next
// point within the last Patience seconds.
func (s *Sim) queued(k int) bool {
	for j, n := s.ahead[k], 0; j >= 0 && n < queueDepth; j, n = s.ahead[j], n+1 {
		if s.t-s.agents[j].nearer <= s.opt.Patience {
			return true
		}
	}
	return false
}

// findAhead finds, for every character in the scene, the nearest other
// within queueReach ahead of it (within 60° of its way) whose way is
// within 60° of its own (-1: none).
func (s *Sim) findAhead() {
	for k := range s.agents {
		s.ahead[k] = -1
		if s.Gone(k) {
			continue
		}
		s.neighbours(k)
		a, near := &s.agents[k], queueReach
		for _, j := range s.near {
			v := s.roots[j].Sub(s.roots[k])
			if d := flat(v); d > 0 && d < near && flatDot(v, a.way) > 0.5*d && flatDot(s.agents[j].way, a.way) > 0.5 {
				s.ahead[k], near = j, d
			}
		}
	}
}

// queueDepth is how many characters ahead in a queue one looks along for
// one getting nearer its point. [Units: characters]
const queueDepth = 20

// queueReach is how far ahead steering looks for one it is queuing
// behind. [Units: m]
const queueReach = 2.5

// awayFrom is the heading away from the characters within 2 m of
// character k (the sum of the directions to them, reversed), or heading
// when there are none.
func (s *Sim) awayFrom(k int, heading float64) float64 {
	var sum mgl64.Vec3
	for _, j := range s.near {
		v := s.roots[j].Sub(s.roots[k])
		if d := flat(v); d < 2 && d > 0 {
			sum = sum.Sub(v.Mul(1 / d))
		}
	}
	if flat(sum) < 1e-9 {
		return heading
	}
	return math.Atan2(sum[0], sum[2])
}

// PlanMargin is the margin (ccd.Options.Margin) a crowd's planners check
// the body with, when they check it: in a crowd every action starts only
// with its brake, and a brake the plan found clear must stay clear once
// the warp has moved it, or the character stands mid-stride with every
// way on blocked. [Units: m]
const PlanMargin = 0.01

// Steering constants: the disc about each root that another's must keep
// out of, and how far ahead a heading is judged.
const (
	Radius  = 0.4 // [Units: m]
	Horizon = 3.0 // [Units: s]
)

// steer is the heading and speed character k should ask for, going
// towards its next point (heading goal, dist away).
func (s *Sim) steer(k int, goal, dist float64) (float64, float64) {
	best, heading, speed := math.Inf(1), goal, s.opt.Speed
	for _, frac := range [...]float64{1, 0.5, 0} {
		v := frac * s.opt.Speed
		for _, deg := range steerOffsets {
			if frac == 0 && deg != 0 {
				break
			}
			off := deg * math.Pi / 180
			h := goal + off
			tc := s.clearFor(k, h, v, math.Min(Horizon, dist/s.opt.Speed))
			// Keeping to the right breaks the tie of two characters that meet
			// head on: both turn the same way and pass.
			cost := math.Abs(off) + 0.25*math.Max(off, 0) + 2.5*(Horizon-tc)/Horizon + slowCost*(1-frac)
			if cost < best {
				best, heading, speed = cost, h, v
			}
		}
	}
	return heading, speed
}

// slowCost is what steering gives up for walking at half speed or
// standing: the cost of a heading 57° off at full speed, per unit of
// speed lost.
const slowCost = 1.0

// steerOffsets are the headings steer weighs, off the goal's. [Units: °]
var steerOffsets = [...]float64{0, -15, 15, -30, 30, -45, 45, -60, 60, -90, 90, -120, 120}

// clearFor is how long character k walking along heading h at the desired
// speed stays clear of every other character's disc (up to horizon).
func (s *Sim) clearFor(k int, h, speed, horizon float64) float64 {
	sn, cs := math.Sincos(h)
	u := mgl64.Vec3{sn * speed, 0, cs * speed}
	tc := horizon
	for _, j := range s.near {
		p := s.roots[j].Sub(s.roots[k])
		if flat(p) > 2*Radius+s.opt.Speed*2*horizon {
			continue
		}
		v := s.vels[j].Sub(u)
		tc = math.Min(tc, firstContact(p[0], p[2], v[0], v[2], 2*Radius))
	}
	if s.walls != nil && speed > 0 {
		tc = math.Min(tc, s.wallIn(s.roots[k], sn, cs, tc*speed)/speed)
	}
	return tc
}

// wallIn is how far a body walking from root along the horizontal unit
// vector (sx, sz) goes before a wall, up to reach: rays at hip height from
// its middle and from a shoulder's width either side, less a stride.
func (s *Sim) wallIn(root mgl64.Vec3, sx, sz, reach float64) float64 {
	const side, stride = 0.3, 0.4
	best := reach
	for _, off := range [3]float64{0, -side, side} {
		o := mgl32.Vec3{float32(root[0] + off*sz), float32(root[1]), float32(root[2] - off*sx)}
		r := scenes.Ray{Origin: o, Dir: mgl32.Vec3{float32(sx), 0, float32(sz)}, TMax: float32(reach + stride)}
		if h, ok := s.walls.ClosestHit(r, nil); ok {
			best = math.Min(best, math.Max(0, float64(h.T)-stride))
		}
	}
	return best
}

// firstContact is when a point at (x, z) moving at (vx, vz) first comes
// within r of the origin: 0 if it is already, +Inf if never.
func firstContact(x, z, vx, vz, r float64) float64 {
	c := x*x + z*z - r*r
	if c <= 0 {
		// Already within r: a walk that takes it farther is clear.
		if x*vx+z*vz >= 0 {
			return math.Inf(1)
		}
		return 0
	}
	a, b := vx*vx+vz*vz, x*vx+z*vz
	disc := b*b - a*c
	if b >= 0 || disc <= 0 || a == 0 {
		return math.Inf(1)
	}
	return (-b - math.Sqrt(disc)) / a
}

// Time is the time since the start. [Units: s]
func (s *Sim) Time() float64 { return s.t }

// Len is the number of characters.
func (s *Sim) Len() int { return len(s.agents) }

// Planner is character k's planner.
func (s *Sim) Planner(k int) *planner.Planner { return s.agents[k].p }

// Drive makes character k follow a player's input from the next Step on
// (until the next Drive), instead of steering for its goal; it never
// arrives. The others see it and plan around its claims as around any
// character's.
func (s *Sim) Drive(k int, in planner.Input) { s.agents[k].driven, s.agents[k].in = true, in }

// Driven reports whether character k follows a player's input (Drive).
func (s *Sim) Driven(k int) bool { return s.agents[k].driven }

// Gone reports whether character k has left the scene: it has arrived
// and SimOptions.Stay is not set.
func (s *Sim) Gone(k int) bool { return !s.opt.Stay && s.agents[k].arrived >= 0 }

// Arrived is when character k arrived at its goal, or -1.
func (s *Sim) Arrived(k int) float64 { return s.agents[k].arrived }

// Ground is the claims the characters share.
func (s *Sim) Ground() *Ground { return s.ground }
