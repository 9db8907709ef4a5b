package body_test

import (
	"math"
	"regexp"
	"slices"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/character"
	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
)

func adult(t *testing.T) (*body.Model, *motion.Skeleton) {
	t.Helper()
	sk := humanoid.Skeleton()
	m, _ := derive(t, sk)
	return m, sk
}

// derive is the adult's body on skeleton sk, with its effectors found by
// their names.
func derive(t *testing.T, sk *motion.Skeleton) (*body.Model, *motion.Effectors) {
	t.Helper()
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	m, err := body.Derive(sk, eff, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	return m, eff
}

// restExtent is the body's box in the rest pose, from the capsules.
func restExtent(m *body.Model, sk *motion.Skeleton, skip func(body.Part) bool) (lo, hi mgl64.Vec3) {
	pos := sk.RestPositions()
	world := make([]mgl64.Quat, sk.NumJoints())
	for j := range world {
		world[j] = mgl64.QuatIdent()
	}
	lo, hi = mgl64.Vec3{1e9, 1e9, 1e9}, mgl64.Vec3{-1e9, -1e9, -1e9}
	for i, c := range m.Capsules {
		if skip != nil && skip(c.Part) {
			continue
		}
		a, b := m.Place(pos, world, i)
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], a[k]-c.Radius, b[k]-c.Radius)
			hi[k] = max(hi[k], a[k]+c.Radius, b[k]+c.Radius)
		}
	}
	return lo, hi
}

// TestAdultBody checks the adult's body against the skeleton's own
// measures: the parts each limb gets, the soles on the ground, the top of
// the head at the head's end site, and the torso's width and depth.
func TestAdultBody(t *testing.T) {
	m, sk := adult(t)
	count := map[body.Part]int{}
	for _, c := range m.Capsules {
		count[c.Part]++
		t.Logf("%-12s on %-16s %v–%v r %.3f effector %d", c.Part, sk.Names[c.Joint], c.A, c.B, c.Radius, c.Effector)
	}
	for p, want := range map[body.Part]int{body.Thigh: 2, body.Shin: 2, body.Foot: 2, body.Toes: 2, body.UpperArm: 2, body.Forearm: 2, body.Clavicle: 4, body.Pelvis: 2, body.Head: 1, body.Neck: 2, body.Torso: 3, body.Hand: 6} {
		if count[p] != want {
			t.Errorf("%d %v capsules, want %d", count[p], p, want)
		}
	}
	rest := sk.RestPositions()
	lo, hi := restExtent(m, sk, nil)
	sole := rest[sk.Index("LeftToeBase_End")][1]
	if math.Abs(lo[1]-sole) > 1e-9 {
		t.Errorf("lowest point %.4f m, want the sole at %.4f", lo[1], sole)
	}
	if top := rest[sk.Index("Head_End")][1]; math.Abs(hi[1]-top) > 1e-9 {
		t.Errorf("highest point %.4f m, want the head's end at %.4f", hi[1], top)
	}
	// Arms out in the rest pose: measure the trunk without them.
	arms := func(p body.Part) bool { return p == body.UpperArm || p == body.Forearm || p == body.Hand }
	lo, hi = restExtent(m, sk, arms)
	if w := hi[0] - lo[0]; w < 0.40 || w > 0.50 {
		t.Errorf("shoulders %.3f m across, want an adult's 0.40–0.50", w)
	}
	lo, hi = restExtent(m, sk, func(p body.Part) bool { return arms(p) || p.Leg() })
	if d := hi[2] - lo[2]; d < 0.20 || d > 0.30 {
		t.Errorf("torso %.3f m deep, want an adult's 0.20–0.30", d)
	}
}

