// Package stream plans in a world too large to hold: the support data of
// a tiled bake (package supporttile: a manifest and a file per tile) is
// loaded around each character as it moves and dropped behind it.
//
// A World answers the planners' geo-queries from the tiles it holds
// (geoquery.NewTiled over supporttree.Tiles). Each Step looks at where the
// attached planners stand, asks a background goroutine for every tile
// within Radius of one that it does not hold, puts in the tiles that
// goroutine has read since the last Step, and lets go of those farther
// than Radius plus one tile from every planner. Step never waits for a
// file: a tile not yet loaded, or whose file is missing, corrupted or of
// another bake, holds no support (never a guessed one), and the error
// naming it is kept (Errors) without failing the world. With Radius
// beyond the plan's reach and loading that keeps up with the walk, a
// plan sees exactly what it would with every tile loaded beforehand, and
// moves the same to the bit.
//
// Step and the planners' Update run on one goroutine, or Step between
// the Updates of planners updated together (a crowd): Step changes what
// the querier reads. The tiles' size must be a multiple of
// supporttree.TileSize.
package stream
