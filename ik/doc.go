// Package ik will hold the warping math: the least-squares rigid fit of a
// dock's template points to its support points, the damped-spring root drive,
// and analytic two-bone IK for legs and arms.
//
// It holds no code yet: it is built in issue 7.
package ik
