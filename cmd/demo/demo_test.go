package main

import (
	"bytes"
	"encoding/json"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/script"
	"github.com/foothold/foothold/world"
)

// The demo opens one window per process (g3n's application is a
// singleton), so each run is this test binary started again as the demo.
func TestMain(m *testing.M) {
	if os.Getenv("FOOTHOLD_DEMO_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// demoRun runs the demo in a child process with args.
func demoRun(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "FOOTHOLD_DEMO_AS_MAIN=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display: run the demo's tests under xvfb-run -a (as .ci/run does)")
	}
}

// Headless runs of 300 frames with a scripted walk: the screenshot shows
// the level (many colours), the character (its orange) and supported
// docks (pure green), and the character went where the script sent it.
func TestHeadless(t *testing.T) {
	needDisplay(t)
	for _, c := range []struct {
		name, scene, script string
		minWalk             float64
	}{
		{"stepping", "builtin:stepping", "testdata/stepping.yaml", 4},
		{"dungeon", "dungeon", "testdata/dungeon.yaml", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			scene := c.scene
			if scene == "dungeon" {
				scene = shareddata.Path(t, "meshes/dungeon.obj")
			}
			shot := filepath.Join(t.TempDir(), "shot.png")
			out, errs, code := demoRun(t, nil, "--scene", scene, "--input", c.script, "--frames", "300", "--screenshot", shot, "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var sum summary
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			t.Logf("%s: %.1f frames per second (median frame %.1f ms), planning median %.3f ms, max %.2f ms; %d actions, %.1f m",
				c.name, sum.FPS, sum.MedianFrameMS, sum.MedianPlanMS, sum.MaxPlanMS, sum.Actions, sum.DistanceM)
			if sum.Frames != 300 || sum.Depth != 4 || sum.Stuck != 0 {
				t.Errorf("frames %d, depth %d, stuck %d", sum.Frames, sum.Depth, sum.Stuck)
			}
			moved := math.Hypot(sum.End[0]-sum.Start[0], sum.End[2]-sum.Start[2])
			if moved < c.minWalk || sum.DistanceM < moved {
				t.Errorf("the character moved %.2f m (path %.2f m), want at least %.1f m", moved, sum.DistanceM, c.minWalk)
			}
			checkScreenshot(t, shot)
		})
	}
}

func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	img := shareddata.ReadPNG(t, path)
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 600 {
		t.Errorf("screenshot %v, want 800×600", b)
	}
	colours := map[[3]uint8]int{}
	orange, green := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}
			colours[c]++
			if isCharacter(c) {
				orange++
			}
			if c == [3]uint8{0, 255, 0} {
				green++
			}
		}
	}
	t.Logf("%d distinct colours, %d character pixels, %d dock-green pixels", len(colours), orange, green)
	if len(colours) < 200 {
		t.Errorf("only %d distinct colours: the picture is nearly blank", len(colours))
	}
	if orange < 500 {
		t.Errorf("only %d pixels of the character's orange", orange)
	}
	if green < 20 {
		t.Errorf("only %d pixels of the supported docks' green", green)
	}
}

// isCharacter tells the character's lit orange (characterColour under any
// light) from everything else: red well above green, green well above
// blue. The level's greys and the pure red and green markers fail it.
func isCharacter(c [3]uint8) bool {
	r, g, b := float64(c[0]), float64(c[1]), float64(c[2])
	return r > 60 && g > 0.25*r && g < 0.75*r && b < 0.35*g
}

// Bad input is refused before any window opens, with a message naming the
// problem, exit status 1 and no screenshot.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	badScript := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badScript, []byte("start: {x: 1, z: 2}\nduration: 3\ninputs:\n  - {at: 0, heading_deg: 90, sped: 1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scene", filepath.Join(dir, "missing.obj")}, "missing.obj"},
		{[]string{"--scene", "builtin:nowhere"}, "nowhere"},
		{[]string{"--input", badScript}, "bad.yaml:4"},
		{[]string{"--depth", "9"}, "--depth 9"},
		{[]string{"--samples", "tail"}, "foot, hand"},
		{[]string{"--scale", "-1"}, "--scale"},
		{[]string{"--up", "w"}, "w"},
		{[]string{"stray"}, "stray"},
		{[]string{"--draw", "ghost"}, "--draw \"ghost\""},
		{[]string{"--draw", "skin"}, "not built for a glTF character"},
	} {
		args := append(c.args, "--frames", "3", "--screenshot", shot)
		_, errs, code := demoRun(t, nil, args...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Contains(errs, "panic") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and a message with %q", c.args, code, errs, c.want)
		}
		if _, err := os.Stat(shot); err == nil {
			t.Fatalf("%v: a screenshot was written", c.args)
		}
	}
	// No display: a clear message rather than a panic from the window
	// library.
	_, errs, code := demoRun(t, []string{"DISPLAY=", "WAYLAND_DISPLAY="}, "--frames", "3")
	if code != 1 || !strings.Contains(errs, "xvfb-run") {
		t.Errorf("no display: exit %d, stderr %q", code, errs)
	}
}

