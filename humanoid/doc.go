// Package humanoid is Foothold's built-in character: an adult skeleton with
// the CMU joint hierarchy and names (so CMU captures join its library
// without retargeting), and procedurally generated clips for the default
// action library — walking, turning, stepping up and down, hopping a gap,
// climbing onto a ledge, vaulting a box, stopping, idling and starting —
// and the moves of characters among others (CrowdClips): a short step,
// turning on the spot and stepping back.
//
// A clip is generated as a script of per-frame targets (root path and
// heading, ankle positions and foot orientation, planted hands or arm swing)
// and posed with analytic two-bone IK (package ik). Plants are held exactly
// still; the root height follows a smooth curve kept within the legs' reach
// of the supporting feet; trajectories are minimum-jerk or Hermite curves.
// Gait actions start and end at mid-stance — one foot planted under the
// hips, the other passing it — so any two of them join without a pose jump
// whatever the terrain height; each exists in a left and a right version.
package humanoid
