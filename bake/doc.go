// Package bake is Foothold's offline step: it makes what the runtime reads
// and never computes itself — a scene's support-trees (supportbuild.Build,
// with the supports no foot or hand can reach left out), the body's sweeps
// of every action of a library (ccd.Measure, on every core) and the
// library's occupancy spaces (occupancy.Build) — and keeps them in one
// cache.
//
// Every baked file is named in the cache by its kind and a key (Key): the
// SHA-256 of everything it is made from (the scene's triangles and the
// templates for support-trees; the library's clips and the body for
// sweeps and spaces). A file whose key, checksum or format does not match
// is rebuilt; a cache that cannot be written leaves the bake in memory.
// The same inputs always bake the same bytes, on any number of workers.
//
// The runtime (package planner and what it imports) takes what this
// package returns: support-trees through a geoquery.Tree, sweeps through
// planner.SetupOptions, spaces through crowd.
package bake
