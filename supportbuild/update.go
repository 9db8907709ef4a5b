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
	Samples   int64 // samples whose contact points' rays meet the change: evaluated again
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
// parts' Around boxes, in the scene's order. Only the samples whose
// contact points' rays can meet a changed box are evaluated again; the
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
	for _, k := range cand {
		x, y, z := supporttree.Unkey(k)
		st.Positions++
		mask := uint64(0)
		if bvh != nil {
			mask = pl.update(bvh, lat.Position(dock.Sample{X: x, Y: y, Z: z}), exact.YawMask(x, y, z), touch, st, &rs)
		}
		keys, masks = append(keys, k), append(masks, mask)
	}
	return keys, masks, nil
}

// update is the yaw set at pos after the change within the touch boxes,
// given the set before it (every bit of it answered in the scene before
// the change). A sample whose points' rays all miss them keeps its bit. When only points that do not turn with the yaw (fixed) are
// touched, the others' answers stand: a sample supported before is
// supported when the fixed points are; one that was not, while another
// yaw was (so the fixed points were supported), still fails on a turning
// point. Every other touched sample is evaluated again (Algorithm 1).
func (p *plan) update(bvh *scenes.BVH, pos mgl32.Vec3, before uint64, touch []scenes.AABB, st *UpdateStats, rs *scenes.Stats) uint64 {
	inc := p.lat.Linear
	fixedTouched := false
	for i, f := range p.fixed {
		if f && raysMeet(p.off[0][i].Add(pos), p.nrm[0][i], inc, touch) {
			fixedTouched = true
		}
	}
	fixedOK, fixedKnown := true, false
	fixed := func() bool {
		if !fixedKnown {
			fixedKnown = true
			for i, f := range p.fixed {
				if f && !p.point(bvh, p.off[0][i].Add(pos), p.nrm[0][i], rs) {
					fixedOK = false
				}
			}
		}
		return fixedOK
	}
	mask := before
	for yaw := int32(0); yaw < p.yaws; yaw++ {
		turningTouched := false
		for i := range p.t.Points {
			if !p.fixed[i] && raysMeet(p.off[yaw][i].Add(pos), p.nrm[yaw][i], inc, touch) {
				turningTouched = true
				break
			}
		}
		bit := uint64(1) << uint(yaw)
		switch {
		case !fixedTouched && !turningTouched:
			continue
		case !turningTouched && before&bit != 0:
			if !fixed() {
				mask &^= bit
			}
			continue
		case !turningTouched && before != 0:
			continue // failed on a turning point, which stands
		}
		st.Samples++
		ok := fixed()
		for i := range p.t.Points {
			if ok && !p.fixed[i] && !p.point(bvh, p.off[yaw][i].Add(pos), p.nrm[yaw][i], rs) {
				ok = false
			}
		}
		if ok {
			mask |= bit
		} else {
			mask &^= bit
		}
	}
	return mask
}

// raysMeet reports whether the segment from q along ±n, length r each
// way, has a box that meets one of bs.
func raysMeet(q, n mgl32.Vec3, r float32, bs []scenes.AABB) bool {
	for _, b := range bs {
		if rayMeets(q, n, r, b) {
			return true
		}
	}
	return false
}

// rayMeets reports whether the segment from q along ±n, length r each
// way, has a box that meets b.
func rayMeets(q, n mgl32.Vec3, r float32, b scenes.AABB) bool {
	for a := range 3 {
		d := abs(n[a]) * r
		if q[a]+d < b.Min[a] || q[a]-d > b.Max[a] {
			return false
		}
	}
	return true
}
