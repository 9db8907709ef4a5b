package motion

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
	"github.com/go-gl/mathgl/mgl64"
)

func loadMocap(t testing.TB, name string) *Clip {
	t.Helper()
	path := shareddata.Path(t, "mocap/"+name)
	c, err := loadBVH(path, BVHOptions{Scale: CMUScale})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The CMU files load with the counts PROVENANCE.md gives.
func TestReadCMU(t *testing.T) {
	for _, tc := range []struct {
		name   string
		frames int
	}{{"cmu-walk.bvh", 344}, {"cmu-jump.bvh", 2752}} {
		c := loadMocap(t, tc.name)
		sk := c.Skeleton
		if c.Frames() != tc.frames || math.Abs(c.FrameTime-1.0/120) > 1e-6 {
			t.Errorf("%s: %d frames at %g s, want %d at 1/120", tc.name, c.Frames(), c.FrameTime, tc.frames)
		}
		joints := 0
		for j := range sk.NumJoints() {
			if !sk.EndSite[j] {
				joints++
			}
		}
		if joints != 31 || sk.Names[0] != "Hips" {
			t.Errorf("%s: %d joints rooted at %q, want 31 rooted at Hips", tc.name, joints, sk.Names[0])
		}
		// Hip height about 0.96 m in the second frame (the first is a
		// calibration pose).
		pos := make([]mgl64.Vec3, sk.NumJoints())
		world := make([]mgl64.Quat, sk.NumJoints())
		c.FrameFK(1, pos, world)
		if h := pos[0][1]; h < 0.85 || h > 1.05 {
			t.Errorf("%s: hip height %.3f m", tc.name, h)
		}
	}
	walk := loadMocap(t, "cmu-walk.bvh")
	pos := walk.Positions()
	n := walk.Skeleton.NumJoints()
	d := pos[(walk.Frames()-1)*n].Sub(pos[n])
	if l := math.Hypot(d[0], d[2]); l < 3.0 || l > 3.8 {
		t.Errorf("cmu-walk covers %.2f m on the ground, PROVENANCE says about 3.4", l)
	}
}

func maxJointDist(a, b []mgl64.Vec3) float64 {
	m := 0.0
	for i := range a {
		m = max(m, a[i].Sub(b[i]).Len())
	}
	return m
}

func roundTrip(t *testing.T, c *Clip) *Clip {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteBVH(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := ReadBVH(&buf, "round-trip.bvh", BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Frames() != c.Frames() || back.FrameTime != c.FrameTime || back.Skeleton.NumJoints() != c.Skeleton.NumJoints() {
		t.Fatalf("round trip changed the shape: %d frames, %g s, %d joints", back.Frames(), back.FrameTime, back.Skeleton.NumJoints())
	}
	for j, name := range c.Skeleton.Names {
		if back.Skeleton.Names[j] != name {
			t.Fatalf("joint %d renamed %q -> %q", j, name, back.Skeleton.Names[j])
		}
	}
	if d := maxJointDist(c.Positions(), back.Positions()); d > 1e-4 {
		t.Fatalf("round trip moves a joint by %g m", d)
	}
	return back
}

// Import, export, import: the same world joint positions to 1e-4 m, and a
// second export is byte-identical to the first.
func TestBVHRoundTripCMU(t *testing.T) {
	for _, name := range []string{"cmu-walk.bvh", "cmu-jump.bvh"} {
		c := loadMocap(t, name)
		back := roundTrip(t, c)
		var a, b bytes.Buffer
		if err := WriteBVH(&a, c); err != nil {
			t.Fatal(err)
		}
		if err := WriteBVH(&b, back); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the second export differs from the first", name)
		}
	}
}

// A hand-written file in another convention: 6 channels on every joint in
// XYZ order, centimetres, a rest pose whose bones run along +X and -Z, a
// joint with a single rotation channel, braces on the name line.
const oddBVH = `HIERARCHY
ROOT pelvis {
  OFFSET 10 90 0
  CHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation
  JOINT l_thigh
  {
    OFFSET 10 0 0
    CHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation
    JOINT l_knee
    {
      OFFSET 0 0 -40
      CHANNELS 1 Xrotation
      End Site
      {
        OFFSET 0 0 -42
      }
    }
  }
}
MOTION
Frames: 3
Frame Time: 0.04
10 90 0 0 0 0 10 0 0 0 0 0 0
12 91 5 0 90 0 10 0 0 90 0 0 45
14 92 10 30 20 10 11 1 0 0 -30 60 -45
`

// A file with more whole frames than its header declares (exporters
// miscount) gives them all: the extra frame is the header's last again.
func TestBVHExtraFrames(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(oddBVH), "\n")
	c, err := ReadBVH(strings.NewReader(oddBVH+lines[len(lines)-1]+"\n"), "extra.bvh", BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Frames() != 4 {
		t.Fatalf("%d frames, want 4", c.Frames())
	}
	n := c.Skeleton.NumJoints()
	for j := range n {
		if c.Trans[3*n+j] != c.Trans[2*n+j] || c.Rot[3*n+j] != c.Rot[2*n+j] {
			t.Fatalf("joint %d of the extra frame differs from frame 3", j)
		}
	}
}

func TestBVHOtherConventions(t *testing.T) {
	c, err := ReadBVH(strings.NewReader(oddBVH), "odd.bvh", BVHOptions{Scale: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	pos := c.Positions()
	n := c.Skeleton.NumJoints()
	// Frame 0: rest pose, root at (0.1, 0.9, 0), knee end 0.82 m back.
	want := []mgl64.Vec3{{0.1, 0.9, 0}, {0.2, 0.9, 0}, {0.2, 0.9, -0.4}, {0.2, 0.9, -0.82}}
	if d := maxJointDist(pos[:n], want); d > 1e-12 {
		t.Fatalf("rest frame %v, want %v", pos[:n], want)
	}
	// Frame 1: root yawed +90° (about +Y), thigh pitched +90° about X, knee
	// bent 45° about X. Hand-computed: the thigh at root + Ry(90)·(0.1,0,0)
	// = (0.12, 0.91, 0.05-0.1); its rotation Ry(90)·Rx(90) sends -Z to
	// Ry(90)·(0,1,0) = +Y, so the knee is 0.4 m above the thigh.
	thigh := mgl64.Vec3{0.12, 0.91, -0.05}
	knee := thigh.Add(mgl64.Vec3{0, 0.4, 0})
	if d := maxJointDist(pos[n:n+3], []mgl64.Vec3{{0.12, 0.91, 0.05}, thigh, knee}); d > 1e-12 {
		t.Fatalf("frame 1: %v", pos[n:n+3])
	}
	roundTrip(t, c)
}

// Random skeletons with random channel layouts and rotations round-trip.
func TestBVHRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		sk := &Skeleton{}
		nj := 2 + r.IntN(12)
		var path []int // joints from the root to the last one that can have children
		for j := range nj {
			parent := -1
			if j > 0 {
				path = path[:1+r.IntN(len(path))]
				parent = path[len(path)-1]
			}
			end := j > 0 && r.IntN(4) == 0
			var chs []Channel
			if !end {
				path = append(path, j)
				if j == 0 || r.IntN(3) == 0 {
					chs = append(chs, Xposition, Yposition, Zposition)
				}
				for _, k := range r.Perm(3) {
					chs = append(chs, Channel(3+k))
				}
			}
			name := fmt.Sprintf("j%d", j)
			if end {
				name = sk.Names[parent] + "_End"
				for k := 2; sk.Index(name) >= 0; k++ {
					name = fmt.Sprintf("%s_End%d", sk.Names[parent], k)
				}
			}
			sk.Names = append(sk.Names, name)
			sk.Parents = append(sk.Parents, parent)
			sk.Offsets = append(sk.Offsets, mgl64.Vec3{r.NormFloat64() * 0.3, r.NormFloat64() * 0.3, r.NormFloat64() * 0.3})
			sk.Channels = append(sk.Channels, chs)
			sk.EndSite = append(sk.EndSite, end)
		}
		c := NewClip(sk, 5, 1.0/30)
		for i := range c.Rot {
			if len(sk.Channels[i%nj]) == 0 {
				continue
			}
			c.Rot[i] = mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}}.Normalize()
			if len(sk.Channels[i%nj]) == 6 {
				c.Trans[i] = mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
			}
		}
		roundTrip(t, c)
	}
}

