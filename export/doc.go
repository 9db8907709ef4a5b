// Package export writes planned motion for other tools: a glTF binary with
// the skeleton as a node hierarchy and the motion as an animation, which any
// glTF viewer plays (WriteGLB, SaveGLB). BVH export lives with the BVH
// reader in package motion.
package export
