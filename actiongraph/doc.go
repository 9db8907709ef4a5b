// Package actiongraph holds actions — a clip, its docks and its root delta
// — and the state graph saying which action may follow which.
//
// Actions are authored in YAML (ReadActions: a built-in clip or a BVH file
// and frame range, docks extracted automatically or listed) or built in
// (Default: the humanoid's procedural clips, optionally with a looped gait
// cycle of real capture). Every action is expressed in its action frame:
// the root's ground projection and heading at its first frame, at the
// height of the ground under the feet. The state graph (ReadGraph,
// WriteGraph) is validated: no unknown names, a successor for every state,
// every state reachable from an entry.
//
// Unrolling the graph into a plan tree and pruning it with geo-queries
// comes with issue 6; Graph.Count already gives the tree's size.
package actiongraph
