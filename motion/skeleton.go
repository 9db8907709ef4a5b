package motion

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Channel is one animated degree of freedom of a joint, as BVH lists them.
type Channel uint8

// The six BVH channels.
const (
	Xposition Channel = iota
	Yposition
	Zposition
	Xrotation
	Yrotation
	Zrotation
)

var channelNames = [...]string{"Xposition", "Yposition", "Zposition", "Xrotation", "Yrotation", "Zrotation"}

func (c Channel) String() string {
	if int(c) < len(channelNames) {
		return channelNames[c]
	}
	return fmt.Sprintf("Channel(%d)", c)
}

// IsRotation reports whether c is a rotation channel.
func (c Channel) IsRotation() bool { return c >= Xrotation && c <= Zrotation }

// axis is the coordinate index (0 x, 1 y, 2 z) c acts on.
func (c Channel) axis() int { return int(c) % 3 }

// Skeleton is a joint hierarchy in flat arrays, parents before children.
// End sites (BVH "End Site") are joints too, with no channels; they are
// never rotated and mark the tips of chains (toe tips, the top of the head).
type Skeleton struct {
	Names    []string
	Parents  []int        // -1 for the root (joint 0 only)
	Offsets  []mgl64.Vec3 // [Units: m] rest offset from the parent, in the parent's frame
	Channels [][]Channel  // BVH channel layout per joint; nil for end sites
	EndSite  []bool
}

// NumJoints is the number of joints, end sites included.
func (s *Skeleton) NumJoints() int { return len(s.Names) }

// Index returns the joint named name, or -1.
func (s *Skeleton) Index(name string) int {
	for i, n := range s.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// Validate checks the arrays agree, parents come before children, the only
// root is joint 0, names are unique and offsets are finite.
func (s *Skeleton) Validate() error {
	n := len(s.Names)
	if n == 0 {
		return fmt.Errorf("skeleton has no joints")
	}
	if len(s.Parents) != n || len(s.Offsets) != n || len(s.Channels) != n || len(s.EndSite) != n {
		return fmt.Errorf("skeleton arrays disagree: %d names, %d parents, %d offsets, %d channel lists, %d end flags",
			n, len(s.Parents), len(s.Offsets), len(s.Channels), len(s.EndSite))
	}
	seen := make(map[string]bool, n)
	for i := range n {
		if s.Names[i] == "" {
			return fmt.Errorf("joint %d has no name", i)
		}
		if seen[s.Names[i]] {
			return fmt.Errorf("joint name %q used twice", s.Names[i])
		}
		seen[s.Names[i]] = true
		p := s.Parents[i]
		if (i == 0) != (p == -1) || p >= i || p < -1 {
			return fmt.Errorf("joint %q: parent %d (joint 0 must be the only root, parents must come first)", s.Names[i], p)
		}
		if p >= 0 && s.EndSite[p] {
			return fmt.Errorf("joint %q: parent %q is an end site", s.Names[i], s.Names[p])
		}
		for k := range 3 {
			if math.IsNaN(s.Offsets[i][k]) || math.IsInf(s.Offsets[i][k], 0) {
				return fmt.Errorf("joint %q: offset is not finite", s.Names[i])
			}
		}
		if s.EndSite[i] && len(s.Channels[i]) > 0 {
			return fmt.Errorf("end site %q has channels", s.Names[i])
		}
	}
	return nil
}

// Children lists each joint's children.
func (s *Skeleton) Children() [][]int {
	out := make([][]int, len(s.Names))
	for i, p := range s.Parents {
		if p >= 0 {
			out[p] = append(out[p], i)
		}
	}
	return out
}

// IsAncestor reports whether a is b or one of b's ancestors.
func (s *Skeleton) IsAncestor(a, b int) bool {
	for ; b >= 0; b = s.Parents[b] {
		if b == a {
			return true
		}
	}
	return false
}

// RestPositions returns the world position of every joint in the rest pose
// (all rotations identity, root at the origin plus its offset).
func (s *Skeleton) RestPositions() []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(s.Names))
	for i, p := range s.Parents {
		out[i] = s.Offsets[i]
		if p >= 0 {
			out[i] = out[i].Add(out[p])
		}
	}
	return out
}

// Clone returns a deep copy.
func (s *Skeleton) Clone() *Skeleton {
	c := &Skeleton{
		Names:    append([]string(nil), s.Names...),
		Parents:  append([]int(nil), s.Parents...),
		Offsets:  append([]mgl64.Vec3(nil), s.Offsets...),
		Channels: make([][]Channel, len(s.Channels)),
		EndSite:  append([]bool(nil), s.EndSite...),
	}
	for i, ch := range s.Channels {
		c.Channels[i] = append([]Channel(nil), ch...)
	}
	return c
}
