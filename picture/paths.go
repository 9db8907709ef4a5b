package picture

import (
	"image/color"
	"math"

	"github.com/foothold/foothold/internal/raster"
	"github.com/foothold/foothold/internal/topview"
	"github.com/go-gl/mathgl/mgl64"
)

// Trail is one character's way through a scene: its root sampled over
// time, where it was going, and whether it got there.
type Trail struct {
	Roots   []mgl64.Vec3 // [Units: m] world
	Goal    mgl64.Vec3   // [Units: m] world
	Arrived bool
}

// DrawTrails draws many characters' ways over a view of the scene from
// above: each in its own colour, from a ring at its start to a disc where
// it ended (filled white when it arrived), its goal a small cross.
func DrawTrails(trails []Trail, v *topview.View, title string) *raster.Canvas {
	c := v.Canvas(v.Lo, v.Hi)
	for k, tr := range trails {
		col := hue(float64(k) / float64(max(len(trails), 1)))
		for i := 1; i < len(tr.Roots); i++ {
			x0, y0 := v.Pixel(tr.Roots[i-1][0], tr.Roots[i-1][2])
			x1, y1 := v.Pixel(tr.Roots[i][0], tr.Roots[i][2])
			c.Line(x0, y0, x1, y1, 1.5, col)
		}
		gx, gy := v.Pixel(tr.Goal[0], tr.Goal[2])
		c.Line(gx-4, gy-4, gx+4, gy+4, 1.5, col)
		c.Line(gx-4, gy+4, gx+4, gy-4, 1.5, col)
		if len(tr.Roots) == 0 {
			continue
		}
		r := math.Max(3, 0.25*v.PPM)
		sx, sy := v.Pixel(tr.Roots[0][0], tr.Roots[0][2])
		c.Disc(sx, sy, r, col)
		c.Disc(sx, sy, r-1.5, color.RGBA{24, 24, 28, 255})
		ex, ey := v.Pixel(tr.Roots[len(tr.Roots)-1][0], tr.Roots[len(tr.Roots)-1][2])
		c.Disc(ex, ey, r, col)
		if tr.Arrived {
			c.Disc(ex, ey, r*0.5, color.RGBA{255, 255, 255, 255})
		}
	}
	white := color.RGBA{255, 255, 255, 255}
	c.Text(8, 8, title, white)
	c.Text(8, 22, "each character in its colour: ring = start, disc = end (white centre: arrived), cross = goal", white)
	return c
}

// hue is a saturated colour around the colour wheel at u in [0, 1).
func hue(u float64) color.RGBA {
	ch := func(off float64) uint8 {
		x := math.Abs(math.Mod(u*6+off, 6)-3) - 1
		return uint8(60 + 195*math.Max(0, math.Min(1, x)))
	}
	return color.RGBA{ch(0), ch(4), ch(2), 255}
}
