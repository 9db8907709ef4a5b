package librarybuild

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/stategraph"
	"github.com/go-gl/mathgl/mgl64"
)

func defaultWithMocap(t *testing.T) (*action.Library, *stategraph.Graph) {
	t.Helper()
	opt := DefaultOptions{}
	if dir, ok := shareddata.Dir(); ok {
		opt.MocapWalk = dir + "/mocap/cmu-walk.bvh"
	} else {
		t.Log("no shared data: the default library is tested without cmu-walk")
	}
	lib, g, err := Default(opt)
	if err != nil {
		t.Fatal(err)
	}
	return lib, g
}

// Unrolling the default graph from the Table I start gives the paper's
// counts within 25%, per level and cumulated.
func TestDefaultGraphCounts(t *testing.T) {
	lib, g, err := Default(DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	paper := []int{5, 32, 197, 1236}
	got := g.Count(int32(lib.Index(TableIStart)), 4)
	cum := 0
	for d, n := range got {
		cum += n
		for _, x := range []int{n, cum} {
			if r := float64(x) / float64(paper[d]); r < 0.75 || r > 1.25 {
				t.Errorf("depth %d: %d animations (level %d, total %d), paper %d", d+1, x, n, cum, paper[d])
			}
		}
	}
	t.Logf("levels %v from %s", got, TableIStart)
	if n := len(lib.Actions); n < 20 {
		t.Errorf("only %d actions", n)
	}
}

// Bones keep their lengths in every frame of every default action.
func TestDefaultBoneLengths(t *testing.T) {
	lib, _ := defaultWithMocap(t)
	for _, a := range lib.Actions {
		c := a.Clip
		sk := c.Skeleton
		n := sk.NumJoints()
		pos := c.Positions()
		for f := range c.Frames() {
			for j, p := range sk.Parents {
				if p < 0 {
					continue
				}
				got := pos[f*n+j].Sub(pos[f*n+p]).Len()
				if e := math.Abs(got - sk.Offsets[j].Len()); e > 1e-6 {
					t.Fatalf("%s frame %d: bone %s is %.7f m, rest %.7f", a.Name, f, sk.Names[j], got, sk.Offsets[j].Len())
				}
			}
		}
	}
}

// Every dock's effector stays within 1 cm of where it was when the dock
// began, and the docks are the contacts the generator planned.
func TestDefaultDocksHold(t *testing.T) {
	for _, lib := range libraries(t) {
		docksHold(t, lib.lib)
	}
}

// libraries are the default library (with cmu-walk when the shared data
// is there) and the one with the crowd's moves.
func libraries(t *testing.T) []struct {
	lib *action.Library
	g   *stategraph.Graph
} {
	lib, g := defaultWithMocap(t)
	crowdLib, crowdG, err := Default(DefaultOptions{Crowd: true})
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		lib *action.Library
		g   *stategraph.Graph
	}{{lib, g}, {crowdLib, crowdG}}
}

func docksHold(t *testing.T, lib *action.Library) {
	planned := map[string][]humanoid.Interval{}
	for _, hc := range append(humanoid.Clips(), humanoid.CrowdClips()...) {
		planned[hc.Name] = hc.Planned
	}
	for _, a := range lib.Actions {
		c := a.Clip
		n := c.Skeleton.NumJoints()
		pos := c.Positions()
		if len(a.Docks) == 0 {
			t.Errorf("%s has no docks", a.Name)
		}
		for _, d := range a.Docks {
			j := c.Skeleton.Index(d.Effector)
			f0, f1 := int(math.Round(d.Start/c.FrameTime)), int(math.Round(d.End/c.FrameTime))
			for f := f0; f <= f1; f++ {
				if s := pos[f*n+j].Sub(pos[f0*n+j]).Len(); s > 0.01 {
					t.Errorf("%s: %s slides %.1f mm during its dock %.2f-%.2f s", a.Name, d.Effector, s*1000, d.Start, d.End)
					break
				}
			}
		}
		p, ok := planned[a.Name]
		if !ok {
			continue
		}
		// Each planned contact of 0.05 s or more is found, within 3 frames
		// of the plan (a heel rising from rest moves too little at first to
		// end a dock at once).
		const slack = 3.0/humanoid.FPS + 1e-9
		for _, iv := range p {
			if iv.End-iv.Start < 0.05 {
				continue
			}
			found := false
			for _, d := range a.Docks {
				found = found || (d.Effector == iv.Joint && math.Abs(d.Start-iv.Start) <= slack && d.End <= iv.End+slack)
			}
			if !found {
				t.Errorf("%s: planned contact %s %.2f-%.2f s has no dock (docks %+v)", a.Name, iv.Joint, iv.Start, iv.End, a.Docks)
			}
		}
		for _, d := range a.Docks {
			inside := false
			for _, iv := range p {
				inside = inside || (d.Effector == iv.Joint && d.Start >= iv.Start-slack && d.End <= iv.End+slack)
			}
			if !inside {
				t.Errorf("%s: dock %s %.2f-%.2f s is not a planned contact", a.Name, d.Effector, d.Start, d.End)
			}
		}
	}
}

