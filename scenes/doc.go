// Package scenes holds the static level a character plans through: a triangle
// mesh (Mesh; package sceneload reads and generates them), and a flat
// bounding-volume hierarchy (BVH) that casts the millions of short rays that
// Algorithm 1 and the support-tree preprocessor need.
//
// It sits at the bottom of the pipeline: everything that asks "is there a
// surface here?" asks a BVH built from a Mesh.
//
// Offline and runtime are split as in the rest of Foothold. Validating and
// building (Mesh.Validate, NewBVH) may allocate and take time.
// Queries (BVH.ClosestHit, BVH.AnyHit) allocate nothing, never modify the BVH,
// and are safe for any number of concurrent readers.
//
// Conventions: metres, right-handed, +Y up. Faces are two-sided unless a ray
// asks for back-face culling, because real levels are triangle soups whose
// floors often have matching ceilings.
package scenes
