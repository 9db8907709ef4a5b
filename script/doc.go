// Package script drives planners with scripted input: a start and timed
// inputs read from YAML (ReadScript), resolved against a planner's Setup,
// and run frame by frame into a whole clip with every step and the cost of
// every frame (Run). SteppingWalk is the main job's walk. MotionHash
// fingerprints a run's motion to the bit, for determinism tests.
package script
