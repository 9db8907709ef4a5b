// Package dynamic is a world whose geometry may change between frames: a
// static level and instances (a mesh placed by a rigid transform) added,
// moved and removed, with the support-trees of a set of docking templates
// kept equal, after every edit, to a build of the whole scene as it then
// stands.
//
// An edit rebuilds only what it can change. Every answer of the support
// build at a lattice position depends on the triangles within
// supportbuild.DependencyOf of it, so an edit changes the positions whose
// dependency meets the boxes of the instance before and after it (the
// affected box). Those positions are built again (supportbuild.Build with
// Within) over the triangles whose boxes meet the affected box grown by
// the dependency — the static level's, found in its BVH, and the
// instances' — kept in the scene's order (the static level's triangles,
// then each instance's in the order they were added), so that a ray's
// nearest hit, which goes to the lowest triangle index on a tie, is the
// one a build of the whole scene finds; the trees are then spliced
// (supporttree.Tree.Splice).
//
// Mesh gives the whole scene as it stands, in that order, for a full
// build to compare with or to plan in.
package dynamic