// Steering is relative to the camera: forward is away from it, right is
// the screen's right.
func TestSteer(t *testing.T) {
	for _, c := range []struct {
		fwd, right, dx, dz, want float64
	}{
		{1, 0, 0, 1, 0},                      // looking +Z, forward: +Z
		{0, 1, 0, 1, -math.Pi / 2},           // looking +Z, right is -X
		{0, -1, 0, 1, math.Pi / 2},           // left is +X
		{-1, 0, 0, 1, math.Pi},               // back
		{1, 0, 1, 0, math.Pi / 2},            // looking +X, forward: +X
		{0, 1, 1, 0, 0},                      // looking +X, right is +Z
		{1, 1, 0, 1, -math.Pi / 4},           // diagonal
		{1, 0, -3, -3, -3 * math.Pi / 4},     // any camera distance
		{0, 1, 2, -2, math.Pi / 4},           // looking +X-Z, right is +X+Z
		{-1, -1, 0, -1, math.Atan2(-1, 1)},   // looking -Z, back-left: +Z-X
		{1, 0, 1e-3, 1, math.Atan2(1e-3, 1)}, // nearly +Z
	} {
		got := steer(c.fwd, c.right, c.dx, c.dz)
		if d := math.Remainder(got-c.want, 2*math.Pi); math.Abs(d) > 1e-9 {
			t.Errorf("steer(%v, %v, %v, %v) = %.4f, want %.4f", c.fwd, c.right, c.dx, c.dz, got, c.want)
		}
	}
	// The oracle: forward and right are perpendicular, right a quarter
	// turn clockwise seen from above (heading decreasing).
	for _, a := range []float64{0.1, 1, 2.5, -2} {
		f := steer(1, 0, math.Sin(a), math.Cos(a))
		r := steer(0, 1, math.Sin(a), math.Cos(a))
		if d := math.Remainder(r-f+math.Pi/2, 2*math.Pi); math.Abs(d) > 1e-9 || math.Abs(math.Remainder(f-a, 2*math.Pi)) > 1e-9 {
			t.Errorf("camera at %.2f: forward %.4f, right %.4f", a, f, r)
		}
	}
}

// The keys, sent as real X events (xdotool): W walks away from the camera,
// Tab shows the foot's support data, 2 sets the plan depth, Esc quits.
func TestKeyboard(t *testing.T) {
	sum := withKeys(t, nil, func(xdotool func(...string) string) {
		xdotool("keydown", "w")
		xdotool("sleep", "3")
		xdotool("keyup", "w")
		xdotool("key", "Tab", "2")
		xdotool("sleep", "0.5")
	})
	moved := math.Hypot(sum.End[0]-sum.Start[0], sum.End[2]-sum.Start[2])
	t.Logf("%d frames, %.1f fps, moved %.2f m, depth %d, showing %s", sum.Frames, sum.FPS, moved, sum.Depth, sum.Shown)
	if moved < 1 {
		t.Errorf("holding W for 3 s moved the character %.2f m", moved)
	}
	// The camera starts behind the character, which faces +Z (yaw 0).
	if dir := math.Atan2(sum.End[0]-sum.Start[0], sum.End[2]-sum.Start[2]); math.Abs(dir) > math.Pi/4 {
		t.Errorf("W took the character towards heading %.0f°, want about 0° (away from the camera)", dir*180/math.Pi)
	}
	if sum.Depth != 2 || sum.Shown != "foot" {
		t.Errorf("depth %d, support shown %s; want 2 and foot", sum.Depth, sum.Shown)
	}
}

