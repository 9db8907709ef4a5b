package planner_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// rampsWorld is builtin:ramps with the default friction.
func rampsWorld(t *testing.T) *testWorld {
	return loadWorldWith(t, "builtin:ramps", world.Options{Friction: dock.DefaultFriction})
}

// surface is the ramps scene's ground, worked out from its layout (not from
// its mesh): the height and the unit normal at world point (x, z), and
// which plane holds it (0 the floor; 100·lane plus 1 for a ramp, 2 for its
// landing, 3 for a cross-slope).
func surface(x, z float64) (float64, mgl64.Vec3, int) {
	x, z = x-sceneload.RampsShift, z-sceneload.RampsShift
	up := mgl64.Vec3{0, 1, 0}
	for i, deg := range sceneload.RampAngles {
		z0, z1 := sceneload.RampLane(i)
		if z < float64(z0) || z > float64(z1) || x < 0 || x > sceneload.RampLanding {
			continue
		}
		tan := math.Tan(deg * math.Pi / 180)
		if x > sceneload.RampLength {
			return sceneload.RampLength * tan, up, 100*i + 2
		}
		return x * tan, mgl64.Vec3{-tan, 1, 0}.Normalize(), 100*i + 1
	}
	for i, deg := range sceneload.CrossAngles {
		z0, z1 := sceneload.RampLane(i)
		if z < float64(z0) || z > float64(z1) || x < sceneload.CrossX0 || x > sceneload.CrossX1 {
			continue
		}
		tan := math.Tan(deg * math.Pi / 180)
		return (z - float64(z0)) * tan, mgl64.Vec3{0, 1, -tan}.Normalize(), 100*i + 3
	}
	return 0, up, 0
}

// slopeWalk is one walk on builtin:ramps and what an oracle measured of it.
type slopeWalk struct {
	end       mgl64.Vec3 // the root's last position
	stuck     int
	worstTilt float64 // largest angle between a docked sole and the plane it stands on [Units: deg]
	worstSink float64 // deepest ankle or ball of a docked foot under the ground [Units: m]
	worstTip  float64 // and of the tip of its toes
	worstSlip float64 // largest movement of a docked effector within its dock [Units: m]
	worstJump float64 // largest root movement in a frame [Units: m]
	onSlope   int     // docked foot frames with both ankle and ball on a ramp's slope
	// where the worst tilt and sink were found
	tiltAt, sinkAt string
}

// walkSlope drives the character from start under a constant heading for
// seconds at 60 Hz and measures every docked foot against surface. The
// sole's normal is the foot's turn away from the clip's own (flat-ground)
// orientation applied to up; it is measured where ankle and ball stand on
// one plane (a foot across a crease cannot lie flat on both).
func walkSlope(t *testing.T, w *testWorld, start action.Frame, heading, seconds float64) slopeWalk {
	t.Helper()
	p := newRecorded(t, w, planner.Config{Start: start})
	sk := p.Pose().Skeleton
	n := sk.NumJoints()
	pos, rot := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	cpos, crot := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	ctr, crt := make([]mgl64.Vec3, n), make([]mgl64.Quat, n)
	kids := sk.Children()
	var out slopeWalk
	type dockOf struct{ step, dock int }
	first := map[dockOf]mgl64.Vec3{}
	var last mgl64.Vec3
	for f := range int(seconds * 60) {
		ps := p.Update(1.0/60, planner.Input{Heading: heading, Speed: 1.2})
		sk.FK(ps.Trans, ps.Rot, pos, rot)
		if f > 0 {
			out.worstJump = max(out.worstJump, ps.Trans[0].Sub(last).Len())
		}
		last = ps.Trans[0]
		step := len(p.steps) - 1
		a := w.lib.Get(ps.Action)
		a.Clip.Sample(ps.Time, ctr, crt)
		sk.FK(ctr, crt, cpos, crot)
		for di, d := range a.Docks {
			j := sk.Index(d.Effector)
			if ps.Time < d.Start || ps.Time > d.End || d.Template != "foot" {
				continue
			}
			ball := kids[j][0]
			_, nrm, face := surface(pos[j][0], pos[j][2])
			if _, _, f2 := surface(pos[ball][0], pos[ball][2]); f2 == face {
				if face%100 == 1 {
					out.onSlope++
				}
				sole := rot[j].Mul(crot[j].Inverse()).Rotate(mgl64.Vec3{0, 1, 0})
				if a := math.Acos(math.Min(1, sole.Dot(nrm))) * 180 / math.Pi; a > out.worstTilt {
					out.worstTilt = a
					out.tiltAt = fmt.Sprintf("%s %s at %.2f s of %.2f-%.2f, %.2v", ps.Action, d.Effector, ps.Time, d.Start, d.End, pos[j])
				}
			}
			for k := range sk.Parents {
				if !sk.IsAncestor(j, k) {
					continue
				}
				h, _, _ := surface(pos[k][0], pos[k][2])
				if sk.EndSite[k] {
					out.worstTip = max(out.worstTip, h-pos[k][1])
				} else if h-pos[k][1] > out.worstSink {
					out.worstSink = h - pos[k][1]
					out.sinkAt = fmt.Sprintf("%s %s at %.2f s, %.2v", ps.Action, sk.Names[k], ps.Time, pos[k])
				}
			}
			if at, ok := first[dockOf{step, di}]; ok {
				out.worstSlip = max(out.worstSlip, pos[j].Sub(at).Len())
			} else {
				first[dockOf{step, di}] = pos[j]
			}
		}
	}
	out.end, out.stuck = last, p.Stuck()
	return out
}

