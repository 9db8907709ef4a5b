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

// BVH limits: a file past these is refused before it is read further.
const (
	maxBVHJoints = 4096
	maxBVHFrames = 1 << 24
)

// CMUScale converts the CMU database's units to metres (hip height about
// 17 units, 0.96 m).
const CMUScale = 0.056444

// BVHOptions controls ReadBVH.
type BVHOptions struct {
	// Scale converts file units to metres (CMU files: 0.056444; files in
	// centimetres: 0.01). Zero means 1.
	Scale float64
}

// BVHError is bad input at a line of a BVH file.
type BVHError struct {
	File string
	Line int
	Err  error
}

func (e *BVHError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *BVHError) Unwrap() error { return e.Err }

// ReadBVH reads a Biovision hierarchy: any joint may have any of the six
// channels in any order (rotations compose in the listed order, the first
// outermost); End Site blocks become end-site joints named after their
// parent with an "_End" suffix. Position channels give the joint's local
// translation (they replace the OFFSET on the axes they name), so a root
// with position channels is placed where the channels say. Offsets and
// positions are multiplied by opt.Scale. Whole frames after the count the
// header declares are read too (exporters miscount). name labels errors.
func ReadBVH(r io.Reader, name string, opt BVHOptions) (*Clip, error) {
	scale := opt.Scale
	if scale == 0 {
		scale = 1
	}
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, &BVHError{File: name, Err: fmt.Errorf("scale %g is not positive", opt.Scale)}
	}
	p := &bvhParser{tok: newTokenizer(r), file: name}
	sk, err := p.hierarchy(scale)
	if err != nil {
		return nil, err
	}
	c, err := p.motion(sk, scale)
	if err != nil {
		return nil, err
	}
	return c, nil
}

type tokenizer struct {
	sc     *bufio.Scanner
	line   int
	fields []string
	err    error
}

func newTokenizer(r io.Reader) *tokenizer {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	return &tokenizer{sc: sc}
}

// next returns the next token and its line; "" at the end of input.
func (t *tokenizer) next() (string, int) {
	for len(t.fields) == 0 {
		if !t.sc.Scan() {
			t.err = t.sc.Err()
			return "", t.line
		}
		t.line++
		t.fields = strings.Fields(t.sc.Text())
	}
	tok := t.fields[0]
	t.fields = t.fields[1:]
	return tok, t.line
}

// restOfLine returns the remaining tokens of the current line.
func (t *tokenizer) restOfLine() []string {
	f := t.fields
	t.fields = nil
	return f
}

type bvhParser struct {
	tok  *tokenizer
	file string
	line int
}

func (p *bvhParser) fail(format string, a ...any) error {
	return &BVHError{File: p.file, Line: p.line, Err: fmt.Errorf(format, a...)}
}

func (p *bvhParser) next() string {
	s, line := p.tok.next()
	p.line = line
	return s
}

func (p *bvhParser) expect(want string) error {
	got := p.next()
	if got == "" && p.tok.err != nil {
		return p.fail("reading: %v", p.tok.err)
	}
	if !strings.EqualFold(got, want) {
		if got == "" {
			return p.fail("unexpected end of file, want %q", want)
		}
		return p.fail("want %q, got %q", want, got)
	}
	return nil
}

// line1 returns the tokens of the next non-empty line (frames are one per
// line).
func (p *bvhParser) line1(what string) ([]string, error) {
	if rest := p.tok.restOfLine(); len(rest) > 0 {
		return nil, p.fail("unexpected %q", rest[0])
	}
	tok := p.next()
	if tok == "" {
		if p.tok.err != nil {
			return nil, p.fail("reading: %v", p.tok.err)
		}
		return nil, p.fail("unexpected end of file, want %s", what)
	}
	return append([]string{tok}, p.tok.restOfLine()...), nil
}

func (p *bvhParser) number(what string) (float64, error) {
	s := p.next()
	if s == "" {
		return 0, p.fail("unexpected end of file, want %s", what)
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, p.fail("%s: %q is not a finite number", what, s)
	}
	return x, nil
}

