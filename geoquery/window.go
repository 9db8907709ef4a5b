package geoquery

import (
	"math"

	"github.com/foothold/foothold/dock"
)

// candidate is a lattice sample in a query's window and its squared distance.
type candidate struct {
	d2 float64
	s  dock.Sample
}

// less is the search order: distance, then (X, Y, Z, Yaw).
func less(a, b *candidate) bool {
	if a.d2 != b.d2 {
		return a.d2 < b.d2
	}
	if a.s.X != b.s.X {
		return a.s.X < b.s.X
	}
	if a.s.Y != b.s.Y {
		return a.s.Y < b.s.Y
	}
	if a.s.Z != b.s.Z {
		return a.s.Z < b.s.Z
	}
	return a.s.Yaw < b.s.Yaw
}

// yawDiff returns a - b wrapped to (-π, π].
func yawDiff(a, b float64) float64 {
	d := math.Mod(a-b, 2*math.Pi)
	if d > math.Pi {
		d -= 2 * math.Pi
	} else if d <= -math.Pi {
		d += 2 * math.Pi
	}
	return d
}

// window appends to buf every lattice sample in the window around e, with
// its squared distance, in no particular order. Positions come from
// Lattice.Position, so every querier sees the same numbers.
func (p Params) window(e dock.Pose, buf []candidate) []candidate {
	l := p.Lattice
	inc := float64(l.Linear)
	r := float64(p.MaxDisplacement)
	r2 := r * r
	var lo, hi [3]int32
	for k := 0; k < 3; k++ {
		lo[k] = int32(math.Floor((float64(e.Position[k]) - r) / inc))
		hi[k] = int32(math.Ceil((float64(e.Position[k]) + r) / inc))
	}
	// Yaw indices within MaxYaw, with their weighted squared distance.
	var yaws [64]struct {
		i  int32
		d2 float64
	}
	ny := 0
	n := l.Yaws()
	w := float64(p.YawWeight)
	for i := int32(0); i < n; i++ {
		d := math.Abs(yawDiff(float64(l.YawOf(i)), float64(e.Yaw)))
		if d <= float64(p.MaxYaw)+1e-9 && ny < len(yaws) {
			yaws[ny].i, yaws[ny].d2 = i, w*w*d*d
			ny++
		}
	}
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				pos := l.Position(dock.Sample{X: x, Y: y, Z: z})
				dx := float64(pos[0]) - float64(e.Position[0])
				dy := float64(pos[1]) - float64(e.Position[1])
				dz := float64(pos[2]) - float64(e.Position[2])
				dp2 := dx*dx + dy*dy + dz*dz
				if dp2 > r2 {
					continue
				}
				for k := 0; k < ny; k++ {
					buf = append(buf, candidate{d2: dp2 + yaws[k].d2, s: dock.Sample{X: x, Y: y, Z: z, Yaw: yaws[k].i}})
				}
			}
		}
	}
	return buf
}

// heapify orders c as a binary min-heap under less, in O(len(c)).
func heapify(c []candidate) {
	for i := len(c)/2 - 1; i >= 0; i-- {
		siftDown(c, i)
	}
}

func siftDown(c []candidate, i int) {
	n := len(c)
	for {
		m := i
		if l := 2*i + 1; l < n && less(&c[l], &c[m]) {
			m = l
		}
		if r := 2*i + 2; r < n && less(&c[r], &c[m]) {
			m = r
		}
		if m == i {
			return
		}
		c[i], c[m] = c[m], c[i]
		i = m
	}
}

// pop removes and returns the heap's minimum.
func pop(c []candidate) (candidate, []candidate) {
	top := c[0]
	last := len(c) - 1
	c[0] = c[last]
	c = c[:last]
	siftDown(c, 0)
	return top, c
}
