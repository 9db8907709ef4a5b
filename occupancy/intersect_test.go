package occupancy

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/library"
)

// TestIntersectBetweenCellsAndLeaves checks Intersect on two walking
// spaces at random transforms, near and far, against brute force over
// the sampled shapes: when two cells' circles meet (the shapes' samples
// overlap) it must report an intersection, and when it reports one, two
// leaf circles must meet.
func TestIntersectBetweenCellsAndLeaves(t *testing.T) {
	lib, _, err := library.Default(library.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a := lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	sw, err := ccd.NewSweeps(lib, m, ccd.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := builder{sw: sw, cell: 0.005}
	pad := b.cell * math.Sqrt2 / 2
	shape := func(action, f0, f1 int) (BCH, []Circle) {
		nodes, err := b.space(nil, action, f0, f1, 0.01)
		if err != nil {
			t.Fatal(err)
		}
		var cs []Circle
		for _, k := range b.cells.at {
			p := b.cells.centre(k)
			cs = append(cs, Circle{p.x, p.z, pad})
		}
		return BCH{nodes: nodes}, cs
	}
	ba, ca := shape(lib.Index("walk.l"), 0, 15)
	bb, cb := shape(lib.Index("walk.r"), 15, 30)
	la, lb := LeafCircles(ba), LeafCircles(bb)
	r := rand.New(rand.NewPCG(11, 12))
	hits, cellHits := 0, 0
	for trial := range 80 {
		tr := Relative(randomFrame(r, 0), randomFrame(r, 0.7))
		got := Intersect(ba, bb, tr)
		if cells := anyMeet(ca, cb, tr, 0); cells {
			cellHits++
			if !got {
				t.Errorf("trial %d: two cells meet, Intersect says apart", trial)
			}
		}
		if got {
			hits++
			if !anyMeet(la, lb, tr, 1e-6) {
				t.Errorf("trial %d: Intersect true, but no two leaves meet", trial)
			}
		}
	}
	t.Logf("%d of 80 transforms intersect (%d with two cells meeting)", hits, cellHits)
	if cellHits < 15 || hits > 65 {
		t.Errorf("the cases do not test both answers")
	}
}

// anyMeet reports whether a circle of ca meets one of cb placed by t
// (closer than their radii plus slack), by every pair whose x ranges
// overlap, sorted by x.
func anyMeet(ca, cb []Circle, t Transform, slack float64) bool {
	wb := make([]Circle, len(cb))
	maxR := 0.0
	for k, c := range cb {
		x, z := t.Apply(c.X, c.Z)
		wb[k] = Circle{x, z, c.R}
		maxR = math.Max(maxR, c.R)
	}
	sort.Slice(wb, func(i, j int) bool { return wb[i].X < wb[j].X })
	for _, a := range ca {
		from := sort.Search(len(wb), func(k int) bool { return wb[k].X >= a.X-a.R-maxR-slack })
		for _, c := range wb[from:] {
			if c.X > a.X+a.R+maxR+slack {
				break
			}
			if math.Hypot(a.X-c.X, a.Z-c.Z) <= a.R+c.R+slack {
				return true
			}
		}
	}
	return false
}