// On builtin:ramps with the default friction (a 38.7° cone), the character
// walks up and down every ramp up to 35°, its soles flat on the slope, and
// is refused the ramps of 45° and 50°: it never docks on their slopes. Each
// walk is measured against the scene's layout, not its mesh or the plan.
func TestRampsUpAndDown(t *testing.T) {
	w := rampsWorld(t)
	for i, deg := range sceneload.RampAngles {
		if deg == 40 {
			continue // at the cone's edge (38.7°): refused, and not asked
		}
		z0, z1 := sceneload.RampLane(i)
		zc := float64(z0+z1)/2 + sceneload.RampsShift
		h := sceneload.RampLength * math.Tan(deg*math.Pi/180)
		bottom := action.Frame{Position: mgl64.Vec3{-2 + sceneload.RampsShift, 0, zc}, Yaw: math.Pi / 2}
		top := action.Frame{Position: mgl64.Vec3{sceneload.RampLanding - 1 + sceneload.RampsShift, h, zc}, Yaw: -math.Pi / 2}
		up := walkSlope(t, w, bottom, math.Pi/2, 10)
		down := walkSlope(t, w, top, -math.Pi/2, 10)
		t.Logf("%2.0f°  up: end %.2v, %d frames on the slope, sole %.2f°, sink %.1f mm (toe tip %.1f), slip %.1f mm, root step %.1f cm",
			deg, up.end, up.onSlope, up.worstTilt, up.worstSink*1000, up.worstTip*1000, up.worstSlip*1000, up.worstJump*100)
		t.Logf("%2.0f° down: end %.2v, %d frames on the slope, sole %.2f°, sink %.1f mm (toe tip %.1f), slip %.1f mm, root step %.1f cm",
			deg, down.end, down.onSlope, down.worstTilt, down.worstSink*1000, down.worstTip*1000, down.worstSlip*1000, down.worstJump*100)
		if deg >= 45 {
			if up.onSlope > 0 || down.onSlope > 0 {
				t.Errorf("%.0f°: %d and %d frames docked on a slope beyond the cone", deg, up.onSlope, down.onSlope)
			}
			if down.end[1] < h-0.1 {
				t.Errorf("%.0f°: came down from the landing to %.2v", deg, down.end)
			}
			continue
		}
		if up.end[1] < h-0.05 || up.end[0] < sceneload.RampLength+sceneload.RampsShift {
			t.Errorf("%.0f° up: ends at %.2v, not on the landing", deg, up.end)
		}
		if down.end[1] > 1.05 || down.end[0] > sceneload.RampsShift { // the root stands 0.9 m up
			t.Errorf("%.0f° down: ends at %.2v, not on the floor below", deg, down.end)
		}
		for _, c := range []struct {
			dir string
			w   slopeWalk
		}{{"up", up}, {"down", down}} {
			if c.w.onSlope < 60 {
				t.Errorf("%.0f° %s: only %d docked frames on the slope", deg, c.dir, c.w.onSlope)
			}
			if c.w.stuck > 0 {
				t.Errorf("%.0f° %s: stuck %d times", deg, c.dir, c.w.stuck)
			}
			if c.w.worstTilt > 3 {
				t.Errorf("%.0f° %s: a docked sole %.1f° off its plane (%s)", deg, c.dir, c.w.worstTilt, c.w.tiltAt)
			}
			if c.w.worstSink > 0.01 {
				t.Errorf("%.0f° %s: a docked foot %.1f cm into the ground (%s)", deg, c.dir, c.w.worstSink*100, c.w.sinkAt)
			}
			if c.w.worstSlip > 0.01 {
				t.Errorf("%.0f° %s: a docked foot slides %.1f cm", deg, c.dir, c.w.worstSlip*100)
			}
			if c.w.worstJump > 0.05 {
				t.Errorf("%.0f° %s: the root moves %.1f cm in a frame", deg, c.dir, c.w.worstJump*100)
			}
		}
	}
}
