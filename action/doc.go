// Package action holds actions — a short clip with its docks (template,
// pose in the action frame, time interval where the end-effector is
// stationary) and its rigid root delta — the action library, and the
// frames that place actions in the world.
//
// Every action is expressed in its action frame: the root's ground
// projection and heading at its first frame, at the height of the ground
// under the feet. A Frame places an action in the world; Frame.Then
// chains actions (the paper's unrolling is a chain of 2D rigid transforms
// plus a height). Actions are built from clips by NewAction (docks found by
// dock.Extract) or by package library from authored files. A Library is
// immutable once built and safe for concurrent readers.
package action
