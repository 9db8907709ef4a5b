package stream

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
	"github.com/foothold/foothold/supporttree"
)

// Step puts in the tiles read since the last Step, lets go of those far
// from every planner and asks for those near one that it does not hold.
// It never waits for a file.
func (w *World) Step(float64) error {
	for {
		r, ok := w.load.done()
		if !ok {
			break
		}
		delete(w.pending, r.ik)
		if r.err != nil {
			w.failed[r.ik] = r.err
			w.st.Failed++
			continue
		}
		if w.near(r.ik, w.radius+w.span) {
			w.hold(r.ik, r.tile)
		}
	}
	for ik := range w.resident {
		if !w.near(ik, w.radius+w.span) {
			w.drop(ik)
		}
	}
	for _, ik := range w.wanted() {
		if _, held := w.resident[ik]; held || w.pending[ik] || w.failed[ik] != nil {
			continue
		}
		if !w.load.ask(w.entries[ik]) {
			break
		}
		w.pending[ik], w.asked[ik] = true, true
		w.st.Requested++
	}
	return nil
}

// preload reads every tile within the radius of the attached planners
// now, waiting for the files.
func (w *World) preload() {
	for _, ik := range w.wanted() {
		if _, held := w.resident[ik]; held {
			continue
		}
		w.asked[ik] = true
		t, err := supporttile.ReadTile(w.dir, &w.man.Header, w.entries[ik])
		if err != nil {
			w.failed[ik] = err
			w.st.Failed++
			continue
		}
		w.hold(ik, t)
	}
}

// wanted is the tiles with supports within the radius of a planner (or
// an arrival), planner by planner, each's by z then x: a few lookups per
// planner, into a buffer kept from Step to Step.
func (w *World) wanted() [][2]int32 {
	w.want = w.want[:0]
	for _, at := range w.arrivals {
		w.around(at)
	}
	for _, p := range w.planners {
		w.around(p.Pose().Trans[0])
	}
	return w.want
}

// around appends the tiles with supports within the radius of at: those
// of the square around it, or of the bake's list when that is shorter.
func (w *World) around(at mgl64.Vec3) {
	tile := func(v float64) int64 { return int64(math.Floor(v / w.span)) }
	i0, i1 := tile(at[0]-w.radius), tile(at[0]+w.radius)
	k0, k1 := tile(at[2]-w.radius), tile(at[2]+w.radius)
	if (i1-i0+1)*(k1-k0+1) > int64(len(w.files)) {
		for _, ik := range w.files {
			if w.within(ik, at, w.radius) {
				w.want = append(w.want, ik)
			}
		}
		return
	}
	for k := k0; k <= k1; k++ {
		for i := i0; i <= i1; i++ {
			ik := [2]int32{int32(i), int32(k)}
			if e, ok := w.entries[ik]; ok && e.File != "" && w.within(ik, at, w.radius) {
				w.want = append(w.want, ik)
			}
		}
	}
}

// near reports whether tile ik comes within r metres of a planner's
// root, across the ground.
func (w *World) near(ik [2]int32, r float64) bool {
	for _, root := range w.arrivals {
		if w.within(ik, root, r) {
			return true
		}
	}
	for _, p := range w.planners {
		if w.within(ik, p.Pose().Trans[0], r) {
			return true
		}
	}
	return false
}

// within reports whether tile ik comes within r metres of at, across the
// ground.
func (w *World) within(ik [2]int32, at mgl64.Vec3, r float64) bool {
	x0, z0 := float64(ik[0])*w.span, float64(ik[1])*w.span
	dx := max(x0-at[0], 0, at[0]-(x0+w.span))
	dz := max(z0-at[2], 0, at[2]-(z0+w.span))
	return math.Hypot(dx, dz) <= r
}

// hold puts tile ik's planned trees in the querier's tiles.
func (w *World) hold(ik [2]int32, t *supportbake.Tile) {
	cuts := map[*supporttree.Tiles]*supporttree.Tiles{}
	bytes := 0
	for _, ft := range t.Templates {
		if tp := w.byName[ft.Name]; tp != nil {
			cut, err := supporttree.Cut(ft.Planned())
			if err != nil {
				w.failed[ik] = fmt.Errorf("stream: tile (%d, %d): %w", ik[0], ik[1], err)
				w.st.Failed++
				return
			}
			cuts[w.tiles[tp]] = cut
			bytes += ft.Planned().SizeBytes()
		}
	}
	for td, cut := range cuts {
		w.each(ik, func(i, k int32) { td.Set(i, k, cut.Tile(i, k)) })
	}
	w.resident[ik] = bytes
	w.st.Loaded++
	w.count(bytes)
}

// drop lets go of tile ik.
func (w *World) drop(ik [2]int32) {
	for _, td := range w.tiles {
		w.each(ik, func(i, k int32) { td.Set(i, k, nil) })
	}
	w.count(-w.resident[ik])
	delete(w.resident, ik)
	w.st.Dropped++
}

// each calls f with every querier tile (supporttree.TileSize across) of
// bake tile ik.
func (w *World) each(ik [2]int32, f func(i, k int32)) {
	n := w.man.TileSize / supporttree.TileSize
	for k := ik[1] * n; k < (ik[1]+1)*n; k++ {
		for i := ik[0] * n; i < (ik[0]+1)*n; i++ {
			f(i, k)
		}
	}
}

// count keeps the resident figures after bytes more (or fewer) are held.
func (w *World) count(bytes int) {
	w.st.Resident = len(w.resident)
	w.st.ResidentBytes += bytes
	w.st.MostResident = max(w.st.MostResident, w.st.Resident)
	w.st.MostResidentBytes = max(w.st.MostResidentBytes, w.st.ResidentBytes)
}
