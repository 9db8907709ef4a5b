package planner_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motion"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/warp"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// rampsWorld is builtin:ramps with the default friction and the commands'
// moves (librarybuild.DefaultOptions.Crowd: turning on the spot, stepping back,
// short steps).
func rampsWorld(t *testing.T) *testWorld {
	return loadWorldLib(t, "builtin:ramps", world.Options{Friction: dock.DefaultFriction}, librarybuild.DefaultOptions{Crowd: true})
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
	// deepest ankle, toe base or toes' tip of a foot not docked (swinging)
	worstSwing float64
	swingAt    string
	worstSlip  float64 // largest movement of a docked effector within its dock [Units: m]
	worstJump  float64 // largest root movement in a frame [Units: m]
	onSlope    int     // docked foot frames with both ankle and ball on a ramp's slope
	onCross    int     // and on a cross-slope
	measured   int     // docked foot frames whose sole was measured (ankle and ball on one plane)
	path       float64 // the root's path on the ground [Units: m]
	// the torso's lean (LowerBack to Head, towards the hips' heading) beyond
	// the clip's own: its sum and count over frames with the root above a
	// ramp's slope, and its largest change in a frame [Units: rad]
	leanSum  float64
	leanN    int
	leanStep float64
	// where the worst tilt and sink were found
	tiltAt, sinkAt string
}

// walkSlope drives the character from start under a constant heading for
// seconds at 60 Hz and measures every docked foot against surface. The
// sole's normal is the foot's turn away from the clip's own (flat-ground)
// orientation applied to up; it is measured where ankle, ball and toes'
// tip stand over one plane (a foot across a crease cannot lie flat on
// both).
func walkSlope(t *testing.T, w *testWorld, start action.Frame, heading, seconds float64) slopeWalk {
	t.Helper()
	return walkOn(t, w, start, func(int) float64 { return heading }, seconds, rampGround)
}

// groundFunc is an oracle's ground: how deep world point p is under it
// (negative above), the unit normal of the face nearest p and an id of
// that face.
type groundFunc func(p mgl64.Vec3) (float64, mgl64.Vec3, int)

// rampGround is surface as a groundFunc: depth measured vertically.
func rampGround(p mgl64.Vec3) (float64, mgl64.Vec3, int) {
	h, n, f := surface(p[0], p[2])
	return h - p[1], n, f
}

