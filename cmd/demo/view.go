package main

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"time"

	"github.com/foothold/foothold/internal/atomicfile"
	"github.com/foothold/foothold/planner"
	"github.com/foothold/foothold/supporttree"
	"github.com/g3n/engine/app"
	"github.com/g3n/engine/camera"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/gls"
	"github.com/g3n/engine/gui"
	"github.com/g3n/engine/light"
	"github.com/g3n/engine/math32"
	"github.com/g3n/engine/renderer"
	"github.com/g3n/engine/window"
	"github.com/go-gl/mathgl/mgl64"
)

// view is the window: the g3n scene graph and what drives it.
type view struct {
	d       *demo
	a       *app.Application
	scene   *core.Node
	cam     *camera.Camera
	orbit   *camera.OrbitControl
	char    *character
	parts   *parts       // the moving world's instances
	others  []*character // the other characters (--agents)
	plan    planOverlay
	samples sampleOverlay
	label   *gui.Label
	focus   math32.Vector3 // the camera's target: the character, its height smoothed

	request   planner.Tags // the requested tags (Space, E)
	requestAt float64      // wall seconds when it was asked for
	fpsFrames int
	fpsSince  time.Time
	fps       float64
	planMax   float64 // the longest planning time in this half second [Units: ms]
	planShown float64 // and in the last one
	hudAt     time.Time
	err       error
}

// loop opens the window and runs the demo until Esc, the window closes, or
// --frames frames are drawn; it returns what the run measured.
func (d *demo) loop() (sum *summary, err error) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return nil, errors.New("no display: run on a desktop, or headless under xvfb-run -a")
	}
	if os.Getenv("ALSOFT_DRIVERS") == "" {
		os.Setenv("ALSOFT_DRIVERS", "null") // the demo makes no sound; keep OpenAL from probing the sound card
	}
	if err := d.reset(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("opening the window: %v", r)
		}
	}()
	v := &view{d: d, a: app.App()}
	if w, ok := v.a.IWindow.(*window.GlfwWindow); ok {
		w.SetTitle("Foothold demo: " + d.opt.scene)
	}
	v.build()
	v.a.Run(v.frame)
	if v.err != nil {
		return nil, v.err
	}
	return d.summarize(), nil
}

// build makes the scene graph: the level, lights, camera, character,
// overlays and the text.
func (v *view) build() {
	v.scene = core.NewNode()
	gui.Manager().Set(v.scene)
	v.scene.Add(sceneNode(v.d.world.Mesh))
	if v.d.live != nil {
		v.parts = newParts()
		v.scene.Add(v.parts.root)
		v.parts.update(v.d.live)
	}
	v.scene.Add(light.NewAmbient(&math32.Color{R: 1, G: 1, B: 1}, 0.5))
	sun := light.NewDirectional(&math32.Color{R: 1, G: 0.97, B: 0.9}, 0.7)
	sun.SetPosition(0.4, 1, 0.25)
	v.scene.Add(sun)
	fill := light.NewDirectional(&math32.Color{R: 0.8, G: 0.85, B: 1}, 0.3)
	fill.SetPosition(-0.5, 0.3, -0.6)
	v.scene.Add(fill)

	w, h := v.a.GetSize()
	v.cam = camera.NewPerspective(float32(w)/float32(h), 0.05, 1000, 55, camera.Vertical)
	v.scene.Add(v.cam)
	v.orbit = camera.NewOrbitControl(v.cam)
	v.orbit.SetEnabled(camera.OrbitRot | camera.OrbitZoom | camera.OrbitPan) // the keys steer the character
	v.orbit.MinDistance = 1.5
	v.orbit.MaxPolarAngle = math32.Pi * 0.49
	onResize := func(string, interface{}) {
		w, h := v.a.GetFramebufferSize()
		v.a.Gls().Viewport(0, 0, int32(w), int32(h))
		v.cam.SetAspect(float32(w) / float32(h))
	}
	v.a.Subscribe(window.OnWindowSize, onResize)
	onResize("", nil)

	v.char = newCharacter(v.d.model)
	v.scene.Add(v.char.node)
	v.char.node.SetVisible(v.d.opt.draw == "body")
	if v.d.skin != nil {
		v.scene.Add(v.d.skin.root)
		v.d.skin.pose(v.d.p.Pose())
	}
	for k := 1; v.d.sim != nil && k < v.d.sim.Len(); k++ {
		c := newCharacterIn(v.d.model, othersColour)
		v.others = append(v.others, c)
		v.scene.Add(c.node)
		c.pose(v.d.sim.Planner(k).Pose(), 0, false)
	}
	var paths, docks, samples core.INode
	v.plan.paths, paths = newDynamic(true)
	v.plan.docks, docks = newDynamic(false)
	v.samples.mesh, samples = newDynamic(false)
	v.samples.bvh = v.d.world.BVH
	v.scene.Add(paths)
	v.scene.Add(docks)
	v.scene.Add(samples)

	v.label = gui.NewLabel("")
	v.label.SetPosition(8, 8)
	v.label.SetFontSize(15)
	v.label.SetColor(&math32.Color{R: 1, G: 1, B: 1})
	v.label.SetBgColor4(&math32.Color4{R: 0, G: 0, B: 0, A: 0.6})
	v.label.SetPaddings(4, 6, 4, 6)
	v.scene.Add(v.label)

	v.a.Subscribe(window.OnKeyDown, v.onKey)
	v.a.Gls().ClearColor(0.16, 0.18, 0.22, 1)
	v.placeCamera()
	v.fpsSince, v.hudAt = time.Now(), time.Now()
}

