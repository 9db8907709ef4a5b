package main

import (
	"errors"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	dyn "github.com/foothold/foothold/dynamic"
	"github.com/foothold/foothold/live"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/math32"
)

// loadTimeline makes the world move when the options give a timeline or
// the scene has its own (builtin:dynamic): the character then plans in a
// live.World that plays it.
func (d *demo) loadTimeline() error {
	var tl *live.Timeline
	var err error
	if d.opt.timeline != "" {
		tl, err = live.LoadTimeline(d.opt.timeline)
	} else {
		tl, _, err = live.Builtin(d.opt.scene)
	}
	if err != nil || tl == nil {
		return err
	}
	if d.opt.agents > 0 {
		return errors.New("--agents: a crowd does not plan in a moving world yet")
	}
	if d.live, err = live.FromWorld(d.world, d.setup); err != nil {
		return err
	}
	if err := d.live.Play(tl); err != nil {
		return err
	}
	if _, err := d.live.Step(0); err != nil {
		return err
	}
	d.setup = d.live.Setup()
	return nil
}

// stepWorld advances the moving world by dt before the character's Update.
func (d *demo) stepWorld(dt float64) error {
	if d.live == nil {
		return nil
	}
	t0 := time.Now()
	_, err := d.live.Step(dt)
	d.worldMS = append(d.worldMS, float64(time.Since(t0).Nanoseconds())/1e6)
	return err
}

// toggleDoor opens the timeline's door if it is closed, closes it if it is
// open, over a second from now (key O).
func (d *demo) toggleDoor() error {
	id, ok := d.live.Part("door")
	if !ok {
		return nil
	}
	at, _ := d.live.At(id)
	closed := v64(sceneload.DynamicDoorClosed)
	to := closed
	if at.Translation.Sub(closed).Len() < 0.6 {
		to = v64(sceneload.DynamicDoorOpen)
	}
	now := d.live.Clock()
	return d.live.Animate(id, []live.Key{{Time: now, At: at}, {Time: now + 1, At: dyn.Transform{Rotation: at.Rotation, Translation: to}}})
}

// dropCrate drops a 1 m crate from 2.5 m above the ground 2 m ahead of
// the character (key C).
func (d *demo) dropCrate() error {
	r := d.p.Pose().Trans[0]
	yaw := d.p.Plan().Nodes[0].Frame.Yaw
	at := mgl64.Vec3{r[0] + 2*math.Sin(yaw), r[1] + 2, r[2] + 2*math.Cos(yaw)}
	id, err := d.live.Add(sceneload.DynamicCrate(1), dyn.Transform{Translation: at})
	if err != nil {
		return err
	}
	return d.live.Drop(id)
}

func v64(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// parts draws the moving world's instances: a node per instance, made
// when it first appears, placed where it stands every frame, taken away
// when it is gone.
type parts struct {
	root  *core.Node
	nodes map[dyn.Instance]*core.Node
}

func newParts() *parts { return &parts{root: core.NewNode(), nodes: map[dyn.Instance]*core.Node{}} }

func (ps *parts) update(w *live.World) {
	seen := map[dyn.Instance]bool{}
	w.Instances(func(id dyn.Instance, m *scenes.Mesh, at dyn.Transform) {
		seen[id] = true
		n := ps.nodes[id]
		if n == nil {
			n = sceneNodeIn(m, partColour, partSideColour)
			ps.nodes[id] = n
			ps.root.Add(n)
		}
		t := at.Translation
		n.SetPosition(float32(t[0]), float32(t[1]), float32(t[2]))
		q := at.Rotation
		if q.W == 0 && q.V == (mgl64.Vec3{}) {
			q = mgl64.QuatIdent()
		}
		n.SetQuaternionQuat(&math32.Quaternion{X: float32(q.V[0]), Y: float32(q.V[1]), Z: float32(q.V[2]), W: float32(q.W)})
	})
	for id, n := range ps.nodes {
		if !seen[id] {
			ps.root.Remove(n)
			delete(ps.nodes, id)
		}
	}
}
