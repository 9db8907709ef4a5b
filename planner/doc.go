// Package planner is the runtime character: the chosen action is warped so
// that every planted hand and foot lands exactly on the support the
// geo-query found (Warp, the paper's section II-C).
//
// Warp reorients the action about +Y to minimise the dock displacements,
// finds the root offset minimising the summed squared distance between the
// end-effectors and their docks over the constrained intervals (at each
// moment, the mean displacement of the docks held then, eased between
// docks), drives the root towards it with a critically damped spring
// integrated exactly, lowers it further only where a docked limb could not
// reach, and poses each constrained limb with analytic two-bone IK (the
// knee or elbow kept in the clip's own swivel plane, a soft limit near full
// extension), turning the foot or hand by the dock's yaw correction and
// tilting it onto the support's normal (Target.Tilt). Unreachable targets
// are reported, not hidden.
//
// Planner is the object a game loop embeds: Update(dt, Input) advances
// time, evaluates the plan tree (package actiongraph) within a per-frame
// budget, chooses the next action when the current one ends — the feasible
// child that best matches the desired heading, speed and requested tag,
// with its docks fitting the ground and not buried inside a solid — warps
// it onto the supports (each lattice sample moved onto the surface its
// rays hit by a rigid fit), and returns the pose. Run drives a Planner
// with a Script (timed inputs, read from YAML by ReadScript). LoadWorld
// readies a scene to plan in: its mesh, BVH and support data (from an .fst
// file, or the user's cache, or built and cached on first use). Debug
// draws the plan as lines and points for any renderer.
package planner
