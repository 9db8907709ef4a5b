// Package capsuleoracle is the test oracle of the body's clearance: how far
// a posed body's capsules go into a scene, by its own exact static
// distances (a point's distance to a triangle by projection or its
// nearest edge; a segment's by golden-section search of that convex
// function), with the contact rules of package body. It shares no code
// with package ccd, which it checks; tests and the walks' reports use it,
// the runtime never does.
package capsuleoracle
