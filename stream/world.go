package stream

import (
	"encoding/hex"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/geoquery"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
	"github.com/foothold/foothold/supporttree"
)

// World is a planner setup over support tiles streamed around the
// planners attached to it.
type World struct {
	dir      string
	man      *supporttile.Manifest
	entries  map[[2]int32]supporttile.Entry
	files    [][2]int32 // the tiles with a file, in the manifest's order
	setup    *planner.Setup
	tiles    map[*dock.Template]*supporttree.Tiles // what the querier reads
	byName   map[string]*dock.Template
	span     float64 // metres across a bake tile
	radius   float64
	resident map[[2]int32]int // bake tiles held, with their trees' bytes
	pending  map[[2]int32]bool
	failed   map[[2]int32]error
	asked    map[[2]int32]bool // every tile ever asked for
	planners []*planner.Planner
	arrivals []mgl64.Vec3 // where planners about to be made will start
	want     [][2]int32   // wanted's buffer
	load     *loader
	st       Stats
}

// Stats counts a World's streaming.
type Stats struct {
	Requested, Loaded, Dropped, Failed int
	Resident, MostResident             int // bake tiles held now, and at most
	ResidentBytes, MostResidentBytes   int // their support-trees' bytes
}

// Open makes a World of the tiled bake in dir, planning as base does
// (its graph, body, templates and search settings; base's querier gives
// the scene the body is checked against), holding the tiles within
// radius metres of each attached planner.
func Open(dir string, base *planner.Setup, radius float64) (*World, error) {
	man, err := supporttile.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	q := base.Querier()
	lat := q.Params().Lattice
	if man.LinearM != lat.Linear || man.AngularRad != lat.Angular {
		return nil, fmt.Errorf("stream: %s: tiles on lattice %v m, %v rad; the planner's is %+v", dir, man.LinearM, man.AngularRad, lat)
	}
	if man.TileSize%supporttree.TileSize != 0 {
		return nil, fmt.Errorf("stream: %s: tiles of %d positions: a multiple of %d streams", dir, man.TileSize, supporttree.TileSize)
	}
	if !(radius > 0) || math.IsInf(radius, 0) {
		return nil, fmt.Errorf("stream: radius %v m: want a positive distance", radius)
	}
	w := &World{dir: dir, man: man, entries: map[[2]int32]supporttile.Entry{}, tiles: map[*dock.Template]*supporttree.Tiles{},
		byName: map[string]*dock.Template{}, span: float64(man.TileSize) * float64(lat.Linear), radius: radius,
		resident: map[[2]int32]int{}, pending: map[[2]int32]bool{}, failed: map[[2]int32]error{}, asked: map[[2]int32]bool{}}
	for _, e := range man.Entries {
		w.entries[[2]int32{e.I, e.K}] = e
		if e.File != "" {
			w.files = append(w.files, [2]int32{e.I, e.K})
		}
	}
	if err := w.templates(q.Templates(), lat); err != nil {
		return nil, err
	}
	tq, err := geoquery.NewTiled(q.BVH(), q.Params(), w.tiles)
	if err != nil {
		return nil, err
	}
	if w.setup, err = base.WithQuerier(tq); err != nil {
		return nil, err
	}
	w.load = newLoader(dir, &man.Header)
	return w, nil
}

// templates matches the planner's templates with the bake's, by name and
// by what their support depends on.
func (w *World) templates(ts []*dock.Template, lat dock.Lattice) error {
	for _, t := range ts {
		i := slices.IndexFunc(w.man.Templates, func(m supporttile.Template) bool { return m.Name == t.Name })
		if i < 0 {
			return fmt.Errorf("stream: %s: no tiles for template %q", w.dir, t.Name)
		}
		h := supportbake.TemplateHash(t)
		if w.man.Templates[i].Hash != hex.EncodeToString(h[:]) {
			return fmt.Errorf("stream: %s: template %q has changed since the tiles were baked", w.dir, t.Name)
		}
		w.tiles[t] = supporttree.NewTiles(lat)
		w.byName[t.Name] = t
	}
	return nil
}

// Setup is the setup planners in the world plan with.
func (w *World) Setup() *planner.Setup { return w.setup }

// Attach makes the world hold the tiles around p (made over Setup), and
// reads those within the radius before it returns: a character arrives
// on loaded ground (the one call that waits for files, as a loading
// screen does).
func (w *World) Attach(p *planner.Planner) error {
	if p.Setup() != w.setup {
		return fmt.Errorf("stream: the planner was not made over this world's setup")
	}
	w.planners, w.arrivals = append(w.planners, p), nil
	w.preload()
	return nil
}

// Arrive reads the tiles within the radius of at, where a planner is
// about to start, before it returns: planner.New looks for supports at
// its start. Attach then keeps them around the planner.
func (w *World) Arrive(at mgl64.Vec3) error {
	w.arrivals = append(w.arrivals, at)
	w.preload()
	return nil
}

// Asked lists every tile the world has asked to read, in the order of
// the tiles.
func (w *World) Asked() [][2]int32 {
	out := make([][2]int32, 0, len(w.asked))
	for ik := range w.asked {
		out = append(out, ik)
	}
	slices.SortFunc(out, compareTiles)
	return out
}

// Stats is what the world has streamed so far.
func (w *World) Stats() Stats { return w.st }

// Errors are the tiles that could not be loaded, each naming the tile
// and its file, in the order of the tiles.
func (w *World) Errors() []error {
	var keys [][2]int32
	for ik := range w.failed {
		keys = append(keys, ik)
	}
	slices.SortFunc(keys, compareTiles)
	var out []error
	for _, ik := range keys {
		out = append(out, w.failed[ik])
	}
	return out
}

// Close stops the loading goroutine; the world holds what it holds.
func (w *World) Close() { w.load.close() }

func compareTiles(a, b [2]int32) int {
	if a[1] != b[1] {
		return int(a[1]) - int(b[1])
	}
	return int(a[0]) - int(b[0])
}