func (p *bvhParser) hierarchy(scale float64) (*Skeleton, error) {
	if err := p.expect("HIERARCHY"); err != nil {
		return nil, err
	}
	if err := p.expect("ROOT"); err != nil {
		return nil, err
	}
	sk := &Skeleton{}
	if err := p.joint(sk, -1, scale); err != nil {
		return nil, err
	}
	if err := sk.Validate(); err != nil {
		return nil, p.fail("%v", err)
	}
	return sk, nil
}

// joint reads a joint's name and block; the keyword ROOT or JOINT is read.
func (p *bvhParser) joint(sk *Skeleton, parent int, scale float64) error {
	words := p.tok.restOfLine()
	if len(words) == 0 {
		return p.fail("joint without a name")
	}
	open := false
	if words[len(words)-1] == "{" {
		words, open = words[:len(words)-1], true
	}
	name := strings.Join(words, " ")
	if name == "" {
		return p.fail("joint without a name")
	}
	if sk.Index(name) >= 0 {
		return p.fail("joint name %q used twice", name)
	}
	if len(sk.Names) >= maxBVHJoints {
		return p.fail("more than %d joints", maxBVHJoints)
	}
	if !open {
		if err := p.expect("{"); err != nil {
			return err
		}
	}
	id := len(sk.Names)
	sk.Names = append(sk.Names, name)
	sk.Parents = append(sk.Parents, parent)
	sk.Offsets = append(sk.Offsets, mgl64.Vec3{})
	sk.Channels = append(sk.Channels, []Channel{})
	sk.EndSite = append(sk.EndSite, false)
	haveOffset, haveChannels := false, false
	for {
		kw := p.next()
		switch strings.ToUpper(kw) {
		case "OFFSET":
			if haveOffset {
				return p.fail("joint %q has two OFFSETs", name)
			}
			off, err := p.vec3("OFFSET")
			if err != nil {
				return err
			}
			sk.Offsets[id], haveOffset = off.Mul(scale), true
		case "CHANNELS":
			if haveChannels {
				return p.fail("joint %q has two CHANNELS lines", name)
			}
			chs, err := p.channels()
			if err != nil {
				return err
			}
			sk.Channels[id], haveChannels = chs, true
		case "JOINT":
			if err := p.joint(sk, id, scale); err != nil {
				return err
			}
		case "END":
			if err := p.endSite(sk, id, scale); err != nil {
				return err
			}
		case "}":
			if !haveOffset {
				return p.fail("joint %q has no OFFSET", name)
			}
			if !haveChannels {
				return p.fail("joint %q has no CHANNELS", name)
			}
			return nil
		case "":
			if p.tok.err != nil {
				return p.fail("reading: %v", p.tok.err)
			}
			return p.fail("unexpected end of file inside joint %q", name)
		default:
			return p.fail("unexpected %q inside joint %q", kw, name)
		}
	}
}

func (p *bvhParser) endSite(sk *Skeleton, parent int, scale float64) error {
	if err := p.expect("Site"); err != nil {
		return err
	}
	if err := p.expect("{"); err != nil {
		return err
	}
	if err := p.expect("OFFSET"); err != nil {
		return err
	}
	off, err := p.vec3("OFFSET")
	if err != nil {
		return err
	}
	if err := p.expect("}"); err != nil {
		return err
	}
	name := sk.Names[parent] + "_End"
	for k := 2; sk.Index(name) >= 0; k++ {
		name = fmt.Sprintf("%s_End%d", sk.Names[parent], k)
	}
	if len(sk.Names) >= maxBVHJoints {
		return p.fail("more than %d joints", maxBVHJoints)
	}
	sk.Names = append(sk.Names, name)
	sk.Parents = append(sk.Parents, parent)
	sk.Offsets = append(sk.Offsets, off.Mul(scale))
	sk.Channels = append(sk.Channels, nil)
	sk.EndSite = append(sk.EndSite, true)
	return nil
}

func (p *bvhParser) vec3(what string) (mgl64.Vec3, error) {
	var v mgl64.Vec3
	for k := range 3 {
		x, err := p.number(what)
		if err != nil {
			return v, err
		}
		v[k] = x
	}
	return v, nil
}

