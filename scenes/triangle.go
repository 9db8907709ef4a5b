package scenes

import "math"

// triVerts holds one triangle's corners in lanes 0-2 of its rows, so that
// the permuted-axis loads of the watertight test index with k&3 and need no
// bounds check; lane 3 of the three rows holds the unit normal (x, y, z), so
// a hit needs no square root. 48 bytes.
type triVerts [3][4]float32

// rayPrep is a ray transformed once for the watertight ray-triangle test
// (Woop, Benthin, Wald 2013, "Watertight Ray/Triangle Intersection") and for
// slab tests against node boxes.
//
// rayBoxes.o is the origin and rayBoxes.inv is 1/dir per axis, zero
// components replaced by ±tinyDir.
type rayPrep struct {
	rayBoxes
	dir        [4]float32 // the ray's direction
	kx, ky, kz uint8      // axes permuted so that kz is the largest |dir| axis
	cull       bool       // ignore back faces
	sheared    bool       // kx..sz are set (initShear)
	sx, sy, sz float32    // shear constants
}

// nextAxis[k] is the axis after k, cyclically.
var nextAxis = [4]uint8{1, 2, 0, 0}

// tinyDir replaces zero direction components so that 1/dir stays finite and
// (bound - origin) * inv never computes 0·∞.
const tinyDir = 1e-30

func (p *rayPrep) init(r *Ray) {
	d := [4]float32{r.Dir[0], r.Dir[1], r.Dir[2], 0}
	p.o = [4]float32{r.Origin[0], r.Origin[1], r.Origin[2], 0}
	for k := 0; k < 3; k++ {
		dk := d[k]
		neg := math.Float32bits(dk) >> 31
		if dk == 0 {
			dk = math.Float32frombits(math.Float32bits(tinyDir) | neg<<31)
		}
		p.inv[k] = 1 / dk
		const plane, axis = 4 * bvhWidth * 3, 4 * bvhWidth // bytes per box[i], box[i][k]
		p.nearOff[k] = neg*plane + uint32(k)*axis
		p.farOff[k] = (1-neg)*plane + uint32(k)*axis
	}
	p.cull = r.BackfaceCull
	p.tmin, p.tmax = r.TMin, r.TMax
	p.dir = d
}

// initShear sets up the watertight test's permutation and shear. It runs at
// the first leaf a ray reaches; most long rays reach none.
func (p *rayPrep) initShear() {
	d := p.dir
	// kz = the axis of largest |d|; written as selects, which the compiler
	// turns into conditional moves (random directions mispredict branches).
	kz, m := uint8(0), abs32(d[0])
	if a := abs32(d[1]); a > m {
		kz, m = 1, a
	}
	if a := abs32(d[2]); a > m {
		kz = 2
	}
	kx, ky := nextAxis[kz&3], nextAxis[nextAxis[kz&3]&3]
	if d[kz&3] < 0 { // keep the winding of the permuted frame
		kx, ky = ky, kx
	}
	p.kx, p.ky, p.kz = kx, ky, kz
	p.sz = p.inv[kz&3]
	p.sx = d[kx&3] * p.sz
	p.sy = d[ky&3] * p.sz
	p.sheared = true
}

// intersect returns the hit parameter of t in [tmin, tmax] and whether the
// ray hits its back. Edges and corners are inclusive and shared edges are
// watertight: a ray through an edge hits at least one of its triangles.
func (p *rayPrep) intersect(t *triVerts, tmin, tmax float32) (float32, bool, bool) {
	if !p.sheared {
		p.initShear()
	}
	kx, ky, kz := p.kx&3, p.ky&3, p.kz&3 // &3: no bounds checks on [4] arrays
	ox, oy, oz := p.o[kx], p.o[ky], p.o[kz]
	az := t[0][kz] - oz
	bz := t[1][kz] - oz
	cz := t[2][kz] - oz
	ax := t[0][kx] - ox - p.sx*az
	ay := t[0][ky] - oy - p.sy*az
	bx := t[1][kx] - ox - p.sx*bz
	by := t[1][ky] - oy - p.sy*bz
	cx := t[2][kx] - ox - p.sx*cz
	cy := t[2][ky] - oy - p.sy*cz
	// Edge functions. The float32 conversions round each product, so the
	// compiler may not fuse them into an FMA (the Go spec allows fusion
	// otherwise): the shared edge of two triangles must give exactly opposite
	// values in both, which is what makes the test watertight.
	u := float32(cx*by) - float32(cy*bx)
	v := float32(ax*cy) - float32(ay*cx)
	w := float32(bx*ay) - float32(by*ax)
	if u*v*w == 0 {
		// On an edge in float32 (or a product that underflowed): decide in
		// float64, where the products of float32 values are exact, so both
		// triangles of an edge agree.
		u = float32(float64(cx)*float64(by) - float64(cy)*float64(bx))
		v = float32(float64(ax)*float64(cy) - float64(ay)*float64(cx))
		w = float32(float64(bx)*float64(ay) - float64(by)*float64(ax))
	}
	if min(u, v, w) < 0 && max(u, v, w) > 0 { // mixed signs: outside
		return 0, false, false
	}
	det := u + v + w
	if det == 0 {
		return 0, false, false // ray parallel to the plane, or a degenerate triangle
	}
	back := det < 0
	if back && p.cull {
		return 0, false, false
	}
	tt := (u*az + v*bz + w*cz) * p.sz / det
	if tt < tmin || tt > tmax || tt != tt {
		return 0, false, false
	}
	return tt, back, true
}

func abs32(x float32) float32 {
	return math.Float32frombits(math.Float32bits(x) &^ (1 << 31))
}
