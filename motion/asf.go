package motion

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// ASF is an Acclaim skeleton (.asf), as CMU's database stores its subjects:
// the skeleton in the project's form, and what reading its motions (.amc)
// needs. Joint 0 is the root; bone b of the file is joint b's, placed at
// the bone's start (its parent's end), and each leaf bone ends in an end
// site.
type ASF struct {
	Skeleton *Skeleton
	// Per joint: the bone's axis frame C (motion turns the bone by
	// C·M·C⁻¹), the rotation channels an AMC line gives it, in the file's
	// order (0 x, 1 y, 2 z), and for the root the translation channels.
	axis  []mgl64.Quat
	dof   [][]int
	trans []int // root only: channel k of the AMC root line is translation axis trans[k], or -1
	scale float64
	deg   bool
}

// ASFOptions tune reading an ASF skeleton.
type ASFOptions struct {
	// Scale converts the file's lengths to metres. Zero means the file's
	// own ":units length" (lengths in 1/length inches, as CMU's 0.45 gives
	// CMUScale). [Limit: >= 0]
	Scale float64
}

// asfBone is a bone as the file gives it.
type asfBone struct {
	name      string
	dir       mgl64.Vec3
	length    float64
	axis      [3]float64
	axisOrder [3]int
	dof       []int
	line      int
}

// asfReader reads lines, counting them, for ASF and AMC files.
type asfReader struct {
	s    *bufio.Scanner
	name string
	line int
	text string
}

func newASFReader(rd io.Reader, name string) *asfReader {
	r := &asfReader{s: bufio.NewScanner(rd), name: name}
	r.s.Buffer(make([]byte, 64*1024), 1<<20)
	return r
}

func (r *asfReader) next() bool {
	for r.s.Scan() {
		r.line++
		r.text = strings.TrimSpace(r.s.Text())
		if r.text != "" && !strings.HasPrefix(r.text, "#") {
			return true
		}
	}
	return false
}

func (r *asfReader) errorf(format string, a ...any) error {
	return &BVHError{File: r.name, Line: r.line, Err: fmt.Errorf(format, a...)}
}

// ReadASF reads an Acclaim skeleton: its units, root, bone data and
// hierarchy. Bone directions are in the world at rest; an axis line gives
// the bone's frame as rotations in the order named (XYZ: about x first);
// dof lists its motion channels. name labels errors.
func ReadASF(rd io.Reader, name string, opt ASFOptions) (*ASF, error) {
	r := newASFReader(rd, name)
	if !(opt.Scale >= 0) || math.IsInf(opt.Scale, 0) {
		return nil, &BVHError{File: name, Err: fmt.Errorf("scale %g is not a length", opt.Scale)}
	}
	a := &ASF{scale: opt.Scale, deg: true}
	lengthUnit := 1.0
	var bones []asfBone
	var rootAxis [3]float64
	rootOrder := [3]int{0, 1, 2}
	children := map[string][]string{}
	section := ""
	haveRoot := false
	for r.next() {
		f := strings.Fields(r.text)
		if strings.HasPrefix(f[0], ":") {
			section = f[0]
			if section == ":root" {
				haveRoot = true
			}
			if section == ":name" || section == ":version" || section == ":documentation" {
				section = ":skip"
			}
			continue
		}
		var err error
		switch section {
		case ":units":
			err = a.readUnit(f, &lengthUnit)
		case ":root":
			err = a.readRoot(f, &rootAxis, &rootOrder)
		case ":bonedata":
			bones, err = readBoneLine(r, f, bones)
		case ":hierarchy":
			if f[0] != "begin" && f[0] != "end" {
				if len(f) < 2 {
					err = fmt.Errorf("a hierarchy line names a parent and its children")
				}
				children[f[0]] = append(children[f[0]], f[1:]...)
			}
		case ":skip":
		default:
			err = fmt.Errorf("%q outside any section", f[0])
		}
		if err != nil {
			return nil, r.errorf("%v", err)
		}
	}
	if err := r.s.Err(); err != nil {
		return nil, &BVHError{File: name, Line: r.line, Err: err}
	}
	if !haveRoot || len(bones) == 0 {
		return nil, &BVHError{File: name, Err: fmt.Errorf("no :root or no :bonedata")}
	}
	if a.scale == 0 {
		a.scale = 0.0254 / lengthUnit
	}
	if err := a.build(bones, children, rootAxis, rootOrder); err != nil {
		return nil, &BVHError{File: name, Err: err}
	}
	return a, nil
}

