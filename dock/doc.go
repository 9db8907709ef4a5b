// Package dock models how a hand or foot meets the scene: a docking Template
// is a few contact points with normals in the dock's frame, a Pose places it
// in the world (position and yaw about +Y), and Feasible is the paper's
// Algorithm 1: the pose is supported when, for every contact point, a short
// ray along its normal (both ways, no farther than the sampling increment)
// meets a face whose normal lies in the point's tolerance cone.
//
// The Lattice anchors the samples that both geo-queries evaluate to the world
// (positions at integer multiples of the linear increment, yaws at integer
// multiples of the angular increment), so Version I (geoquery.Probe) and
// Version II (support-trees) test exactly the same poses.
//
// Frames: the dock frame is +Y up and +Z forward (the heading); contact
// points lie at y = 0 of the frame (the sole or palm). Metres and radians in
// code, degrees in YAML.
//
// Templates are authored in YAML (ReadTemplates, WriteTemplates); Builtin
// returns the default ones: foot, foot4, foot6, foot8, hand and hand-wall.
//
// Extract finds the docks of a motion clip (an effector held still near the
// floor); Diagnose reports how each effector fared against its tests, so a
// clip without docks can say why.
package dock
