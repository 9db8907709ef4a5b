// Package layers states the order of Foothold's packages, bottom to top,
// and its test holds the code to it: a package imports only packages of
// lower layers, and the runtime (package planner and everything it
// imports) imports no image, YAML, glTF or generator package.
//
// The layers, with what lives there:
//
//	0 internal/atomicfile, internal/binfile, internal/parallel, internal/progress, internal/yamlnode, internal/shareddata, internal/cputime, internal/gltfdata, internal/tier   helpers
//	1 scenes, ik, internal/raster                        meshes, BVH, rays; IK and fits; pixels
//	2 motion, sceneload                                  skeletons and clips; scene files and built-in scenes
//	3 dock, body, humanoid, export, character, internal/topview, internal/sceneflag   templates and Algorithm 1; the body's capsules; procedural clips; glTF out; glTF characters in
//	4 supporttree, action, internal/capsuleoracle, internal/legoracle   support-trees; actions (clip, docks, delta, frame, library); the body's and the legs' test oracles
//	5 geoquery, ccd, warp, supportview                   geo-queries; the body against the scene; warping; support views
//	6 actiongraph, world, occupancy                      state graph and plan tree; loading and caching a world; occupancy spaces
//	7 planner, library, picture                          the runtime character; building a library; pictures
//	8 script, crowd                                      scripted runs; many characters
//	9 cmd/planner, cmd/preprocess, internal/layers       commands
//
// The runtime is planner and what it imports: scenes, ik, motion, dock,
// body, supporttree, action, geoquery, ccd, warp, actiongraph.
package layers

// Layer gives each package's layer, by import path below the module.
var Layer = map[string]int{
	"internal/atomicfile": 0, "internal/binfile": 0, "internal/parallel": 0, "internal/progress": 0, "internal/yamlnode": 0, "internal/shareddata": 0, "internal/cputime": 0, "internal/gltfdata": 0, "internal/tier": 0,
	"scenes": 1, "ik": 1, "internal/raster": 1,
	"motion": 2, "sceneload": 2,
	"dock": 3, "body": 3, "humanoid": 3, "export": 3, "character": 3, "internal/topview": 3, "internal/sceneflag": 3,
	"supporttree": 4, "action": 4, "internal/capsuleoracle": 4, "internal/legoracle": 4,
	"geoquery": 5, "ccd": 5, "warp": 5, "supportview": 5,
	"actiongraph": 6, "world": 6, "occupancy": 6,
	"planner": 7, "library": 7, "picture": 7,
	"script": 8, "crowd": 8,
	"cmd/planner": 9, "cmd/preprocess": 9, "internal/layers": 9,
}

// Forbidden are the packages the runtime may not import (prefixes of
// import paths): image encoders and colour models, YAML, glTF, the
// procedural generators and the offline builders.
var Forbidden = []string{
	"image", "golang.org/x/image", "gopkg.in/yaml", "github.com/qmuntal/gltf",
	Module + "/internal/yamlnode", Module + "/internal/raster", Module + "/internal/topview",
	Module + "/humanoid", Module + "/sceneload", Module + "/library", Module + "/picture",
	Module + "/export", Module + "/character", Module + "/internal/gltfdata", Module + "/world", Module + "/script", Module + "/supportview",
}

// Module is the module's import path.
const Module = "github.com/foothold/foothold"
