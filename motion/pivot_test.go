package motion_test

import (
	"math"
	"testing"

	"github.com/foothold/foothold/humanoid"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/motionfile"
	"github.com/go-gl/mathgl/mgl64"
)

// pivotSources are standing poses to turn from: the adult's idle and a
// frame of CMU subject 14 standing (Acclaim).
func pivotSources(t *testing.T) map[string]*motion.Clip {
	out := map[string]*motion.Clip{}
	for _, hc := range humanoid.Clips() {
		if hc.Name == "idle" {
			out["adult"] = hc.Clip
		}
	}
	a, err := motionfile.LoadASF(shareddata.Path(t, "mocap/asf-amc/14.asf"), motion.ASFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := motionfile.LoadAMC(shareddata.Path(t, "mocap/asf-amc/14_21.amc"), a, motion.AMCOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if out["cmu14"], err = c.Slice(14, 15); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPivot turns standing poses on the spot and checks the result
// against the first pose by forward kinematics of its own: the last frame
// is the first turned about the root's vertical (every joint within
// 1 mm), each foot (ankle and toes) stands exactly still before and after
// its one step, where it stood and where it stands turned, the foot on
// the side of the turn steps first, a stepping foot rises, no joint goes
// below the feet's standing height, and the body never turns back.
func TestPivot(t *testing.T) {
	for name, c := range pivotSources(t) {
		eff, err := motion.DefaultEffectors(c.Skeleton)
		if err != nil {
			t.Fatal(err)
		}
		for _, deg := range []float64{45, -45, 90, -90} {
			turn := deg * math.Pi / 180
			p, err := motion.Pivot(c, eff, turn)
			if err != nil {
				t.Fatal(err)
			}
			checkPivot(t, name, deg, c, p, eff, turn)
		}
		if _, err := motion.Pivot(c, eff, math.Pi); err == nil {
			t.Errorf("%s: a half turn in one pivot: no error", name)
		}
	}
}

func checkPivot(t *testing.T, name string, deg float64, c, p *motion.Clip, eff *motion.Effectors, turn float64) {
	t.Helper()
	n := c.Skeleton.NumJoints()
	if d := p.Duration(); math.Abs(d-motion.PivotSeconds(turn)) > p.FrameTime/2 {
		t.Errorf("%s %v°: %.3f s long, want %.3f", name, deg, d, motion.PivotSeconds(turn))
	}
	first := c.Positions()[:n]
	pos := p.Positions()
	last := pos[(p.Frames()-1)*n:]
	r := mgl64.QuatRotate(turn, mgl64.Vec3{0, 1, 0})
	o := mgl64.Vec3{first[0][0], 0, first[0][2]}
	for j := range n {
		if want := o.Add(r.Rotate(first[j].Sub(o))); last[j].Sub(want).Len() > 1e-3 {
			t.Errorf("%s %v°: joint %s ends at %.4f, want %.4f", name, deg, c.Skeleton.Names[j], last[j], want)
		}
	}
	floor := math.Inf(1) // the standing pose's lowest joint
	for j := range n {
		floor = min(floor, first[j][1])
	}
	moved := make([][2]int, len(eff.Feet)) // per foot: first and last frame it is off its place
	for i, e := range eff.Feet {
		moved[i] = [2]int{-1, -1}
		for f := range p.Frames() {
			at := pos[f*n:]
			still := true
			for j := range n {
				if j != e.Joint && !c.Skeleton.IsAncestor(e.Joint, j) {
					continue
				}
				if at[j].Sub(first[j]).Len() > 1e-6 && at[j].Sub(last[j]).Len() > 1e-6 {
					still = false
				}
			}
			if !still {
				if moved[i][0] < 0 {
					moved[i][0] = f
				}
				moved[i][1] = f
			}
		}
		if moved[i][0] < 0 {
			t.Errorf("%s %v°: foot %s never steps", name, deg, c.Skeleton.Names[e.Joint])
			continue
		}
		for f := moved[i][0]; f <= moved[i][1]; f++ {
			if pos[f*n+e.Joint].Sub(first[e.Joint]).Len() < 1e-6 && f > moved[i][0] {
				t.Errorf("%s %v°: foot %s back on its first place in mid-step (frame %d)", name, deg, c.Skeleton.Names[e.Joint], f)
			}
		}
		mid := (moved[i][0] + moved[i][1]) / 2
		if rise := pos[mid*n+e.Joint][1] - first[e.Joint][1]; rise < 0.02 {
			t.Errorf("%s %v°: foot %s rises %.3f m in mid-step", name, deg, c.Skeleton.Names[e.Joint], rise)
		}
	}
	if len(eff.Feet) == 2 {
		lead := 0
		if moved[1][0] < moved[0][0] {
			lead = 1
		}
		if moved[lead][1] >= moved[1-lead][0] {
			t.Errorf("%s %v°: the feet step at once (frames %v)", name, deg, moved)
		}
		if left := eff.Feet[lead].Side == motion.Left; left != (turn > 0) {
			t.Errorf("%s %v°: the %s foot leads", name, deg, c.Skeleton.Names[eff.Feet[lead].Joint])
		}
	}
	prev := 0.0
	for f := range p.Frames() {
		for j := range n {
			if pos[f*n+j][1] < floor-1e-6 {
				t.Errorf("%s %v°: joint %s at %.4f m below the feet's %.4f (frame %d)", name, deg, c.Skeleton.Names[j], pos[f*n+j][1], floor, f)
			}
		}
		q := p.Rot[f*n].Mul(c.Rot[0].Inverse())
		yaw := math.Atan2(q.Rotate(mgl64.Vec3{0, 0, 1})[0], q.Rotate(mgl64.Vec3{0, 0, 1})[2])
		if (yaw-prev)*turn < -1e-9 {
			t.Errorf("%s %v°: the body turns back at frame %d", name, deg, f)
		}
		prev = yaw
	}
}
