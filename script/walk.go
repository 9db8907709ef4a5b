package script

// SteppingWalk is the built-in scripted walk through builtin:stepping (the
// main job of cmd/planner): from the narrow strip by the west wall up the
// 0.2 m flight (step-up onto 0.2 and 0.4 m treads, the 0.8 m landing) and
// down its far side, a hop over the 0.5 m gap, through the low wall's
// opening, across the stepping stones of the pit, round the far floor, and
// a climb onto the 1.0 m box, where it stops.
const SteppingWalk = `scene: builtin:stepping
start: {x: 0.25, z: 1.5, yaw_deg: 90, state: idle}
duration: 15
inputs:
  - {at: 0, heading_deg: 90, speed: 1.2}
  - {at: 5.0, heading_deg: 90, speed: 1.2, request: hop}
  - {at: 6.0, heading_deg: 90, speed: 1.2}
  - {at: 8.0, heading_deg: 45, speed: 1.2}
  - {at: 9.4, heading_deg: 180, speed: 1.2, request: climb}
  - {at: 13, speed: 0}
`
