package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttree"
	"github.com/foothold/foothold/supportview"
)

type viewStorey struct {
	Lo        float32 `json:"lo_m"`
	Hi        float32 `json:"hi_m"`
	Positions int64   `json:"positions"`
}

type viewReport struct {
	Scene     string       `json:"scene"`
	Template  string       `json:"template"`
	Positions int64        `json:"positions"`
	Samples   int64        `json:"samples"`
	Storeys   []viewStorey `json:"storeys"`
	PNG       string       `json:"png,omitempty"`
	GLB       string       `json:"glb,omitempty"`
	GLBBytes  int64        `json:"glb_bytes,omitempty"`
	Markers   int          `json:"glb_markers,omitempty"`
	PerRun    bool         `json:"glb_markers_per_run,omitempty"`
}

// view draws one template's support data over the scene it was built for.
func view(args []string, stdout, stderr io.Writer) error {
	var sf sceneFlags
	fs := newFlagSet("view", stderr, &sf)
	fst := fs.String("fst", "", "the .fst file built for this scene (required)")
	template := fs.String("template", "", "the template to show, by name (required)")
	png := fs.String("png", "", "write the picture here")
	glb := fs.String("glb", "", "write the scene and markers as glTF binary here")
	storeys := fs.String("storeys", "auto", "split into storeys by height: auto, or a number")
	size := fs.Int("size", 1000, "pixels along the longer side of each storey's panel")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *fst == "" || *template == "" || (*png == "" && *glb == "") {
		return errors.New("view: want --scene … --fst FILE.fst --template NAME and --png OUT.png and/or --glb OUT.glb")
	}
	n := 0
	if *storeys != "auto" {
		v, err := strconv.Atoi(*storeys)
		if err != nil || v < 1 || v > 16 {
			return fmt.Errorf("view: --storeys %q: want auto or 1 to 16", *storeys)
		}
		n = v
	}
	if *size < 64 || *size > 8192 {
		return fmt.Errorf("view: --size %d: want 64 to 8192 pixels", *size)
	}
	m, err := sf.load()
	if err != nil {
		return err
	}
	f, err := supportbake.ReadFile(*fst)
	if err != nil {
		return err
	}
	if supportbake.SceneHash(m) != f.SceneHash {
		return fmt.Errorf("view: %s: %w (the file's scene has %d triangles, %s has %d)", *fst, supportbake.ErrWrongScene, f.SceneTriangles, sf.spec, m.NumTriangles())
	}
	var tr *supporttree.Tree
	var names []string
	for _, t := range f.Templates {
		names = append(names, t.Name)
		if t.Name == *template {
			tr = t.Tree
		}
	}
	if tr == nil {
		return fmt.Errorf("view: %s has no template %q (it has %s)", *fst, *template, strings.Join(names, ", "))
	}
	st := supportview.Storeys(tr, n)
	r := viewReport{Scene: sf.spec, Template: *template, Positions: tr.Positions(), Samples: tr.Samples(), PNG: *png, GLB: *glb}
	for _, s := range st {
		r.Storeys = append(r.Storeys, viewStorey{s.Lo, s.Hi, s.Positions})
	}
	if *png != "" {
		c := supportview.Picture(m, tr, *template, supportview.PictureOptions{Size: *size, Storeys: st, Title: sf.spec})
		if err := c.Save(*png); err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	if *glb != "" {
		gs, err := supportview.SaveGLB(*glb, m, tr, *template, st)
		if err != nil {
			return fmt.Errorf("view: %w", err)
		}
		info, err := os.Stat(*glb)
		if err != nil {
			return err
		}
		r.GLBBytes, r.Markers, r.PerRun = info.Size(), gs.Markers, gs.PerRun
	}
	if sf.json {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "%s, template %s: %d supported positions (%d samples) in %d storeys\n", r.Scene, r.Template, r.Positions, r.Samples, len(st))
	for i, s := range r.Storeys {
		fmt.Fprintf(stdout, "  storey %d: y %.1f to %.1f m, %d positions\n", i+1, s.Lo, s.Hi, s.Positions)
	}
	if *png != "" {
		fmt.Fprintf(stdout, "picture  %s\n", *png)
	}
	if *glb != "" {
		kind := "one arrow per position"
		if r.PerRun {
			kind = "one strip per run"
		}
		fmt.Fprintf(stdout, "glTF     %s: %.1f MB, %d markers (%s)\n", *glb, float64(r.GLBBytes)/1e6, r.Markers, kind)
	}
	return nil
}
