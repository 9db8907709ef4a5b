package ccd

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/go-gl/mathgl/mgl64"
)

// TestSnapMovesLessThanSlack places every measured point of every action
// at random frames (near the origin and a kilometre away, yaws over
// several turns) both exactly, by a rotation matrix about +Y, and at the
// snapped frame, and checks that the snap moves no point as far as the
// sweep's slack, which widens the capsules of plan checks.
func TestSnapMovesLessThanSlack(t *testing.T) {
	s := adultSweeps(t)
	r := rand.New(rand.NewPCG(3, 9))
	worst := 0.0
	for trial := range 200 {
		far := []float64{10, 1000}[trial%2]
		f := action.Frame{Position: mgl64.Vec3{(r.Float64()*2 - 1) * far, (r.Float64()*2 - 1) * 20, (r.Float64()*2 - 1) * far}, Yaw: (r.Float64()*2 - 1) * 20}
		lift := (r.Float64()*2 - 1) * 0.1
		exact := mgl64.Rotate3DY(f.Yaw)
		to := f.Position.Add(mgl64.Vec3{0, lift, 0})
		ai := r.IntN(len(s.actions))
		sw := &s.actions[ai]
		k, ok := snap(int32(ai), f, lift)
		if !ok {
			t.Fatalf("frame %v not snapped", f)
		}
		pl := k.placement()
		for _, sg := range sw.seg {
			for _, p := range [2]mgl64.Vec3{sg.a, sg.b} {
				d := exact.Mul3x1(p).Add(to).Sub(pl.apply(p)).Len()
				worst = max(worst, d/sw.slack)
				if d >= sw.slack {
					t.Fatalf("action %d at %v: the snap moves a point %.3g m, the slack is %.3g m", ai, f, d, sw.slack)
				}
			}
		}
	}
	t.Logf("the snap moved a point at most %.2f of the slack", worst)
}

// TestSnapKeys checks that frames a rounding error apart, and yaws a turn
// apart, ask the same question, and that frames a grid step apart or
// beyond the grid's range do not.
func TestSnapKeys(t *testing.T) {
	f := action.Frame{Position: mgl64.Vec3{1.25, 0.5, -3.75}, Yaw: 0}
	k0, _ := snap(3, f, 0.02)
	for _, g := range []action.Frame{
		{Position: mgl64.Vec3{1.25 + 1e-13, 0.5, -3.75 - 1e-13}, Yaw: -1e-13},
		{Position: f.Position, Yaw: 2 * math.Pi},
		{Position: f.Position, Yaw: -4 * math.Pi},
	} {
		if k, ok := snap(3, g, 0.02); !ok || k != k0 {
			t.Errorf("frame %v: question %+v, want %+v", g, k, k0)
		}
	}
	if k, _ := snap(3, f, 0.02+2.0/snapScale); k == k0 {
		t.Errorf("two grid steps up asks the same question")
	}
	if k, _ := snap(4, f, 0.02); k == k0 {
		t.Errorf("another action asks the same question")
	}
	for _, g := range []action.Frame{
		{Position: mgl64.Vec3{math.NaN(), 0, 0}},
		{Position: mgl64.Vec3{0, 0, 1e13}},
		{Yaw: math.Inf(1)},
	} {
		if _, ok := snap(3, g, 0); ok {
			t.Errorf("frame %v snapped", g)
		}
	}
}

// TestAnswersRemember puts questions into a table of answers and asks
// them back: a question is answered as it was put, one differing in any
// field is not answered from another's slot, and a question beyond 32-bit
// grid positions (over 2 km out, where the slot would alias one 2³² steps
// nearer) is never remembered.
func TestAnswersRemember(t *testing.T) {
	m := newAnswers(1) // one slot: every question shares it
	k := snapKey{action: 3, yaw: 7, x: 5, y: -6, z: 1 << 30}
	m.put(&k, true)
	if clear, ok := m.get(&k); !ok || !clear {
		t.Fatalf("put clear, got %v %v", clear, ok)
	}
	for _, o := range []snapKey{
		{action: 4, yaw: 7, x: 5, y: -6, z: 1 << 30},
		{action: 3, yaw: 8, x: 5, y: -6, z: 1 << 30},
		{action: 3, yaw: 7, x: 5 + 1<<32, y: -6, z: 1 << 30},
		{action: 3, yaw: 7, x: 5, y: -6 - 1<<32, z: 1 << 30},
		{action: 3, yaw: 7, x: 5, y: -6, z: 1<<30 + 1},
	} {
		if _, ok := m.get(&o); ok {
			t.Errorf("%+v answered from %+v's slot", o, k)
		}
	}
	far := snapKey{action: 3, yaw: 7, x: 5 + 1<<32, y: -6, z: 1 << 30}
	m.put(&far, false)
	if _, ok := m.get(&far); ok {
		t.Errorf("a question beyond 32-bit positions was remembered")
	}
	if clear, ok := m.get(&k); !ok || !clear {
		t.Errorf("a question beyond 32-bit positions replaced a remembered one: %v %v", clear, ok)
	}
	m.put(&k, false)
	if clear, ok := m.get(&k); !ok || clear {
		t.Errorf("put in contact, got %v %v", clear, ok)
	}
}
