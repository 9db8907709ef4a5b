// Package character reads rigged glTF 2.0 characters into the project's
// skeletons and clips, offline: the joints of the document's skins become a
// motion.Skeleton (parents before children), and each animation becomes a
// motion.Clip sampled at a fixed rate, so a rigged .glb with its clips is a
// capture source like a BVH folder.
//
// Everything between a joint and the joint above it counts: nodes that are
// not joints but sit between two joints, and the nodes above the
// armature's root (a scaled or rotated armature node is common), are folded
// into the joints' local translations and rotations by their full
// transforms, evaluated at every frame. glTF has scale and the project's
// skeletons do not: a uniform scale is carried into the translations below
// it; a scale that differs along its axes by more than 1% is refused with
// the node named. Channels may animate translation, rotation and scale with
// step, linear (rotations by spherical interpolation) and cubic-spline
// interpolation; morph-target weights are ignored.
//
// glTF joints are the heads of bones. A chain's last joint gets an end
// site when an empty node hangs below it (exporters write bone tips so);
// a last joint outside the hands and feet without one (a rig's head joint,
// at the base of the skull) gets its tip from the skin: an end site at the
// farthest vertex it carries most in the bind pose (Character.Nodes holds
// -1 for it), so that the body derived from the skeleton covers the head.
//
// glTF lengths are metres, so a character is read at its own size: a robot
// four units tall is four metres tall. Errors name the file and the place
// (node, skin, mesh primitive, animation and channel), and no input makes the reader panic.
package character
