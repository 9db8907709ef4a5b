package crowd

import (
	"math"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/occupancy"
)

// World is the ground many characters share: the occupancy spaces of
// their library's actions and the claims on them.
type World struct {
	Spaces *occupancy.Spaces
	Claims *Reservations
}

// NewWorld makes a world for characters performing the actions whose
// spaces are sp, with room for about n claims.
func NewWorld(sp *occupancy.Spaces, n int) *World {
	return &World{Spaces: sp, Claims: NewReservations(n)}
}

// Member is one character of a world: what it is allowed and what it
// claims (planner.Others).
type Member struct {
	w  *World
	id int32
}

// Member is character id of the world.
func (w *World) Member(id int32) *Member { return &Member{w: w, id: id} }

// Free reports whether action a, performed from frame f from time start
// on, meets no other character's claim: none of its spaces meets one whose
// time window overlaps its own.
func (m *Member) Free(a int32, f action.Frame, start float64) bool {
	for _, sp := range m.w.Spaces.Action(int(a)) {
		if m.w.Claims.Meets(m.id, sp, f, start) {
			return false
		}
	}
	return true
}

// Claim replaces the character's claims on the future (those ending after
// start) by action a's spaces, performed from frame f from start on, the
// last held until the next claim: where it will stand if it cannot go on.
func (m *Member) Claim(a int32, f action.Frame, start float64) {
	m.w.Claims.Release(m.id, start)
	sps := m.w.Spaces.Action(int(a))
	for k, sp := range sps {
		hold := 0.0
		if k == len(sps)-1 {
			hold = math.Inf(1)
		}
		m.w.Claims.Reserve(m.id, sp, f, start, hold)
	}
}
