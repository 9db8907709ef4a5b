package planner_test

import (
	"math"
	"sync"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/internal/bodysweeps"
	"github.com/foothold/foothold/internal/capsuleoracle"
	"github.com/foothold/foothold/internal/tier"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/world"
	"github.com/go-gl/mathgl/mgl64"
)

// roomsStage is builtin:rooms with the default library, planned with the
// body and with the docks alone.
type roomsStage struct {
	body, docks *planner.Setup
	oracle      *capsuleoracle.Scene
	lanes       map[string]sceneload.RoomLane
}

var (
	roomsOnce sync.Once
	rooms     *roomsStage
	roomsErr  error
)

func loadRooms(t *testing.T) *roomsStage {
	t.Helper()
	roomsOnce.Do(func() {
		lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{})
		if err != nil {
			roomsErr = err
			return
		}
		m, err := sceneload.Builtin("rooms")
		if err != nil {
			roomsErr = err
			return
		}
		w, err := world.New(m, lib, world.Options{CacheDir: t.TempDir()})
		if err != nil {
			roomsErr = err
			return
		}
		s := &roomsStage{oracle: capsuleoracle.NewScene(m), lanes: map[string]sceneload.RoomLane{}}
		if s.body, err = planner.NewSetup(g, w.Querier, bodysweeps.Measure(t, g.Library)); err != nil {
			roomsErr = err
			return
		}
		if s.docks, err = planner.NewSetup(g, w.Querier, nil); err != nil {
			roomsErr = err
			return
		}
		for _, l := range sceneload.RoomLanes() {
			s.lanes[l.Name] = l
		}
		rooms = s
	})
	if roomsErr != nil {
		t.Fatal(roomsErr)
	}
	return rooms
}

// laneWalk is what the oracle saw of a walk down a lane.
type laneWalk struct {
	farthest float64                 // the root's largest x
	worst    capsuleoracle.Intrusion // the deepest intrusion of any frame
	top      float64                 // the highest point of the body
	width    float64                 // the body's widest extent across the lane (z) in one frame
}

