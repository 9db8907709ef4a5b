package crowd

import (
	"math"
	"slices"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/occupancy"
	"github.com/go-gl/mathgl/mgl64"
)

// Reservation is an agent's claim on the ground: an occupancy space
// placed at a frame in the world, from T0 to T1 (absolute seconds; T1 may
// be +Inf for a claim held until released).
type Reservation struct {
	Agent  int32
	T0, T1 float64
	Frame  action.Frame
	Space  occupancy.BCH
	// Standing: the circle a standing character holds (ReserveStanding).
	Standing bool
	// The space's outer circle in the world.
	x, z, r float64
}

// Reservations is a space-time index of reservations. Not safe for
// concurrent use.
type Reservations struct {
	items []Reservation // sorted by x − r
	wide  float64       // the largest circle's diameter ever reserved
	Stats Stats
}

// Stats counts the index's work.
type Stats struct {
	Questions  int64 // Meets calls
	Visited    int64 // reservations whose x range was visited
	Intersects int64 // hierarchy intersections run
}

// NewReservations makes an index with room for n reservations.
func NewReservations(n int) *Reservations {
	return &Reservations{items: make([]Reservation, 0, n)}
}

// Len is how many reservations the index holds.
func (rs *Reservations) Len() int { return len(rs.items) }

// All is the reservations, sorted by the least x of their circles.
func (rs *Reservations) All() []Reservation { return rs.items }

// Reserve claims space sp of an action performed by agent from frame f
// starting at time start (absolute seconds): the window [start+sp.T0,
// start+sp.T1], or until hold when hold is larger (+Inf: until released).
func (rs *Reservations) Reserve(agent int32, sp occupancy.Space, f action.Frame, start, hold float64) {
	rs.insert(agent, sp, f, start, hold, false)
}

// ReserveStanding claims circle sp, the circle that holds every way agent
// may stand or turn on the spot, about frame f from time start until
// released.
func (rs *Reservations) ReserveStanding(agent int32, sp occupancy.Space, f action.Frame, start float64) {
	rs.insert(agent, sp, f, start, math.Inf(1), true)
}

func (rs *Reservations) insert(agent int32, sp occupancy.Space, f action.Frame, start, hold float64, standing bool) {
	c := sp.BCH.Root()
	x, z := occupancy.Relative(action.Frame{}, f).Apply(c.X, c.Z)
	r := Reservation{Agent: agent, T0: start + sp.T0, T1: max(start+sp.T1, hold), Frame: f, Space: sp.BCH, Standing: standing, x: x, z: z, r: c.R}
	rs.wide = max(rs.wide, 2*c.R)
	at, _ := slices.BinarySearchFunc(rs.items, r.x-r.r, func(e Reservation, lo float64) int {
		if e.x-e.r <= lo {
			return -1 // equal keys: the newer goes after the older
		}
		return 1
	})
	rs.items = slices.Insert(rs.items, at, r)
}

// Release drops every reservation of agent that ends after time from (its
// claims on the future, when it plans anew).
func (rs *Reservations) Release(agent int32, from float64) {
	rs.items = slices.DeleteFunc(rs.items, func(e Reservation) bool { return e.Agent == agent && e.T1 > from })
}

// Expire drops every reservation that ended before time now.
func (rs *Reservations) Expire(now float64) {
	rs.items = slices.DeleteFunc(rs.items, func(e Reservation) bool { return e.T1 < now })
}

// Meets reports whether space sp of an action agent would perform from
// frame f starting at time start meets another agent's reservation whose
// window overlaps the space's.
func (rs *Reservations) Meets(agent int32, sp occupancy.Space, f action.Frame, start float64) bool {
	return rs.meets(agent, sp, f, start, nil)
}

// MeetsStanding is Meets for the circle a character will stand in at
// frame f, having left from: another's standing circle does not count when
// f is no nearer to it than from is. Two standing circles that overlap
// (a warp drifted, or two characters were placed close) then never stop
// either character moving away from the other.
func (rs *Reservations) MeetsStanding(agent int32, sp occupancy.Space, f action.Frame, start float64, from mgl64.Vec3) bool {
	return rs.meets(agent, sp, f, start, &from)
}

func (rs *Reservations) meets(agent int32, sp occupancy.Space, f action.Frame, start float64, left *mgl64.Vec3) bool {
	rs.Stats.Questions++
	c := sp.BCH.Root()
	x, z := occupancy.Relative(action.Frame{}, f).Apply(c.X, c.Z)
	t0, t1 := start+sp.T0, start+sp.T1
	from, _ := slices.BinarySearchFunc(rs.items, x-c.R-rs.wide, func(e Reservation, lo float64) int {
		if e.x-e.r < lo {
			return -1
		}
		return 1
	})
	for k := from; k < len(rs.items); k++ {
		e := &rs.items[k]
		if e.x-e.r > x+c.R {
			break
		}
		rs.Stats.Visited++
		if e.Agent == agent || e.T0 > t1 || t0 > e.T1 || e.x+e.r < x-c.R {
			continue
		}
		if d := math.Hypot(e.x-x, e.z-z); d > e.r+c.R {
			continue
		}
		if left != nil && e.Standing && flat(f.Position.Sub(e.Frame.Position)) >= flat(left.Sub(e.Frame.Position)) {
			continue
		}
		rs.Stats.Intersects++
		if occupancy.Intersect(e.Space, sp.BCH, occupancy.Relative(e.Frame, f)) {
			return true
		}
	}
	return false
}
