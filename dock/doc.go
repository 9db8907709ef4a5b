// Package dock will hold docking templates (contact points with normals in a
// dock's frame), Algorithm 1 of the paper (feasibility of a template at a
// position and yaw, by short rays along each contact normal against a
// scenes.BVH), the world-anchored sample lattice, and automatic dock
// extraction from clips. It sits between scenes and the geo-queries.
//
// It holds no code yet: it is built in issue 3 (templates, Algorithm 1) and
// issue 5 (automatic docks).
package dock
