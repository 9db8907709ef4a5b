// Package layers states the order of Foothold's packages, bottom to top,
// and which of them are the runtime and which the offline work; its tests
// hold the code to both: a package imports only packages of lower layers;
// the runtime (package planner and every package of this module it
// imports) is exactly Runtime, imports no offline package, and imports no
// file, compression, YAML, glTF or image package.
//
// The layers, with what lives there:
//
//	0 internal/atomicfile, internal/binfile, internal/parallel, internal/progress, internal/yamlnode, internal/shareddata, internal/cputime, internal/gltfdata, internal/tier   helpers
//	1 scenes, ik, internal/raster, ccdprim               meshes, BVH, rays; IK and fits; pixels; moving primitives' contacts
//	2 motion, sceneload                                  skeletons and clips; scene files and built-in scenes
//	3 dock, body, humanoid, export, character, motionfile, internal/topview, internal/sceneflag   templates and Algorithm 1; the body's capsules; procedural clips; glTF out; glTF characters in; motion files
//	4 supporttree, action, internal/capsuleoracle, internal/legoracle   the support-tree; actions (clip, docks, delta, frame, library); the body's and the legs' test oracles
//	5 geoquery, ccd, warp, stategraph, supportbuild, supportview   geo-queries; the body against the scene; warping; the state graph; building support-trees; support views
//	6 actiongraph, occupancy, supportbake, dynamic     the plan tree; occupancy spaces; support files; a world whose geometry changes
//	7 planner, librarybuild, picture, bake, supporttile    the runtime character; building a library; pictures; the offline bake and its cache; support data in tiles
//	8 world, script, internal/bodysweeps, stream       loading a world; scripted runs; the body's sweeps for tests; support tiles streamed around characters
//	9 crowd, live                                      many characters; a world whose geometry moves while characters plan
//	10 cmd/planner, cmd/preprocess, internal/layers    commands
//
// The runtime is planner and what it imports (Runtime). The offline
// packages (Offline) load, build, bake, write and draw; the rest are the
// tools above the runtime (scripts, crowds, commands) and the tests'
// helpers and oracles.
package layers

// Layer gives each package's layer, by import path below the module.
var Layer = map[string]int{
	"internal/atomicfile": 0, "internal/binfile": 0, "internal/parallel": 0, "internal/progress": 0, "internal/yamlnode": 0, "internal/shareddata": 0, "internal/cputime": 0, "internal/gltfdata": 0, "internal/tier": 0,
	"scenes": 1, "ik": 1, "internal/raster": 1, "ccdprim": 1,
	"motion": 2, "sceneload": 2,
	"dock": 3, "body": 3, "humanoid": 3, "export": 3, "character": 3, "motionfile": 3, "internal/topview": 3, "internal/sceneflag": 3,
	"supporttree": 4, "action": 4, "internal/capsuleoracle": 4, "internal/legoracle": 4,
	"geoquery": 5, "ccd": 5, "warp": 5, "stategraph": 5, "supportbuild": 5, "supportview": 5,
	"actiongraph": 6, "occupancy": 6, "supportbake": 6, "dynamic": 6,
	"planner": 7, "librarybuild": 7, "picture": 7, "bake": 7, "supporttile": 7,
	"world": 8, "script": 8, "internal/bodysweeps": 8, "stream": 8,
	"crowd": 9, "live": 9,
	"cmd/planner": 10, "cmd/preprocess": 10, "internal/layers": 10,
}

// Runtime are the packages of the runtime: planner and every package of
// this module it imports.
var Runtime = []string{"ik", "scenes", "motion", "dock", "body", "action", "supporttree", "geoquery", "ccd", "warp", "stategraph", "actiongraph", "planner"}

// Offline are the packages that load, build, bake, write or draw: the
// runtime imports none of them.
var Offline = []string{
	"internal/atomicfile", "internal/binfile", "internal/progress", "internal/yamlnode", "internal/gltfdata", "internal/raster", "internal/topview", "internal/sceneflag",
	"sceneload", "humanoid", "export", "character", "motionfile", "supportbake", "supportview", "world", "occupancy", "librarybuild", "picture", "bake", "supporttile",
}

// Forbidden are the packages outside this module that no runtime package
// imports (prefixes of import paths): files, compression, YAML, glTF and
// images.
var Forbidden = []string{"os", "compress", "image", "golang.org/x/image", "gopkg.in/yaml", "github.com/qmuntal/gltf"}

// Module is the module's import path.
const Module = "github.com/foothold/foothold"
