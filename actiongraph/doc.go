// Package actiongraph will hold actions (a clip, its docks and its root
// delta), the state graph saying which action may follow which, and the
// unrolling of that graph into a flat plan tree pruned with geo-queries.
//
// It holds no code yet: actions are built in issue 5 and unrolling and
// pruning in issue 6.
package actiongraph
