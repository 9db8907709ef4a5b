package supportbuild

import (
	"math"
	"slices"

	"github.com/foothold/foothold/scenes"

	"github.com/go-gl/mathgl/mgl32"
)

// ring is a template's turning contact points at one height over the
// position: at every yaw each lies within rad of the position's xz, so
// when the columns give one certain answer over that disc (columns.disc),
// it is every one's answer at every yaw.
type ring struct {
	y, rad float32
	pts    []int
}

// ringsOf groups p's turning points by height. A rotation about +Y keeps
// a point's height exactly (dock.Pose.Rotate).
func ringsOf(p *plan) []ring {
	var rs []ring
	for i, f := range p.fixed {
		if f {
			continue
		}
		y, rad := p.off[0][i][1], float32(0)
		for yaw := range p.off {
			o := p.off[yaw][i]
			rad = max(rad, float32(math.Hypot(float64(o[0]), float64(o[2]))))
		}
		k := 0
		for k < len(rs) && rs[k].y != y {
			k++
		}
		if k == len(rs) {
			rs = append(rs, ring{y: y})
		}
		rs[k].rad = max(rs[k].rad, rad)
		rs[k].pts = append(rs[k].pts, i)
	}
	return rs
}

// settle decides what the columns can of the turning points at pos for
// every yaw at once: it reports true when a ring's points are certainly
// unsupported at every yaw, and otherwise marks in settled (one flag per
// point) those certainly supported at every yaw.
func (p *plan) settle(pos mgl32.Vec3, settled []bool) (fails bool) {
	clear(settled)
	if p.cols == nil {
		return false
	}
	// The float32 sum pos + offset rounds by up to half an ulp of the
	// coordinates: widen the disc by that.
	round := 1e-6 + 1.2e-7*max(abs(pos[0]), abs(pos[2]))
	for _, r := range p.rings {
		ok, certain := p.cols.disc(pos.Add(mgl32.Vec3{0, r.y, 0}), r.rad*1.000001+round, p.reach, p.cosTol)
		if !certain {
			continue
		}
		if !ok {
			return true
		}
		for _, i := range r.pts {
			settled[i] = true
		}
	}
	return false
}

// scan is a turning point's faces near its circle about a position, and
// the answers of the yaws that meet the same ones: the columns' verdict
// at every yaw with one look at the grid.
type scan struct {
	settled []bool  // per point: settled at every yaw (plan.settle)
	tris    []int32 // faces within reach whose xz projection the circle may meet
	// lines: per face of tris, for a vertical one, the line (x, z, offset)
	// its projection lies along and the distance beyond which a point is
	// certainly beside it; a negative distance for the others.
	lines [][4]float64
	sigs  []uint64 // the sets of tris (bits) a yaw's point lies over, answered so far
	ans   []int8   // their answers: 1 supported, 0 not, -1 uncertain
}

// turning is the set of the yaws of need at which turning point i is
// supported at pos. The faces near the point's circle are found once; at
// each yaw the point lies certainly over some of them and beside the
// others, or is left to point; yaws over the same flat faces share one
// answer.
func (p *plan) turning(bvh *scenes.BVH, pos mgl32.Vec3, i int, need uint64, sc *scan, rs *scenes.Stats) uint64 {
	var mask uint64
	if p.cols == nil || !sc.gather(p, pos, i) {
		for yaw := range p.yaws {
			if need&(1<<uint(yaw)) != 0 && p.point(bvh, p.off[yaw][i].Add(pos), p.nrm[yaw][i], rs) {
				mask |= 1 << uint(yaw)
			}
		}
		return mask
	}
	c := p.cols
	for yaw := range p.yaws {
		if need&(1<<uint(yaw)) == 0 {
			continue
		}
		q := p.off[yaw][i].Add(pos)
		qx, qz, y := float64(q[0]), float64(q[2]), float64(q[1])
		sig, flat, known := uint64(0), true, true
		for j, t := range sc.tris {
			if l := &sc.lines[j]; l[3] >= 0 && math.Abs(l[0]*qx+l[1]*qz+l[2]) > l[3] {
				continue // beside a vertical face
			}
			switch side(c.xz[t], &c.edges[t], qx, qz, 0) {
			case 1:
				sig |= 1 << uint(j)
				flat = flat && c.flat[t]
			case 0:
				known = false
			}
		}
		a := int8(-1)
		switch {
		case !known:
		case flat:
			a = sc.flatAnswer(p, sig, y)
		default:
			a = sc.answer(p, sig, qx, qz, y)
		}
		if a == 1 || a == -1 && p.point(bvh, q, p.nrm[yaw][i], rs) {
			mask |= 1 << uint(yaw)
		}
	}
	return mask
}