// Bad files name the file and the line.
func TestBVHErrors(t *testing.T) {
	good := strings.Split(oddBVH, "\n")
	edit := func(line int, text string) string {
		l := append([]string(nil), good...)
		l[line-1] = text
		return strings.Join(l, "\n")
	}
	for _, tc := range []struct {
		name, src string
		line      int
		msg       string
	}{
		{"empty", "", 0, "end of file"},
		{"no hierarchy", "ROOT x", 1, `want "HIERARCHY"`},
		{"bad offset", edit(3, "  OFFSET 10 nan 0"), 3, "not a finite number"},
		{"bad channel", edit(4, "  CHANNELS 2 Xposition Wrotation"), 4, "unknown channel"},
		{"too many channels", edit(4, "  CHANNELS 7 Xposition"), 4, "want 0 to 6"},
		{"repeated channel", edit(11, "      CHANNELS 2 Xrotation Xrotation"), 11, "listed twice"},
		{"duplicate name", edit(9, "    JOINT pelvis"), 9, "used twice"},
		{"bad frame count", edit(21, "Frames: -2"), 21, "frame count"},
		{"bad frame time", edit(22, "Frame Time: 0"), 22, "not positive"},
		{"short frame", edit(24, "12 91 5 0 90"), 24, "frame 2 of 3 has 5 values"},
		{"nan value", edit(25, "14 92 10 30 20 10 11 1 0 0 -30 60 inf"), 25, "not a finite number"},
		{"truncated", strings.Join(good[:24], "\n"), 24, "want frame 3 of 3"},
		{"extra numbers", oddBVH + "1 2 3\n", 26, "after the 3 frames"},
		{"bad extra frame", oddBVH + "14 92 10 30 20 10 11 1 0 0 -30 60 x\n", 26, "frame 4 (after the 3"},
		{"frame time junk", edit(22, "Frame Time: 0.04 x"), 22, `unexpected "x"`},
		{"unclosed joint", strings.Join(good[:8], "\n"), 8, "inside joint"},
	} {
		_, err := ReadBVH(strings.NewReader(tc.src), "bad.bvh", BVHOptions{})
		var be *BVHError
		if !errors.As(err, &be) {
			t.Errorf("%s: err = %v, want a BVHError", tc.name, err)
			continue
		}
		if be.File != "bad.bvh" || be.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %v (line %d), want line %d and %q", tc.name, err, be.Line, tc.line, tc.msg)
		}
	}
}

func FuzzReadBVH(f *testing.F) {
	f.Add([]byte(oddBVH))
	f.Add([]byte("HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\nMOTION\nFrames: 1\nFrame Time: 1\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadBVH(bytes.NewReader(data), "fuzz.bvh", BVHOptions{})
		if err != nil {
			mustBeBVHError(t, err)
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted an invalid clip: %v", err)
		}
		var buf bytes.Buffer
		if err := WriteBVH(&buf, c); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadBVH(&buf, "again.bvh", BVHOptions{}); err != nil {
			t.Fatalf("export does not read back: %v", err)
		}
	})
}

// mustBeBVHError fails t unless err is a *BVHError (a reader's errors name
// the file and the line).
func mustBeBVHError(t *testing.T, err error) {
	t.Helper()
	var be *BVHError
	if !errors.As(err, &be) {
		t.Fatalf("error %v is not a BVHError", err)
	}
}