// axisIndex maps "x", "X", "rx", "TX"... to 0, 1, 2 (the last letter).
func axisIndex(s string) (int, bool) {
	switch strings.ToLower(s[len(s)-1:]) {
	case "x":
		return 0, true
	case "y":
		return 1, true
	case "z":
		return 2, true
	}
	return 0, false
}

func floats(f []string, n int) ([]float64, error) {
	if len(f) < n {
		return nil, fmt.Errorf("%q needs %d numbers", strings.Join(f, " "), n)
	}
	out := make([]float64, n)
	for i := range out {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%q is not a finite number", f[i])
		}
		out[i] = v
	}
	return out, nil
}

// order reads an axis order such as "XYZ".
func order(s string) ([3]int, error) {
	var o [3]int
	if len(s) != 3 {
		return o, fmt.Errorf("axis order %q is not three axes", s)
	}
	seen := [3]bool{}
	for i := range 3 {
		k, ok := axisIndex(s[i : i+1])
		if !ok || seen[k] {
			return o, fmt.Errorf("axis order %q is not three distinct axes", s)
		}
		o[i], seen[k] = k, true
	}
	return o, nil
}

func (a *ASF) readUnit(f []string, length *float64) error {
	switch f[0] {
	case "length":
		v, err := floats(f[1:], 1)
		if err != nil || !(v[0] > 0) {
			return fmt.Errorf("length unit %q is not a positive number", strings.Join(f[1:], " "))
		}
		*length = v[0]
	case "angle":
		if len(f) < 2 || (f[1] != "deg" && f[1] != "rad") {
			return fmt.Errorf("angle unit must be deg or rad")
		}
		a.deg = f[1] == "deg"
	}
	return nil
}

func (a *ASF) readRoot(f []string, angles *[3]float64, ord *[3]int) error {
	var err error
	switch f[0] {
	case "order":
		a.trans, a.dof = nil, [][]int{nil}
		for _, c := range f[1:] {
			k, ok := axisIndex(c)
			switch {
			case !ok || len(c) != 2:
				return fmt.Errorf("root channel %q is not TX, TY, TZ, RX, RY or RZ", c)
			case c[0] == 'T' || c[0] == 't':
				a.trans = append(a.trans, k)
			case c[0] == 'R' || c[0] == 'r':
				a.trans = append(a.trans, -1)
				a.dof[0] = append(a.dof[0], k)
			default:
				return fmt.Errorf("root channel %q is not TX, TY, TZ, RX, RY or RZ", c)
			}
		}
	case "axis":
		if len(f) < 2 {
			return fmt.Errorf("the root's axis line names an order")
		}
		*ord, err = order(f[1])
	case "orientation":
		var v []float64
		if v, err = floats(f[1:], 3); err == nil {
			*angles = [3]float64{v[0], v[1], v[2]}
		}
	}
	return err
}

// readBoneLine reads one line of :bonedata into the last bone.
func readBoneLine(r *asfReader, f []string, bones []asfBone) ([]asfBone, error) {
	if f[0] == "begin" {
		return append(bones, asfBone{axisOrder: [3]int{0, 1, 2}, line: r.line}), nil
	}
	if len(bones) == 0 {
		return bones, fmt.Errorf("%q before the first begin", f[0])
	}
	b := &bones[len(bones)-1]
	var err error
	var v []float64
	switch f[0] {
	case "name":
		if len(f) < 2 {
			return bones, fmt.Errorf("a bone's name is missing")
		}
		b.name = f[1]
	case "direction":
		if v, err = floats(f[1:], 3); err == nil {
			b.dir = mgl64.Vec3{v[0], v[1], v[2]}
		}
	case "length":
		if v, err = floats(f[1:], 1); err == nil {
			b.length = v[0]
		}
	case "axis":
		if v, err = floats(f[1:], 3); err == nil && len(f) > 4 {
			b.axis = [3]float64{v[0], v[1], v[2]}
			b.axisOrder, err = order(f[4])
		}
	case "dof":
		for _, c := range f[1:] {
			k, ok := axisIndex(c)
			if !ok || len(c) != 2 || (c[0] != 'r' && c[0] != 'R') {
				return bones, fmt.Errorf("bone %q: dof %q is not rx, ry or rz (translating bones are not read)", b.name, c)
			}
			b.dof = append(b.dof, k)
		}
	}
	return bones, err
}

