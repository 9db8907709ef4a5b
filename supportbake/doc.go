// Package supportbake is the offline half of the paper's Version II
// support data: Build probes a whole scene once per docking template and
// keeps every supported lattice sample as a supporttree.Tree, and File
// reads and writes the trees of a scene's templates (.fst).
//
// Build does not sweep the scene's bounding volume as the paper did. A
// sample can only be supported if each contact point lies within reach of a
// face whose normal can fit that point's cone, so candidates come from the
// triangles (the positions within reach of each, at the heights its plane
// reaches near them), and Algorithm 1 (dock.Supported) decides each one.
// Tests prove the shortcut exact against an exhaustive sweep.
//
// Algorithm 1 looks only at surfaces, so it also supports places no
// character reaches: DropBuried leaves out faces buried in solids
// (Buried), and DropNarrow a foot's positions in slots narrower than a
// standing stance (Narrow).
//
// Files (.fst) hold the trees of a scene's templates with a magic, a
// version, the build parameters, hashes of the scene and of each template,
// and a checksum; each tree is stored as deflated streams of varints
// (supporttree.Streams), and read back into the same flat arrays.
package supportbake
