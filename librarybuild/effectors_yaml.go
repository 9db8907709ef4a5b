package librarybuild

import (
	"io"

	"github.com/foothold/foothold/internal/yamlnode"
	"github.com/foothold/foothold/motion"
)

// ReadEffectors reads an effector mapping that overrides the defaults:
//
//	feet:
//	  - {joint: LeftFoot, tip: LeftToeBase, side: left}
//	  - {joint: RightFoot, tip: RightToeBase, side: right}
//	hands:
//	  - {joint: LeftHand, tip: LeftHandIndex1, side: left, template: hand}
//	hips: [LeftUpLeg, RightUpLeg]
//
// Joint names must exist in sk and each tip must lie below its joint;
// errors name the file and line. template defaults to foot or hand. A
// joint without a tip ends in the last joint of the one chain below it
// (a foot with no toes: its end site, or the tip a character's skin gave
// it).
func ReadEffectors(r io.Reader, file string, sk *motion.Skeleton) (*motion.Effectors, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "'feet', 'hands' or 'hips'")
	if err != nil {
		return nil, err
	}
	f, err := p.Mapping(root, "feet", "hands", "hips")
	if err != nil {
		return nil, err
	}
	e := &motion.Effectors{Hips: [2]int{-1, -1}}
	for _, kind := range []string{"feet", "hands"} {
		n := f[kind]
		if n == nil {
			continue
		}
		items, err := p.List(n, "'"+kind+"'")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			m, err := p.Mapping(it, "joint", "tip", "side", "template")
			if err != nil {
				return nil, err
			}
			ef := motion.Effector{Template: map[string]string{"feet": "foot", "hands": "hand"}[kind]}
			joint := func(key string) (int, error) {
				if m[key] == nil {
					return 0, p.Fail(it, "missing %q", key)
				}
				name, err := p.Str(m[key])
				if err != nil {
					return 0, err
				}
				j := sk.Index(name)
				if j < 0 {
					return 0, p.Fail(m[key], "no joint named %q in the skeleton", name)
				}
				return j, nil
			}
			if ef.Joint, err = joint("joint"); err != nil {
				return nil, err
			}
			if m["tip"] == nil {
				if ef.Tip = chainEnd(sk, ef.Joint); ef.Tip < 0 {
					return nil, p.Fail(it, "joint %q has no single chain below it to end in a tip: name one with 'tip'", sk.Names[ef.Joint])
				}
			} else if ef.Tip, err = joint("tip"); err != nil {
				return nil, err
			}
			if ef.Tip == ef.Joint || !sk.IsAncestor(ef.Joint, ef.Tip) {
				return nil, p.Fail(m["tip"], "tip %q is not below joint %q", sk.Names[ef.Tip], sk.Names[ef.Joint])
			}
			if m["side"] != nil {
				s, err := p.Str(m["side"])
				if err != nil {
					return nil, err
				}
				switch s {
				case "left":
				case "right":
					ef.Side = motion.Right
				default:
					return nil, p.Fail(m["side"], "side %q: want left or right", s)
				}
			} else if s, ok := motion.NameSide(sk.Names[ef.Joint]); ok {
				ef.Side = s
			}
			if m["template"] != nil {
				if ef.Template, err = p.Str(m["template"]); err != nil {
					return nil, err
				}
			}
			if kind == "feet" {
				e.Feet = append(e.Feet, ef)
			} else {
				e.Hands = append(e.Hands, ef)
			}
		}
	}
	if n := f["hips"]; n != nil {
		names, err := p.Strings(n, "'hips'")
		if err != nil {
			return nil, err
		}
		if len(names) != 2 {
			return nil, p.Fail(n, "'hips' wants two joints, left then right")
		}
		for k, name := range names {
			if e.Hips[k] = sk.Index(name); e.Hips[k] < 0 {
				return nil, p.Fail(n.Content[k], "no joint named %q in the skeleton", name)
			}
		}
	}
	if len(e.Feet)+len(e.Hands) == 0 {
		return nil, p.Fail(root, "no feet or hands listed")
	}
	return e, nil
}

// chainEnd is the last joint of the chain below joint j while each joint
// has one child, or -1 when j has none or the chain branches.
func chainEnd(sk *motion.Skeleton, j int) int {
	children := sk.Children()
	end := -1
	for len(children[j]) == 1 {
		j = children[j][0]
		end = j
	}
	if len(children[j]) > 1 {
		return -1
	}
	return end
}
