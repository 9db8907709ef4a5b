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
// A World's Members are what planners see of each other
// (planner.Config.Others): an action may start only when none of its
// spaces meets another character's claim in an overlapping window; then
// the character claims its windows and holds the last until its next
// claim, so that where it stands, if it cannot go on, is claimed too. Sim
// runs a scenario's characters in one World, updated in a fixed order, so
// the same scenario gives the same motion.
//
// Queries allocate nothing; Reserve allocates only when the index
// outgrows its size.
package crowd
