package supportbuild

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// touchMargin widens the tests of whether a ray or a box can meet a
// changed box: far above float32 rounding of level coordinates. [Units: m]
const touchMargin = 1e-3

// Change is where a template's support data can change when the
// triangles within a box change (Affected).
type Change struct {
	Changed scenes.AABB     // holds every triangle added, moved (before and after) or removed
	Samples supporttree.Box // the positions with a sample whose contact points' rays can meet Changed
	Filters supporttree.Box // the positions whose reachability can change: Samples, and those whose Buried or Narrow rays can meet Changed
	Around  scenes.AABB     // every triangle the answers in Samples and Filters depend on meets it
}

// Affected is the change of template t's support data on lattice lat
// when the triangles within changed change.
func Affected(t *dock.Template, lat dock.Lattice, changed scenes.AABB) Change {
	inc, reach := lat.Linear, lat.Linear*dock.ReachFraction
	var side, lo, hi float32
	for _, p := range t.Points {
		side = max(side, float32(math.Hypot(float64(p.Position[0]), float64(p.Position[2]))))
		lo, hi = min(lo, p.Position[1]), max(hi, p.Position[1])
	}
	m := float32(touchMargin)
	c := changed
	grow := func(below, above mgl32.Vec3) scenes.AABB {
		return scenes.AABB{Min: c.Min.Sub(above), Max: c.Max.Add(below)}
	}
	// A contact point's rays reach one increment either way; a position
	// is affected when one of its points comes that near.
	h := side + inc + m
	samples := grow(mgl32.Vec3{h, -lo + inc + m, h}, mgl32.Vec3{h, hi + inc + m, h})
	// Buried looks for the surface within reach, then up through the
	// headroom; Narrow across the stance at the leg heights.
	filters := samples.Union(grow(mgl32.Vec3{m, reach + m, m}, mgl32.Vec3{m, reach + 0.02 + Headroom + m, m}))
	if stance, ok := FootStance(t); ok {
		s := stance + m
		filters = filters.Union(grow(mgl32.Vec3{s, reach + m, s}, mgl32.Vec3{s, reach + legHeights[len(legHeights)-1] + m, s}))
	}
	ch := Change{Changed: changed, Samples: toLattice(samples, lat), Filters: toLattice(filters, lat)}
	d := DependencyOf(t, lat)
	w := fromLattice(ch.Filters, lat)
	ch.Around = scenes.AABB{Min: w.Min.Sub(mgl32.Vec3{d.Side, d.Below, d.Side}), Max: w.Max.Add(mgl32.Vec3{d.Side, d.Above, d.Side})}
	return ch
}

// toLattice is the box of lattice positions that holds every position in
// b (and one more on every side, for the rounding of the division).
func toLattice(b scenes.AABB, lat dock.Lattice) supporttree.Box {
	var out supporttree.Box
	for a := range 3 {
		out.Min[a] = int32(math.Floor(float64(b.Min[a]/lat.Linear))) - 1
		out.Max[a] = int32(math.Ceil(float64(b.Max[a]/lat.Linear))) + 1
	}
	return out
}

// fromLattice is the world box of the positions of b.
func fromLattice(b supporttree.Box, lat dock.Lattice) scenes.AABB {
	return scenes.AABB{
		Min: lat.Position(dock.Sample{X: b.Min[0], Y: b.Min[1], Z: b.Min[2]}),
		Max: lat.Position(dock.Sample{X: b.Max[0], Y: b.Max[1], Z: b.Max[2]}),
	}
}

// UpdateStats counts an update's work.
type UpdateStats struct {
	Positions int64 // positions looked at again
	Samples   int64 // samples evaluated again: every yaw of the positions whose contact points can reach the change, when the points that do not turn are supported
	Filtered  int64 // positions whose reachability was tested again
}

// Region is the positions of a box of lattice positions and their yaw
// sets (sorted as supporttree.Key sorts them; an empty set is no
// support): what supporttree.Tree.Splice takes.
type Region struct {
	Box         supporttree.Box
	Keys, Masks []uint64
}

// Trees is what Update reads of a template's every-support data before a
// change: a supporttree.Tree, or tiles of one.
type Trees interface {
	YawMask(x, y, z int32) uint64
	EachIn(box supporttree.Box, f func(x, y, z int32, mask uint64))
}

// Update is what changes in template t's support data with a change made
// of parts (Affected of each box that changed; their Filters boxes must
// be disjoint): per part, exact, the positions of its Samples box and
// their yaw sets in the changed scene, and reachable, the positions of
// its Filters box a character reaches (Reachable) and theirs. Spliced
// into the trees before the change (exact, and the reachable one), they
// give the trees a build of the changed scene gives. mesh and bvh (nil
// when there are none) hold the changed scene's triangles that meet the
// parts' Around boxes, in the scene's order. Only the positions whose
// contact points' rays can reach a changed box are evaluated again; the
// others keep their answers.
func Update(exact Trees, m *scenes.Mesh, bvh *scenes.BVH, t *dock.Template, lat dock.Lattice, parts []Change) (ex, re []Region, st UpdateStats, err error) {
	touch := make([]scenes.AABB, len(parts))
	for i, ch := range parts {
		mv := mgl32.Vec3{touchMargin, touchMargin, touchMargin}
		touch[i] = scenes.AABB{Min: ch.Changed.Min.Sub(mv), Max: ch.Changed.Max.Add(mv)}
	}
	pl := newPlan(t, lat)
	for _, ch := range parts {
		e := Region{Box: ch.Samples}
		if e.Keys, e.Masks, err = pl.updateSamples(exact, m, bvh, ch, touch, &st); err != nil {
			return nil, nil, st, err
		}
		ex = append(ex, e)
		re = append(re, reachableIn(exact, bvh, t, lat, ch, e, &st))
	}
	return ex, re, st, nil
}