func (p *bvhParser) channels() ([]Channel, error) {
	s := p.next()
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 6 {
		return nil, p.fail("CHANNELS count %q: want 0 to 6", s)
	}
	out := make([]Channel, 0, n)
	var seen [6]bool
	for range n {
		w := p.next()
		c := -1
		for i, cn := range channelNames {
			if strings.EqualFold(w, cn) {
				c = i
			}
		}
		if c < 0 {
			return nil, p.fail("unknown channel %q (want Xposition, Yposition, Zposition, Xrotation, Yrotation or Zrotation)", w)
		}
		if seen[c] {
			return nil, p.fail("channel %s listed twice", channelNames[c])
		}
		seen[c] = true
		out = append(out, Channel(c))
	}
	return out, nil
}

func (p *bvhParser) motion(sk *Skeleton, scale float64) (*Clip, error) {
	if err := p.expect("MOTION"); err != nil {
		return nil, err
	}
	if err := p.expect("Frames:"); err != nil {
		return nil, err
	}
	s := p.next()
	frames, err := strconv.Atoi(s)
	if err != nil || frames < 1 || frames > maxBVHFrames {
		return nil, p.fail("frame count %q: want 1 to %d", s, maxBVHFrames)
	}
	if err := p.expect("Frame"); err != nil {
		return nil, err
	}
	if err := p.expect("Time:"); err != nil {
		return nil, err
	}
	ft, err := p.number("frame time")
	if err != nil {
		return nil, err
	}
	if !(ft > 0) {
		return nil, p.fail("frame time %g is not positive", ft)
	}
	nch := 0
	for _, ch := range sk.Channels {
		nch += len(ch)
	}
	// The arrays grow as frames arrive, so a header promising millions of
	// frames costs nothing until the numbers are there.
	c := &Clip{Skeleton: sk, FrameTime: ft}
	vals := make([]float64, nch)
	for f := range frames {
		words, err := p.line1(fmt.Sprintf("frame %d of %d", f+1, frames))
		if err != nil {
			return nil, err
		}
		if err := p.frameValues(words, vals, fmt.Sprintf("frame %d of %d", f+1, frames)); err != nil {
			return nil, err
		}
		p.appendFrame(c, vals, scale)
	}
	// Exporters miscount: whole frames after the declared ones are read
	// too; anything else there is an error.
	for extra := p.next(); extra != ""; extra = p.next() {
		words := append([]string{extra}, p.tok.restOfLine()...)
		if len(words) != nch {
			return nil, p.fail("unexpected %q after the %d frames the header declares", extra, frames)
		}
		if err := p.frameValues(words, vals, fmt.Sprintf("frame %d (after the %d the header declares)", c.Frames()+1, frames)); err != nil {
			return nil, err
		}
		p.appendFrame(c, vals, scale)
	}
	if p.tok.err != nil {
		return nil, p.fail("reading: %v", p.tok.err)
	}
	return c, nil
}

// appendFrame converts one frame's channel values to local translations and
// rotations.
func (p *bvhParser) appendFrame(c *Clip, vals []float64, scale float64) {
	sk := c.Skeleton
	k := 0
	for j, chs := range sk.Channels {
		t := sk.Offsets[j]
		q := mgl64.QuatIdent()
		for _, ch := range chs {
			x := vals[k]
			k++
			if ch.IsRotation() {
				q = q.Mul(mgl64.QuatRotate(x*math.Pi/180, axes[ch.axis()]))
			} else {
				t[ch.axis()] = x * scale
			}
		}
		c.Trans = append(c.Trans, t)
		c.Rot = append(c.Rot, q.Normalize())
	}
}

// frameValues parses one frame's words into vals, one per channel.
func (p *bvhParser) frameValues(words []string, vals []float64, what string) error {
	if len(words) != len(vals) {
		return p.fail("%s has %d values, the hierarchy has %d channels", what, len(words), len(vals))
	}
	for k, w := range words {
		x, err := strconv.ParseFloat(w, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return p.fail("%s, value %d: %q is not a finite number", what, k+1, w)
		}
		vals[k] = x
	}
	return nil
}
