// Package supporttree will hold the offline side of the paper's Version II:
// Build probes a whole scene once per docking template and stores every
// supported lattice sample in a compact octree, written to an .fst file, and
// Tree answers nearest-supported-sample searches at run time.
//
// It holds no code yet: it is built in issue 4.
package supporttree
