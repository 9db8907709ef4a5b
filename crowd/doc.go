// Package crowd is many characters in one world: the ground they have
// claimed over time, so that each plans around the others.
//
// A character that commits to an action reserves the action's occupancy
// spaces (package occupancy), placed at its frame in the world, each over
// its window of absolute time. Reservations holds them in a
// one-dimensional sweep-and-prune index (seed 003): sorted by the least x
// of their outer circle, so that a question visits only the reservations
// whose circles' x ranges overlap its own (every circle is narrower than
// the widest, so the scan starts that far to the left of the question),
// then those whose time windows overlap its window (closed intervals:
// windows sharing an instant overlap), and only for those runs the seed's
// intersect on the two hierarchies. A character's own reservations never
// stand in its way.
//
// Queries allocate nothing; Reserve allocates only when the index
// outgrows its size.
package crowd
