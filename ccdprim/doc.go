// Package ccdprim is continuous collision detection of moving primitives
// (seed 000's exact CCD): a vertex against a triangle and an edge against
// an edge, every point moving linearly over a step. Both are four points
// that touch when they are coplanar (the cubic coplanarity condition of
// Provot) with the contact inside both primitives; rather than solve the
// cubic, VertexFace and EdgeEdge bound, over a box of (time, and the two
// coordinates on the primitives), the difference of the two points with
// the contact parameters free: it is linear in each coordinate, so its
// range over a box is that of the box's eight corners (an inclusion
// function with no overestimate but rounding). Boxes that cannot hold a
// zero are dropped, the others halved along their widest side, the
// earliest first, until one narrower than the resolution still holds a
// zero within the tolerance plus a bound on the rounding: a contact. So a
// contact is never missed (tested on the exact queries of the CCD
// benchmark of Wang et al. 2021, degenerate ones included); a reported
// contact has the primitives within the tolerance at the reported time,
// up to the resolution.
package ccdprim
