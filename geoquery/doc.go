// Package geoquery will hold the one geo-query interface and its two
// implementations: Probe (the paper's Version I, query-and-probe with
// Algorithm 1 around an expected dock pose) and Tree (Version II, a search
// in a support-tree). Both evaluate the same lattice and give the same answers.
//
// It holds no code yet: Probe is built in issue 3 and Tree in issue 4.
package geoquery
