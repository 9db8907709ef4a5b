// Package raster draws the pictures the command lines write: lines, discs,
// rectangles and labels on an RGBA image, saved as PNG atomically. It is
// deliberately small; the pictures are for looking at results, not art.
package raster

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/foothold/foothold/internal/atomicfile"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Canvas is an image being drawn on.
type Canvas struct{ Img *image.RGBA }

// New returns a w×h canvas filled with bg.
func New(w, h int, bg color.RGBA) *Canvas {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.FillRect(0, 0, w, h, bg)
	return c
}

// Set paints one pixel, ignoring pixels outside the canvas.
func (c *Canvas) Set(x, y int, col color.RGBA) {
	if image.Pt(x, y).In(c.Img.Rect) {
		c.Img.SetRGBA(x, y, col)
	}
}

// FillRect fills [x0, x1) × [y0, y1).
func (c *Canvas) FillRect(x0, y0, x1, y1 int, col color.RGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(c.Img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c.Img.SetRGBA(x, y, col)
		}
	}
}

// Disc fills a disc of radius r around (x, y).
func (c *Canvas) Disc(x, y, r float64, col color.RGBA) {
	for py := int(math.Floor(y - r)); py <= int(math.Ceil(y+r)); py++ {
		for px := int(math.Floor(x - r)); px <= int(math.Ceil(x+r)); px++ {
			dx, dy := float64(px)+0.5-x, float64(py)+0.5-y
			if dx*dx+dy*dy <= r*r {
				c.Set(px, py, col)
			}
		}
	}
}

// Line draws a segment of the given width (pixels).
func (c *Canvas) Line(x0, y0, x1, y1, width float64, col color.RGBA) {
	n := int(math.Ceil(math.Hypot(x1-x0, y1-y0))) + 1
	r := max(width/2, 0.5)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		c.Disc(x0+(x1-x0)*t, y0+(y1-y0)*t, r, col)
	}
}

// Text writes a label with its baseline at (x, y) in a 7×13 pixel font.
func (c *Canvas) Text(x, y int, s string, col color.RGBA) {
	d := font.Drawer{Dst: c.Img, Src: image.NewUniform(col), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// TextWidth is the width of a label in pixels.
func TextWidth(s string) int { return 7 * len([]rune(s)) }

// Save writes the canvas as PNG, atomically.
func (c *Canvas) Save(path string) error {
	return atomicfile.Write(path, func(w io.Writer) error { return png.Encode(w, c.Img) })
}

// Lerp mixes two colours.
func Lerp(a, b color.RGBA, t float64) color.RGBA {
	t = min(max(t, 0), 1)
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}
