// Package motion holds skeletons and clips: joint names, parents and rest
// offsets; per-frame local translations and rotations; forward kinematics to
// world positions; slicing and resampling; the root trajectory (the ground
// projection of the hips and their heading); BVH motion capture import and
// export; Acclaim ASF/AMC import (CMU's original format); the mapping from
// joint names to end-effectors (feet, toes, hands, knuckles) that automatic
// dock extraction needs; a capture's unit guessed from the length of its
// legs (GuessScale); and root motion for clips that walk on the spot
// (RootMotion).
//
// Units are metres and seconds; +Y is up; yaw 0 faces +Z and positive yaw
// turns +Z towards +X, as in package dock. Motion data is float64: forward
// kinematics chains many rotations and the bone lengths must stay constant
// to 1e-6 m.
package motion
