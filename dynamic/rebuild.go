package dynamic

import (
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
)

// rebuild brings every template's trees up to date after the triangles
// within changed changed (supportbuild.Update), over the scene's
// triangles the answers there depend on.
func (s *Scene) rebuild(changed scenes.AABB) (EditStats, error) {
	start := time.Now()
	s.changes = s.changes[:0]
	around := scenes.EmptyAABB()
	for _, t := range s.templates {
		ch := supportbuild.Affected(t, s.lat, changed)
		s.changes = append(s.changes, ch)
		around = around.Union(ch.Around)
	}
	mesh, bvh, err := s.local.gather(s, around)
	if err != nil {
		return EditStats{}, err
	}
	st := EditStats{Triangles: mesh.NumTriangles()}
	for i, t := range s.templates {
		ex, re, us, err := supportbuild.Update(s.exact[i], mesh, bvh, t, s.lat, s.changes[i])
		if err != nil {
			return st, err
		}
		if err := s.exact[i].splice(ex); err != nil {
			return st, err
		}
		if err := s.reachable[i].splice(re); err != nil {
			return st, err
		}
		st.Positions += us.Positions
		st.Samples += us.Samples
	}
	st.Duration = time.Since(start)
	return st, nil
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
