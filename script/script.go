package script

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/foothold/foothold/internal/yamlnode"
)

// Script is a scripted input: where the character starts and a list of
// timed inputs, each holding until the next.
type Script struct {
	Scene    string  // optional: the scene it was written for
	X, Z     float64 // start position on the ground [Units: m]
	Y        float64 // a height just above the floor to start on (NaN: the highest floor)
	YawDeg   float64 // start heading [Units: degrees]
	State    string  // start action (default idle)
	Duration float64 // [Units: s]
	Inputs   []TimedInput
}

// TimedInput is an input from time At on.
type TimedInput struct {
	At      float64  // [Units: s]
	Heading float64  // [Units: rad] 0 faces +Z, π/2 faces +X
	Speed   float64  // [Units: m/s]
	Request []string // tags asked for ("hop", "climb"), any of which will do
}

// At returns the input in force at time t (the zero input before the
// first).
func (s *Script) At(t float64) TimedInput {
	var in TimedInput
	for _, x := range s.Inputs {
		if t >= x.At {
			in = x
		}
	}
	return in
}

// ReadScript reads a script:
//
//	scene: builtin:stepping     # optional
//	start: {x: 0.2, z: 1.5, yaw_deg: 90, state: idle}   # y: optional
//	duration: 20
//	inputs:
//	  - {at: 0, heading_deg: 90, speed: 1.2}
//	  - {at: 6, heading_deg: 90, speed: 1.2, request: hop}
//	  - {at: 15, speed: 0}
//
// Errors name the file and line; unknown fields are errors; inputs must
// be in time order.
func ReadScript(r io.Reader, file string) (*Script, error) {
	p := yamlnode.Parser{File: file}
	root, err := p.Decode(r, "'start', 'duration' and 'inputs'")
	if err != nil {
		return nil, err
	}
	f, err := p.Mapping(root, "scene", "start", "duration", "inputs")
	if err != nil {
		return nil, err
	}
	s := &Script{Y: math.NaN(), State: "idle"}
	if n := f["scene"]; n != nil {
		if s.Scene, err = p.Str(n); err != nil {
			return nil, err
		}
	}
	if f["start"] == nil || f["duration"] == nil || f["inputs"] == nil {
		return nil, p.Fail(root, "a script needs 'start', 'duration' and 'inputs'")
	}
	st, err := p.Mapping(f["start"], "x", "y", "z", "yaw_deg", "state")
	if err != nil {
		return nil, err
	}
	for key, dst := range map[string]*float64{"x": &s.X, "y": &s.Y, "z": &s.Z, "yaw_deg": &s.YawDeg} {
		if n := st[key]; n != nil {
			if *dst, err = p.Float(n); err != nil {
				return nil, err
			}
		} else if key == "x" || key == "z" {
			return nil, p.Fail(f["start"], "start needs %q", key)
		}
	}
	if n := st["state"]; n != nil {
		if s.State, err = p.Str(n); err != nil {
			return nil, err
		}
	}
	if s.Duration, err = p.Float(f["duration"]); err != nil {
		return nil, err
	}
	if !(s.Duration > 0 && s.Duration <= 3600) {
		return nil, p.Fail(f["duration"], "duration %g s: want 0 to 3600", s.Duration)
	}
	items, err := p.List(f["inputs"], "'inputs'")
	if err != nil {
		return nil, err
	}
	for i, it := range items {
		m, err := p.Mapping(it, "at", "heading_deg", "speed", "request")
		if err != nil {
			return nil, err
		}
		var ti TimedInput
		if m["at"] == nil {
			return nil, p.Fail(it, "input without 'at'")
		}
		if ti.At, err = p.Float(m["at"]); err != nil {
			return nil, err
		}
		if i > 0 && ti.At < s.Inputs[i-1].At {
			return nil, p.Fail(m["at"], "input at %g s comes before the previous one (%g s)", ti.At, s.Inputs[i-1].At)
		}
		if n := m["heading_deg"]; n != nil {
			deg, err := p.Float(n)
			if err != nil {
				return nil, err
			}
			ti.Heading = deg * math.Pi / 180
		}
		if n := m["speed"]; n != nil {
			if ti.Speed, err = p.Float(n); err != nil {
				return nil, err
			}
			if ti.Speed < 0 || ti.Speed > 10 {
				return nil, p.Fail(n, "speed %g m/s: want 0 to 10", ti.Speed)
			}
		}
		if n := m["request"]; n != nil {
			req, err := p.Str(n)
			if err != nil {
				return nil, err
			}
			for _, tag := range strings.Split(req, ",") {
				if tag = strings.TrimSpace(tag); tag == "" {
					return nil, p.Fail(n, "empty tag in request %q", req)
				}
				ti.Request = append(ti.Request, strings.TrimSpace(tag))
			}
		}
		s.Inputs = append(s.Inputs, ti)
	}
	if len(s.Inputs) == 0 {
		return nil, p.Fail(f["inputs"], "no inputs")
	}
	return s, nil
}

// LoadScript reads a script file.
func LoadScript(path string) (*Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadScript(f, path)
}

// String describes an input.
func (in TimedInput) String() string {
	s := fmt.Sprintf("heading %.0f°, %.1f m/s", in.Heading*180/math.Pi, in.Speed)
	if len(in.Request) > 0 {
		s += ", " + strings.Join(in.Request, ",")
	}
	return s
}
