package picture

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/actiongraph"
	"github.com/foothold/foothold/internal/raster"
	"github.com/foothold/foothold/internal/topview"
	"github.com/go-gl/mathgl/mgl64"
)

var (
	paper     = color.RGBA{250, 250, 246, 255}
	ink       = color.RGBA{40, 40, 40, 255}
	faint     = color.RGBA{200, 200, 196, 255}
	dockGreen = color.RGBA{20, 160, 60, 255}
	early     = color.RGBA{70, 120, 220, 255}
	late      = color.RGBA{220, 110, 40, 255}
)

// DrawStrip draws an action as a film strip of stick figures at evenly
// spaced times, seen from the side (forward to the right, up), each cell
// centred on the root, with the ground of every dock drawn and the docks
// held at that moment in green; below it, the whole motion from above
// (forward to the right, the character's left up) with every dock
// numbered. The title gives the action's name and tags (synthesized
// for one the builder made). Poses go from blue (start) to orange (end).
func DrawStrip(a *action.Action, poses int) *raster.Canvas {
	const cellW, sideH, topH, margin = 150, 400, 260, 24
	w := max(cellW*poses, 900)
	c := a.Clip
	sk := c.Skeleton
	n := sk.NumJoints()
	start := a.StartFrame()
	all := c.Positions()
	for i := range all {
		all[i] = start.ToLocal(all[i])
	}
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	for _, p := range all {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	lo[1] = min(lo[1], 0)
	scale := float64(sideH-2*margin-40) / (hi[1] - lo[1] + 0.05)
	topScale := math.Min(float64(w-2*margin)/(hi[2]-lo[2]+0.4), float64(topH-2*margin)/(hi[0]-lo[0]+0.4))
	cv := raster.New(w, sideH+topH, paper)
	groundY := func(y float64) float64 { return sideH - margin - (y-lo[1])*scale }
	cv.Line(0, sideH, float64(w), sideH, 1, faint)
	fwdOf := func(d action.Dock) mgl64.Vec3 {
		return mgl64.Vec3{math.Sin(float64(d.Pose.Yaw)), 0, math.Cos(float64(d.Pose.Yaw))}
	}
	posOf := func(d action.Dock) mgl64.Vec3 {
		return mgl64.Vec3{float64(d.Pose.Position[0]), float64(d.Pose.Position[1]), float64(d.Pose.Position[2])}
	}
	for k := range poses {
		f := int(math.Round(float64(k) * float64(c.Frames()-1) / float64(max(poses-1, 1))))
		t := float64(f) * c.FrameTime
		col := raster.Lerp(early, late, float64(k)/float64(max(poses-1, 1)))
		ps := all[f*n : (f+1)*n]
		cx := float64(k*cellW + cellW/2)
		x := func(p mgl64.Vec3) float64 { return cx + (p[2]-ps[0][2])*scale }
		y := func(p mgl64.Vec3) float64 { return groundY(p[1]) }
		if k > 0 {
			cv.Line(float64(k*cellW), 30, float64(k*cellW), sideH-4, 1, faint)
		}
		for _, d := range a.Docks {
			p := posOf(d)
			tip := p.Add(fwdOf(d).Mul(0.15))
			g := faint
			if t >= d.Start-1e-9 && t <= d.End+1e-9 {
				g = dockGreen
			}
			cv.Line(x(p.Add(fwdOf(d).Mul(-0.06))), y(p)+2, x(tip.Add(fwdOf(d).Mul(0.05))), y(tip)+2, 3, g)
		}
		for j, par := range sk.Parents {
			if par < 0 {
				continue
			}
			cv.Line(x(ps[par]), y(ps[par]), x(ps[j]), y(ps[j]), 2.5, col)
		}
		if hj := sk.Index("Head"); hj >= 0 {
			cv.Disc(x(ps[hj]), y(ps[hj]), 6, col)
		}
		cv.Text(k*cellW+6, sideH-6, fmt.Sprintf("%.2f s", t), ink)
	}
	tx := func(p mgl64.Vec3) float64 { return margin + (p[2]-lo[2]+0.2)*topScale }
	ty := func(p mgl64.Vec3) float64 { return sideH + topH/2 - (p[0]-(lo[0]+hi[0])/2)*topScale }
	for k := range poses {
		f := int(math.Round(float64(k) * float64(c.Frames()-1) / float64(max(poses-1, 1))))
		col := raster.Lerp(early, late, float64(k)/float64(max(poses-1, 1)))
		ps := all[f*n : (f+1)*n]
		for j, par := range sk.Parents {
			if par >= 0 {
				cv.Line(tx(ps[par]), ty(ps[par]), tx(ps[j]), ty(ps[j]), 1.5, col)
			}
		}
	}
	for i, d := range a.Docks {
		p := posOf(d)
		tip := p.Add(fwdOf(d).Mul(0.15))
		cv.Line(tx(p), ty(p), tx(tip), ty(tip), 3, dockGreen)
		cv.Disc(tx(p), ty(p), 4, dockGreen)
		cv.Text(int(tx(p))-3, int(ty(p))-8, fmt.Sprint(i+1), dockGreen)
	}
	cv.Text(10, 18, fmt.Sprintf("%s [%s]  %.2f s  delta: %.2f m forward, %.2f m left, %+.2f m up, %+.0f deg",
		a.Name, strings.Join(a.Tags, " "), a.Duration(), a.Delta.Translation[2], a.Delta.Translation[0], a.Delta.Translation[1], a.Delta.Yaw*180/math.Pi), ink)
	cv.Text(10, sideH+16, "from above (forward right, character's left up)", ink)
	yy := sideH + 32
	for i, d := range a.Docks {
		cv.Text(10, yy, fmt.Sprintf("%d %s (%s) %.2f-%.2f s", i+1, d.Effector, d.Template, d.Start, d.End), dockGreen)
		yy += 14
	}
	return cv
}

// DrawPlan draws a plan tree over a view of the scene from above, like the
// paper's Figure 4: each node's root path (blue while alive, red when the
// node is unsupported, orange when its docks are supported but its body
// hits the scene, grey when it is alive but every continuation is dead),
// and each dock: green where support was found (drawn there, with a
// line from where the action expected it), red where none was (drawn
// where expected), hollow where it was not needed (an earlier dock of the
// node had already failed).
func DrawPlan(t *actiongraph.PlanTree, v *topview.View, title string) *raster.Canvas {
	c := v.Canvas(v.Lo, v.Hi)
	var path []mgl64.Vec3
	red := color.RGBA{220, 40, 40, 255}
	orange := color.RGBA{255, 150, 0, 255}
	grey := color.RGBA{150, 150, 150, 255}
	unknown := color.RGBA{240, 240, 240, 255}
	depthMax := int32(1)
	for _, n := range t.Nodes {
		depthMax = max(depthMax, n.Depth)
	}
	// Unsupported and blocked first, then dead, then alive on top.
	for pass := range 3 {
		for i := len(t.Nodes) - 1; i >= 1; i-- {
			n := t.Nodes[i]
			var col color.RGBA
			switch {
			case n.Status == actiongraph.Unsupported:
				if pass != 0 {
					continue
				}
				col = red
			case n.Status == actiongraph.Blocked:
				if pass != 0 {
					continue
				}
				col = orange
			case n.Dead:
				if pass != 1 {
					continue
				}
				col = grey
			default:
				if pass != 2 {
					continue
				}
				col = raster.Lerp(color.RGBA{120, 200, 255, 255}, color.RGBA{20, 60, 200, 255}, float64(n.Depth-1)/float64(max(depthMax-1, 1)))
			}
			path = t.Path(int32(i), 0.05, path[:0])
			for k := 1; k < len(path); k++ {
				x0, y0 := v.Pixel(path[k-1][0], path[k-1][2])
				x1, y1 := v.Pixel(path[k][0], path[k][2])
				c.Line(x0, y0, x1, y1, 2, col)
			}
		}
	}
	r := max(2.5, 0.04*v.PPM)
	for i := 1; i < len(t.Nodes); i++ {
		n := t.Nodes[i]
		for k := range t.Graph.Library.Actions[n.Action].Docks {
			s := t.Slots[n.FirstDock+int32(k)]
			x, y := v.Pixel(float64(s.Expected.Position[0]), float64(s.Expected.Position[2]))
			switch s.State {
			case actiongraph.Supported:
				// Where the support was found, joined to where it was expected.
				fx, fy := v.Pixel(float64(s.Pose.Position[0]), float64(s.Pose.Position[2]))
				c.Line(x, y, fx, fy, 1, dockGreen)
				c.Disc(fx, fy, r, dockGreen)
			case actiongraph.Unsupported:
				c.Disc(x, y, r, red)
			default:
				c.Disc(x, y, r, unknown)
				c.Disc(x, y, r-1.5, color.RGBA{24, 24, 28, 255})
			}
		}
	}
	root := t.Nodes[0]
	x, y := v.Pixel(root.Frame.Position[0], root.Frame.Position[2])
	fx, fy := v.Pixel(root.Frame.Position[0]+0.4*math.Sin(root.Frame.Yaw), root.Frame.Position[2]+0.4*math.Cos(root.Frame.Yaw))
	c.Line(x, y, fx, fy, 4, color.RGBA{255, 255, 255, 255})
	c.Disc(x, y, 6, color.RGBA{255, 255, 255, 255})
	white := color.RGBA{255, 255, 255, 255}
	c.Text(8, 16, title, white)
	c.Text(8, 32, "paths: blue supported (darker deeper), grey dead end, red unsupported, orange body hits the scene", white)
	c.Text(8, 48, "docks: green where support was found, red where none was", white)
	topview.ScaleBar(c, v.PPM, white)
	return c
}
