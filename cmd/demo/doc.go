// Command demo steers a character through a level and shows it planning:
// the scene lit and shaded, the character's bones as capsules, the plan tree
// unrolled from its pose (root paths; docks green where supported, red
// where pruned), the supported samples of one template around it, and an
// overlay with the plan depth, nodes evaluated, feasible actions, planning
// time per frame and frames per second.
//
//	go run . --scene builtin:stepping
//	go run . --scene ../../../shared/data/meshes/dungeon.obj
//
// With --agents N, N more characters walk to random goals on the level,
// planning around each other and the player's character (package crowd),
// drawn in pale blue. With --library LIB.yaml (planner library) the
// character plans with a library built for another character; when that
// character is a rigged glTF model, its own meshes are drawn, skinned by
// the planned and warped motion (--draw body shows the body's capsules
// instead, --draw none no character). The crowd is then of that
// character too, its occupancy spaces read from LIB.fos beside the
// library (or built and cached).
//
// On builtin:dynamic (or with --timeline T.yaml, planner run's timeline
// of moving parts) the world moves while the character plans in it
// (package live): a door opens and closes, a lift rises, a platform
// slides, a trapdoor opens, crates fall; the moving parts are drawn teal.
//
// Keys: arrows or WASD steer (relative to the camera), Space asks for a
// hop, E for a climb or vault, Tab cycles the support data shown (none,
// then each template), 1-6 set the plan depth, R resets, Esc quits; in a
// moving world O opens or closes the door and C drops a crate ahead. The
// mouse orbits (left button), pans (right button) and zooms (wheel) the
// camera, which follows the character.
//
// Headless, for tests and pictures (under xvfb-run -a on a machine with no
// display):
//
//	demo --scene builtin:stepping --frames 300 --input walk.yaml --screenshot out.png --json
//
// renders 300 frames at a fixed 1/60 s step driven by the script, saves the
// last frame as PNG and prints a JSON summary (frames per second, planning
// time, how far the character went).
//
// The demo is its own Go module, so the Foothold library stays free of cgo
// and OpenGL. It uses github.com/g3n/engine, which needs OpenGL 3.3 and the
// X11, GL and OpenAL development packages (see the README).
package main
