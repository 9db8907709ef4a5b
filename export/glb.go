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
	return writeGLB(w, []*motion.Clip{c}, nil, o)
}

// Character is one of many characters in a glb (WriteCrowdGLB): its
// motion and when it leaves the scene.
type Character struct {
	Clip *motion.Clip
	// Leaves is the time it leaves the scene, after which it is hidden
	// (scaled to nothing); negative for never. [Units: s]
	Leaves float64
}

// WriteCrowdGLB writes many characters' motion into one glTF binary: each
// character's skeleton as its own node hierarchy (named "cNNN/" and the
// joint's name), its body (o.Body, one mesh shared by every character's
// skin) and one animation moving them all, every clip sampled at the
// first clip's frame times. Every clip must have the same frame time and
// number of frames.
func WriteCrowdGLB(w io.Writer, chars []Character, o GLBOptions) error {
	if len(chars) == 0 {
		return fmt.Errorf("export: no characters")
	}
	clips := make([]*motion.Clip, len(chars))
	leaves := make([]float64, len(chars))
	for i, ch := range chars {
		clips[i], leaves[i] = ch.Clip, ch.Leaves
		if ch.Clip == nil || ch.Clip.Frames() != chars[0].Clip.Frames() || ch.Clip.FrameTime != chars[0].Clip.FrameTime {
			return fmt.Errorf("export: character %d: its clip is not sampled like the first", i)
		}
	}
	return writeGLB(w, clips, leaves, o)
}

// SaveCrowdGLB writes the characters to path atomically.
func SaveCrowdGLB(path string, chars []Character, o GLBOptions) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteCrowdGLB(w, chars, o) })
}

// writeGLB writes the clips (names prefixed when there are several),
// hiding clip i from leaves[i] on when leaves is given and it is not
// negative.
func writeGLB(w io.Writer, clips []*motion.Clip, leaves []float64, o GLBOptions) error {
	for _, c := range clips {
		if err := c.Validate(); err != nil {
			return err
		}
		for i, cp := range o.Body {
			if cp.Joint < 0 || cp.Joint >= c.Skeleton.NumJoints() || !(cp.Radius > 0) {
				return fmt.Errorf("export: body capsule %d: joint %d of %d, radius %g", i, cp.Joint, c.Skeleton.NumJoints(), cp.Radius)
			}
		}
	}
	doc := gltf.NewDocument()
	doc.Asset.Generator = "Foothold motion"
	doc.Scenes[0].Nodes = nil
	roots := make([]int, len(clips))
	for i, c := range clips {
		prefix := ""
		if len(clips) > 1 {
			prefix = fmt.Sprintf("c%03d/", i)
		}
		roots[i] = addSkeleton(doc, c.Skeleton, prefix)
	}
	if len(o.Body) > 0 {
		addBody(doc, clips[0].Skeleton, o.Body, roots)
	}
	c0 := clips[0]
	frames := c0.Frames()
	times := make([]float32, frames)
	for f := range times {
		times[f] = float32(float64(f) * c0.FrameTime)
	}
	in := modeler.WriteAccessor(doc, gltf.TargetNone, times)
	doc.Accessors[in].Min = []float64{float64(times[0])}
	doc.Accessors[in].Max = []float64{float64(times[frames-1])}
	anim := &gltf.Animation{Name: "motion"}
	for i, c := range clips {
		addMotion(doc, anim, in, c, roots[i])
		if leaves != nil && leaves[i] >= 0 {
			addLeaving(doc, anim, roots[i], leaves[i], times[frames-1])
		}
	}
	doc.Animations = []*gltf.Animation{anim}
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	return enc.Encode(doc)
}

// addSkeleton adds one node per joint in the skeleton's hierarchy, at its
// rest offset, as a root of the scene, and returns the root's index.
func addSkeleton(doc *gltf.Document, sk *motion.Skeleton, prefix string) int {
	base := len(doc.Nodes)
	children := sk.Children()
	for j := range sk.NumJoints() {
		o := sk.Offsets[j]
		kids := make([]int, len(children[j]))
		for k, c := range children[j] {
			kids[k] = base + c
		}
		if len(kids) == 0 {
			kids = nil
		}
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: prefix + sk.Names[j], Translation: [3]float64{o[0], o[1], o[2]}, Children: kids})
	}
	doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, base)
	return base
}

// addMotion adds clip c's root translation and every joint's rotation,
// sampled every frame and linearly interpolated, to the nodes from root
// on.
func addMotion(doc *gltf.Document, anim *gltf.Animation, in int, c *motion.Clip, root int) {
	sk := c.Skeleton
	n, frames := sk.NumJoints(), c.Frames()
	addChannel := func(node int, path gltf.TRSProperty, data any) {
		out := modeler.WriteAccessor(doc, gltf.TargetNone, data)
		anim.Samplers = append(anim.Samplers, &gltf.AnimationSampler{Input: in, Output: out, Interpolation: gltf.InterpolationLinear})
		anim.Channels = append(anim.Channels, &gltf.AnimationChannel{Sampler: len(anim.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
	}
	pos := make([][3]float32, frames)
	for f := range frames {
		t := c.Trans[f*n]
		pos[f] = [3]float32{float32(t[0]), float32(t[1]), float32(t[2])}
	}
	addChannel(root, gltf.TRSTranslation, pos)
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
		addChannel(root+j, gltf.TRSRotation, rot)
	}
}

// addLeaving scales the root node to nothing at time leaves (a step
// channel over [0, end]), hiding the character and its body.
func addLeaving(doc *gltf.Document, anim *gltf.Animation, root int, leaves float64, end float32) {
	t := float32(leaves)
	keys := []float32{0, t}
	scale := [][3]float32{{1, 1, 1}, {0, 0, 0}}
	if t <= 0 {
		keys, scale = []float32{0}, scale[1:]
	}
	if t > end {
		keys, scale = []float32{0}, scale[:1]
	}
	in := modeler.WriteAccessor(doc, gltf.TargetNone, keys)
	doc.Accessors[in].Min = []float64{float64(keys[0])}
	doc.Accessors[in].Max = []float64{float64(keys[len(keys)-1])}
	out := modeler.WriteAccessor(doc, gltf.TargetNone, scale)
	anim.Samplers = append(anim.Samplers, &gltf.AnimationSampler{Input: in, Output: out, Interpolation: gltf.InterpolationStep})
	anim.Channels = append(anim.Channels, &gltf.AnimationChannel{Sampler: len(anim.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(root), Path: gltf.TRSScale}})
}

// SaveGLB writes the clip to path atomically.
func SaveGLB(path string, c *motion.Clip) error { return SaveGLBWith(path, c, GLBOptions{}) }

// SaveGLBWith writes the clip and o's body to path atomically.
func SaveGLBWith(path string, c *motion.Clip, o GLBOptions) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteGLBWith(w, c, o) })
}
