package motion

import (
	"fmt"
	"strings"
	"unicode"
)

// Side is which side of the body an effector is on.
type Side uint8

// The sides.
const (
	Left Side = iota
	Right
)

func (s Side) String() string { return [...]string{"left", "right"}[s] }

// Effector is a hand or foot: the joint whose stillness makes a dock (the
// ankle or wrist), and the tip whose direction from the joint gives the
// dock's yaw (the ball of the foot or a finger knuckle).
type Effector struct {
	Joint    int
	Tip      int
	Template string // the dock template that fits it: "foot" or "hand"
	Side     Side
}

// Effectors maps a skeleton's joints to its end-effectors and its hips.
type Effectors struct {
	Feet, Hands []Effector
	// Hips are the left and right hip (thigh) joints; the heading of the
	// body is perpendicular to the line between them. -1 when unknown.
	Hips [2]int
}

// All lists the feet, then the hands.
func (e *Effectors) All() []Effector { return append(append([]Effector(nil), e.Feet...), e.Hands...) }

// nameParts splits a joint name into lower-case words: a namespace prefix
// ("mixamorig:") is dropped, numbers lose leading zeros ("middle_01" →
// middle 1), and words break at separators, digits-to-
// letters and lower-to-upper case changes ("LeftUpLeg" → left up leg,
// "Foot_L" → foot l, "LHipJoint" → l hip joint).
func nameParts(name string) []string {
	if i := strings.LastIndexAny(name, ":|"); i >= 0 {
		name = name[i+1:]
	}
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			p := strings.ToLower(string(cur))
			if strings.Trim(p, "0123456789") == "" {
				p = strings.TrimLeft(p[:len(p)-1], "0") + p[len(p)-1:] // "01" → "1"
			}
			parts = append(parts, p)
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])):
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return parts
}

// sideAndPart splits a name into its side and the rest of its words joined
// ("LeftToeBase" → left, "toebase"); ok is false for names with no side.
func sideAndPart(name string) (Side, string, bool) {
	parts := nameParts(name)
	side, found := Left, false
	var rest []string
	for i, p := range parts {
		if isRigPrefix(p) {
			continue
		}
		s, isSide := Left, true
		switch p {
		case "left", "l", "lft":
		case "right", "r", "rt", "rgt":
			s = Right
		default:
			isSide = false
			// "lfoot", "rhand": a one-letter side glued to a body part.
			if !found && i == 0 && len(p) > 1 && (p[0] == 'l' || p[0] == 'r') && knownPart(p[1:]) {
				found, side = true, map[byte]Side{'l': Left, 'r': Right}[p[0]]
				rest = append(rest, p[1:])
				continue
			}
		}
		if isSide && !found {
			found, side = true, s
			continue
		}
		rest = append(rest, p)
	}
	return side, strings.Join(rest, ""), found
}

// isRigPrefix reports words that name a rig rather than a body part, such
// as 3ds Max's "Bip01" and Blender Rigify's deform bones' "DEF".
func isRigPrefix(p string) bool {
	return p == "def" || strings.HasPrefix(p, "bip") && strings.Trim(p[3:], "0123456789") == ""
}

// NameSide is the side of the body a joint name says ("LeftFoot",
// "Foot_L", "l_ankle"), if any.
func NameSide(name string) (Side, bool) {
	s, _, ok := sideAndPart(name)
	return s, ok
}

func knownPart(p string) bool {
	for _, list := range [][]string{footNames, toeNames, handNames, knuckleNames, hipNames} {
		for _, n := range list {
			if p == n {
				return true
			}
		}
	}
	return false
}

// Recognised body parts, most specific first.
var (
	footNames    = []string{"foot", "ankle"}
	toeNames     = []string{"toebase", "toe", "toes", "ball", "toe0", "toe1"}
	handNames    = []string{"hand", "wrist"}
	knuckleNames = []string{"handmiddle1", "middle1", "fmiddle1", "handindex1", "index1", "findex1", "fingerbase", "knuckle", "hand1", "fingers"}
	hipNames     = []string{"upleg", "upperleg", "thigh", "femur", "hip"}
)

