package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// convention is how another studio or tool stores a capture: its joint
// names, whether a still root at the ground sits over hips that carry the
// travel, its up axis, its unit, its frame rate, and whether the feet have
// toe joints.
type convention struct {
	name   string
	rename func(role string, side byte) string // side 'l', 'r' or 0
	// staticRoot names a root joint added at the ground that never moves;
	// the hips below it carry the translation. "" keeps the hips the root.
	staticRoot string
	zUp        bool
	unit       float64 // metres per file unit
	fps        float64 // the frame rate, near enough: one frame kept in every so many (0: the clip's)
	noToes     bool    // the toe joints become the feet's end sites
}

// conventions are the ones the builder must take as they come: names of
// Unreal, Blender's Rigify, 3ds Max's Biped, Godot's humanoid profile,
// Mixamo and a game rig with "l-foot" feet; a still root over moving
// hips; Z up; centimetres, metres, inches and millimetres; 24 to 60 frames
// a second; feet without toes.
var conventions = []convention{
	{name: "unreal", rename: scheme(map[string]string{"hips": "pelvis", "upleg": "thigh_%s", "leg": "calf_%s", "foot": "foot_%s", "toe": "ball_%s",
		"arm": "upperarm_%s", "forearm": "lowerarm_%s", "hand": "hand_%s"}, "", "%s_other"), staticRoot: "root", unit: 0.01, fps: 30},
	{name: "rigify-zup", rename: scheme(map[string]string{"hips": "DEF-pelvis", "upleg": "DEF-thigh.%s", "leg": "DEF-shin.%s", "foot": "DEF-foot.%s", "toe": "DEF-toe.%s",
		"arm": "DEF-upper_arm.%s", "forearm": "DEF-forearm.%s", "hand": "DEF-hand.%s"}, "LR", "DEF-%s"), zUp: true, unit: 1, fps: 60},
	{name: "biped-zup", rename: scheme(map[string]string{"hips": "Bip01 Pelvis", "upleg": "Bip01 %s Thigh", "leg": "Bip01 %s Calf", "foot": "Bip01 %s Foot", "toe": "Bip01 %s Toe0",
		"arm": "Bip01 %s UpperArm", "forearm": "Bip01 %s Forearm", "hand": "Bip01 %s Hand"}, "LR", "Bip01 %s"), zUp: true, unit: 0.0254, fps: 24},
	{name: "godot-static-root", rename: scheme(map[string]string{"hips": "Hips", "upleg": "%sUpperLeg", "leg": "%sLowerLeg", "foot": "%sFoot", "toe": "%sToes",
		"arm": "%sUpperArm", "forearm": "%sLowerArm", "hand": "%sHand"}, "Left Right", "%s_x"), staticRoot: "Root", unit: 0.001, fps: 30},
	{name: "game-no-toes", rename: scheme(map[string]string{"hips": "pelvis", "upleg": "%s-thigh", "leg": "%s-shin", "foot": "%s-foot",
		"arm": "%s-arm", "forearm": "%s-forearm", "hand": "%s-hand"}, "lr", "x-%s"), unit: 1, fps: 30, noToes: true},
	{name: "mixamo", rename: scheme(map[string]string{"hips": "mixamorig:Hips", "upleg": "mixamorig:%sUpLeg", "leg": "mixamorig:%sLeg", "foot": "mixamorig:%sFoot", "toe": "mixamorig:%sToeBase",
		"arm": "mixamorig:%sArm", "forearm": "mixamorig:%sForeArm", "hand": "mixamorig:%sHand"}, "Left Right", "mixamorig:%s"), unit: 0.01, fps: 60},
}

// scheme renames by role: pattern per role (%s is the side, spelled as
// sides says: "LR", "lr", or "Left Right"; "" puts l or r); other joints
// get other (%s is their old name, separators dropped, side words kept).
func scheme(pattern map[string]string, sides, other string) func(string, byte) string {
	return func(role string, side byte) string {
		p, ok := pattern[role]
		if !ok {
			return fmt.Sprintf(other, role)
		}
		if side == 0 {
			return p
		}
		s := map[byte]string{'l': "l", 'r': "r"}[side]
		switch sides {
		case "LR":
			s = strings.ToUpper(s)
		case "Left Right":
			s = map[byte]string{'l': "Left", 'r': "Right"}[side]
		}
		return fmt.Sprintf(p, s)
	}
}

