package character

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// trs is a node's local transform: translation, rotation, scale, or a
// matrix for nodes that give one (they cannot be animated).
type trs struct {
	t      mgl64.Vec3
	r      mgl64.Quat
	s      mgl64.Vec3
	matrix *mgl64.Mat4
}

// restTRS is a node's rest transform; non-finite numbers are refused.
func restTRS(n *gltf.Node) (trs, error) {
	if m := n.MatrixOrDefault(); m != gltf.DefaultMatrix {
		mm := mgl64.Mat4(m)
		if !finite(mm[:]...) {
			return trs{}, fmt.Errorf("matrix is not finite")
		}
		return trs{matrix: &mm}, nil
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	out := trs{t: mgl64.Vec3(t), r: mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}, s: mgl64.Vec3(s)}
	if !finite(out.t[:]...) || !finite(out.s[:]...) || !finite(r[:]...) {
		return out, fmt.Errorf("transform is not finite")
	}
	if l := out.r.Len(); l > 1e-9 {
		out.r = out.r.Scale(1 / l)
	} else {
		return out, fmt.Errorf("rotation %v is not a quaternion", r)
	}
	return out, nil
}

// mat4 is the transform as a matrix, T·R·S.
func (l *trs) mat4() mgl64.Mat4 {
	if l.matrix != nil {
		return *l.matrix
	}
	return mgl64.Translate3D(l.t[0], l.t[1], l.t[2]).Mul4(l.r.Mat4()).Mul4(mgl64.Scale3D(l.s[0], l.s[1], l.s[2]))
}

// rotationOf is the rotation of a world matrix's linear part: the nearest
// rotation (polar decomposition by Newton's iteration from the matrix with
// unit columns). It is exact for rotations times any scale along the
// bone's own axes; with shear it is the best rotation. Singular and
// mirroring matrices are refused.
func rotationOf(m mgl64.Mat4) (mgl64.Quat, error) {
	a := m.Mat3()
	for k := range 3 {
		c := a.Col(k)
		l := c.Len()
		if !(l > 1e-12) || math.IsInf(l, 0) {
			return mgl64.Quat{}, fmt.Errorf("transform is singular")
		}
		a.SetCol(k, c.Mul(1/l))
	}
	if a.Det() <= 0 {
		return mgl64.Quat{}, fmt.Errorf("transform mirrors (negative determinant)")
	}
	for range 30 {
		next := a.Add(a.Inv().Transpose()).Mul(0.5)
		d := next.Sub(a)
		a = next
		if math.Abs(d[0])+math.Abs(d[4])+math.Abs(d[8])+math.Abs(d[1])+math.Abs(d[3]) < 1e-14 {
			break
		}
	}
	return mgl64.Mat4ToQuat(a.Mat4()).Normalize(), nil
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
