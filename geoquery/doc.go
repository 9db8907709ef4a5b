// Package geoquery answers the planner's question for one dock: where near
// the expected pose can this template be supported? One interface, Querier,
// with two implementations that evaluate the same world-anchored lattice
// (dock.Lattice) under the same window, metric and tie-break, and so give
// the same answers: Probe, the paper's Version I, which runs Algorithm 1 on
// samples in order of increasing distance at query time; and Tree, the
// paper's Version II, which searches the support-trees built offline.
//
// The window: samples whose position lies within MaxDisplacement of the
// expected position and whose yaw lies within MaxYaw of the expected yaw.
// The metric: d² = |Δposition|² + (YawWeight·Δyaw)². Ties in d² go to the
// sample with the smallest (X, Y, Z, Yaw) indices, compared in that order.
//
// Queries allocate nothing and are safe for concurrent use. Tree also
// tells, without a search, whether a known sample lies in a query's window
// (Within) and where a sample's contact points meet their faces (Hits).
package geoquery
