package motion

import (
	"testing"

	"github.com/foothold/foothold/internal/shareddata"
)

// The legs give the unit a CMU capture is in, whatever unit it is written
// in, on every CMU file; with the hips unknown, the foot's two bones do.
func TestGuessScale(t *testing.T) {
	for _, name := range []string{"cmu-walk.bvh", "cmu-jump.bvh", "cmu-07_01-walk.bvh", "cmu-09_01-run.bvh", "cmu-16_15-walk.bvh"} {
		for _, u := range Units {
			c, err := loadBVH(shareddata.Path(t, "mocap/"+name), BVHOptions{Scale: CMUScale / u.Scale})
			if err != nil {
				t.Fatal(err)
			}
			eff, err := DefaultEffectors(c.Skeleton)
			if err != nil {
				t.Fatal(err)
			}
			g, err := GuessScale(c.Skeleton, eff)
			if err != nil || g.Unit != u.Name || g.Scale != u.Scale {
				t.Errorf("%s written in %s: guessed %v, %v", name, u.Name, g, err)
			}
			eff.Hips = [2]int{-1, -1}
			if h, err := GuessScale(c.Skeleton, eff); err != nil || h != g {
				t.Errorf("%s in %s, hips unknown: guessed %v, %v; with them %v", name, u.Name, h, err, g)
			}
		}
	}
	if _, err := GuessScale(&Skeleton{}, &Effectors{Hips: [2]int{-1, -1}}); err == nil {
		t.Error("a guess without feet")
	}
}