// seamPose returns the joint positions of a clip frame in an action frame
// whose ground is at height ground.
func seamPose(a *action.Action, f int, frame motion.RootPoint, ground float64) []mgl64.Vec3 {
	c := a.Clip
	n := c.Skeleton.NumJoints()
	pos := make([]mgl64.Vec3, n)
	world := make([]mgl64.Quat, n)
	c.FrameFK(f, pos, world)
	for i := range pos {
		pos[i] = frame.ToLocal(pos[i]).Sub(mgl64.Vec3{0, ground, 0})
	}
	return pos
}

// rootVelocity is the root's velocity at frame f0 of a clip, in frame,
// by a second-order one-sided difference towards f0+2*dir.
func rootVelocity(a *action.Action, f0, dir int, frame motion.RootPoint) mgl64.Vec3 {
	c := a.Clip
	n := c.Skeleton.NumJoints()
	p := func(k int) mgl64.Vec3 { return frame.ToLocal(c.Trans[(f0+k*dir)*n]) }
	d := p(1).Mul(4).Sub(p(0).Mul(3)).Sub(p(2))
	return d.Mul(float64(dir) / (2 * c.FrameTime))
}

// Consecutive actions meet without a pose jump: every joint within 2 cm,
// the root velocity within 0.2 m/s.
func TestDefaultSeams(t *testing.T) {
	for _, l := range libraries(t) {
		seams(t, l.lib, l.g)
	}
}

func seams(t *testing.T, lib *action.Library, g *stategraph.Graph) {
	edges := 0
	for s, a := range lib.Actions {
		tr := a.Clip.Trajectory(a.Effectors.Hips)
		last := a.Clip.Frames() - 1
		end := seamPose(a, last, tr[last], a.Ground+a.Delta.Translation[1])
		vEnd := rootVelocity(a, last, -1, tr[last])
		for _, nx := range g.Next(int32(s)) {
			b := lib.Actions[nx]
			if b.Clip.Skeleton != a.Clip.Skeleton && b.Clip.Skeleton.NumJoints() != a.Clip.Skeleton.NumJoints() {
				t.Fatalf("%s -> %s joins different skeletons", a.Name, b.Name)
			}
			bt := b.Clip.Trajectory(b.Effectors.Hips)
			begin := seamPose(b, 0, bt[0], b.Ground)
			worst, at := 0.0, ""
			for j := range end {
				if d := end[j].Sub(begin[j]).Len(); d > worst {
					worst, at = d, a.Clip.Skeleton.Names[j]
				}
			}
			if worst > 0.02 {
				t.Errorf("%s -> %s: %s jumps %.1f cm", a.Name, b.Name, at, worst*100)
			}
			if dv := vEnd.Sub(rootVelocity(b, 0, 1, bt[0])).Len(); dv > 0.2 {
				t.Errorf("%s -> %s: root velocity jumps %.2f m/s", a.Name, b.Name, dv)
			}
			edges++
		}
	}
	t.Logf("%d edges checked", edges)
}

// Every default action exports to BVH in the CMU layout and reads back to
// the same joint positions.
func TestDefaultBVHExport(t *testing.T) {
	lib, _ := defaultWithMocap(t)
	for _, a := range lib.Actions {
		var buf bytes.Buffer
		if err := motion.WriteBVH(&buf, a.Clip); err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		head := buf.String()[:200]
		if !strings.HasPrefix(head, "HIERARCHY\nROOT Hips\n{\n\tOFFSET") || !strings.Contains(head, "CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation") {
			t.Fatalf("%s: not the CMU layout:\n%s", a.Name, head)
		}
		back, err := motion.ReadBVH(&buf, a.Name+".bvh", motion.BVHOptions{})
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		p, q := a.Clip.Positions(), back.Positions()
		for i := range p {
			if d := p[i].Sub(q[i]).Len(); d > 1e-4 {
				t.Fatalf("%s: joint moved %g m through BVH", a.Name, d)
			}
		}
	}
}
