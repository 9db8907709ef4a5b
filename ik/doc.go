// Package ik holds the warping math: the least-squares rigid fit of a
// dock's template points to its support points (RigidFit, Horn's closed
// form), the critically damped spring that drives the root (Spring,
// integrated exactly), analytic two-bone IK for legs and arms (TwoBone,
// with a pole for the swivel and a soft limit near full extension), and
// the frame alignment that turns bone directions into joint rotations
// (Align). The built-in clips of package humanoid are posed with TwoBone
// and Align. Warping a whole action with them is issue 7.
package ik
