package dynamic

import (
	"math"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
)

// rebuild builds again, for every template, the positions whose answers
// the triangles within changed can alter, and splices them into the
// trees.
func (s *Scene) rebuild(changed scenes.AABB) (EditStats, error) {
	start := time.Now()
	d, inc := s.dep, s.lat.Linear
	// A position depends on the triangles from Side around it, Below
	// under it and Above over it: those it reaches meet changed. One
	// position more on every side covers the rounding of the division.
	lo := changed.Min.Sub(mgl32.Vec3{d.Side, d.Above, d.Side})
	hi := changed.Max.Add(mgl32.Vec3{d.Side, d.Below, d.Side})
	var box supporttree.Box
	for a := range 3 {
		box.Min[a] = int32(math.Floor(float64(lo[a]/inc))) - 1
		box.Max[a] = int32(math.Ceil(float64(hi[a]/inc))) + 1
	}
	// The triangles those positions depend on.
	p0 := s.lat.Position(dock.Sample{X: box.Min[0], Y: box.Min[1], Z: box.Min[2]})
	p1 := s.lat.Position(dock.Sample{X: box.Max[0], Y: box.Max[1], Z: box.Max[2]})
	around := scenes.AABB{Min: p0.Sub(mgl32.Vec3{d.Side, d.Below, d.Side}), Max: p1.Add(mgl32.Vec3{d.Side, d.Above, d.Side})}
	mesh, bvh, err := s.local.gather(s, around)
	if err != nil {
		return EditStats{}, err
	}
	st := EditStats{Affected: box, Triangles: mesh.NumTriangles()}
	for i, t := range s.templates {
		var ex, re *supporttree.Tree
		if bvh != nil {
			if ex, _, err = supportbuild.Build(mesh, bvh, t, s.lat, supportbuild.BuildOptions{Workers: 1, Within: &box}); err != nil {
				return st, err
			}
			if re, _, _, err = supportbuild.Reachable(bvh, t, ex, 1); err != nil {
				return st, err
			}
			st.Positions += ex.Positions()
		}
		if s.exact[i], err = splice(s.exact[i], box, ex); err != nil {
			return st, err
		}
		if s.reachable[i], err = splice(s.reachable[i], box, re); err != nil {
			return st, err
		}
	}
	st.Duration = time.Since(start)
	return st, nil
}

// splice is t with the positions in box those of region (nil: none).
func splice(t *supporttree.Tree, box supporttree.Box, region *supporttree.Tree) (*supporttree.Tree, error) {
	var keys, masks []uint64
	if region != nil {
		region.Each(func(x, y, z int32, m uint64) {
			keys, masks = append(keys, supporttree.Key(x, y, z)), append(masks, m)
		})
	}
	return t.Splice(box, keys, masks)
}

// localScene gathers the triangles an edit's rebuild depends on, reusing
// its buffers.
type localScene struct {
	leaves []int32
	tris   []int32
	mesh   scenes.Mesh
}

// gather makes a mesh of the scene's triangles whose boxes meet around,
// in the scene's order, and its BVH (nil when there is none).
func (l *localScene) gather(s *Scene, around scenes.AABB) (*scenes.Mesh, *scenes.BVH, error) {
	l.leaves = s.staticBVH.OverlapBounds(around, l.leaves[:0], nil)
	l.tris = l.tris[:0]
	for _, leaf := range l.leaves {
		_, _, _, _, t := s.staticBVH.LeafTriangle(leaf)
		l.tris = append(l.tris, t)
	}
	slices.Sort(l.tris)
	m := &l.mesh
	m.Positions, m.Indices = m.Positions[:0], m.Indices[:0]
	add := func(a, b, c mgl32.Vec3) {
		n := uint32(len(m.Positions) / 3)
		m.Positions = append(m.Positions, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2])
		m.Indices = append(m.Indices, n, n+1, n+2)
	}
	for _, t := range l.tris {
		add(s.static.Triangle(int(t)))
	}
	for _, inst := range s.instances {
		if !overlaps(inst.box, around) {
			continue
		}
		ix := inst.mesh.Indices
		for k := 0; k < len(ix); k += 3 {
			a, b, c := vertex(inst.world, ix[k]), vertex(inst.world, ix[k+1]), vertex(inst.world, ix[k+2])
			tb := scenes.EmptyAABB().Extend(a).Extend(b).Extend(c)
			if overlaps(tb, around) {
				add(a, b, c)
			}
		}
	}
	if m.NumTriangles() == 0 {
		return m, nil, nil
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{Workers: 1})
	return m, bvh, err
}

func vertex(p []float32, i uint32) mgl32.Vec3 { return mgl32.Vec3{p[3*i], p[3*i+1], p[3*i+2]} }

func overlaps(a, b scenes.AABB) bool {
	for k := range 3 {
		if a.Min[k] > b.Max[k] || a.Max[k] < b.Min[k] {
			return false
		}
	}
	return true
}