// poseOthers poses the other characters (--agents), hiding those that
// have arrived and left.
func (v *view) poseOthers(dt float64) {
	for i, c := range v.others {
		k := i + 1
		gone := v.d.sim.Gone(k)
		c.node.SetVisible(!gone)
		if !gone {
			c.pose(v.d.sim.Planner(k).Pose(), dt, false)
		}
	}
}

// placeCamera puts the camera behind the character, looking down at it.
func (v *view) placeCamera() {
	v.char.pose(v.d.p.Pose(), 0, false)
	r := v.char.root()
	v.focus = math32.Vector3{X: float32(r[0]), Y: float32(r[1]), Z: float32(r[2])}
	yaw := v.d.start.Yaw
	v.cam.SetPosition(v.focus.X-float32(4.5*math.Sin(yaw)), v.focus.Y+3.2, v.focus.Z-float32(4.5*math.Cos(yaw)))
	v.orbit.SetTarget(v.focus)
	v.cam.LookAt(&v.focus, &math32.Vector3{X: 0, Y: 1, Z: 0})
}

func (v *view) onKey(_ string, ev interface{}) {
	k := ev.(*window.KeyEvent).Key
	switch {
	case k == window.KeyEscape:
		v.a.Exit()
	case k == window.KeySpace:
		v.request, v.requestAt = v.d.tags("hop"), v.a.RunTime().Seconds()
	case k == window.KeyE:
		v.request, v.requestAt = v.d.tags("climb", "vault"), v.a.RunTime().Seconds()
	case k == window.KeyTab:
		v.d.shown++
		if v.d.shown >= len(v.d.world.Names) {
			v.d.shown = -1
		}
	case k >= window.Key1 && k <= window.Key6:
		v.d.setDepth(int(k-window.Key1) + 1)
	case k == window.KeyO && v.d.live != nil:
		v.fail(v.d.toggleDoor())
	case k == window.KeyC && v.d.live != nil:
		v.fail(v.d.dropCrate())
	case k == window.KeyR:
		if err := v.d.reset(); err != nil {
			v.err = err
			v.a.Exit()
			return
		}
		v.placeCamera()
	}
}

// input reads the steering keys: the direction relative to the camera
// (forward is away from it), a walking speed while any is held.
func (v *view) input() planner.Input {
	ks := v.a.KeyState()
	var fwd, right float64
	if ks.Pressed(window.KeyW) || ks.Pressed(window.KeyUp) {
		fwd++
	}
	if ks.Pressed(window.KeyS) || ks.Pressed(window.KeyDown) {
		fwd--
	}
	if ks.Pressed(window.KeyD) || ks.Pressed(window.KeyRight) {
		right++
	}
	if ks.Pressed(window.KeyA) || ks.Pressed(window.KeyLeft) {
		right--
	}
	in := planner.Input{}
	if v.request != 0 && v.a.RunTime().Seconds()-v.requestAt < 1.5 {
		in.Request = v.request
	}
	if fwd == 0 && right == 0 {
		return in
	}
	c := v.cam.Position()
	in.Heading, in.Speed = steer(fwd, right, float64(v.focus.X-c.X), float64(v.focus.Z-c.Z)), 1.2
	return in
}

