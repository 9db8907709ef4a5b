// Package supportbuild finds a scene's support data: Build probes a scene
// once per docking template and keeps every supported lattice sample as a
// supporttree.Tree, and Reachable leaves out the supports no character
// reaches. It reads no file: the offline bake (supportbake) stores what it
// builds, and a scene that changes at run time rebuilds the part of it
// near a change with it.
//
// Build does not sweep the scene's bounding volume as the paper did. A
// sample can only be supported if each contact point lies within reach of a
// face whose normal can fit that point's cone, so candidates come from the
// triangles (the positions within reach of each, at the heights its plane
// reaches near them), and Algorithm 1 (dock.Supported) decides each one.
// Tests prove the shortcut exact against an exhaustive sweep. For
// vertical contact normals a grid of columns answers most points without
// a ray, and a turning point at every yaw from one look at the faces near
// its circle (yaws over the same faces share one answer); whatever the
// grid cannot answer with a margin to spare is left to the rays, and
// tests prove the trees equal to those of rays alone.
//
// Algorithm 1 looks only at surfaces, so it also supports places no
// character reaches: DropBuried leaves out faces buried in solids
// (Buried), and DropNarrow a foot's positions in slots narrower than a
// standing stance (Narrow).
//
// Every answer depends only on the triangles near the position asked
// about (Reach says how near), and a ray's nearest hit goes to the lowest
// triangle index when two tie, so a build over the triangles near a
// region, kept in the scene's order, gives there what a build of the whole
// scene gives.
package supportbuild
