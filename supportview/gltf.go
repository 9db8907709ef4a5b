package supportview

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"io"
	"math"
	"math/bits"
	"strings"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/unlit"
	"github.com/qmuntal/gltf/modeler"
)

// MaxMarkers is the most supported positions drawn one marker each; past
// it, each run of positions sharing a row and a yaw set becomes one strip.
const MaxMarkers = 200_000

// GLBStats describes a written glb.
type GLBStats struct {
	Markers   int  // markers (positions or runs) written
	PerRun    bool // one strip per run instead of one marker per position
	Triangles int  // marker triangles
}

// WriteGLB writes a glTF binary with the scene mesh (grey) and the tree's
// supported samples as markers, one merged, unlit, vertex-coloured mesh per
// storey, in the template's colour (TemplateColour), darker where fewer
// yaws are supported, so the files of several templates can be loaded
// side by side. A position's marker is an
// arrow 8 cm long lying 2 cm above its lattice sample, pointing along the
// mean of its supported yaws; on large levels (more than MaxMarkers
// positions) each run of positions becomes a strip of the same colour.
func WriteGLB(w io.Writer, m *scenes.Mesh, tr *supporttree.Tree, template string, storeys []Storey) (GLBStats, error) {
	if storeys == nil {
		storeys = Storeys(tr, 0)
	}
	doc := gltf.NewDocument()
	doc.Asset.Generator = "Foothold supportview"
	grey, rough, metal := [4]float64{0.62, 0.62, 0.6, 1}, 1.0, 0.0
	doc.Materials = []*gltf.Material{
		{Name: "level", PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &grey, RoughnessFactor: &rough, MetallicFactor: &metal}},
		{Name: "support " + template, DoubleSided: true, PBRMetallicRoughness: &gltf.PBRMetallicRoughness{RoughnessFactor: &rough, MetallicFactor: &metal},
			Extensions: gltf.Extensions{unlit.ExtensionName: unlit.Unlit{}}},
	}
	doc.ExtensionsUsed = []string{unlit.ExtensionName}
	// The level.
	pos := make([][3]float32, m.NumVertices())
	for i := range pos {
		v := m.Vertex(uint32(i))
		pos[i] = [3]float32{v[0], v[1], v[2]}
	}
	idx := append([]uint32(nil), m.Indices...)
	doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: "level", Primitives: []*gltf.Primitive{{
		Indices:    gltf.Index(modeler.WriteIndices(doc, idx)),
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: modeler.WritePosition(doc, pos)},
		Material:   gltf.Index(0),
	}}})
	doc.Nodes = append(doc.Nodes, &gltf.Node{Name: "level", Mesh: gltf.Index(0)})
	doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, 0)

	lat := tr.Lattice()
	inc := lat.Linear
	nYaws := int(lat.Yaws())
	st := GLBStats{PerRun: tr.Positions() > MaxMarkers}
	for si, s := range storeys {
		var vp [][3]float32
		var vc [][4]uint8
		base := TemplateColour(template)
		add := func(p [3]float32, k int) {
			f := 0.3 + 0.7*float64(k)/float64(nYaws)
			vp = append(vp, p)
			vc = append(vc, [4]uint8{uint8(float64(base.R) * f), uint8(float64(base.G) * f), uint8(float64(base.B) * f), 255})
		}
		tr.EachRun(func(x0, x1, y, z int32, mask uint64) {
			h := float32(y) * inc
			if h < s.Lo || h >= s.Hi {
				return
			}
			k := bits.OnesCount64(mask)
			py, pz := h+0.02, float32(z)*inc
			if st.PerRun {
				a, b := float32(x0)*inc-0.04, float32(x1-1)*inc+0.04
				for _, p := range [6][3]float32{{a, py, pz - 0.04}, {b, py, pz + 0.04}, {b, py, pz - 0.04}, {a, py, pz - 0.04}, {a, py, pz + 0.04}, {b, py, pz + 0.04}} {
					add(p, k)
				}
				st.Markers++
				st.Triangles += 2
				return
			}
			sn, cs := meanYaw(mask, nYaws)
			// Arrow: tip 5 cm ahead, base corners 3 cm behind, 2.5 cm aside.
			rot := func(fx, fz float32) (float32, float32) { return cs*fx + sn*fz, -sn*fx + cs*fz }
			for x := x0; x < x1; x++ {
				px := float32(x) * inc
				tx, tz := rot(0, 0.05)
				lx, lz := rot(0.025, -0.03)
				rx, rz := rot(-0.025, -0.03)
				add([3]float32{px + tx, py, pz + tz}, k)
				add([3]float32{px + rx, py, pz + rz}, k)
				add([3]float32{px + lx, py, pz + lz}, k)
				st.Markers++
				st.Triangles++
			}
		})
		if len(vp) == 0 {
			continue
		}
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: fmt.Sprintf("support %s storey %d", template, si+1), Primitives: []*gltf.Primitive{{
			Attributes: gltf.PrimitiveAttributes{gltf.POSITION: modeler.WritePosition(doc, vp), gltf.COLOR_0: modeler.WriteColor(doc, vc)},
			Material:   gltf.Index(1),
		}}})
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: fmt.Sprintf("support %s, storey %d (y %.1f to %.1f m)", template, si+1, s.Lo, s.Hi), Mesh: gltf.Index(len(doc.Meshes) - 1)})
		doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
	}
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	return st, enc.Encode(doc)
}

// SaveGLB writes the glb to path atomically.
func SaveGLB(path string, m *scenes.Mesh, tr *supporttree.Tree, template string, storeys []Storey) (GLBStats, error) {
	var st GLBStats
	err := atomicfile.Write(path, func(w io.Writer) error {
		var err error
		st, err = WriteGLB(w, m, tr, template, storeys)
		return err
	})
	return st, err
}

// TemplateColour is a template's marker colour in glTF files: blue for
// feet, orange for hands, another hue for other names.
func TemplateColour(name string) color.RGBA {
	switch {
	case strings.HasPrefix(name, "foot"):
		return color.RGBA{60, 150, 255, 255}
	case strings.HasPrefix(name, "hand"):
		return color.RGBA{255, 150, 40, 255}
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	hues := []color.RGBA{{200, 80, 220, 255}, {60, 210, 200, 255}, {230, 220, 60, 255}, {240, 90, 120, 255}}
	return hues[h.Sum32()%uint32(len(hues))]
}

// meanYaw is the sine and cosine of the circular mean of a yaw set's yaws
// (yaw 0 when they cancel out, as when every yaw is supported).
func meanYaw(mask uint64, n int) (float32, float32) {
	var s, c float64
	for i := range n {
		if mask&(1<<i) != 0 {
			a := 2 * math.Pi * float64(i) / float64(n)
			s += math.Sin(a)
			c += math.Cos(a)
		}
	}
	l := math.Hypot(s, c)
	if l < 1e-6 {
		return 0, 1
	}
	return float32(s / l), float32(c / l)
}