// withKeys runs the demo with args (interactive, --json), sends it keys
// as real X events (xdotool) once its window is up, then Escape, and
// returns its summary; it skips without xdotool.
func withKeys(t *testing.T, args []string, keys func(xdotool func(...string) string)) summary {
	t.Helper()
	needDisplay(t)
	xdo, err := exec.LookPath("xdotool")
	if err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool; .ci/run does)")
	}
	cmd := exec.Command(os.Args[0], append(args, "--json")...)
	cmd.Env = append(os.Environ(), "FOOTHOLD_DEMO_AS_MAIN=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	xdotool := func(args ...string) string {
		b, err := exec.Command(xdo, args...).Output()
		if err != nil {
			t.Errorf("xdotool %v: %v", args, err)
		}
		return strings.TrimSpace(string(b))
	}
	win := strings.Fields(xdotool("search", "--sync", "--name", "Foothold demo"))
	if len(win) == 0 {
		cmd.Process.Kill()
		t.Fatalf("no window; stderr %s", errb.String())
	}
	xdotool("windowfocus", "--sync", win[0])
	keys(xdotool)
	xdotool("key", "Escape")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%v: %s", err, errb.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("Esc did not end the demo")
	}
	var sum summary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	return sum
}

// With --body, walking east at the 2 cm wall of builtin:rooms, the
// character stops before it, the plan prunes nodes for the body, and the
// screenshot shows the body's capsules: seen from behind, more than a
// sixth of its rows are more than a tenth of its height wide in one
// unbroken run of its orange (the torso and pelvis); a stick figure has
// such rows only along its horizontal bones (shoulders, hips), each 8 cm
// thick.
func TestHeadlessBody(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	out, errs, code := demoRun(t, nil, "--scene", "builtin:rooms", "--input", "testdata/rooms-thin-wall.yaml", "--body", "--frames", "400", "--screenshot", shot, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	t.Logf("end x = %.2f, %d plan nodes blocked, %d choices refused", sum.End[0], sum.Blocked, sum.Refused)
	if !sum.Body || sum.Blocked == 0 || sum.End[0] > 5 || sum.End[0] < 3 {
		t.Errorf("body checked %v, %d nodes blocked, end x = %.2f; want the character stopped within 2 m before the wall at x = 5", sum.Body, sum.Blocked, sum.End[0])
	}
	img := shareddata.ReadPNG(t, shot)
	body, top, bottom := 0, -1, -1
	widest := map[int]int{} // per row
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		run := 0
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if !isCharacter([3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}) {
				run = 0
				continue
			}
			body, run = body+1, run+1
			widest[y] = max(widest[y], run)
			if top < 0 {
				top = y
			}
			bottom = y
		}
	}
	height := bottom - top + 1
	wide := 0
	for _, w := range widest {
		if float64(w) > 0.1*float64(height) {
			wide++
		}
	}
	t.Logf("%d pixels of the body, %d rows tall, %d of them wide", body, height, wide)
	if body < 1000 || height < 50 || float64(wide) < float64(height)/6 {
		t.Errorf("the body: %d pixels, %d rows tall, %d wide rows: not a body of capsules", body, height, wide)
	}
}

// With --agents the level fills with other characters planning around
// each other and the player's: they walk off towards their goals (their
// displacements summed), they are drawn (their pale blue in the
// screenshot) and the crowd's planning is measured.
func TestHeadlessAgents(t *testing.T) {
	needDisplay(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	out, errs, code := demoRun(t, nil, "--scene", "builtin:level", "--agents", "12", "--frames", "300", "--screenshot", shot, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	blue := paleBlue(shareddata.ReadPNG(t, shot))
	t.Logf("%d others moved %.1f m in all, %d arrived; the crowd plans in %.2f ms a frame (median, max %.1f); %d pale blue pixels",
		sum.Agents, sum.AgentsMovedM, sum.Arrived, sum.MedianCrowdMS, sum.MaxCrowdMS, blue)
	if sum.Agents != 12 || sum.AgentsMovedM < 12 || !sum.Body || sum.MedianCrowdMS <= 0 {
		t.Errorf("%+v", sum)
	}
	if blue < 100 {
		t.Errorf("only %d pixels of the other characters' pale blue", blue)
	}
}

// paleBlue counts the pixels of the other characters' pale blue.
func paleBlue(img image.Image) int {
	blue := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if isOther([3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}) {
				blue++
			}
		}
	}
	return blue
}

