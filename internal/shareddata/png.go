package shareddata

import (
	"image"
	"image/png"
	"os"
	"testing"
)

// ReadPNG decodes a PNG file the test wrote, failing the test when it
// cannot.
func ReadPNG(tb testing.TB, path string) image.Image {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return img
}
