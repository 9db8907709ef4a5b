// Package ik holds the warping math: the least-squares rigid fit of a
// dock's template points to its support points (RigidFit, Horn's closed
// form), the critically damped spring that drives the root (Spring,
// integrated exactly), analytic two-bone IK for legs and arms (TwoBone,
// with a pole for the swivel and a soft limit near full extension), the
// frame alignment that turns bone directions into joint rotations (Align)
// and the shortest-arc rotation between two directions (FromTo). Package
// warp poses whole actions with them; package humanoid poses its clips.
package ik