// walkOn is walkSlope with the heading of every frame and any ground.
func walkOn(t *testing.T, w *testWorld, start action.Frame, heading func(frame int) float64, seconds float64, surface groundFunc) slopeWalk {
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
	var lastLean float64
	for f := range int(seconds * 60) {
		ps := p.Update(1.0/60, planner.Input{Heading: heading(f), Speed: 1.2})
		sk.FK(ps.Trans, ps.Rot, pos, rot)
		if f > 0 {
			out.worstJump = max(out.worstJump, ps.Trans[0].Sub(last).Len())
			out.path += math.Hypot(ps.Trans[0][0]-last[0], ps.Trans[0][2]-last[2])
		}
		last = ps.Trans[0]
		step := len(p.steps) - 1
		a := w.lib.Get(ps.Action)
		a.Clip.Sample(ps.Time, ctr, crt)
		sk.FK(ctr, crt, cpos, crot)
		lean := torsoLean(sk, a.Effectors.Hips, pos) - torsoLean(sk, a.Effectors.Hips, cpos)
		if f > 0 {
			out.leanStep = max(out.leanStep, math.Abs(lean-lastLean))
		}
		lastLean = lean
		if _, _, face := surface(ps.Trans[0]); face >= 0 && face%100 == 1 {
			out.leanSum += lean
			out.leanN++
		}
		for _, e := range a.Effectors.Feet {
			docked := false
			for _, d := range a.Docks {
				docked = docked || (sk.Index(d.Effector) == e.Joint && ps.Time >= d.Start-0.1 && ps.Time <= d.End+0.1)
			}
			if docked {
				continue
			}
			for k := range sk.Parents {
				if !sk.IsAncestor(e.Joint, k) {
					continue
				}
				if depth, _, _ := surface(pos[k]); depth > out.worstSwing {
					out.worstSwing = depth
					out.swingAt = fmt.Sprintf("%s %s at %.2f s, %.2v", ps.Action, sk.Names[k], ps.Time, pos[k])
				}
			}
		}
		for di, d := range a.Docks {
			j := sk.Index(d.Effector)
			if ps.Time < d.Start || ps.Time > d.End || d.Template != "foot" {
				continue
			}
			_, nrm, face := surface(pos[j])
			if oneFace(surface, pos, kids, j, face) {
				out.measured++
				switch face % 100 {
				case 1:
					out.onSlope++
				case 3:
					out.onCross++
				}
				sole := rot[j].Mul(crot[j].Inverse()).Rotate(mgl64.Vec3{0, 1, 0})
				if a := math.Acos(math.Min(1, sole.Dot(nrm))) * 180 / math.Pi; a > out.worstTilt {
					out.worstTilt = a
					out.tiltAt = fmt.Sprintf("%s %s at %.2f s of %.2f-%.2f, %.2v, sole %.3v, face %d %.3v", ps.Action, d.Effector, ps.Time, d.Start, d.End, pos[j], sole, face, nrm)
				}
			}
			for k := range sk.Parents {
				if !sk.IsAncestor(j, k) {
					continue
				}
				depth, _, _ := surface(pos[k])
				if sk.EndSite[k] {
					out.worstTip = max(out.worstTip, depth)
				} else if depth > out.worstSink {
					out.worstSink = depth
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

// meanLean is the torso's mean lean over the frames on a ramp's slope.
func (w slopeWalk) meanLean() float64 { return w.leanSum / float64(max(w.leanN, 1)) }

// torsoLean is how far the torso (LowerBack to Head) leans from the
// vertical towards the heading the hips face, in radians.
func torsoLean(sk *motion.Skeleton, hips [2]int, pos []mgl64.Vec3) float64 {
	left := pos[hips[0]].Sub(pos[hips[1]])
	d := left.Cross(mgl64.Vec3{0, 1, 0})
	d[1] = 0
	v := pos[sk.Index("Head")].Sub(pos[sk.Index("LowerBack")])
	return math.Atan2(v.Dot(d.Normalize()), v[1])
}

// oneFace reports whether every joint of the foot below joint j (the ball,
// the toes' tip) stands over the face of the ankle's.
func oneFace(surface groundFunc, pos []mgl64.Vec3, kids [][]int, j, face int) bool {
	if face < 0 {
		return false
	}
	for _, k := range kids[j] {
		if _, _, f := surface(pos[k]); f != face || !oneFace(surface, pos, kids, k, face) {
			return false
		}
	}
	return true
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
		t.Logf("%2.0f° swing: up %.1f mm (%s), down %.1f mm (%s)", deg, up.worstSwing*1000, up.swingAt, down.worstSwing*1000, down.swingAt)
		t.Logf("%2.0f° lean: up %.1f°, down %.1f° on the slope (mean); largest change in a frame %.2f° / %.2f°",
			deg, up.meanLean()*180/math.Pi, down.meanLean()*180/math.Pi, up.leanStep*180/math.Pi, down.leanStep*180/math.Pi)
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
		// The body leans into the slope: forward going up, back coming down
		// (warp.LeanUp and warp.LeanDown of it at the end of each action).
		if up.meanLean() < 0.5*warp.LeanUp*deg*math.Pi/180 || down.meanLean() > -0.3*warp.LeanDown*deg*math.Pi/180 {
			t.Errorf("%.0f°: the torso leans %.1f° going up and %.1f° coming down", deg, up.meanLean()*180/math.Pi, down.meanLean()*180/math.Pi)
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
			if c.w.worstTip > 0.002 {
				t.Errorf("%.0f° %s: a docked foot's toe tip %.1f mm into the ground", deg, c.dir, c.w.worstTip*1000)
			}
			if c.w.worstSwing > 0.002 {
				t.Errorf("%.0f° %s: a swinging foot %.1f mm into the ground (%s)", deg, c.dir, c.w.worstSwing*1000, c.w.swingAt)
			}
			if c.w.worstSlip > 0.01 {
				t.Errorf("%.0f° %s: a docked foot slides %.1f cm", deg, c.dir, c.w.worstSlip*100)
			}
			if c.w.worstJump > 0.05 {
				t.Errorf("%.0f° %s: the root moves %.1f cm in a frame", deg, c.dir, c.w.worstJump*100)
			}
			if c.w.leanStep > 0.5*math.Pi/180 {
				t.Errorf("%.0f° %s: the torso's lean changes %.2f° in a frame", deg, c.dir, c.w.leanStep*180/math.Pi)
			}
		}
	}
}

// Across the cross-slopes (rising sideways, along +Z) with the default
// friction: the character walks along each slope up to 25° from one end
// towards the other, both ways, its soles flat on the slope, never stuck,
// keeping to the lane. Measured against the scene's layout.
func TestCrossSlopes(t *testing.T) {
	w := rampsWorld(t)
	for i, deg := range sceneload.CrossAngles {
		if deg > 25 {
			continue
		}
		z0, z1 := sceneload.RampLane(i)
		zc := float64(z0+z1)/2 + sceneload.RampsShift
		h := (zc - sceneload.RampsShift - float64(z0)) * math.Tan(deg*math.Pi/180)
		for _, c := range []struct {
			dir     string
			x, head float64
		}{{"+X", sceneload.CrossX0 + 0.7, math.Pi / 2}, {"-X", sceneload.CrossX1 - 0.7, -math.Pi / 2}} {
			start := action.Frame{Position: mgl64.Vec3{c.x + sceneload.RampsShift, h, zc}, Yaw: c.head}
			r := walkSlope(t, w, start, c.head, 4)
			t.Logf("%2.0f° %s: end %.2v, %d frames on the slope, sole %.2f°, sink %.1f mm (toe tip %.1f), slip %.1f mm, root step %.1f cm",
				deg, c.dir, r.end, r.onCross, r.worstTilt, r.worstSink*1000, r.worstTip*1000, r.worstSlip*1000, r.worstJump*100)
			went := math.Abs(r.end[0] - start.Position[0])
			switch {
			case went < 3:
				t.Errorf("%.0f° %s: went %.2f m along the slope, ending at %.2v", deg, c.dir, went, r.end)
			case math.Abs(r.end[2]-zc) > 0.6:
				t.Errorf("%.0f° %s: ends %.2f m off the lane's middle, at %.2v", deg, c.dir, r.end[2]-zc, r.end)
			case r.onCross < 60:
				t.Errorf("%.0f° %s: only %d docked frames on the slope", deg, c.dir, r.onCross)
			case r.stuck > 0:
				t.Errorf("%.0f° %s: stuck %d times", deg, c.dir, r.stuck)
			case r.worstTilt > 3:
				t.Errorf("%.0f° %s: a docked sole %.1f° off its plane (%s)", deg, c.dir, r.worstTilt, r.tiltAt)
			case r.worstSink > 0.01:
				t.Errorf("%.0f° %s: a docked foot %.1f cm into the ground (%s)", deg, c.dir, r.worstSink*100, r.sinkAt)
			case r.worstTip > 0.002:
				t.Errorf("%.0f° %s: a docked foot's toe tip %.1f mm into the ground", deg, c.dir, r.worstTip*1000)
			case r.worstSwing > 0.002:
				t.Errorf("%.0f° %s: a swinging foot %.1f mm into the ground (%s)", deg, c.dir, r.worstSwing*1000, r.swingAt)
			case r.worstSlip > 0.01:
				t.Errorf("%.0f° %s: a docked foot slides %.1f cm", deg, c.dir, r.worstSlip*100)
			case r.worstJump > 0.05:
				t.Errorf("%.0f° %s: the root moves %.1f cm in a frame", deg, c.dir, r.worstJump*100)
			}
		}
	}
}

// meshGround is an oracle of a terrain's ground over the mesh's own
// triangles (the body's test oracle, internal/capsuleoracle: a grid of
// triangles and exact point–triangle distances, no BVH, no rays): the
// triangle nearest p, p's depth behind it along its normal turned up. A
// point within 5 cm (horizontally) of another triangle's nearest region
// counts as on a crease: its face is -1, and no sole is measured there.
func meshGround(m *scenes.Mesh) groundFunc {
	sc := capsuleoracle.NewScene(m)
	var near []int
	nearest := func(p mgl64.Vec3) int {
		best, id := math.Inf(1), -1
		// a triangle within r of p has a box that meets p's box of half-side r
		for r := 0.3; id < 0 || best > r; r *= 4 {
			pad := mgl64.Vec3{r, r, r}
			near = sc.Near(p.Sub(pad), p.Add(pad), near[:0])
			for _, i := range near {
				if d := capsuleoracle.PointTriangle(p, sc.Triangle(i)); d < best || (d == best && i < id) {
					best, id = d, i
				}
			}
		}
		return id
	}
	return func(p mgl64.Vec3) (float64, mgl64.Vec3, int) {
		id := nearest(p)
		t := sc.Triangle(id)
		n := t[1].Sub(t[0]).Cross(t[2].Sub(t[0])).Normalize()
		if n[1] < 0 {
			n = n.Mul(-1)
		}
		depth := t[0].Sub(p).Dot(n)
		for _, o := range [4][2]float64{{0.05, 0}, {-0.05, 0}, {0, 0.05}, {0, -0.05}} {
			if nearest(p.Add(mgl64.Vec3{o[0], 0, o[1]})) != id {
				return depth, n, -1
			}
		}
		return depth, n, id
	}
}

// A minute's random walk on undulating.obj (sine terrain, from the shared
// data) with the default friction and the commands' moves, from the
// default start, the heading drawn anew every 5 s: never stuck, going
// somewhere, and every docked foot judged against the mesh's triangles by
// brute force as on the ramps.
func TestUndulatingMinute(t *testing.T) {
	if tier.Short() {
		t.Skip("a minute's walk on a real level (the long tier, FOOTHOLD_LONG=1, runs it)")
	}
	path := shareddata.Path(t, "meshes/undulating.obj")
	// The user's cache, as the commands and the other packages' tests use:
	// undulating's supports take seconds to build.
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	w := loadWorldLib(t, path, world.Options{Friction: dock.DefaultFriction, CacheDir: filepath.Join(cache, "foothold")}, librarybuild.DefaultOptions{Crowd: true})
	// The docks alone: the footwork on slopes this test measures. (With
	// the body the same minute's root moves 7.5 cm in a frame once.)
	docks, err := planner.NewSetup(w.setup.Graph(), w.lw.Querier, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.setup = docks
	foot := w.lw.Supports[w.lw.Templates["foot"]]
	b := w.lw.Mesh.Bounds()
	s, ok := script.DefaultStart(foot, float64(b.Min[0]+b.Max[0])/2, float64(b.Min[2]+b.Max[2])/2, 60)
	if !ok {
		t.Fatal("no default start")
	}
	start, err := s.Start(w.bvh)
	if err != nil {
		t.Fatal(err)
	}
	rng := scenes.NewRNG(18)
	var headings []float64
	for range 12 {
		headings = append(headings, (2*rng.Float64()-1)*math.Pi)
	}
	ground := meshGround(w.lw.Mesh)
	r := walkOn(t, w, start, func(f int) float64 { return headings[f/300] }, 60, ground)
	t.Logf("60 s from %.2v: %.1f m walked, end %.2v, %d docked frames measured, sole %.2f°, sink %.1f mm (toe tip %.1f), slip %.1f mm, root step %.1f cm",
		start.Position, r.path, r.end, r.measured, r.worstTilt, r.worstSink*1000, r.worstTip*1000, r.worstSlip*1000, r.worstJump*100)
	switch {
	case r.stuck > 0:
		t.Errorf("stuck %d times", r.stuck)
	case r.path < 30:
		t.Errorf("walked %.1f m in a minute", r.path)
	case r.measured < 1000:
		t.Errorf("only %d docked frames with ankle and ball on one triangle", r.measured)
	}
	if r.worstTilt > 3 {
		t.Errorf("a docked sole %.1f° off its triangle (%s)", r.worstTilt, r.tiltAt)
	}
	if r.worstSink > 0.01 {
		t.Errorf("a docked foot %.1f cm into the ground (%s)", r.worstSink*100, r.sinkAt)
	}
	if r.worstTip > 0.002 {
		t.Errorf("a docked foot's toe tip %.1f mm into the ground", r.worstTip*1000)
	}
	t.Logf("swinging feet down to %.1f mm into the ground (%s)", r.worstSwing*1000, r.swingAt)
	if r.worstSwing > 0.005 {
		t.Errorf("a swinging foot %.1f mm into the ground (%s)", r.worstSwing*1000, r.swingAt)
	}
	if r.worstSlip > 0.01 {
		t.Errorf("a docked foot slides %.1f cm", r.worstSlip*100)
	}
	if r.worstJump > 0.05 {
		t.Errorf("the root moves %.1f cm in a frame", r.worstJump*100)
	}
}

// Steps and slopes mixed on builtin:ramps with the default friction: up
// and down the stairs whose treads slope 5°, and across the patch of
// uneven terrain, every docked foot judged against the mesh's triangles
// (meshGround) as on undulating.obj.
func TestSlopedStairsAndTerrain(t *testing.T) {
	w := rampsWorld(t)
	ground := meshGround(w.lw.Mesh)
	sh := sceneload.RampsShift
	top := sceneload.SlopedSteps * sceneload.SlopedRiser
	stairsEnd := sceneload.SlopedX + sceneload.SlopedSteps*sceneload.SlopedTread
	zc := sceneload.SlopedZ + sceneload.RampWidth/2 + sh
	for _, c := range []struct {
		name    string
		start   mgl64.Vec3
		heading float64
		seconds float64
		done    func(end mgl64.Vec3) bool
	}{
		{"up the sloped stairs", mgl64.Vec3{sceneload.SlopedX - 1.5 + sh, 0, zc}, math.Pi / 2, 4.5,
			func(e mgl64.Vec3) bool { return e[0] > stairsEnd+sh && e[1] > top+0.7 }},
		{"down the sloped stairs", mgl64.Vec3{stairsEnd + 1.5 + sh, top, zc}, -math.Pi / 2, 4.5,
			func(e mgl64.Vec3) bool { return e[0] < sceneload.SlopedX+sh && e[1] < 1.0 }},
		{"across the terrain", mgl64.Vec3{10 + sh, 0, 23 + sh}, math.Pi / 2, 7,
			func(e mgl64.Vec3) bool { return e[0] > 16 }},
	} {
		r := walkOn(t, w, action.Frame{Position: c.start, Yaw: c.heading}, func(int) float64 { return c.heading }, c.seconds, ground)
		t.Logf("%s: %.1f m walked, end %.2v, %d docked frames measured, sole %.2f°, sink %.1f mm (toe tip %.1f), slip %.1f mm, root step %.1f cm",
			c.name, r.path, r.end, r.measured, r.worstTilt, r.worstSink*1000, r.worstTip*1000, r.worstSlip*1000, r.worstJump*100)
		t.Logf("%s: swinging feet down to %.1f mm into the ground (%s)", c.name, r.worstSwing*1000, r.swingAt)
		switch {
		case !c.done(r.end):
			t.Errorf("%s: ends at %.2v", c.name, r.end)
		case r.stuck > 0:
			t.Errorf("%s: stuck %d times", c.name, r.stuck)
		case r.measured < 60:
			t.Errorf("%s: only %d docked frames measured", c.name, r.measured)
		case r.worstTilt > 3:
			t.Errorf("%s: a docked sole %.1f° off its face (%s)", c.name, r.worstTilt, r.tiltAt)
		case r.worstSink > 0.01:
			t.Errorf("%s: a docked foot %.1f cm into the ground (%s)", c.name, r.worstSink*100, r.sinkAt)
		case r.worstSlip > 0.01:
			t.Errorf("%s: a docked foot slides %.1f cm", c.name, r.worstSlip*100)
		case r.worstJump > 0.05:
			t.Errorf("%s: the root moves %.1f cm in a frame", c.name, r.worstJump*100)
		}
	}
}
