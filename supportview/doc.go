// Package supportview shows support data to level designers: a picture of
// the level from above with every supported position of a template drawn
// over it, coloured by how many yaws are supported there, one panel per
// storey; and a glTF binary (.glb) holding the scene mesh and the
// supported samples as small oriented markers, one merged mesh per storey,
// to open next to the level in Blender or an engine.
//
// Multi-storey levels are split by height (Storeys) so an upper floor does
// not hide a lower one.
package supportview
