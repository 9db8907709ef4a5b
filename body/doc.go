// Package body is the character's body: one capsule (a segment with a
// radius) per bone, derived from any skeleton and its end-effectors with
// radii per body part, and the contact rules that say which capsules may
// touch which faces of the scene.
//
// It sits between the skeletons of package motion and everything that asks
// where the body is: the clearance test of package ccd (the body against
// the scene, continuous in time), the planner, drawings and exports. A
// Model is built once (Derive), is immutable, and placing its capsules at a
// pose (Model.Place) allocates nothing.
//
// Frames: a capsule's ends are in the local frame of the joint that carries
// it (the parent end of its bone), so forward kinematics places it. Metres.
//
// Contact rules: the legs (thigh, shin, foot, toes) and the hands may touch
// ground faces, whose normal lies within GroundCone of +Y, because feet
// stand and hands rest on them; the contact parts (feet, toes, hands) may
// also brush any other face, as a foot planted at the edge of a step
// touches the step's riser at its top edge. Every other capsule must stay
// clear of every face. How far a permitted contact may sink into its face
// is the checker's tolerance (ccd.Options.Sink).
package body
