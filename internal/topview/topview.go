// Package topview renders a scene from above: for every pixel the highest
// surface below a ceiling height, shaded by height and by slope, with the
// mapping between world (x, z) and pixels. The plan pictures of
// cmd/planner and the support pictures of cmd/preprocess draw over it.
//
// The image is a proper view from above (not mirrored): +X to the right,
// +Z up the image.
package topview

import (
	"image/color"
	"math"
	"strconv"

	"github.com/foothold/foothold/internal/raster"
	"github.com/foothold/foothold/scenes"
)

// View is a height field of a scene seen from above.
type View struct {
	MinX, MaxZ float64 // world coordinates of the top-left corner
	PPM        float64 // pixels per metre
	W, H       int
	Height     []float32 // per pixel, row-major; NaN where nothing is
	Shade      []float32 // per pixel: the surface's lighting, 0..1
	Lo, Hi     float32   // the height range found
}

// Render rasterises the triangles of m inside [minX, maxX] × [minZ, maxZ]
// whose points lie at or below ceiling (+Inf for all), keeping the highest
// surface per pixel. Only faces looking up (within 60° of +Y) are drawn:
// walls show as the edges of what they bound, ceilings not at all.
func Render(m *scenes.Mesh, minX, minZ, maxX, maxZ, ppm, ceiling float64) *View {
	v := &View{MinX: minX, MaxZ: maxZ, PPM: ppm, W: max(1, int(math.Ceil((maxX-minX)*ppm))), H: max(1, int(math.Ceil((maxZ-minZ)*ppm)))}
	v.Height = make([]float32, v.W*v.H)
	v.Shade = make([]float32, v.W*v.H)
	nan := float32(math.NaN())
	for i := range v.Height {
		v.Height[i] = nan
	}
	light := [3]float64{-0.4, 0.8, 0.45}
	ll := math.Sqrt(light[0]*light[0] + light[1]*light[1] + light[2]*light[2])
	v.Lo, v.Hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for t := range m.NumTriangles() {
		a, b, c := m.Triangle(t)
		n := m.TriangleNormal(t)
		if n[1] < 0.5 {
			continue
		}
		if float64(max(a[1], b[1], c[1])) > ceiling {
			continue
		}
		shade := float32(math.Max(0.25, (float64(n[0])*light[0]+float64(n[1])*light[1]+float64(n[2])*light[2])/ll))
		ax, ay := v.Pixel(float64(a[0]), float64(a[2]))
		bx, by := v.Pixel(float64(b[0]), float64(b[2]))
		cx, cy := v.Pixel(float64(c[0]), float64(c[2]))
		x0, x1 := max(0, int(math.Floor(min(ax, bx, cx)))), min(v.W-1, int(math.Ceil(max(ax, bx, cx))))
		y0, y1 := max(0, int(math.Floor(min(ay, by, cy)))), min(v.H-1, int(math.Ceil(max(ay, by, cy))))
		den := (by-cy)*(ax-cx) + (cx-bx)*(ay-cy)
		if den == 0 {
			continue
		}
		for py := y0; py <= y1; py++ {
			for px := x0; px <= x1; px++ {
				fx, fy := float64(px)+0.5, float64(py)+0.5
				w0 := ((by-cy)*(fx-cx) + (cx-bx)*(fy-cy)) / den
				w1 := ((cy-ay)*(fx-cx) + (ax-cx)*(fy-cy)) / den
				w2 := 1 - w0 - w1
				if w0 < -1e-9 || w1 < -1e-9 || w2 < -1e-9 {
					continue
				}
				h := float32(w0*float64(a[1]) + w1*float64(b[1]) + w2*float64(c[1]))
				k := py*v.W + px
				if old := v.Height[k]; old != old || h > old {
					v.Height[k], v.Shade[k] = h, shade
					v.Lo, v.Hi = min(v.Lo, h), max(v.Hi, h)
				}
			}
		}
	}
	return v
}

// Pixel maps world (x, z) to image coordinates.
func (v *View) Pixel(x, z float64) (float64, float64) {
	return (x - v.MinX) * v.PPM, (v.MaxZ - z) * v.PPM
}

// Low and high ends of the height ramp.
var (
	lowColour  = color.RGBA{40, 70, 110, 255}
	highColour = color.RGBA{225, 215, 180, 255}
	nothing    = color.RGBA{24, 24, 28, 255}
)

// Canvas paints the view: height from dark blue (lo) to sand (hi), times
// the lighting; black where nothing is.
func (v *View) Canvas(lo, hi float32) *raster.Canvas {
	c := raster.New(v.W, v.H, nothing)
	span := float64(hi - lo)
	if span <= 0 {
		span = 1
	}
	for py := range v.H {
		for px := range v.W {
			k := py*v.W + px
			h := v.Height[k]
			if h != h {
				continue
			}
			base := raster.Lerp(lowColour, highColour, float64(h-lo)/span)
			s := 0.55 + 0.45*float64(v.Shade[k])
			c.Img.SetRGBA(px, py, color.RGBA{uint8(float64(base.R) * s), uint8(float64(base.G) * s), uint8(float64(base.B) * s), 255})
		}
	}
	return c
}

// ScaleBar draws a bar of a round length in metres at the bottom left.
func ScaleBar(c *raster.Canvas, ppm float64, col color.RGBA) {
	lengths := []float64{0.5, 1, 2, 5, 10, 20, 50, 100}
	l := lengths[0]
	for _, x := range lengths {
		if x*ppm <= float64(c.Img.Rect.Dx())/4 {
			l = x
		}
	}
	y := float64(c.Img.Rect.Dy() - 14)
	c.Line(12, y, 12+l*ppm, y, 3, col)
	c.Line(12, y-5, 12, y+5, 2, col)
	c.Line(12+l*ppm, y-5, 12+l*ppm, y+5, 2, col)
	c.Text(18+int(l*ppm), int(y)+4, formatMetres(l), col)
}

func formatMetres(l float64) string {
	return strconv.FormatFloat(l, 'f', -1, 64) + " m"
}