// roleOf names a joint of the CMU BVH, Acclaim or GAMES-105 skeletons by
// its role and side; other joints keep their name as their role, with the
// characters a BVH name cannot hold dropped, and no side.
func roleOf(name string) (string, byte) {
	roles := map[string]string{
		"Hips": "hips", "RootJoint": "hips", "root": "hips",
		"LeftUpLeg": "upleg", "lfemur": "upleg", "lHip": "upleg",
		"LeftLeg": "leg", "ltibia": "leg", "lKnee": "leg",
		"LeftFoot": "foot", "lfoot": "foot", "lAnkle": "foot",
		"LeftToeBase": "toe", "ltoes": "toe", "lToeJoint": "toe",
		"LeftArm": "arm", "lhumerus": "arm", "lShoulder": "arm",
		"LeftForeArm": "forearm", "lradius": "forearm", "lElbow": "forearm",
		"LeftHand": "hand", "lhand": "hand", "lWrist": "hand",
	}
	for _, side := range []struct {
		b         byte
		from, too string
	}{{'l', "", ""}, {'r', "Left", "Right"}, {'r', "l", "r"}} {
		n := name
		if side.from != "" {
			if !strings.HasPrefix(n, side.too) {
				continue
			}
			n = side.from + strings.TrimPrefix(n, side.too)
		}
		if r, ok := roles[n]; ok {
			if r == "hips" {
				return r, 0
			}
			return r, side.b
		}
	}
	return strings.NewReplacer("_", "", " ", "", ":", "", "-", "").Replace(name), 0
}

