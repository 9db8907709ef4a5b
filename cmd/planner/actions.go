package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/foothold/foothold/librarybuild"
	"github.com/foothold/foothold/motionfile"
	"github.com/foothold/foothold/picture"
)

type actionJSON struct {
	Name     string   `json:"name"`
	Seconds  float64  `json:"seconds"`
	Docks    int      `json:"docks"`
	ForwardM float64  `json:"forward_m"`
	LeftM    float64  `json:"left_m"`
	RiseM    float64  `json:"rise_m"`
	TurnDeg  float64  `json:"turn_deg"`
	Tags     []string `json:"tags"`
	Next     []string `json:"next"`
	PNG      string   `json:"png,omitempty"`
	BVH      string   `json:"bvh,omitempty"`
}

// runActions lists the default action library and its graph, and draws or
// exports each action.
func runActions(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("planner actions", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pngDir := fs.String("png", "", "write a picture strip of each action into this folder")
	bvhDir := fs.String("bvh", "", "write each action's clip as BVH into this folder")
	mocap := fs.String("mocap", "", "also add one looped gait cycle of this CMU walk (cmu-walk.bvh)")
	crowdMoves := fs.Bool("crowd", false, "also add the crowd's moves (a short step, turning on the spot, stepping back)")
	graphOut := fs.String("graph", "", "write the state graph as YAML to this file")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per action")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "planner actions: unexpected argument %q\n", fs.Arg(0))
		return 1
	}
	lib, g, err := librarybuild.Default(librarybuild.DefaultOptions{MocapWalk: *mocap, Crowd: *crowdMoves})
	if err != nil {
		fmt.Fprintf(stderr, "planner actions: %v\n", err)
		return 1
	}
	for _, dir := range []string{*pngDir, *bvhDir} {
		if dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				fmt.Fprintf(stderr, "planner actions: %v\n", err)
				return 1
			}
		}
	}
	var out []actionJSON
	for i, a := range lib.Actions {
		o := actionJSON{Name: a.Name, Seconds: round3(a.Duration()), Docks: len(a.Docks),
			ForwardM: round3(a.Delta.Translation[2]), LeftM: round3(a.Delta.Translation[0]), RiseM: round3(a.Delta.Translation[1]),
			TurnDeg: math.Round(a.Delta.Yaw * 180 / math.Pi), Tags: a.Tags, Next: []string{}}
		for _, s := range g.Next(int32(i)) {
			o.Next = append(o.Next, lib.Actions[s].Name)
		}
		if *pngDir != "" {
			o.PNG = filepath.Join(*pngDir, a.Name+".png")
			if err := picture.DrawStrip(a, 7).Save(o.PNG); err != nil {
				fmt.Fprintf(stderr, "planner actions: %v\n", err)
				return 1
			}
		}
		if *bvhDir != "" {
			o.BVH = filepath.Join(*bvhDir, a.Name+".bvh")
			if err := motionfile.SaveBVH(o.BVH, a.Clip); err != nil {
				fmt.Fprintf(stderr, "planner actions: %v\n", err)
				return 1
			}
		}
		out = append(out, o)
	}
	if *graphOut != "" {
		f, err := os.Create(*graphOut)
		if err == nil {
			err = librarybuild.WriteGraph(f, g)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "planner actions: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	levels := g.Count(int32(lib.Index(librarybuild.TableIStart)), 4)
	fmt.Fprintf(stdout, "%d actions; unrolled from %s the graph has %v animations at depths 1-4 (paper 5 / 32 / 197 / 1,236)\n\n", len(out), librarybuild.TableIStart, levels)
	fmt.Fprintf(stdout, "%-14s %6s %5s %9s %7s %7s %6s  %s\n", "action", "s", "docks", "forward m", "left m", "rise m", "turn°", "may be followed by")
	for _, o := range out {
		fmt.Fprintf(stdout, "%-14s %6.2f %5d %9.2f %7.2f %7.2f %6.0f  %d actions\n", o.Name, o.Seconds, o.Docks, o.ForwardM, o.LeftM, o.RiseM, o.TurnDeg, len(o.Next))
	}
	if *pngDir != "" {
		fmt.Fprintf(stdout, "\npictures in %s\n", *pngDir)
	}
	return 0
}