// gather finds the faces near turning point i's circle about pos, and
// reports false when it cannot list them all: beyond a region build's
// grid, or too many for a yaw's set of them to fit in 64 bits.
func (sc *scan) gather(p *plan, pos mgl32.Vec3, i int) bool {
	c := p.cols
	sc.tris, sc.lines, sc.sigs, sc.ans = sc.tris[:0], sc.lines[:0], sc.sigs[:0], sc.ans[:0]
	o := p.off[0][i]
	rad := float64(math.Hypot(float64(o[0]), float64(o[2])))*1.000001 + 1e-6 + 1.2e-7*float64(max(abs(pos[0]), abs(pos[2])))
	qx, qz, y := float64(pos[0]), float64(pos[2]), float64(pos[1]+o[1])
	x0, x1 := c.cellX(qx-rad), c.cellX(qx+rad)
	z0, z1 := c.cellZ(qz-rad), c.cellZ(qz+rad)
	if c.clipped && (x0 < 0 || z0 < 0 || x1 >= c.nx || z1 >= c.nz) {
		return false // faces beyond the grid are not listed
	}
	x0, z0, x1, z1 = max(x0, 0), max(z0, 0), min(x1, c.nx-1), min(z1, c.nz-1)
	eps := 2e-5 + 2e-7*math.Abs(y)
	lo, hi := float32(y-float64(p.reach)-eps), float32(y+float64(p.reach)+eps)
	for z := z0; z <= z1; z++ {
		for x := x0; x <= x1; x++ {
			cell := z*c.nx + x
			for _, ct := range c.tris[c.start[cell]:c.start[cell+1]] {
				if ct.ymax < lo || ct.ymin > hi || slices.Contains(sc.tris, ct.t) ||
					side(c.xz[ct.t], &c.edges[ct.t], qx, qz, rad) == -1 {
					continue
				}
				if len(sc.tris) == 64 {
					return false
				}
				sc.tris, sc.lines = append(sc.tris, ct.t), append(sc.lines, lineOf(c, ct.t))
			}
		}
	}
	return true
}

// flatAnswer is the answer at height y over the flat faces of sig, found
// once per set.
func (sc *scan) flatAnswer(p *plan, sig uint64, y float64) int8 {
	if k := slices.Index(sc.sigs, sig); k >= 0 {
		return sc.ans[k]
	}
	a := sc.answer(p, sig, 0, 0, y)
	sc.sigs, sc.ans = append(sc.sigs, sig), append(sc.ans, a)
	return a
}

// answer is the columns' verdict at (qx, y, qz) over the faces of sig.
func (sc *scan) answer(p *plan, sig uint64, qx, qz, y float64) int8 {
	eps := 2e-5 + 2e-7*math.Abs(y)
	var down, up near
	for j, t := range sc.tris {
		if sig&(1<<uint(j)) != 0 && !p.cols.faceAt(t, qx, qz, y, 0, eps, p.cosTol, &down, &up) {
			return -1
		}
	}
	switch ok, certain := decide(&down, &up, p.reach, eps); {
	case !certain:
		return -1
	case ok:
		return 1
	}
	return 0
}

func (p *plan) newScan() *scan { return &scan{settled: make([]bool, len(p.t.Points))} }

// lineOf is scan.lines' entry for triangle t.
func lineOf(c *columns, t int32) [4]float64 {
	if math.Abs(c.plane[t][1]) >= 1e-6 {
		return [4]float64{0, 0, 0, -1}
	}
	// Along its longest edge, with the third corner's distance from it.
	p := c.xz[t]
	k, best := 0, -1.0
	for e := range 3 {
		a, b := p[e], p[(e+1)%3]
		if l := math.Hypot(b[0]-a[0], b[1]-a[1]); l > best {
			k, best = e, l
		}
	}
	if best == 0 {
		return [4]float64{0, 0, 0, -1}
	}
	a, b, o := p[k], p[(k+1)%3], p[(k+2)%3]
	nx, nz := -(b[1]-a[1])/best, (b[0]-a[0])/best
	off := -(nx*a[0] + nz*a[1])
	return [4]float64{nx, nz, off, math.Abs(nx*o[0]+nz*o[1]+off) + certaintyMargin}
}
