package export

import (
	"fmt"
	"io"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/motion"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// WriteGLB writes the clip as a glTF binary: one node per joint (end sites
// included) in the skeleton's hierarchy, at its rest offset, and one
// animation sampling every frame — the root's translation and every
// joint's rotation, linearly interpolated. Any glTF viewer plays it.
func WriteGLB(w io.Writer, c *motion.Clip) error { return WriteGLBWith(w, c, GLBOptions{}) }

// WriteGLBWith is WriteGLB with a body skinned to the skeleton (o.Body).
func WriteGLBWith(w io.Writer, c *motion.Clip, o GLBOptions) error {
	if err := c.Validate(); err != nil {
		return err
	}
	for i, cp := range o.Body {
		if cp.Joint < 0 || cp.Joint >= c.Skeleton.NumJoints() || !(cp.Radius > 0) {
			return fmt.Errorf("export: body capsule %d: joint %d of %d, radius %g", i, cp.Joint, c.Skeleton.NumJoints(), cp.Radius)
		}
	}
	sk := c.Skeleton
	n, frames := sk.NumJoints(), c.Frames()
	doc := gltf.NewDocument()
	doc.Asset.Generator = "Foothold motion"
	children := sk.Children()
	for j := range n {
		o := sk.Offsets[j]
		node := &gltf.Node{Name: sk.Names[j], Translation: [3]float64{o[0], o[1], o[2]}, Children: children[j]}
		doc.Nodes = append(doc.Nodes, node)
	}
	doc.Scenes[0].Nodes = []int{0}
	if len(o.Body) > 0 {
		addBody(doc, sk, o.Body)
	}
	times := make([]float32, frames)
	for f := range times {
		times[f] = float32(float64(f) * c.FrameTime)
	}
	in := modeler.WriteAccessor(doc, gltf.TargetNone, times)
	doc.Accessors[in].Min = []float64{float64(times[0])}
	doc.Accessors[in].Max = []float64{float64(times[frames-1])}
	anim := &gltf.Animation{Name: "motion"}
	addChannel := func(node int, path gltf.TRSProperty, data any) {
		out := modeler.WriteAccessor(doc, gltf.TargetNone, data)
		anim.Samplers = append(anim.Samplers, &gltf.AnimationSampler{Input: in, Output: out, Interpolation: gltf.InterpolationLinear})
		anim.Channels = append(anim.Channels, &gltf.AnimationChannel{Sampler: len(anim.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
	}
	root := make([][3]float32, frames)
	for f := range frames {
		t := c.Trans[f*n]
		root[f] = [3]float32{float32(t[0]), float32(t[1]), float32(t[2])}
	}
	addChannel(0, gltf.TRSTranslation, root)
	for j := range n {
		if sk.EndSite[j] {
			continue
		}
		rot := make([][4]float32, frames)
		for f := range frames {
			q := c.Rot[f*n+j]
			rot[f] = [4]float32{float32(q.V[0]), float32(q.V[1]), float32(q.V[2]), float32(q.W)}
			if f > 0 { // keep consecutive keys on the same hemisphere
				a, b := rot[f-1], rot[f]
				if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
					rot[f] = [4]float32{-b[0], -b[1], -b[2], -b[3]}
				}
			}
		}
		addChannel(j, gltf.TRSRotation, rot)
	}
	doc.Animations = []*gltf.Animation{anim}
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	return enc.Encode(doc)
}

// SaveGLB writes the clip to path atomically.
func SaveGLB(path string, c *motion.Clip) error { return SaveGLBWith(path, c, GLBOptions{}) }

// SaveGLBWith writes the clip and o's body to path atomically.
func SaveGLBWith(path string, c *motion.Clip, o GLBOptions) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteGLBWith(w, c, o) })
}