// build turns the bones and hierarchy into the skeleton: parents before
// children, in the hierarchy's order.
func (a *ASF) build(bones []asfBone, children map[string][]string, rootAxis [3]float64, rootOrder [3]int) error {
	byName := map[string]int{}
	for i, b := range bones {
		if b.name == "" || b.name == "root" {
			return fmt.Errorf("bone at line %d has no name, or is called root", b.line)
		}
		if _, dup := byName[b.name]; dup {
			return fmt.Errorf("bone %q is defined twice (line %d)", b.name, b.line)
		}
		if b.dir.Len() == 0 || !(b.length >= 0) {
			return fmt.Errorf("bone %q (line %d) has no direction or a negative length", b.name, b.line)
		}
		byName[b.name] = i
	}
	sk := &Skeleton{Names: []string{"root"}, Parents: []int{-1}, Offsets: []mgl64.Vec3{{}},
		Channels: [][]Channel{{Xposition, Yposition, Zposition, Zrotation, Yrotation, Xrotation}}, EndSite: []bool{false}}
	if a.dof == nil {
		a.dof, a.trans = [][]int{{0, 1, 2}}, []int{0, 1, 2, -1, -1, -1}
	}
	a.axis = []mgl64.Quat{a.frame(rootAxis, rootOrder)}
	placed := map[string]bool{}
	var add func(parent string, pj int) error
	add = func(parent string, pj int) error {
		for _, c := range children[parent] {
			i, ok := byName[c]
			if !ok || placed[c] {
				return fmt.Errorf("hierarchy: bone %q is not defined, or has two parents", c)
			}
			placed[c] = true
			b := bones[i]
			var off mgl64.Vec3
			if parent != "root" {
				pb := bones[byName[parent]]
				off = pb.dir.Normalize().Mul(pb.length * a.scale)
			}
			j := len(sk.Names)
			chans := []Channel{}
			if len(b.dof) > 0 {
				chans = []Channel{Zrotation, Yrotation, Xrotation}
			}
			sk.Names, sk.Parents, sk.Offsets = append(sk.Names, b.name), append(sk.Parents, pj), append(sk.Offsets, off)
			sk.Channels, sk.EndSite = append(sk.Channels, chans), append(sk.EndSite, false)
			a.axis, a.dof = append(a.axis, a.frame(b.axis, b.axisOrder)), append(a.dof, b.dof)
			if err := add(c, j); err != nil {
				return err
			}
			if len(children[c]) == 0 {
				sk.Names, sk.Parents = append(sk.Names, b.name+"_End"), append(sk.Parents, j)
				sk.Offsets = append(sk.Offsets, b.dir.Normalize().Mul(b.length*a.scale))
				sk.Channels, sk.EndSite = append(sk.Channels, nil), append(sk.EndSite, true)
				a.axis, a.dof = append(a.axis, mgl64.QuatIdent()), append(a.dof, nil)
			}
		}
		return nil
	}
	if err := add("root", 0); err != nil {
		return err
	}
	for _, b := range bones {
		if !placed[b.name] {
			return fmt.Errorf("bone %q (line %d) is not in the hierarchy under root", b.name, b.line)
		}
	}
	a.Skeleton = sk
	return sk.Validate()
}

// frame is the rotation of angles about the axes of ord, the first applied
// first (innermost), as ASF axis lines and AMC channels compose.
func (a *ASF) frame(angles [3]float64, ord [3]int) mgl64.Quat {
	k := 1.0
	if a.deg {
		k = math.Pi / 180
	}
	return EulerToQuat([3]int{ord[2], ord[1], ord[0]}, [3]float64{angles[2] * k, angles[1] * k, angles[0] * k})
}

// AMCOptions tune reading an AMC motion.
type AMCOptions struct {
	// FrameTime is the time between frames (AMC files do not say; CMU
	// captured at 120 Hz). Zero means 1/120 s. [Units: s] [Limit: >= 0]
	FrameTime float64
}

