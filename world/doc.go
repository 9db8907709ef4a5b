// Package world readies a scene to plan in, offline: it loads the mesh,
// builds its BVH, and finds the support-trees of every template an action
// library docks with — read from an .fst file, or from the user's cache,
// or built on all cores and cached (the cache is keyed by the scene's and
// templates' hashes, and a damaged file is rebuilt). Supports no foot or
// hand can reach (faces buried in solids), and a foot's in slots too narrow
// to stand in, are dropped for the planner; the exact trees are kept for
// comparing Version II with Version I.
package world
