// Package warp adapts a chosen action to the supports found for its docks
// (the paper's section II-C), so that every planted foot and hand lands
// exactly on its support.
//
// A warp reorients the action about +Y to minimise the dock displacements,
// places the root with a critically damped spring (integrated exactly)
// towards the duration-weighted mean displacement of the docks held at
// each moment, lowers it further only where a docked limb could not reach
// (a lowering at an action's end eases out in the next, Options.Drop),
// and poses each constrained limb with analytic two-bone IK (the knee or
// elbow in the clip's own swivel plane, bent away from the line from the
// limb's base to its end as the clip bends it and kept to that side from
// frame to frame, a soft limit near full extension),
// turning the foot or hand by the dock's yaw correction and tilting it onto
// the support's normal. Unreachable targets are reported, not hidden. On a
// slope the upper body leans into it (lean), carried smoothly from one
// action to the next; with the scene given (Options.Ground), a swinging
// foot is lifted where the ground rises under it (but for the next riser
// under its toes as it lands, and never twice over a step its dock raises
// it onto) and the toes bend up onto the surface where it rises under
// their tip.
//
// A Warper owns its working memory: once Reserve has sized it for a
// library, warping allocates nothing, and each Result is overwritten by the
// next warp. Warp is the one-off form.
package warp
