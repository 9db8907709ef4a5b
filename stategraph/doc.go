// Package stategraph is the state graph over an action library: which
// action may follow which, and where a character may start. A library
// builder (package library) makes one; the plan tree (package actiongraph)
// unrolls it at run time. It is immutable once made and may be shared.
package stategraph
