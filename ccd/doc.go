// Package ccd is continuous collision detection of the character's body
// against a static scene: it decides whether the capsules of a body.Model,
// moving as a clip plays, ever touch a triangle of the scene's BVH, and
// when they do.
//
// Offline, Measure measures an action (package bake measures every action
// of a library and keeps the measures; NewSweeps assembles them) at
// Options.Substeps instants per frame interval: per capsule, its axis at
// each instant and three bounds per step between instants (with rotations
// interpolated by slerp as the clip plays): how far any point of the axis
// moves (the root's travel plus each joint's turn times its reach); how far
// it strays from the straight path between its places at the step's ends
// (the sag, an eighth of the step's squared length times a bound on the
// axis's acceleration down the joint chain); and so how far it ever is
// from either end's place (the ends' chord plus twice the sag, or the
// first bound). From these come boxes in the action frame that provably
// hold each capsule, and each group of capsules, over slices of the action
// and over the whole action, and at its first and last instants.
//
// At runtime a Checker places those boxes at a plan node's frame (a Scene
// holds the BVH and a second one of its faces outside the ground cone),
// takes the triangles they meet and runs the exact narrow phase on those
// alone, in passes, cheapest first: the capsules at the last instant (most
// refused actions end inside the scene; an executed clip's first instant
// too, while a plan checks a node's children only when the node ends
// clear); then every capsule–triangle pair at the middle instant of each
// slice, where it is cleared for the whole slice when farther than the
// slice's reach (by the triangle's plane, the planes square to it through
// its edges, or the exact distance) and ends the check when in contact;
// then the pairs left, nearest first, over the slice's measured instants;
// then, for the steps left, bisection of the interpolated clip. Over the instants a
// step is cleared by a plane the triangle lies behind (its own plane, then
// the plane square to the closest points of the latest exact distance):
// when both ends of the axis stand farther than the radius plus the sag in
// front of it at both instants, the axis does at every moment between. A
// step is also cleared by conservative advancement (a gap d clears the
// steps after it whose travel bounds add up to less than d) or by its two
// end gaps (adding up to more than its travel). Bisection clears an
// interval by its end gaps against the same bounds taken over the
// interval. None of these can step over a contact.
//
// The guarantee (tested against an independent oracle, and the bounds
// against the clip played densely): a contact is never missed, and a
// reported contact has the capsule within Options.Epsilon of the triangle
// at the reported time. An executed clip (Checker.Clip) is measured the
// same way at run time, at Options.ClipSubsteps instants per frame
// interval (one by default: the bounds hold for any step). Its reported
// contact is the earliest: the steps before it are followed in time order
// and each cleared by its end gaps or halved until the capsule moves less
// than Epsilon across it (Epsilon over the clip's speed, in time). The
// contact rules are the body's (body.Part.MayTouchGround,
// body.Part.Contact): at plan time the parts the warp places
// (body.Part.Placed) are not checked, since only the warped motion knows
// where they go, except, with Checker.FreeLimbs, those of a limb the
// action docks no hand or foot of (the warp leaves it as the clip has it),
// which are checked as the legs are; the parts that may touch ground faces
// ignore them; in
// the executed motion they may sink into them by at most Options.Sink; the
// contact parts (feet, toes, hands) may sink into any other face by at most
// Options.Sink, at plan time and in the executed motion. Options.Margin
// widens the capsules of plan checks only: a plan then keeps the parts it
// checks that far from the scene, so the warp's small moves of an action
// the plan found clear do not make the executed motion touch.
//
// A plan checks the children of a node one after another, all starting
// from its end pose, so a Checker keeps the latest contact found at an
// action's first instant and tries it first: one exact distance then
// settles a child that starts inside the scene. The answer never depends
// on it (it only ever reports a contact the full check would).
//
// Plan checks run at frames snapped to a grid under a micrometre, with
// the capsules widened to cover the snap, and a Checker remembers their
// answers by snapped frame (Checker.Forget clears them): a plan tree
// reaches the same frame along different paths. An answer depends on its
// question only, never on what was asked before.
//
// Sweeps are immutable and shared; a Checker holds one character's working
// memory and allocates nothing once warmed up.
package ccd
