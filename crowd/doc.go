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
// A Ground's Members are what planners see of each other
// (planner.Config.Others). The rules that keep a crowd safe and moving:
//
//   - An action starts only with its brake (the planner's shortest way from
//     its end to standing still, then standing): none of their spaces may
//     meet another character's claim in an overlapping window, and the
//     character then claims them all in place of its claims on the future.
//     So a character can always stop: its brake is its own, and the
//     planner may always take it.
//   - Standing is claimed as a circle about the root that holds every way
//     of standing or turning on the spot (Ground.SetStanding), held until the
//     next claim: a standing character can always go on standing or turn
//     to face a free way, whatever the others claim meanwhile. Two such
//     circles that overlap never stop either character moving away from
//     the other (Reservations.MeetsStanding).
//   - Waiting is an action (idle); a character that makes no progress
//     steps aside (Sim), and one that arrives leaves the scene (unless
//     SimOptions.Stay), so nobody waits for a character that has finished.
//   - A door is taken in a queue of fixed order: each waits, standing,
//     farther from the door than the one ahead of it, and the first's way
//     to the door, always getting nearer it, is clear of those waiting
//     (Sim, Gate): no wait can go round in a cycle.
//   - Where the planners check the body against the scene, they check it
//     with PlanMargin (ccd.Options.Margin): a brake the plan found clear
//     stays clear once the warp has moved it, so a character does not stand
//     mid-stride with its brake refused.
//
// Sim runs a scenario's characters on one Ground, updated in a fixed order,
// so the same scenario gives the same motion on any machine. The
// scenarios follow SteerSuite's: Circle, Crossing, Hallway, Bottleneck,
// Random (on any level, each character following a way across its floor
// found by Routes), and Circles (many small circles, for measuring cost).
//
// A crowd's occupancy spaces are baked offline (bake.Spaces: beside a
// library's file, or in the bake's cache, by the key of the library's
// clips and the body).
//
// Queries allocate nothing; Reserve allocates only when the index
// outgrows its size.
package crowd
