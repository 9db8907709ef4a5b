package motion

import (
	"fmt"
)

// Reorder moves clip c onto skeleton dst when the two are the same
// skeleton written in another joint order: every joint of dst has a joint
// of c with its name, its parent's name and its rest offset (to 0.1 mm),
// and the two have as many joints. The clip's poses are copied joint by
// joint, so nothing of the motion changes. It reports an error naming the
// first joint that differs.
func Reorder(c *Clip, dst *Skeleton) (*Clip, error) {
	from, err := jointOrder(c.Skeleton, dst)
	if err != nil {
		return nil, err
	}
	n := dst.NumJoints()
	out := NewClip(dst, c.Frames(), c.FrameTime)
	for f := range c.Frames() {
		for j, k := range from {
			out.Trans[f*n+j], out.Rot[f*n+j] = c.Trans[f*n+k], c.Rot[f*n+k]
		}
	}
	return out, nil
}

// SameJoints reports whether skeletons a and b are the same skeleton,
// perhaps in another joint order (see Reorder).
func SameJoints(a, b *Skeleton) bool {
	_, err := jointOrder(a, b)
	return err == nil
}

// jointOrder is, for each joint of dst, the joint of src it is.
func jointOrder(src, dst *Skeleton) ([]int, error) {
	n := dst.NumJoints()
	if src.NumJoints() != n {
		return nil, fmt.Errorf("reorder: %d joints onto %d", src.NumJoints(), n)
	}
	from := make([]int, n)
	for j, name := range dst.Names {
		k := src.Index(name)
		switch {
		case k < 0:
			return nil, fmt.Errorf("reorder: no joint %q", name)
		case parentName(src, k) != parentName(dst, j):
			return nil, fmt.Errorf("reorder: joint %q has parent %q, not %q", name, parentName(src, k), parentName(dst, j))
		case src.Offsets[k].Sub(dst.Offsets[j]).Len() > 1e-4:
			return nil, fmt.Errorf("reorder: joint %q has another rest offset", name)
		}
		from[j] = k
	}
	return from, nil
}

// parentName is the name of joint j's parent, or "" for the root.
func parentName(s *Skeleton, j int) string {
	if p := s.Parents[j]; p >= 0 {
		return s.Names[p]
	}
	return ""
}
