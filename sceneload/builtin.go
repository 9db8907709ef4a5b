package sceneload

import (
	"fmt"
	"sort"
	"strings"

	"github.com/foothold/foothold/scenes"
)

// BuiltinScene describes a procedural scene and the paper's figures it is
// sized to.
type BuiltinScene struct {
	Name        string
	Description string
	PaperAreaM2 float64 // surface area in the paper (0: not the paper's) [Units: m²]
	PaperVolM3  float64 // bounding volume in the paper (0: not the paper's) [Units: m³]
	// Large scenes are too large to build support data for whole: they
	// are baked in tiles (preprocess build --tiles) and streamed.
	Large bool
	build func() *scenes.Mesh
}

var builtins = map[string]BuiltinScene{
	"stepping": {"stepping", "stairs with risers 0.10-0.45 m, stepping stones over a pit, gaps and a low wall (the paper's stepping scene)", 213, 48, false, stepping},
	"climbing": {"climbing", "ledges 0.6-2.2 m, vaulting boxes, walls and overhangs (the paper's climbing scene)", 309, 240, false, climbing},
	"level":    {"level", "a game arena of rooms, corridors, stairs, ramps, crates and platforms (the paper's Counter-Strike level)", 13240, 127428, false, level},
	"ramps":    {"ramps", "ramps of 5-50° with landings, cross-slopes of 5-30°, uneven terrain and stairs with sloped treads (walking on slopes)", 0, 0, false, ramps},
	"dynamic":  {"dynamic", "four lanes: a wall with a doorway for a sliding door, open floor for dropped crates, a deck reached by a lift, a gap crossed by a sliding platform, a trapdoor over a basement (the static part of a moving world)", 0, 0, false, dynamicScene},
	"rooms":    {"rooms", "walled lanes with one obstacle each: ceilings at 1.2-2.2 m, doorways 0.35-0.9 m wide, a 2 cm wall, a beam at 1.0 m, a table (the body's clearance)", 0, 0, false, rooms},
	"world":    {"world", "2 km × 2 km of rolling terrain with a road, two ravines crossed by bridges, villages and towns of the level's rooms, stairs and crates (a world too large to build whole)", 0, 0, true, worldScene},
}

// BuiltinScenes lists the built-in scenes by name.
func BuiltinScenes() []BuiltinScene {
	out := make([]BuiltinScene, 0, len(builtins))
	for _, s := range builtins {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// IsLarge reports whether spec names a Large built-in scene.
func IsLarge(spec string) bool {
	name, ok := strings.CutPrefix(spec, BuiltinPrefix)
	return ok && builtins[name].Large
}

// Builtin generates the named built-in scene. Generation is deterministic:
// the same name gives the same bytes on every machine.
func Builtin(name string) (*scenes.Mesh, error) {
	s, ok := builtins[name]
	if !ok {
		names := make([]string, 0, len(builtins))
		for n := range builtins {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, &scenes.ParseError{File: BuiltinPrefix + name, Err: fmt.Errorf("no such built-in scene (have %s)", strings.Join(names, ", "))}
	}
	return s.build(), nil
}