// ReadAMC reads an Acclaim motion for skeleton a: frames numbered from 1,
// each a line per bone with motion ("root" first: the channels of the ASF's
// root order), angles in degrees unless the file says :RADIANS. A bone
// turns by C·M·C⁻¹, C its axis frame and M its channels composed in the
// listed order, the first innermost. name labels errors.
func ReadAMC(rd io.Reader, name string, a *ASF, opt AMCOptions) (*Clip, error) {
	if !(opt.FrameTime >= 0) || math.IsInf(opt.FrameTime, 0) {
		return nil, &BVHError{File: name, Err: fmt.Errorf("frame time %g is not a time", opt.FrameTime)}
	}
	if opt.FrameTime == 0 {
		opt.FrameTime = 1.0 / 120
	}
	r := newASFReader(rd, name)
	sk := a.Skeleton
	n := sk.NumJoints()
	index := map[string]int{}
	for j, nm := range sk.Names {
		if len(a.dof[j]) > 0 || j == 0 {
			index[nm] = j
		}
	}
	c := &Clip{Skeleton: sk, FrameTime: opt.FrameTime}
	deg := true
	seen := make([]bool, n)
	frame := 0
	for r.next() {
		f := strings.Fields(r.text)
		switch {
		case strings.HasPrefix(f[0], ":"):
			if frame > 0 {
				return nil, r.errorf("%s after the first frame", f[0])
			}
			deg = deg && f[0] != ":RADIANS"
			continue
		case len(f) == 1:
			num, err := strconv.Atoi(f[0])
			if err != nil || num != frame+1 {
				return nil, r.errorf("frame number %q, want %d", f[0], frame+1)
			}
			if err := a.complete(seen, frame); err != nil {
				return nil, r.errorf("%v", err)
			}
			frame++
			c.Trans, c.Rot = append(c.Trans, sk.Offsets...), append(c.Rot, make([]mgl64.Quat, n)...)
			for j := range n {
				c.Rot[(frame-1)*n+j], seen[j] = mgl64.QuatIdent(), false
			}
			continue
		}
		j, ok := index[f[0]]
		switch {
		case frame == 0:
			return nil, r.errorf("%q before the first frame number", f[0])
		case !ok:
			return nil, r.errorf("%q is no bone with motion in the skeleton", f[0])
		case seen[j]:
			return nil, r.errorf("%q twice in frame %d", f[0], frame)
		}
		seen[j] = true
		if err := a.pose(c, frame-1, j, f[1:], deg); err != nil {
			return nil, r.errorf("%s: %v", f[0], err)
		}
	}
	if err := r.s.Err(); err != nil {
		return nil, &BVHError{File: name, Line: r.line, Err: err}
	}
	if frame == 0 {
		return nil, &BVHError{File: name, Err: fmt.Errorf("no frames")}
	}
	if err := a.complete(seen, frame); err != nil {
		return nil, &BVHError{File: name, Line: r.line, Err: err}
	}
	return c, nil
}

// complete checks that frame (from 1; 0: none yet) gave every bone with
// motion.
func (a *ASF) complete(seen []bool, frame int) error {
	if frame == 0 {
		return nil
	}
	for j, s := range seen {
		if !s && (j == 0 || len(a.dof[j]) > 0) {
			return fmt.Errorf("frame %d does not give %q", frame, a.Skeleton.Names[j])
		}
	}
	return nil
}

// pose sets joint j of frame f from an AMC line's values.
func (a *ASF) pose(c *Clip, f, j int, vals []string, deg bool) error {
	want := len(a.dof[j])
	if j == 0 {
		want = len(a.trans)
	}
	v, err := floats(vals, want)
	if err != nil || len(vals) != want {
		return fmt.Errorf("want %d numbers, have %q", want, strings.Join(vals, " "))
	}
	k := 1.0
	if deg {
		k = math.Pi / 180
	}
	n := a.Skeleton.NumJoints()
	m := mgl64.QuatIdent()
	r := 0
	for i, x := range v {
		if j == 0 && a.trans[i] >= 0 {
			c.Trans[f*n][a.trans[i]] = x * a.scale
			continue
		}
		// Each channel applies after (outside) the ones before it.
		m = mgl64.QuatRotate(x*k, axes[a.dof[j][r]]).Mul(m)
		r++
	}
	c.Rot[f*n+j] = a.axis[j].Mul(m).Mul(a.axis[j].Inverse()).Normalize()
	return nil
}
