package librarybuild

import (
	"fmt"
	"path/filepath"

	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
)

// Load reads the clip: a BVH file, an AMC motion with its ASF skeleton,
// or one animation of a glTF character; it returns the clip and a name of
// its source for messages. Scale 0 means 1, except for ASF skeletons,
// which then use their own ":units length". With Retarget the clip is
// moved onto that clip's skeleton, its root motion scaled by the legs'
// ratio.
func (r ClipRef) Load() (*motion.Clip, string, error) {
	c, name, err := r.load()
	if err != nil || r.Retarget == nil {
		return c, name, err
	}
	if r.Retarget.Retarget != nil {
		return nil, "", fmt.Errorf("%s: a retarget's reference is retargeted itself", name)
	}
	to, toName, err := r.Retarget.load()
	if err != nil {
		return nil, "", err
	}
	return retarget(c, name, to.Skeleton, toName)
}

// retarget moves clip c (named name) onto skeleton to (of clip toName).
func retarget(c *motion.Clip, name string, to *motion.Skeleton, toName string) (*motion.Clip, string, error) {
	if out, err := motion.Reorder(c, to); err == nil {
		return out, name, nil
	}
	legs := [2]float64{}
	for k, sk := range []*motion.Skeleton{c.Skeleton, to} {
		eff, err := motion.DefaultEffectors(sk)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		g, err := motion.GuessScale(sk, eff)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		legs[k] = g.Leg
	}
	out, err := motion.Retarget(c, to, legs[1]/legs[0])
	if err != nil {
		return nil, "", fmt.Errorf("%s onto %s's skeleton: %w", name, toName, err)
	}
	return out, name, nil
}

func (r ClipRef) load() (*motion.Clip, string, error) {
	scale := r.Scale
	if scale == 0 {
		scale = 1
	}
	switch {
	case r.BVH != "":
		c, err := motionfile.LoadBVH(r.BVH, motion.BVHOptions{Scale: scale})
		return c, r.BVH, err
	case r.AMC != "":
		a, err := motionfile.LoadASF(r.ASF, motion.ASFOptions{Scale: r.Scale}) // 0: the file's own unit
		if err != nil {
			return nil, "", err
		}
		c, err := motionfile.LoadAMC(r.AMC, a, motion.AMCOptions{})
		return c, r.AMC, err
	case r.GLTF != "":
		ch, err := character.Load(r.GLTF, character.Options{Scale: scale})
		if err != nil {
			return nil, "", err
		}
		c := ch.Clip(r.Animation)
		if c == nil {
			return nil, "", fmt.Errorf("%s: no animation %q", r.GLTF, r.Animation)
		}
		return c, r.GLTF + "#" + r.Animation, nil
	}
	return nil, "", fmt.Errorf("library: a clip reference names no file")
}

// rel is path relative to dir when it lies below it, else path.
func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil && filepath.IsLocal(r) {
		return filepath.ToSlash(r)
	}
	return path
}
