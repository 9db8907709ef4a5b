package supportview

import (
	"fmt"
	"image/color"
	"math"
	"math/bits"

	"github.com/foothold/foothold/internal/raster"
	"github.com/foothold/foothold/internal/topview"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttree"
)

// YawColour is the colour of a position where k of n yaws are supported:
// red for one, through yellow, to green for all.
func YawColour(k, n int) color.RGBA {
	red, yellow, green := color.RGBA{225, 50, 45, 255}, color.RGBA{245, 205, 50, 255}, color.RGBA{40, 185, 80, 255}
	t := 1.0
	if n > 1 {
		t = float64(k-1) / float64(n-1)
	}
	if t < 0.5 {
		return raster.Lerp(red, yellow, t*2)
	}
	return raster.Lerp(yellow, green, t*2-1)
}

// PictureOptions control Picture.
type PictureOptions struct {
	Size    int      // panel's longer side in pixels (default 1000)
	Storeys []Storey // default: Storeys(tr, 0)
	Title   string   // e.g. the scene's name
}

// Picture draws the level from above with every supported position of
// the template over it, coloured by how many yaws are supported there, one
// panel per storey (each showing only the surfaces of its storey), with a
// legend, a scale bar and the template's name.
func Picture(m *scenes.Mesh, tr *supporttree.Tree, template string, opt PictureOptions) *raster.Canvas {
	if opt.Size <= 0 {
		opt.Size = 1000
	}
	if opt.Storeys == nil {
		opt.Storeys = Storeys(tr, 0)
	}
	b := m.Bounds()
	margin := 0.5
	minX, maxX := float64(b.Min[0])-margin, float64(b.Max[0])+margin
	minZ, maxZ := float64(b.Min[2])-margin, float64(b.Max[2])+margin
	ppm := float64(opt.Size) / math.Max(maxX-minX, maxZ-minZ)
	lat := tr.Lattice()
	nYaws := int(lat.Yaws())
	const head, foot = 56, 70
	var panels []*raster.Canvas
	for si, st := range opt.Storeys {
		ceiling := math.Inf(1)
		if si < len(opt.Storeys)-1 {
			ceiling = float64(st.Hi)
		}
		v := topview.Render(m, minX, minZ, maxX, maxZ, ppm, ceiling)
		c := v.Canvas(v.Lo, v.Hi)
		// Per pixel, the topmost supported position of the storey (what is
		// seen from above; a floor hidden under a solid block does not
		// show) and its yaw count.
		top := make([]int32, v.W*v.H)
		most := make([]uint8, v.W*v.H)
		for i := range top {
			top[i] = math.MinInt32
		}
		half := 0.5 * float64(lat.Linear)
		tr.EachRun(func(x0, x1, y, z int32, mask uint64) {
			h := float32(y) * lat.Linear
			if h < st.Lo || h >= st.Hi {
				return
			}
			k := uint8(bits.OnesCount64(mask))
			zw := float64(float32(z) * lat.Linear)
			for x := x0; x < x1; x++ {
				xw := float64(float32(x) * lat.Linear)
				ax, ay := v.Pixel(xw-half, zw+half)
				bx, by := v.Pixel(xw+half, zw-half)
				for Y := max(int(math.Floor(ay)), 0); Y < min(int(math.Ceil(by)), v.H); Y++ {
					for X := max(int(math.Floor(ax)), 0); X < min(int(math.Ceil(bx)), v.W); X++ {
						i := Y*v.W + X
						if y > top[i] || y == top[i] && k > most[i] {
							top[i], most[i] = y, k
						}
					}
				}
			}
		})
		for i, k := range most {
			if k > 0 {
				under := c.Img.RGBAAt(i%v.W, i/v.W)
				c.Img.SetRGBA(i%v.W, i/v.W, raster.Lerp(under, YawColour(int(k), nYaws), 0.8))
			}
		}
		white := color.RGBA{255, 255, 255, 255}
		label := fmt.Sprintf("storey %d of %d: y %.1f to %.1f m, %d positions", si+1, len(opt.Storeys), st.Lo, st.Hi, st.Positions)
		c.Text(8, 16, label, white)
		topview.ScaleBar(c, ppm, white)
		panels = append(panels, c)
	}
	pw, ph := panels[0].Img.Rect.Dx(), panels[0].Img.Rect.Dy()
	gap := 8
	w := max(len(panels)*pw+(len(panels)-1)*gap, 640)
	out := raster.New(w, ph+head+foot, color.RGBA{24, 24, 28, 255})
	for i, p := range panels {
		x0 := i * (pw + gap)
		for y := range ph {
			for x := range pw {
				out.Img.SetRGBA(x0+x, head+y, p.Img.RGBAAt(x, y))
			}
		}
	}
	white := color.RGBA{255, 255, 255, 255}
	title := fmt.Sprintf("%s: where the %q template is supported (%d positions, %d samples)", opt.Title, template, tr.Positions(), tr.Samples())
	out.Text(8, 18, title, white)
	out.Text(8, 38, fmt.Sprintf("colour: how many of the %d yaws (every %.0f degrees) are supported at a position; the level is shaded by height", nYaws, float64(lat.Angular)*180/math.Pi), white)
	// Legend: a colour bar from 1 to all yaws.
	ly := head + ph + 18
	barW := 360
	for i := range barW {
		k := 1 + int(math.Round(float64(i)/float64(barW-1)*float64(nYaws-1)))
		out.FillRect(8+i, ly, 9+i, ly+16, YawColour(k, nYaws))
	}
	for _, k := range []int{1, nYaws / 4, nYaws / 2, 3 * nYaws / 4, nYaws} {
		x := 8 + int(float64(k-1)/float64(max(nYaws-1, 1))*float64(barW-1))
		out.Text(x-3, ly+32, fmt.Sprint(k), white)
	}
	out.Text(8+barW+14, ly+13, "yaws supported (1 = a single heading, "+fmt.Sprint(nYaws)+" = every heading)", white)
	return out
}