// reachableIn is the positions of ch.Filters a character reaches after
// the change, given the samples' answers e inside ch.Samples.
func reachableIn(exact Trees, bvh *scenes.BVH, t *dock.Template, lat dock.Lattice, ch Change, e Region, st *UpdateStats) Region {
	// Every supported position of Filters after the change, in order: the
	// samples' answers inside Samples, the positions before it outside.
	var keys, masks []uint64
	exact.EachIn(ch.Filters, func(x, y, z int32, mask uint64) {
		if !ch.Samples.Contains(x, y, z) {
			keys, masks = append(keys, supporttree.Key(x, y, z)), append(masks, mask)
		}
	})
	keys, masks = mergeKeys(keys, masks, e.Keys, e.Masks)
	re := Region{Box: ch.Filters}
	stance, foot := FootStance(t)
	for i, k := range keys {
		st.Filtered++
		x, y, z := supporttree.Unkey(k)
		p := lat.Position(dock.Sample{X: x, Y: y, Z: z})
		if masks[i] == 0 || bvh == nil || Buried(bvh, p, lat.Linear, Headroom) || foot && Narrow(bvh, p, lat.Linear, stance) {
			continue
		}
		re.Keys, re.Masks = append(re.Keys, k), append(re.Masks, masks[i])
	}
	return re
}

// mergeKeys merges two sorted, disjoint position lists with their yaw
// sets.
func mergeKeys(ak, am, bk, bm []uint64) (keys, masks []uint64) {
	keys, masks = make([]uint64, 0, len(ak)+len(bk)), make([]uint64, 0, len(ak)+len(bk))
	i, j := 0, 0
	for i < len(ak) || j < len(bk) {
		if j == len(bk) || i < len(ak) && ak[i] < bk[j] {
			keys, masks = append(keys, ak[i]), append(masks, am[i])
			i++
		} else {
			keys, masks = append(keys, bk[j]), append(masks, bm[j])
			j++
		}
	}
	return keys, masks
}

// updateSamples is the yaw set of every position of ch.Samples that is a
// candidate in the changed scene or was supported before: the samples
// whose contact points' rays can meet a touch box evaluated again, the
// others as before.
func (pl *plan) updateSamples(exact Trees, m *scenes.Mesh, bvh *scenes.BVH, ch Change, touch []scenes.AABB, st *UpdateStats) (keys, masks []uint64, err error) {
	lat := pl.lat
	var cand []uint64
	pl.cols = nil
	if bvh != nil {
		if pl.vertical {
			pl.cols = newColumns(m, lat.Linear, pl.clip(&ch.Samples))
		}
		if cand, err = pl.candidates(m, 1, &ch.Samples); err != nil {
			return nil, nil, err
		}
	}
	exact.EachIn(ch.Samples, func(x, y, z int32, _ uint64) { cand = append(cand, supporttree.Key(x, y, z)) })
	slices.Sort(cand)
	cand = slices.Compact(cand)
	var rs scenes.Stats
	sc := pl.newScan()
	for _, k := range cand {
		x, y, z := supporttree.Unkey(k)
		st.Positions++
		mask := uint64(0)
		if bvh != nil {
			mask = pl.update(bvh, lat.Position(dock.Sample{X: x, Y: y, Z: z}), exact.YawMask(x, y, z), touch, sc, st, &rs)
		}
		keys, masks = append(keys, k), append(masks, mask)
	}
	return keys, masks, nil
}

// update is the yaw set at pos after the change within the touch boxes,
// given the set before it: kept when no contact point's rays can meet a
// touch box at any yaw, found again (at) otherwise.
func (p *plan) update(bvh *scenes.BVH, pos mgl32.Vec3, before uint64, touch []scenes.AABB, sc *scan, st *UpdateStats, rs *scenes.Stats) uint64 {
	inc := p.lat.Linear
	reach := scenes.AABB{Min: pos.Add(p.lo).Sub(mgl32.Vec3{inc, inc, inc}), Max: pos.Add(p.hi).Add(mgl32.Vec3{inc, inc, inc})}
	if !meetsAny(reach, touch) {
		return before
	}
	mask, turned := p.at(bvh, pos, sc, rs)
	if turned {
		st.Samples += int64(p.yaws)
	}
	return mask
}

// meetsAny reports whether a meets one of bs.
func meetsAny(a scenes.AABB, bs []scenes.AABB) bool {
	for _, b := range bs {
		if a.Min[0] <= b.Max[0] && b.Min[0] <= a.Max[0] && a.Min[1] <= b.Max[1] && b.Min[1] <= a.Max[1] && a.Min[2] <= b.Max[2] && b.Min[2] <= a.Max[2] {
			return true
		}
	}
	return false
}
