package dynamic

import (
	"slices"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supportbuild"
	"github.com/foothold/foothold/supporttree"
	"github.com/go-gl/mathgl/mgl32"
)

// rebuild brings every template's trees up to date after the triangles
// within the changed boxes changed (supportbuild.Update, one pass), over
// the scene's triangles the answers there depend on.
func (s *Scene) rebuild(changed ...scenes.AABB) (EditStats, error) {
	start := time.Now()
	parts := make([][]supportbuild.Change, len(s.templates))
	var around []scenes.AABB
	for i, t := range s.templates {
		parts[i] = affected(t, s, changed)
		for _, ch := range parts[i] {
			around = append(around, ch.Around)
		}
	}
	mesh, bvh, err := s.local.gather(s, around)
	if err != nil {
		return EditStats{}, err
	}
	st := EditStats{Triangles: mesh.NumTriangles(), Scene: changed}
	for i, t := range s.templates {
		for _, ch := range parts[i] {
			st.Supports = append(st.Supports, scenes.AABB{
				Min: s.lat.Position(dock.Sample{X: ch.Filters.Min[0], Y: ch.Filters.Min[1], Z: ch.Filters.Min[2]}),
				Max: s.lat.Position(dock.Sample{X: ch.Filters.Max[0], Y: ch.Filters.Max[1], Z: ch.Filters.Max[2]}),
			})
		}
		ex, re, us, err := supportbuild.Update(s.exact[i], mesh, bvh, t, s.lat, parts[i])
		if err != nil {
			return st, err
		}
		for k := range ex {
			if err := splice(s.exact[i], ex[k]); err != nil {
				return st, err
			}
			if err := splice(s.reachable[i], re[k]); err != nil {
				return st, err
			}
		}
		st.Positions += us.Positions
		st.Samples += us.Samples
	}
	st.Duration = time.Since(start)
	return st, nil
}

// affected is the change of template t for the changed boxes: one part
// per box, boxes whose parts would overlap taken together.
func affected(t *dock.Template, s *Scene, changed []scenes.AABB) []supportbuild.Change {
	boxes := slices.Clone(changed)
	for {
		parts := make([]supportbuild.Change, len(boxes))
		for i, b := range boxes {
			parts[i] = supportbuild.Affected(t, s.lat, b)
		}
		joined := false
		for i := 0; i < len(parts) && !joined; i++ {
			for j := i + 1; j < len(parts) && !joined; j++ {
				if boxesMeet(parts[i].Filters, parts[j].Filters) {
					boxes[i] = boxes[i].Union(boxes[j])
					boxes = slices.Delete(boxes, j, j+1)
					joined = true
				}
			}
		}
		if !joined {
			return parts
		}
	}
}

// boxesMeet reports whether two boxes of lattice positions share one.
func boxesMeet(a, b supporttree.Box) bool {
	for k := range 3 {
		if a.Min[k] > b.Max[k] || b.Min[k] > a.Max[k] {
			return false
		}
	}
	return true
}

// localScene gathers the triangles an edit's rebuild depends on, reusing
// its buffers.
type localScene struct {
	leaves []int32
	tris   []int32
	mesh   scenes.Mesh
}

// gather makes a mesh of the scene's triangles whose boxes meet one of
// around, in the scene's order, and its BVH (nil when there is none).
func (l *localScene) gather(s *Scene, around []scenes.AABB) (*scenes.Mesh, *scenes.BVH, error) {
	l.tris = l.tris[:0]
	for _, a := range around {
		l.leaves = s.staticBVH.OverlapBounds(a, l.leaves[:0], nil)
		for _, leaf := range l.leaves {
			_, _, _, _, t := s.staticBVH.LeafTriangle(leaf)
			l.tris = append(l.tris, t)
		}
	}
	slices.Sort(l.tris)
	l.tris = slices.Compact(l.tris)
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
		if !meetsAny(inst.box, around) {
			continue
		}
		ix := inst.mesh.Indices
		for k := 0; k < len(ix); k += 3 {
			a, b, c := vertex(inst.world, ix[k]), vertex(inst.world, ix[k+1]), vertex(inst.world, ix[k+2])
			if meetsAny(scenes.EmptyAABB().Extend(a).Extend(b).Extend(c), around) {
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

func meetsAny(a scenes.AABB, bs []scenes.AABB) bool {
	for _, b := range bs {
		if overlaps(a, b) {
			return true
		}
	}
	return false
}

func overlaps(a, b scenes.AABB) bool {
	for k := range 3 {
		if a.Min[k] > b.Max[k] || a.Max[k] < b.Min[k] {
			return false
		}
	}
	return true
}