// walkLane drives a planner down lane l (inputs in force from their times)
// for seconds at 60 Hz and checks every frame's pose with the oracle.
func (s *roomsStage) walkLane(t *testing.T, setup *planner.Setup, l sceneload.RoomLane, seconds float64, inputs ...timedHeading) laneWalk {
	t.Helper()
	p, err := planner.New(setup, planner.Config{Start: action.Frame{Position: mgl64.Vec3{sceneload.RoomsStartX, 0, float64(l.Z)}, Yaw: math.Pi / 2}, Work: 1000})
	if err != nil {
		t.Fatal(err)
	}
	model := s.body.Sweeps().Model()
	sink := s.body.Sweeps().Options().Sink
	sk := model.Skeleton
	pos := make([]mgl64.Vec3, sk.NumJoints())
	rot := make([]mgl64.Quat, sk.NumJoints())
	out := laneWalk{worst: capsuleoracle.Intrusion{Depth: math.Inf(-1)}}
	in := planner.Input{Heading: math.Pi / 2, Speed: 1.4}
	for f := range int(seconds * 60) {
		for _, h := range inputs {
			if float64(f)/60 >= h.at {
				in.Heading = h.heading
			}
		}
		pose := p.Update(1.0/60, in)
		sk.FK(pose.Trans, pose.Rot, pos, rot)
		out.farthest = max(out.farthest, pos[0][0])
		if w := s.oracle.Intrude(model, pos, rot, sink); w.Depth > out.worst.Depth {
			out.worst = w
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, c := range model.Capsules {
			for _, e := range [2]mgl64.Vec3{c.A, c.B} {
				q := pos[c.Joint].Add(rot[c.Joint].Rotate(e))
				out.top = max(out.top, q[1]+c.Radius)
				lo, hi = min(lo, q[2]-c.Radius), max(hi, q[2]+c.Radius)
			}
		}
		out.width = max(out.width, hi-lo)
	}
	return out
}

type timedHeading struct{ at, heading float64 }

// clear fails the test when the oracle saw the body go into the scene.
func (w laneWalk) clear(t *testing.T, s *roomsStage, name string) {
	t.Helper()
	if w.worst.Depth > 1e-4 {
		c := s.body.Sweeps().Model().Capsules[w.worst.Capsule]
		t.Errorf("%s: the %v went %.4f m into triangle %d", name, c.Part, w.worst.Depth, w.worst.Triangle)
	}
}

// TestRoomsCeilingsAndDoorways: walking east down each lane with the body
// checked, the character passes under the ceilings higher than its body's
// top (measured in the open lane) and through the doorways wider than its
// widest extent, and stops before the others; in no frame does a capsule
// go into the scene (the oracle).
func TestRoomsCeilingsAndDoorways(t *testing.T) {
	s := loadRooms(t)
	open := s.walkLane(t, s.body, s.lanes["ceiling 2.20"], 12)
	open.clear(t, s, "ceiling 2.20")
	t.Logf("walking: top of the body %.3f m, widest %.3f m", open.top, open.width)
	past := func(w laneWalk) bool { return w.farthest > sceneload.RoomsPastX }
	for _, l := range sceneload.RoomLanes() {
		if l.Kind != "ceiling" && l.Kind != "doorway" || tier.Short() && l.Size != 1.2 && l.Size != 0.9 {
			continue // -short (the race detector): the lowest ceiling and the widest doorway
		}
		w := s.walkLane(t, s.body, l, 12)
		w.clear(t, s, l.Name)
		size, need := float64(l.Size), open.top
		if l.Kind == "doorway" {
			need = open.width
		}
		t.Logf("%s: root reached x = %.2f (needs %.3f m)", l.Name, w.farthest, need)
		switch {
		case size < need && past(w):
			t.Errorf("%s: the body (%.3f m) went past it", l.Name, need)
		case size < need && w.farthest < sceneload.RoomsObstacleX-2:
			t.Errorf("%s: stopped at x = %.2f, more than 2 m before it", l.Name, w.farthest)
		case size > need+0.1 && !past(w):
			t.Errorf("%s: the body (%.3f m) clears it but stopped at x = %.2f", l.Name, need, w.farthest)
		}
	}
}

// TestRoomsThinWallBeamTable: with the body checked, the character never
// crosses the 2 cm wall, does not pass under the beam at 1.0 m, stops
// before the table when walking straight at it and walks round it when
// steered beside it, with no capsule in the scene; with the docks alone
// it walks through the wall, the beam and the table.
func TestRoomsThinWallBeamTable(t *testing.T) {
	s := loadRooms(t)
	names := []string{"thin wall", "beam", "table"}
	if tier.Short() {
		names = names[:1] // the race detector: the thin wall
	}
	for _, name := range names {
		l := s.lanes[name]
		w := s.walkLane(t, s.body, l, 12)
		w.clear(t, s, name)
		d := s.walkLane(t, s.docks, l, 12)
		t.Logf("%s: with the body the root reached x = %.2f; docks alone x = %.2f, %.3f m into the scene", name, w.farthest, d.farthest, d.worst.Depth)
		if w.farthest > sceneload.RoomsObstacleX || w.farthest < sceneload.RoomsObstacleX-2 {
			t.Errorf("%s: with the body the root reached x = %.2f; want it stopped within 2 m before x = %d", name, w.farthest, sceneload.RoomsObstacleX)
		}
		if d.worst.Depth < 0.05 {
			t.Errorf("%s: docks alone never went into it (%.3f m): the lane would not tell the body check from none", name, d.worst.Depth)
		}
	}
	if tier.Short() {
		return
	}
	// Round the table: head for a point 0.9 m to its side, then east again.
	l := s.lanes["table"]
	side := math.Atan2(sceneload.RoomsObstacleX-sceneload.RoomsStartX, 0.9+0.4)
	w := s.walkLane(t, s.body, l, 12, timedHeading{0, side}, timedHeading{3.5, math.Pi / 2})
	w.clear(t, s, "round the table")
	t.Logf("round the table: root reached x = %.2f", w.farthest)
	if w.farthest < sceneload.RoomsPastX {
		t.Errorf("steered beside the table, the character stopped at x = %.2f", w.farthest)
	}
}
