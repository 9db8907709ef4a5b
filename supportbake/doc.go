// Package supportbake is the offline half of the paper's Version II
// support data: Bake builds a template's support-tree and the reachable
// tree the runtime plans with (package supportbuild), and File reads and
// writes the trees of a scene's templates (.fst), whole or one
// world-anchored tile of them (Tile, .fht; package supporttile builds
// them).
//
// Files (.fst) hold the trees of a scene's templates with a magic, a
// version, the build parameters, hashes of the scene and of each template,
// and a checksum; each tree is stored as deflated streams of varints
// (supporttree.Streams), and read back into the same flat arrays.
package supportbake
