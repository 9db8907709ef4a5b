package crowd

import (
	"math"

	"github.com/foothold/foothold/occupancy"
	"github.com/foothold/foothold/planner"
)

// Ground is what many characters share: the occupancy spaces of
// their library's actions and the claims on them.
type Ground struct {
	Spaces *occupancy.Spaces
	Claims *Reservations
	// stand is the circle about a standing character's root that holds
	// every way it may stand or turn on the spot (with a margin), for
	// the actions in standing; a character whose claim ends standing
	// holds it.
	stand    occupancy.Space
	standing []bool
}

// StandMargin is how much wider than the standing and turning moves
// themselves the circle a standing character holds is: room for the warp
// to move them. [Units: m]
const StandMargin = 0.05

// SetStanding says which actions a character performs standing still or
// turning on the spot (a library's idle and pivot actions): a character
// whose claim ends in one of them holds the circle about its root that
// holds them all, so that it can always go on standing or turn, whatever
// the others claim meanwhile.
func (w *Ground) SetStanding(actions []int32) {
	w.standing = make([]bool, w.Spaces.Len())
	r := 0.0
	for _, a := range actions {
		w.standing[a] = true
		for _, sp := range w.Spaces.Action(int(a)) {
			c := sp.BCH.Root()
			r = math.Max(r, math.Hypot(c.X, c.Z)+c.R)
		}
	}
	w.stand = occupancy.Space{BCH: occupancy.Cylinder(0, 0, r+StandMargin)}
}

// StandRadius is the radius of the circle a standing character holds
// (zero before SetStanding). [Units: m]
func (w *Ground) StandRadius() float64 {
	if len(w.standing) == 0 {
		return 0
	}
	return w.stand.BCH.Root().R
}

// standsIn reports whether the last of moves is a standing one.
func (w *Ground) standsIn(moves []planner.Move) bool {
	last := moves[len(moves)-1].Action
	return int(last) < len(w.standing) && w.standing[last]
}

// NewGround makes the ground of characters performing the actions whose
// spaces are sp, with room for about n claims.
func NewGround(sp *occupancy.Spaces, n int) *Ground {
	return &Ground{Spaces: sp, Claims: NewReservations(n)}
}

// Member is one character on a ground: what it is allowed and what it
// claims (planner.Others).
type Member struct {
	w  *Ground
	id int32
}

// Member is character id on the ground.
func (w *Ground) Member(id int32) *Member { return &Member{w: w, id: id} }

// Unclaimed reports whether the moves meet no other character's claim: none
// of their spaces meets one whose time window overlaps its own.
func (m *Member) Unclaimed(moves []planner.Move) bool {
	if len(moves) > 0 && m.w.standsIn(moves) {
		last := moves[len(moves)-1]
		if m.w.Claims.MeetsStanding(m.id, m.w.stand, last.Frame, last.Start, moves[0].Frame.Position) {
			return false
		}
	}
	for _, mv := range moves {
		for _, sp := range m.w.Spaces.Action(int(mv.Action)) {
			if m.w.Claims.Meets(m.id, sp, mv.Frame, mv.Start) {
				return false
			}
		}
	}
	return true
}

// Claim replaces the character's claims on the future (those ending after
// the first move's start) by the moves' spaces, those of the last held
// until the next claim: where it will stand if it cannot go on.
func (m *Member) Claim(moves []planner.Move) {
	if len(moves) == 0 {
		return
	}
	m.w.Claims.Release(m.id, moves[0].Start)
	for i, mv := range moves {
		sps := m.w.Spaces.Action(int(mv.Action))
		for _, sp := range sps {
			hold := 0.0
			if i == len(moves)-1 {
				hold = math.Inf(1)
			}
			m.w.Claims.Reserve(m.id, sp, mv.Frame, mv.Start, hold)
		}
	}
	if last := moves[len(moves)-1]; m.w.standsIn(moves) {
		m.w.Claims.ReserveStanding(m.id, m.w.stand, last.Frame, last.Start)
	}
}
