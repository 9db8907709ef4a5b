// Package ccd is continuous collision detection of the character's body
// against a static scene: it decides whether the capsules of a body.Model,
// moving as a clip plays, ever touch a triangle of the scene's BVH, and
// when they do.
//
// Offline, NewSweeps measures every action of a library at
// Options.Substeps instants per frame interval: per capsule, its axis at
// each instant and a bound on how far any point of it moves to the next
// (the root's travel, each joint's turn times its reach, with rotations
// interpolated by slerp as the clip plays); from these, boxes in the action
// frame that provably hold the capsule, and each group of capsules, over
// slices of the action and over the whole action. At runtime a Checker
// places those boxes at a plan node's frame (a Scene holds the BVH and a
// second one of its faces outside the ground cone), takes the triangles
// they meet, and only for those runs the exact narrow phase with the exact
// segment–triangle distance: first conservative advancement over the
// measured instants (a gap d clears the steps whose travel bounds add up
// to less than d; a step whose two end gaps add up to more than its bound
// is clear), then, for the steps left, bisection of the interpolated clip
// with the same two-ended bound. Neither can step over a contact.
//
// The guarantee (tested against an independent oracle): a contact is never
// missed, and a reported contact has the capsule within Options.Epsilon of
// the triangle at the reported time. For an executed clip (Checker.Clip)
// the reported contact is the earliest: the steps before it are followed
// in time order and each cleared by its end gaps or halved until the
// capsule moves less than Epsilon across it (Epsilon over the clip's
// speed, in time). The contact rules are the body's
// (body.Part.MayTouchGround, body.Part.Contact): at plan time the parts
// the warp places (body.Part.Placed) are not checked, since only the warped
// motion knows where they go, and the parts that may touch ground faces
// ignore them; in the executed motion they may
// sink into them by at most Options.Sink; the contact parts (feet, toes,
// hands) may sink into any other face by at most Options.Sink, at plan time
// and in the executed motion.
//
// Sweeps are immutable and shared; a Checker holds one character's working
// memory and allocates nothing once warmed up.
package ccd