// isOther tells the other characters' lit pale blue (othersColour) from
// the level's dark blue-greys, the sky and the markers: bright blue, green
// and red close behind.
func isOther(c [3]uint8) bool {
	r, g, b := float64(c[0]), float64(c[1]), float64(c[2])
	return b > 120 && b > 1.15*g && g > 0.6*b && r > 0.4*b && g > 1.1*r
}

// With no script, the demo starts the character on the largest walkable
// region of every shared level (script.Regions, itself checked against a
// breadth-first search in the script package), and the screenshot shows the
// level around it.
func TestDefaultStartEveryLevel(t *testing.T) {
	needDisplay(t)
	d, ok := shareddata.Dir()
	if !ok {
		t.Skip("real test data not found (../shared/data or $FOOTHOLD_DATA)")
	}
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range shareddata.Meshes {
		t.Run(filepath.Base(m.File), func(t *testing.T) {
			path := filepath.Join(d, m.File)
			args := []string{"--scene", path, "--frames", "30", "--json"}
			if m.Scale != 0 {
				args = append(args, "--scale", strconv.FormatFloat(float64(m.Scale), 'g', -1, 32))
			}
			for _, n := range m.Exclude {
				args = append(args, "--exclude-node", n)
			}
			shot := filepath.Join(t.TempDir(), "shot.png")
			out, errs, code := demoRun(t, nil, append(args, "--screenshot", shot)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var sum summary
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			w, err := world.Load(path, lib, world.Options{Load: sceneload.LoadOptions{Scale: m.Scale, ExcludeNodes: m.Exclude}, Friction: dock.DefaultFriction})
			if err != nil {
				t.Fatal(err)
			}
			foot := w.Supports[w.Templates["foot"]]
			pos, region, size := script.Regions(foot)
			largest := 0
			for _, n := range size {
				largest = max(largest, n)
			}
			inc := float64(foot.Lattice().Linear)
			at, best := -1, math.Inf(1)
			for i, p := range pos { // the foot position under the start (the root, hips high)
				dx, dy, dz := float64(p[0])*inc-sum.Start[0], float64(p[1])*inc-sum.Start[1], float64(p[2])*inc-sum.Start[2]
				if d := dx*dx + dz*dz; d < best && dy < -0.5 && dy > -1.3 {
					at, best = i, d
				}
			}
			t.Logf("start (%.1f, %.1f, %.1f): region of %d positions, the largest %d", sum.Start[0], sum.Start[1], sum.Start[2], size[region[at]], largest)
			if math.Sqrt(best) > 0.15 || size[region[at]] != largest {
				t.Errorf("the start is %.2f m from a foot position of a region of %d positions; the largest has %d", math.Sqrt(best), size[region[at]], largest)
			}
			img := shareddata.ReadPNG(t, shot)
			colours := map[[3]uint8]bool{}
			orange := 0
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r, g, bl, _ := img.At(x, y).RGBA()
					c := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}
					colours[c] = true
					if isCharacter(c) {
						orange++
					}
				}
			}
			if len(colours) < 200 || orange < 500 {
				t.Errorf("screenshot: %d colours, %d character pixels: not the level around the character", len(colours), orange)
			}
		})
	}
}

// Floors are told by their orientation up to sign: a level wound the other
// way (normals down) has its floors drawn as floors, lit from above.
func TestShadingUpToSign(t *testing.T) {
	for _, c := range []struct {
		n     [3]float32
		floor bool
	}{
		{[3]float32{0, 1, 0}, true}, {[3]float32{0, -1, 0}, true},
		{[3]float32{0.6, 0.8, 0}, true}, {[3]float32{0.6, -0.8, 0}, true},
		{[3]float32{0.8, 0.6, 0}, false}, {[3]float32{0, -0.6, 0.8}, false}, {[3]float32{1, 0, 0}, false},
	} {
		n, floor := shading(c.n)
		if floor != c.floor || (floor && n[1] <= 0) || math.Abs(float64(n[0]*n[0]+n[1]*n[1]+n[2]*n[2])-1) > 1e-5 {
			t.Errorf("shading(%v) = %v, %v; want floor %v, lit from above", c.n, n, floor, c.floor)
		}
	}
}
