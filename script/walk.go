package script

// SteppingWalk is the built-in scripted walk through builtin:stepping (the
// main job of cmd/planner): from the strip by the west wall up the 0.2 m
// flight and down its far side, over the 0.5 m gap (a hop is asked for),
// through the low wall's opening, across the stepping stones of the pit
// to the far floor, then round, asking for a climb, to the 1.0 m box and
// onto it, where it stops.
const SteppingWalk = `scene: builtin:stepping
start: {x: 0.25, z: 1.5, yaw_deg: 90, state: idle}
duration: 18
inputs:
  - {at: 0, heading_deg: 86, speed: 1.2}
  - {at: 5.0, heading_deg: 86, speed: 1.2, request: hop}
  - {at: 6.5, heading_deg: 100, speed: 1.2}
  - {at: 8.0, heading_deg: 180, speed: 1.2, request: climb}
  - {at: 15, speed: 0}
`
