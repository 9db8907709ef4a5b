// Package warp adapts a chosen action to the supports found for its docks
// (the paper's section II-C), so that every planted foot and hand lands
// exactly on its support.
//
// A warp reorients the action about +Y to minimise the dock displacements,
// places the root with a critically damped spring (integrated exactly)
// towards the duration-weighted mean displacement of the docks held at
// each moment, lowers it further only where a docked limb could not reach
// (a lowering at an action's end eases out in the next, Carry.Drop), and
// poses each constrained limb with analytic two-bone IK (a knee bent the
// way its thigh carries it, the hinge the clip bends it about; an elbow
// away from the line from shoulder to wrist as the clip bends it, kept to
// that side from frame to frame; a soft limit near full extension),
// turning the foot or hand by the dock's yaw correction and tilting it onto
// the support's normal; a foot easing onto its support or off it goes no
// deeper along the support's normal, relative to where it stands there,
// than the clip's foot does relative to where it stands on its own floor
// (raised for that no faster than a swing is lifted, so the raise may
// start before the ease). Unreachable targets are reported, not hidden.
// Held (Options.Hold), the root keeps the path and heading the action has
// unwarped at its frame, and the docked limbs alone reach the supports.
//
// Given the action played before (Carry.From), the pose starts where
// that one's clip ended and fades into this one's, as a motion graph
// blends its transitions; a foot the action before left off its clip
// starts there and eases back (Carry.FootOffset). On a slope the upper
// body leans into it (lean), carried smoothly from one action to the next;
// with the scene given (Options.Ground), a swinging foot is lifted where
// the ground rises under it (but for the next riser under its toes as it
// lands, never twice over a step its dock raises it onto, never over a
// step it stood under while it is still by it, and never faster than a
// foot rises) and the toes bend up onto the surface where it rises under
// their tip. For a character whose body is checked against the scene
// (Options.FootClearance), the swinging foot also keeps its sole over the
// ground and the foot's radius from a step's edge.
//
// A warp continues from a Carry — what the warp of the action before left
// at its last frame, its Result.Next, or the zero Carry for a first action
// — and returns the one the next warp continues from, whole; Options are
// the warp's tuning and the scene it is made in. The next action starts at
// Result.End.
//
// A Warper owns its working memory: once Reserve has sized it for a
// library, warping allocates nothing, and each Result is overwritten by the
// next warp. Warp is the one-off form.
package warp
