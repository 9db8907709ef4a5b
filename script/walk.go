package script

// SteppingWalk is the built-in scripted walk through builtin:stepping (the
// main job of cmd/planner): from the strip by the west wall up the 0.2 m
// flight and down its far side, a hop over the 0.5 m gap, through the low
// wall's opening, across the stepping stones of the pit towards the far
// floor's 1.0 m box, and a climb onto it, where it stops.
const SteppingWalk = `scene: builtin:stepping
start: {x: 0.25, z: 1.5, yaw_deg: 90, state: idle}
duration: 15
inputs:
  - {at: 0, heading_deg: 90, speed: 1.2}
  - {at: 5.0, heading_deg: 90, speed: 1.2, request: hop}
  - {at: 6.0, heading_deg: 90, speed: 1.2}
  - {at: 7.5, heading_deg: 120, speed: 1.2, request: climb}
  - {at: 11, speed: 0}
`