// A rigged character whose skeleton's root is a motion root on the ground
// under its hips (mesh2motion's "root"): the bone from it to the hips is
// no part of the body, so nothing of the trunk reaches down to the floor
// (its lowest point stays above half the hips' height over the soles),
// while the feet still stand on the soles.
func TestGroundRootIsNoBone(t *testing.T) {
	ch, err := character.Load(shareddata.Path(t, "characters/mesh2motion-mannequin.glb"), character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sk := ch.Skeleton
	m, eff := derive(t, sk)
	rest := sk.RestPositions()
	hips := math.Min(rest[eff.Hips[0]][1], rest[eff.Hips[1]][1])
	notLeg := func(p body.Part) bool { return !p.Leg() }
	lo, _ := restExtent(m, sk, func(p body.Part) bool { return p.Leg() || p == body.Hand || p == body.Forearm })
	sole, _ := restExtent(m, sk, notLeg)
	t.Logf("root at %.3f m, hips at %.3f m, soles at %.3f m; the trunk's lowest point %.3f m", rest[0][1], hips, sole[1], lo[1])
	if lo[1] < sole[1]+(hips-sole[1])/2 {
		t.Errorf("the trunk reaches down to %.3f m, below half the hips' height", lo[1])
	}
	if math.Abs(sole[1]-rest[0][1]) > 0.05 {
		t.Errorf("the soles at %.3f m: not on the ground the root stands on (%.3f m)", sole[1], rest[0][1])
	}
}

// TestLegsAboveTheSoles derives the body of every shared skeleton (the
// adult, CMU's Acclaim subjects and BVH conversions, the glTF characters)
// and checks each leg's capsules in the rest pose against the sole found
// here from the foot's joints: none above the foot reaches below it (CMU
// skeletons put the ankle 3 cm over the lowest point of the foot's bones,
// less than a shin's radius, so the shin stood 1–2.4 cm into any floor
// the foot stood on), and each shin still reaches down to within its
// radius plus 3 cm of the ankle.
func TestLegsAboveTheSoles(t *testing.T) {
	skels := sharedSkeletons(t)
	for name, sk := range skels {
		m, eff := derive(t, sk)
		rest := sk.RestPositions()
		for k, foot := range eff.Feet {
			sole := math.Inf(1) // the lowest joint of the foot's subtree
			for j := range sk.NumJoints() {
				if j == foot.Joint || sk.IsAncestor(foot.Joint, j) {
					sole = math.Min(sole, rest[j][1])
				}
			}
			shin := math.Inf(1)
			for _, c := range m.Capsules {
				if !c.Part.Leg() || c.Part == body.Foot || c.Part == body.Toes || int(c.Effector) != k {
					continue
				}
				a, b := rest[c.Joint].Add(c.A), rest[c.Joint].Add(c.B)
				low := math.Min(a[1], b[1])
				if low-c.Radius < sole-1e-9 {
					t.Errorf("%s: the %v of foot %s reaches %.3f m below its sole", name, c.Part, sk.Names[foot.Joint], sole-(low-c.Radius))
				}
				if c.Part == body.Shin {
					shin = math.Min(shin, low-rest[foot.Joint][1]-c.Radius)
				}
			}
			if shin > 0.03 {
				t.Errorf("%s: the shin of foot %s ends %.3f m above the ankle, less its radius", name, sk.Names[foot.Joint], shin)
			}
		}
	}
}

// sharedSkeletons is every shared skeleton by name: the adult, CMU's
// Acclaim subjects and BVH conversions, the glTF characters.
func sharedSkeletons(t *testing.T) map[string]*motion.Skeleton {
	t.Helper()
	skels := map[string]*motion.Skeleton{"adult": humanoid.Skeleton()}
	for _, s := range []string{"03", "14", "16"} {
		a, err := motionfile.LoadASF(shareddata.Path(t, "mocap/asf-amc/"+s+".asf"), motion.ASFOptions{})
		if err != nil {
			t.Fatal(err)
		}
		skels[s+".asf"] = a.Skeleton
	}
	for _, f := range []string{"cmu-walk.bvh", "cmu-09_01-run.bvh", "cmu-jump.bvh"} {
		c, err := motionfile.LoadBVH(shareddata.Path(t, "mocap/"+f), motion.BVHOptions{Scale: 0.056444})
		if err != nil {
			t.Fatal(err)
		}
		skels[f] = c.Skeleton
	}
	for _, f := range []string{"mesh2motion-mannequin.glb", "mannequiny-0.3.0.glb", "robot-expressive.glb"} {
		ch, err := character.Load(shareddata.Path(t, "characters/"+f), character.Options{})
		if err != nil {
			t.Fatal(err)
		}
		skels[f] = ch.Skeleton
	}
	return skels
}

// TestPartsByName derives the body of every shared skeleton and holds each
// capsule's part to the name of the joint it hangs from (its bone's upper
// end), an oracle that knows nothing of the skeleton's shape: fingers,
// thumbs and palms are hands or forearms (the thumb of CMU's Acclaim
// skeletons, a chain off the wrist, was taken for a second head: a 9.5 cm
// ball at each hand), spines and chests are the trunk, IK helpers hanging
// off a motion root on the ground (the robot's pole targets) are no part of
// the body, and exactly one bone is the head, hanging from a joint named
// for the head or the neck.
func TestPartsByName(t *testing.T) {
	rules := []struct {
		name  *regexp.Regexp
		parts []body.Part
	}{
		{regexp.MustCompile(`(?i)thumb|finger|index|middle|ring|pinky|palm|hand`), []body.Part{body.Hand, body.Forearm}},
		{regexp.MustCompile(`(?i)spine|abdomen|back|thorax|chest|torso`), []body.Part{body.Torso, body.Clavicle}},
		{regexp.MustCompile(`(?i)pole|^ik`), nil},
		{regexp.MustCompile(`(?i)humerus|upper_?arm|^(left|right)arm$`), []body.Part{body.UpperArm}},
		{regexp.MustCompile(`(?i)radius|fore_?arm|lower_?arm`), []body.Part{body.Forearm}},
	}
	for name, sk := range sharedSkeletons(t) {
		m, _ := derive(t, sk)
		heads := 0
		for _, c := range m.Capsules {
			j := sk.Names[c.Joint]
			if c.Part == body.Head {
				heads++
				if !regexp.MustCompile(`(?i)head|neck`).MatchString(j) {
					t.Errorf("%s: the head hangs from %s", name, j)
				}
			}
			for _, r := range rules {
				if r.name.MatchString(j) && !slices.Contains(r.parts, c.Part) {
					t.Errorf("%s: a bone from %s is a %v; want one of %v", name, j, c.Part, r.parts)
				}
			}
		}
		if heads != 1 {
			t.Errorf("%s: %d head bones, want 1", name, heads)
		}
	}
}

// TestRadiiGrowWithTheSkeleton: every shared skeleton within 15% of an
// adult's legs gets the adult's radii; the robot, whose legs (hip joint to
// ankle, measured here from the rest pose) are 1.85 times an adult's 0.83 m,
// gets them grown by that much.
func TestRadiiGrowWithTheSkeleton(t *testing.T) {
	for name, sk := range sharedSkeletons(t) {
		eff, err := motion.DefaultEffectors(sk)
		if err != nil {
			t.Fatal(err)
		}
		rest := sk.RestPositions()
		leg := 0.0
		for _, f := range eff.Feet {
			hip := rest[eff.Hips[f.Side]]
			knee := rest[sk.Parents[f.Joint]]
			leg = math.Max(leg, hip.Sub(knee).Len()+knee.Sub(rest[f.Joint]).Len())
		}
		want := 1.0
		if s := leg / 0.83; math.Abs(s-1) >= 0.15 {
			want = s
		}
		got := body.RadiiFor(sk, eff)
		adult := body.AdultRadii()
		for p := range got {
			if math.Abs(got[p]-want*adult[p]) > 1e-3*adult[p] {
				t.Errorf("%s: %v radius %.4f m, want %.3f × %.3f", name, body.Part(p), got[p], want, adult[p])
			}
		}
		if name == "robot-expressive.glb" && math.Abs(want-1.85) > 0.01 {
			t.Errorf("the robot's legs are %.3f times an adult's, want about 1.85", want)
		}
	}
}

// mannequiny's rest pose (every rotation identity) does not stand: one
// foot forward and 6 cm higher. Derived from the first frame of its idle
// instead (DeriveAt), each foot's and toes' capsule lies level on the
// sole there — its underside at the lowest of the foot's joints at that
// frame, by forward kinematics — where the rest pose's tilts 1.5 cm and
// more off it.
func TestDeriveAtStandsOnTheSoles(t *testing.T) {
	ch, err := character.Load(shareddata.Path(t, "characters/mannequiny-0.3.0.glb"), character.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var idle *motion.Clip
	for _, c := range ch.Clips {
		if c.Name == "idle" {
			idle = c.Clip
		}
	}
	if idle == nil {
		t.Fatal("no idle")
	}
	sk := ch.Skeleton
	eff, err := motion.DefaultEffectors(sk)
	if err != nil {
		t.Fatal(err)
	}
	n := sk.NumJoints()
	pos, world := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	idle.FrameFK(0, pos, world)
	off := func(m *body.Model) float64 {
		worst := 0.0
		for i, c := range m.Capsules {
			if c.Part != body.Foot && c.Part != body.Toes {
				continue
			}
			foot := eff.Feet[c.Effector].Joint
			sole := math.Inf(1)
			for j := range n {
				if sk.IsAncestor(foot, j) {
					sole = math.Min(sole, pos[j][1])
				}
			}
			a, b := m.Place(pos, world, i)
			worst = max(worst, math.Abs(a[1]-c.Radius-sole), math.Abs(b[1]-c.Radius-sole))
		}
		return worst
	}
	rest, err := body.Derive(sk, eff, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	posed, err := body.DeriveAt(idle, 0, eff, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("feet off the idle's soles: %.4f m derived at rest, %.6f m at the idle", off(rest), off(posed))
	if d := off(posed); d > 1e-9 {
		t.Errorf("derived at the idle, a foot's capsule lies %.4f m off its sole there", d)
	}
	if d := off(rest); d < 0.015 {
		t.Errorf("derived at rest, the feet lie within %.4f m of the idle's soles: the case tests nothing", d)
	}
}
