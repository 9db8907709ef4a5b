package occupancy

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/foothold/foothold/action"
	"github.com/foothold/foothold/body"
	"github.com/foothold/foothold/ccd"
	"github.com/foothold/foothold/librarybuild"
)

// defaultSweeps are the default library and the adult's sweeps of it.
func defaultSweeps(t *testing.T) (*action.Library, *ccd.Sweeps) {
	t.Helper()
	lib, _, err := librarybuild.Default(librarybuild.DefaultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a := lib.Actions[0]
	m, err := body.Derive(a.Clip.Skeleton, a.Effectors, body.AdultRadii())
	if err != nil {
		t.Fatal(err)
	}
	sw, err := measureAll(lib, m)
	if err != nil {
		t.Fatal(err)
	}
	return lib, sw
}

// TestIntersectBetweenCellsAndLeaves checks Intersect on two walking
// spaces at random transforms, near and far, against brute force over
// the sampled shapes: when two cells' circles meet (the shapes' samples
// overlap) it must report an intersection, and when it reports one, two
// leaf circles must meet.
func TestIntersectBetweenCellsAndLeaves(t *testing.T) {
	lib, sw := defaultSweeps(t)
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

// TestLeavesHoldTheirCellsAndStayNearThem checks every leaf of a walking
// step's spaces against the cells of its shape, by brute force: the
// leaves together hold every cell's circle, and no point of a leaf (its
// centre and 32 points round its rim) is farther from a taken cell's
// centre than twice the threshold plus a cell's half diagonal. Leaves
// that stopped splitting because the shape fills them (larger than the
// threshold) must lie inside the taken cells.
func TestLeavesHoldTheirCellsAndStayNearThem(t *testing.T) {
	lib, sw := defaultSweeps(t)
	const threshold = 0.01
	b := builder{sw: sw, cell: threshold / 2}
	pad := b.cell * math.Sqrt2 / 2
	walk := lib.Index("walk.l")
	big := 0
	for f0 := 0; f0 < 30; f0 += 10 {
		nodes, err := b.space(nil, walk, f0, f0+10, threshold)
		if err != nil {
			t.Fatal(err)
		}
		c := &b.cells
		taken := func(x, z float64) bool {
			ix, iz := int(math.Floor(x/c.h-c.x0)), int(math.Floor(z/c.h-c.z0))
			return ix >= 0 && iz >= 0 && ix < c.nx && iz < c.nz && c.taken[iz*c.nx+ix]
		}
		leaves := LeafCircles(BCH{nodes: nodes})
		for _, k := range c.at {
			p := c.centre(k)
			held := false
			for _, l := range leaves {
				if math.Hypot(p.x-l.X, p.z-l.Z)+pad <= l.R+1e-9 {
					held = true
					break
				}
			}
			if !held {
				t.Fatalf("frames %d-%d: cell (%d, %d) is held by no leaf", f0, f0+10, k.ix, k.iz)
			}
		}
		for _, l := range leaves {
			inside := l.R >= threshold
			if inside {
				big++
			}
			for s := range 33 {
				x, z := l.X, l.Z
				if s > 0 {
					th := float64(s) * 2 * math.Pi / 32
					x, z = x+l.R*math.Cos(th)*0.999, z+l.R*math.Sin(th)*0.999
				}
				if inside && !taken(x, z) {
					t.Fatalf("frames %d-%d: a leaf of radius %.3f m reaches out of the shape's cells at (%.3f, %.3f)", f0, f0+10, l.R, x, z)
				}
				near := false
				for _, k := range c.at {
					p := c.centre(k)
					if math.Hypot(p.x-x, p.z-z) <= 2*threshold+pad {
						near = true
						break
					}
				}
				if !near {
					t.Fatalf("frames %d-%d: a leaf reaches (%.3f, %.3f), farther than %.4f m from every cell", f0, f0+10, x, z, 2*threshold+pad)
				}
			}
		}
	}
	t.Logf("%d leaves larger than the threshold, each inside the shape", big)
	if big == 0 {
		t.Error("no leaf stopped for lying inside the shape: the case tests nothing")
	}
}

// measureAll measures every action of lib for body m, one after another.
func measureAll(lib *action.Library, m *body.Model) (*ccd.Sweeps, error) {
	ms := make([]ccd.Measured, len(lib.Actions))
	for i := range ms {
		var err error
		if ms[i], err = ccd.Measure(lib, i, m, ccd.Options{}); err != nil {
			return nil, err
		}
	}
	return ccd.NewSweeps(lib, m, ccd.Options{}, ms)
}
