package character

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/foothold/foothold/internal/gltfdata"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// Character is a rigged character: its skeleton and its animation clips.
type Character struct {
	Skeleton *motion.Skeleton
	Clips    []Clip
	// Nodes maps each joint of Skeleton to its glTF node: -1 for the tip
	// of a chain found from the skin (an end site past a head joint that
	// has no node below it).
	Nodes []int
	// Skipped are the animations left out because a joint has no pose in
	// them at some time (a scale of zero, as a character spawning from a
	// point has): each named, with why.
	Skipped []Skipped
}

// Skipped is an animation Read left out, and why.
type Skipped struct {
	Name string
	Why  string
}

// Clip is one animation of a character.
type Clip struct {
	Name string
	Clip *motion.Clip
}

// Clip returns the named clip, or nil.
func (c *Character) Clip(name string) *motion.Clip {
	for _, k := range c.Clips {
		if k.Name == name {
			return k.Clip
		}
	}
	return nil
}

// Options tune reading a character.
type Options struct {
	// FrameRate is the rate clips are sampled at. Zero means 30 Hz.
	// [Units: Hz] [Limit: 0 or 1-1000]
	FrameRate float64
	// Scale multiplies every length (glTF is in metres). Zero means 1.
	// [Limit: >= 0]
	Scale float64
}

// Error is a reading error: the file and the place in it.
type Error struct {
	File, Place string
	Err         error
}

func (e *Error) Error() string {
	if e.Place == "" {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, e.Place, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Load reads a character from a .glb or .gltf file.
func Load(path string, opt Options) (*Character, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, os.DirFS(filepath.Dir(path)), path, opt)
}

// Read reads a character from r; a .gltf's external buffers come from fsys
// (nil: none allowed). name is used in errors.
func Read(r io.Reader, fsys fs.FS, name string, opt Options) (*Character, error) {
	if opt.FrameRate == 0 {
		opt.FrameRate = 30
	}
	if opt.Scale == 0 {
		opt.Scale = 1
	}
	if !(opt.FrameRate >= 1 && opt.FrameRate <= 1000) || !(opt.Scale > 0) || math.IsInf(opt.Scale, 0) {
		return nil, &Error{File: name, Err: fmt.Errorf("frame rate %g Hz or scale %g out of range", opt.FrameRate, opt.Scale)}
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &Error{File: name, Err: err}
	}
	doc, err := gltfdata.Decode(data, fsys)
	if err != nil {
		return nil, &Error{File: name, Err: err}
	}
	rd := &reader{doc: doc, file: name, opt: opt}
	return rd.read()
}

// reader holds what reading one document needs.
type reader struct {
	doc    *gltf.Document
	file   string
	opt    Options
	parent []int // node → parent node, -1 for roots
	rest   []trs // node → rest transform
	// The skeleton's joints as nodes, parents first, and each joint's
	// chain: the nodes from just below its parent joint down to it (for
	// the root, from the scene root).
	joints  []int
	chains  [][]int
	endSite []bool
	// Per joint, the nodes of its skeleton parent and of the joint its
	// chain starts below (they differ for feet moved below their legs),
	// and the same as joint numbers.
	skelParent, matrixParent []int
	parentIndex, matrixIndex []int
	isJoint                  []bool
	movedFrom                map[int]int  // moved foot → its node parent
	restRot                  []mgl64.Quat // per joint: its world rotation at rest
}

func (rd *reader) fail(place, format string, a ...any) error {
	return &Error{File: rd.file, Place: place, Err: fmt.Errorf(format, a...)}
}

func (rd *reader) nodePlace(i int) string {
	if i >= len(rd.doc.Nodes) {
		return fmt.Sprintf("the tip below %s", rd.nodePlace(rd.parent[i]))
	}
	if n := rd.doc.Nodes[i]; n.Name != "" {
		return fmt.Sprintf("node %d (%q)", i, n.Name)
	}
	return fmt.Sprintf("node %d", i)
}

func (rd *reader) read() (*Character, error) {
	if err := rd.hierarchy(); err != nil {
		return nil, err
	}
	if err := rd.skeletonJoints(); err != nil {
		return nil, err
	}
	sk, err := rd.skeleton()
	if err != nil {
		return nil, err
	}
	if added, err := rd.addTips(sk); err != nil {
		return nil, err
	} else if added {
		rd.restRot = nil
		if sk, err = rd.skeleton(); err != nil {
			return nil, err
		}
	}
	ch := &Character{Skeleton: sk, Nodes: make([]int, len(rd.joints))}
	for k, node := range rd.joints {
		ch.Nodes[k] = node
		if node >= len(rd.doc.Nodes) {
			ch.Nodes[k] = -1 // a tip found from the skin
		}
	}
	for ai := range rd.doc.Animations {
		c, err := rd.animation(ai, sk)
		var pe *poseError
		if errors.As(err, &pe) {
			ch.Skipped = append(ch.Skipped, Skipped{Name: pe.anim, Why: pe.Error()})
			continue
		}
		if err != nil {
			return nil, err
		}
		ch.Clips = append(ch.Clips, c)
	}
	setChannels(sk, ch.Clips)
	return ch, nil
}

// hierarchy finds every node's parent and rest transform, refusing nodes
// with two parents, cycles and children out of range.
func (rd *reader) hierarchy() error {
	d := rd.doc
	rd.parent = make([]int, len(d.Nodes))
	for i := range rd.parent {
		rd.parent[i] = -1
	}
	for i, n := range d.Nodes {
		for _, c := range n.Children {
			if c < 0 || c >= len(d.Nodes) {
				return rd.fail(rd.nodePlace(i), "child %d does not exist (%d nodes)", c, len(d.Nodes))
			}
			if rd.parent[c] >= 0 || c == i {
				return rd.fail(rd.nodePlace(c), "has two parents (%d and %d)", rd.parent[c], i)
			}
			rd.parent[c] = i
		}
	}
	rd.rest = make([]trs, len(d.Nodes))
	for i, n := range d.Nodes {
		depth := 0
		for p := rd.parent[i]; p >= 0; p = rd.parent[p] {
			if depth++; depth > len(d.Nodes) {
				return rd.fail(rd.nodePlace(i), "its ancestors form a cycle")
			}
		}
		t, err := restTRS(n)
		if err != nil {
			return rd.fail(rd.nodePlace(i), "%v", err)
		}
		rd.rest[i] = t
	}
	return nil
}
