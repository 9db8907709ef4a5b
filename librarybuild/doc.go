// Package librarybuild builds action libraries and state graphs, offline: from
// the authoring formats (YAML files of templates, effectors, actions and
// graphs, and library files holding actions and graph together, with
// errors naming the file and line), from motion capture (Build cuts a
// folder of captures or a glTF character's clips into actions and joins
// them into a graph, motion-graph fashion; HalfCycles loops a gait cycle
// of a walking clip), and from the built-in character's procedural clips
// (Default, the library the main job and the paper's Table I use). The
// runtime imports none of it.
package librarybuild
