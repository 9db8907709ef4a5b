// Package ik will hold the warping math: the least-squares rigid fit of a
// dock's template points to its support points, the damped-spring root drive,
// and analytic two-bone IK for legs and arms.
//
// TwoBone and Align exist now (the built-in clips are posed with them);
// the rigid fit and the spring drive come with warping (issue 7).
package ik
