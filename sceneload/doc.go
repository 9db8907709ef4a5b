// Package sceneload makes scenes.Mesh values: it reads OBJ (any polygon
// size, fan-triangulated) and glTF 2.0 (.gltf + .bin or .glb, the whole node
// hierarchy with its transforms), converts units and up axes, and generates
// the built-in scenes "stepping", "climbing" and "level", sized like the
// paper's (Load("builtin:NAME", ...)). Bad input is an error naming the file
// and the place (line, or glTF node, mesh and accessor). It is offline: the
// runtime takes a Mesh and its BVH and imports none of this.
package sceneload