// steer is the heading of the keys' direction (fwd, right) for a camera
// looking along (dx, dz) on the ground: forward is away from the camera.
func steer(fwd, right, dx, dz float64) float64 {
	f := mgl64.Vec2{dx, dz}.Normalize()
	// Looking along f with +Y up, the screen's right is f × up = (-f.z, f.x).
	dir := mgl64.Vec2{fwd*f[0] - right*f[1], fwd*f[1] + right*f[0]}
	return math.Atan2(dir[0], dir[1])
}

// frame is one frame: advance the character, move the camera, redraw the
// overlays, render, and in headless mode stop after the last frame.
func (v *view) frame(r *renderer.Renderer, delta time.Duration) {
	d := v.d
	if d.frames > 0 {
		// The wall-clock time since the last frame began: its update,
		// rendering, buffer swap and events.
		d.frameMS = append(d.frameMS, float64(delta.Nanoseconds())/1e6)
	}
	dt := 1.0 / 60
	if d.opt.frames == 0 {
		dt = min(delta.Seconds(), 0.1)
	}
	pose := d.step(dt, v.input())
	if d.err != nil {
		v.fail(d.err)
	}
	if v.parts != nil {
		v.parts.update(d.live)
	}
	refused := d.p.Refused() > d.refused
	d.refused = d.p.Refused()
	v.char.pose(pose, dt, refused)
	if d.skin != nil {
		d.skin.pose(pose)
	}
	v.poseOthers(dt)
	v.follow()
	v.plan.update(d.p)
	var shown *supporttree.Tree
	if d.shown >= 0 {
		shown = d.world.Supports[d.world.Templates[d.world.Names[d.shown]]]
	}
	v.samples.update(shown, v.char.root())
	v.countFPS()
	v.a.Gls().Clear(gls.DEPTH_BUFFER_BIT | gls.STENCIL_BUFFER_BIT | gls.COLOR_BUFFER_BIT)
	if err := r.Render(v.scene, v.cam); err != nil {
		v.err = err
		v.a.Exit()
	}
	if d.opt.frames > 0 && d.frames >= d.opt.frames {
		if d.opt.screenshot != "" {
			if err := v.screenshot(d.opt.screenshot); err != nil {
				v.err = err
			}
		}
		v.a.Exit()
	}
}

// fail ends the run with err (nil: nothing).
func (v *view) fail(err error) {
	if err != nil && v.err == nil {
		v.err = err
		v.a.Exit()
	}
}

// follow moves the camera with the character (its height smoothed), keeping
// the angle and distance the mouse set.
func (v *view) follow() {
	r := v.char.root()
	next := math32.Vector3{X: float32(r[0]), Y: v.focus.Y + 0.1*(float32(r[1])-v.focus.Y), Z: float32(r[2])}
	c := v.cam.Position()
	c.Add(next.Clone().Sub(&v.focus))
	v.focus = next
	v.cam.SetPositionVec(&c)
	v.orbit.SetTarget(v.focus)
	v.cam.LookAt(&v.focus, &math32.Vector3{X: 0, Y: 1, Z: 0})
}

// countFPS measures frames per second and the longest planning time over
// each half second, and refreshes the text four times a second.
func (v *view) countFPS() {
	v.fpsFrames++
	v.planMax = max(v.planMax, float64(v.d.p.PlanTime.Nanoseconds())/1e6)
	if s := time.Since(v.fpsSince).Seconds(); s >= 0.5 {
		v.fps, v.fpsFrames, v.fpsSince = float64(v.fpsFrames)/s, 0, time.Now()
		v.planShown, v.planMax = v.planMax, 0
	}
	if time.Since(v.hudAt) >= 250*time.Millisecond || v.label.Text() == "" {
		v.label.SetText(v.d.hud(v.fps, v.planShown))
		v.hudAt = time.Now()
	}
}

// screenshot saves the frame just rendered (the back buffer) as PNG.
func (v *view) screenshot(path string) error {
	w, h := v.a.GetFramebufferSize()
	buf := v.a.Gls().ReadPixels(0, 0, w, h, gls.RGBA, gls.UNSIGNED_BYTE)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h { // OpenGL's rows run bottom up
		copy(img.Pix[y*w*4:(y+1)*w*4], buf[(h-1-y)*w*4:(h-y)*w*4])
	}
	return atomicfile.Write(path, func(f io.Writer) error { return png.Encode(f, img) })
}
