package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foothold/foothold/dock"
	"github.com/foothold/foothold/sceneload"
	"github.com/foothold/foothold/scenes"
	"github.com/foothold/foothold/supporttile"
)

// TestBeamBakeEqualsShares: the pipeline on Prism writes the same tile
// files and manifest, byte for byte, as three shares built with package
// supporttile (what `preprocess build --tiles I/3` runs) and merged.
func TestBeamBakeEqualsShares(t *testing.T) {
	c := Config{Scene: "builtin:stepping", Scale: 1, Templates: "foot,hand", Friction: dock.DefaultFriction,
		Spacing: 0.1, YawStep: 10, TileSize: 32, Out: t.TempDir()}
	if err := bake(context.Background(), c, "y"); err != nil {
		t.Fatal(err)
	}
	m, err := sceneload.Builtin("stepping")
	if err != nil {
		t.Fatal(err)
	}
	bvh, err := scenes.NewBVH(m, scenes.BVHOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := c.layout(m.Bounds())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i := range 3 {
		if _, err := l.BuildShare(m, bvh, i, 3, dir, 2, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := supporttile.Merge(dir); err != nil {
		t.Fatal(err)
	}
	want, got := files(t, dir), files(t, c.Out)
	if len(want) < 8 || len(got) != len(want) {
		t.Fatalf("the pipeline wrote %d files, the shares %d", len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s: the pipeline's differs from the shares'", name)
		}
	}
}

// files is every file of dir but the share records, by name.
func files(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "share-") {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = b
		}
	}
	return out
}

// TestBadInput: a missing scene, a bad tile size or template: an error
// naming it, before the pipeline runs and writes anything.
func TestBadInput(t *testing.T) {
	good := Config{Scene: "builtin:stepping", Scale: 1, Templates: "foot", Spacing: 0.1, YawStep: 10, TileSize: 32}
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Scene = "/no/such/level.obj" }, "/no/such/level.obj"},
		{func(c *Config) { c.TileSize = 0 }, "--tile-size"},
		{func(c *Config) { c.Templates = "paw" }, "paw"},
		{func(c *Config) { c.YawStep = 7 }, "angular"},
	} {
		cfg := good
		c.edit(&cfg)
		cfg.Out = filepath.Join(t.TempDir(), "out")
		err := bake(context.Background(), cfg, "y")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v; want an error naming %q", cfg, err, c.want)
		}
		if _, serr := os.Stat(cfg.Out); serr == nil {
			t.Errorf("%+v: the output folder was made", cfg)
		}
	}
}
