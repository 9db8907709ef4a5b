// Package export writes planned motion for other tools: a glTF binary with
// the skeleton as a node hierarchy, the motion as an animation and,
// optionally, a body of capsules skinned to the skeleton (each rigidly to
// its joint), which any glTF viewer plays (WriteGLB, WriteGLBWith, SaveGLB,
// SaveGLBWith); many characters in one file, each with its own hierarchy
// and skin, hidden once it leaves the scene (WriteCrowdGLB). BVH export
// lives with the BVH reader in package motion.
package export
