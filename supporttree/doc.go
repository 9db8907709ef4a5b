// Package supporttree is the offline half of the paper's Version II: Build
// probes a whole scene once per docking template and keeps every supported
// lattice sample, and Tree stores them compactly for the run-time search of
// geoquery.Tree.
//
// Build does not sweep the scene's bounding volume as the paper did. A
// sample can only be supported if each contact point lies within reach of a
// face whose normal can fit that point's cone, so candidates come from the
// triangles (the positions within reach of each, at the heights its plane
// reaches near them), and Algorithm 1 (dock.Supported) decides each one.
// Tests prove the shortcut exact against an exhaustive sweep.
//
// Tree merges feasible regions: supported positions are kept as runs of
// consecutive x with one yaw set (a bit mask over the lattice's yaws), in
// rows of equal (y, z), in layers of equal y. A flat floor of any size is one
// run per row. Each row and each layer also carries a summary made when the
// tree is built or loaded (its x extent, for a layer also its z extent, and
// the union of its yaw sets), which lets a search skip it unread. Files
// (.fst) hold the trees of a scene's templates with a magic, a version, the
// build parameters, hashes of the scene and of each template, and a
// checksum; each tree is stored as deflated streams of varints, and read
// back into the same flat arrays.
//
// Algorithm 1 looks only at surfaces, so it also supports places no
// character reaches: DropBuried leaves out faces buried in solids
// (Buried), and DropNarrow a foot's positions in slots narrower than a
// standing stance (Narrow).
package supporttree
