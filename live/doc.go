// Package live is a world whose geometry moves while characters plan in
// it: a dynamic.Scene (a static level and instances) stepped in time, with
// kinematic movers (an instance following keys of its transform over
// time: doors, gates) and falling bodies (crates dropped under gravity,
// integrated with RK4, coming to rest on the first support below: the
// level or another crate), and the planners attached to it moved to the
// scene as it stands after every step that changed it.
//
// Each Step advances the clock, places the movers, integrates the falling
// bodies, and — when anything moved — makes the planners' Setup over the
// edited scene (planner.Setup.WithQuerier) and moves every attached
// planner to it (planner.Planner.Rebase) with the boxes the edits may have
// changed (dynamic.EditStats), so each plan keeps what no edit touched. A
// game calls Step, then each planner's Update, once per frame.
//
// A falling body moves by translation only (it does not tip or slide):
// its drop to rest is the least vertical distance from its triangles down
// to the scene's, over its vertices, the scene's vertices under it and the
// crossings of their edges seen from above. A body at rest falls again
// when what held it is taken away.
//
// The planners plan on the scene as it stands at each step; where a mover
// will be later is not predicted. A World is not safe for concurrent use.
package live
