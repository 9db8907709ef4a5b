// Package supporttile is the offline bake of a scene's support data in
// world-anchored tiles: square columns of Size × Size lattice positions
// across the ground (x, z), every height. Each tile is built alone, from
// the scene's triangles within reach of it (supportbuild.DependencyOf, in
// the scene's order), so that the tiles of a scene put together are
// exactly the whole build (supportbake.Bake), byte for byte once joined,
// whatever the tile size and the number of workers.
//
// A Layout lists a scene's tiles in a fixed order (by z, then x); Share
// deals them out round-robin to N independent builds (a farm's workers,
// a Beam pipeline's bundles), each writing its tile files
// (supportbake.Tile, .fht) and a share record; Merge checks the records
// and the files of every share and writes the manifest (manifest.json):
// the scene, the lattice, the templates and every tile with its file's
// SHA-256, empty tiles included, so that a tile not listed lies outside
// the world and a listed file that is missing or does not match is an
// error naming that tile. Join puts loaded tiles back together as one
// .fst file.
package supporttile