// find returns the first joint on side whose part is one of names (in the
// order of names), restricted to descendants of under when under >= 0.
// Joints within minDist of under's rest position are skipped (zero-length
// helper joints such as CMU's LeftFingerBase).
func find(sk *Skeleton, rest []float64, side Side, names []string, under int) int {
	for _, want := range names {
		for j, n := range sk.Names {
			s, part, ok := sideAndPart(n)
			if !ok || s != side || part != want || sk.EndSite[j] {
				continue
			}
			if under >= 0 && (j == under || !sk.IsAncestor(under, j)) {
				continue
			}
			if under >= 0 && rest[j] < 0.01 {
				continue
			}
			return j
		}
	}
	return -1
}

// firstEnd returns the first end site below j; without one (glTF rigs
// have no end sites) the first joint below j with no children; or -1.
func firstEnd(sk *Skeleton, j int) int {
	leaf := -1
	hasChild := make([]bool, sk.NumJoints())
	for _, p := range sk.Parents {
		if p >= 0 {
			hasChild[p] = true
		}
	}
	for k := j + 1; k < sk.NumJoints(); k++ {
		if !sk.IsAncestor(j, k) {
			continue
		}
		if sk.EndSite[k] {
			return k
		}
		if leaf < 0 && !hasChild[k] {
			leaf = k
		}
	}
	return leaf
}

// DefaultEffectors recognises feet, toes, hands, knuckles and hips by name:
// the CMU names (LeftFoot, LeftToeBase, LeftHand, LeftHandIndex1,
// LeftUpLeg), and common variants such as Foot_L, l_ankle, lfoot,
// mixamorig:LeftFoot, LeftHandMiddle1 and L_Thigh. A foot without a toe
// joint uses its end site as the tip. Sides with no foot or hand are left
// out; an error says when nothing was found.
func DefaultEffectors(sk *Skeleton) (*Effectors, error) {
	restPos := sk.RestPositions()
	e := &Effectors{Hips: [2]int{-1, -1}}
	for _, side := range []Side{Left, Right} {
		dist := func(from int) []float64 {
			d := make([]float64, len(restPos))
			for j := range d {
				if from >= 0 {
					d[j] = restPos[j].Sub(restPos[from]).Len()
				}
			}
			return d
		}
		if foot := find(sk, nil, side, footNames, -1); foot >= 0 {
			tip := find(sk, dist(foot), side, toeNames, foot)
			if tip < 0 {
				tip = firstEnd(sk, foot)
			}
			if tip >= 0 {
				e.Feet = append(e.Feet, Effector{Joint: foot, Tip: tip, Template: "foot", Side: side})
			}
		}
		if hand := find(sk, nil, side, handNames, -1); hand >= 0 {
			tip := find(sk, dist(hand), side, knuckleNames, hand)
			if tip < 0 {
				tip = firstEnd(sk, hand)
			}
			if tip >= 0 {
				e.Hands = append(e.Hands, Effector{Joint: hand, Tip: tip, Template: "hand", Side: side})
			}
		}
		e.Hips[side] = find(sk, nil, side, hipNames, -1)
	}
	if len(e.Feet) == 0 && len(e.Hands) == 0 {
		return nil, fmt.Errorf("no joint is recognised as a foot or a hand: a humanoid has a left and a right leg, each ending in a foot (names like LeftFoot, Foot_L, l-foot, Bip01 L Foot); for a humanoid named otherwise, map its feet in an effectors file")
	}
	return e, nil
}

// Describe says what each effector is mapped to, one line per effector and
// one for the hips: "left foot: LeftFoot, tip LeftToeBase".
func (e *Effectors) Describe(sk *Skeleton) []string {
	var out []string
	for _, ef := range e.All() {
		out = append(out, fmt.Sprintf("%s %s: %s, tip %s", ef.Side, ef.Template, sk.Names[ef.Joint], sk.Names[ef.Tip]))
	}
	hips := "hips: not found (the heading follows the root)"
	if e.Hips[0] >= 0 && e.Hips[1] >= 0 {
		hips = fmt.Sprintf("hips: %s, %s", sk.Names[e.Hips[0]], sk.Names[e.Hips[1]])
	}
	return append(out, hips)
}