// inConvention writes clip c as a BVH file in convention cv. It shares no
// code with the reader: its own Euler decomposition (rotations in Z, Y, X
// order) and its own frame-by-frame layout. Every joint is where it is in
// c, turned onto Z up when the convention is, in the convention's unit.
func inConvention(c *motion.Clip, cv convention) string {
	sk := c.Skeleton
	n := sk.NumJoints()
	up := mgl64.QuatIdent()
	if cv.zUp {
		up = mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0}) // +Y onto +Z
	}
	toe := func(j int) bool { r, _ := roleOf(sk.Names[j]); return r == "toe" }
	dropped := func(j int) bool { // below a toe joint, when toes are dropped
		for p := sk.Parents[j]; cv.noToes && p >= 0; p = sk.Parents[p] {
			if toe(p) {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	var order []int // the source joints with channels, as written
	var write func(j int, indent string)
	write = func(j int, indent string) {
		o := up.Rotate(sk.Offsets[j]).Mul(1 / cv.unit)
		if cv.noToes && toe(j) { // the foot ends at the toe's tip, as a rig without toes
			for k := j + 1; k < n; k++ {
				if sk.Parents[k] == j && sk.EndSite[k] {
					o = up.Rotate(sk.Offsets[j].Add(sk.Offsets[k])).Mul(1 / cv.unit)
				}
			}
		}
		if sk.EndSite[j] || cv.noToes && toe(j) {
			fmt.Fprintf(&b, "%sEnd Site\n%s{\n%s  OFFSET %.6f %.6f %.6f\n%s}\n", indent, indent, indent, o[0], o[1], o[2], indent)
			return
		}
		role, side := roleOf(sk.Names[j])
		kind, channels := "JOINT", "CHANNELS 3 Zrotation Yrotation Xrotation"
		if j == 0 {
			kind, channels = "ROOT", "CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation"
			if cv.staticRoot != "" {
				kind = "JOINT"
			}
		}
		fmt.Fprintf(&b, "%s%s %s\n%s{\n%s  OFFSET %.6f %.6f %.6f\n%s  %s\n", indent, kind, cv.rename(role, side), indent, indent, o[0], o[1], o[2], indent, channels)
		order = append(order, j)
		for k := j + 1; k < n; k++ {
			if sk.Parents[k] == j && !dropped(k) {
				write(k, indent+"  ")
			}
		}
		fmt.Fprintf(&b, "%s}\n", indent)
	}
	b.WriteString("HIERARCHY\n")
	if cv.staticRoot != "" {
		fmt.Fprintf(&b, "ROOT %s\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n", cv.staticRoot)
		write(0, "  ")
		b.WriteString("}\n")
	} else {
		write(0, "")
	}
	every := 1
	if cv.fps > 0 {
		every = max(1, int(math.Round(1/(c.FrameTime*cv.fps))))
	}
	frames := (c.Frames() + every - 1) / every
	fmt.Fprintf(&b, "MOTION\nFrames: %d\nFrame Time: %.8f\n", frames, c.FrameTime*float64(every))
	for f := 0; f < c.Frames(); f += every {
		if cv.staticRoot != "" {
			b.WriteString("0 0 0 0 0 0 ")
		}
		for _, j := range order {
			q := up.Mul(c.Rot[f*n+j]).Mul(up.Inverse())
			if j == 0 {
				t := up.Rotate(c.Trans[f*n]).Mul(1 / cv.unit)
				fmt.Fprintf(&b, "%.6f %.6f %.6f ", t[0], t[1], t[2])
			}
			z, y, x := eulerZYX(q)
			fmt.Fprintf(&b, "%.6f %.6f %.6f ", z, y, x)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// eulerZYX returns the angles in degrees whose product Rz·Ry·Rx is q.
func eulerZYX(q mgl64.Quat) (z, y, x float64) {
	m := q.Normalize().Mat4()
	deg := 180 / math.Pi
	return math.Atan2(m.At(1, 0), m.At(0, 0)) * deg, math.Asin(math.Max(-1, math.Min(1, -m.At(2, 0)))) * deg, math.Atan2(m.At(2, 1), m.At(2, 2)) * deg
}

// writeConvention writes c in cv to a file in dir and returns its path.
func writeConvention(t *testing.T, dir string, c *motion.Clip, cv convention) string {
	t.Helper()
	path := filepath.Join(dir, cv.name+".bvh")
	if err := os.WriteFile(path, []byte(inConvention(c, cv)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Each shared capture rewritten into every convention (at its own frame
// rate) gives the docks of the original (with its toes held still, for a
// rig without toes) — the same feet in the same
// order, each start and end within a frame at 30 fps, each place within
// 2 cm — and,
// for three walks, a library of it alone (at the convention's frame rate)
// walks walkTurnStand's walk (5 s a leg, no stop)
// within 10% of the original's distance. The oracle for the docks is the original capture
// read as it is; for the walks, the original's library.
func TestConventionsGiveTheSameCharacter(t *testing.T) {
	if tier.Short() {
		t.Skip("builds a library per capture and convention and walks it (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	walked := map[string]bool{"mocap/cmu-07_01-walk.bvh": true, "mocap/cmu-16_15-walk.bvh": true, "conventions/games105/walkF.bvh": true}
	for _, rel := range []string{"mocap/cmu-07_01-walk.bvh", "mocap/cmu-16_15-walk.bvh", "conventions/games105/walkF.bvh",
		"mocap/cmu-walk.bvh", "mocap/cmu-09_01-run.bvh", "mocap/cmu-jump.bvh", "mocap/asf-amc/16_17.amc", "mocap/asf-amc/16_35.amc",
		"conventions/games105/walk_and_turn_left.bvh", "conventions/games105/run_forward.bvh"} {
		t.Run(strings.ReplaceAll(filepath.Base(rel), ".", "_"), func(t *testing.T) {
			path := shareddata.Path(t, rel)
			orig, eff, _, err := loadCapture(capture{path: path}, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			want, err := dock.Extract(orig, eff, orig.Trajectory(eff.Hips)[0], dock.DefaultExtractOptions())
			if err != nil {
				t.Fatal(err)
			}
			raw, err := readCapture(capture{path: path}, guessedScale(t, path))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var dist float64
			if walked[rel] {
				lib := filepath.Join(dir, "original.yaml")
				buildLibrary(t, lib, "--from", path, "--spaces=false")
				dist = groundPath(runTurnScript(t, lib, false))
			}
			for _, cv := range conventions {
				// The docks at the capture's own rate; the library at the
				// convention's.
				same := cv
				same.name, same.fps = cv.name+"-same-rate", 0
				c, ce, note, err := loadCapture(capture{path: writeConvention(t, dir, raw, same)}, 0, "")
				if err != nil {
					t.Fatalf("%s: %v", cv.name, err)
				}
				got, err := dock.Extract(c, ce, c.Trajectory(ce.Hips)[0], dock.DefaultExtractOptions())
				if err != nil {
					t.Fatalf("%s: %v", cv.name, err)
				}
				if cv.noToes {
					sameDocks(t, cv.name, stiffToes(t, orig, eff), got, c.FrameTime)
				} else {
					sameDocks(t, cv.name, want, got, c.FrameTime)
				}
				if !walked[rel] {
					t.Logf("%s: %d docks (original %d); %s", cv.name, len(got), len(want), note)
					continue
				}
				lib := filepath.Join(dir, cv.name+".yaml")
				buildLibrary(t, lib, "--from", writeConvention(t, dir, raw, cv), "--spaces=false")
				d := groundPath(runTurnScript(t, lib, false))
				t.Logf("%s: %d docks (original %d); walks %.1f m (original %.1f m); %s", cv.name, len(got), len(want), d, dist, note)
				if math.Abs(d-dist) > 0.1*dist {
					t.Errorf("%s: walks %.1f m, the original %.1f m", cv.name, d, dist)
				}
			}
		})
	}
}

// stiffToes are the docks of c with its toes held in their rest pose and
// its feet's tips at the toes' tips: what a rig without toe joints, its
// feet ending there, keeps of the capture.
func stiffToes(t *testing.T, c *motion.Clip, eff *motion.Effectors) []dock.Extracted {
	t.Helper()
	n := c.Skeleton.NumJoints()
	stiff := &motion.Clip{Skeleton: c.Skeleton, FrameTime: c.FrameTime, Trans: c.Trans, Rot: slices.Clone(c.Rot)}
	for j, name := range c.Skeleton.Names {
		if r, _ := roleOf(name); r == "toe" {
			for f := range c.Frames() {
				stiff.Rot[f*n+j] = mgl64.QuatIdent()
			}
		}
	}
	// Its feet's tips are the toes' tips.
	tipped := *eff
	tipped.Feet = slices.Clone(eff.Feet)
	for i, e := range tipped.Feet {
		for k := e.Tip + 1; k < n; k++ {
			if c.Skeleton.Parents[k] == e.Tip && c.Skeleton.EndSite[k] {
				tipped.Feet[i].Tip = k
			}
		}
	}
	ds, err := dock.Extract(stiff, &tipped, stiff.Trajectory(eff.Hips)[0], dock.DefaultExtractOptions())
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// guessedScale is the scale planner docks guesses for a capture.
func guessedScale(t *testing.T, path string) float64 {
	t.Helper()
	c, err := readCapture(capture{path: path}, 1)
	if err != nil {
		t.Fatal(err)
	}
	eff, err := motion.DefaultEffectors(c.Skeleton)
	if err != nil {
		t.Fatal(err)
	}
	g, err := motion.GuessScale(c.Skeleton, eff)
	if err != nil {
		t.Fatal(err)
	}
	return g.Scale
}

// sameDocks checks got against want: the same effectors' sides and
// templates in order, times within a frame (of the rewritten file or of
// 30 fps, the longer; the original's times taken to its nearest frame),
// places within 2 cm. A dock broken by a gap of a frame is one dock, and
// either of its pieces' ends may match (the last digit of a file's angle
// can open such a gap, or close it).
func sameDocks(t *testing.T, name string, want, got []dock.Extracted, frame float64) {
	t.Helper()
	tol := max(frame, 1.0/30) + 1e-6
	want, wantEnds := joinGaps(want, tol)
	got, gotEnds := joinGaps(got, tol)
	if len(got) != len(want) {
		t.Errorf("%s: %d docks, the original %d", name, len(got), len(want))
		return
	}
	for i := range want {
		w, g := want[i], got[i]
		moved := w.Pose.Position.Sub(g.Pose.Position).Len()
		// The original's times on the rewritten file's frames, within a
		// frame of it or of 30 fps, the longer.
		start := math.Round(w.Start/frame) * frame
		endOK := false // any end of the one against any end of the other
		for _, we := range wantEnds[i] {
			for _, ge := range gotEnds[i] {
				endOK = endOK || math.Abs(math.Round(we/frame)*frame-ge) <= tol
			}
		}
		if w.Side != g.Side || w.Template != g.Template || math.Abs(start-g.Start) > tol || !endOK || moved > 0.02 {
			t.Errorf("%s: dock %d: original %s %v %.3f-%.3f s at %.3v, rewritten %s %v %.3f-%.3f s at %.3v", name, i,
				w.Effector, w.Side, w.Start, w.End, w.Pose.Position, g.Effector, g.Side, g.Start, g.End, g.Pose.Position)
		}
	}
}

// joinGaps joins each dock to the next of the same foot when no more than
// gap apart, in place of both; ends are, per dock, its pieces' ends.
func joinGaps(ds []dock.Extracted, gap float64) (out []dock.Extracted, ends [][]float64) {
	for _, d := range ds {
		joined := false
		for k := len(out) - 1; k >= 0 && !joined; k-- {
			if p := &out[k]; p.Effector == d.Effector && d.Start-p.End <= gap && d.Start >= p.End {
				p.End, joined = d.End, true
				ends[k] = append(ends[k], d.End)
			}
		}
		if !joined {
			out, ends = append(out, d), append(ends, []float64{d.End})
		}
	}
	return out, ends
}
