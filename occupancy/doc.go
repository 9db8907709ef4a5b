// Package occupancy is the space characters occupy on the ground while
// they act, for checking characters against each other: the occupancy
// spaces of seed 001 (Stüvel, Egges, van der Stappen, "Collision checking
// using occupancy spaces").
//
// The occupancy space of an action over a time interval is the ground
// projection (x, z; +Y is up) of the body's capsules (package body) over
// that interval. Offline, Build cuts every action's time into windows of
// about Options.Window and bounds each window's space by a bounding circle
// hierarchy (BCH): the smallest circle holding the shape (Welzl's
// algorithm), the shape halved across the longer side of its box, and so
// on until a circle's radius is under Options.Threshold or the circle lies
// wholly inside the shape (every cell it meets is taken: finer circles
// would cover the same ground, so the hierarchy stays small where the
// shape is solid and fine only along its edge). The shape comes
// from the clearance test's measured sweeps (package ccd): over each frame
// interval a capsule's projection stays within its radius plus the
// interval's proven sag of the hull of its axis's places at the two
// frames, so the space holds the body at every moment, not only at frames.
// It is sampled on a grid of cells half the threshold wide (a cell is
// taken when its centre is within half its diagonal of the shape), each
// cell held by a circle about its centre, so a hierarchy holds its space,
// and no point of a leaf lies farther from it than twice the threshold
// plus half a cell's diagonal (2.35 cm at the default 1 cm).
//
// At runtime, Intersect tests two hierarchies under the rigid transform
// between their characters' frames (Relative): circles are rotation
// symmetric, so a transform costs a turn and a move of the circles it
// visits. It allocates nothing. It never misses an overlap of the two
// spaces (the leaves hold the shapes); it may report two spaces that come
// within the leaves' growth of each other. A one-circle hierarchy
// (Cylinder, BCH.Top) is the cylinder agent of ordinary crowd systems.
//
// Spaces are immutable, flat arrays, safe for concurrent use. They are
// stored beside the action library they were built for, in an .fos file
// (WriteFile, ReadFile: a magic, a version, the options, a key naming the
// library and body they were built from, ccd.SweepsKey and Key, and a
// checksum); Decode checks every hierarchy's structure, so damaged input
// is an error, never a wrong answer or a panic.
package occupancy
