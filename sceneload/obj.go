package sceneload

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/foothold/foothold/scenes"
)

// objMaxLine bounds one OBJ line; a longer one is reported, not buffered.
const objMaxLine = 1 << 20

// objIgnored lists the OBJ statements that carry nothing a ray needs; they are
// accepted and skipped. Any other keyword is an error, so that a binary or
// foreign file is not read as an empty mesh.
var objIgnored = map[string]bool{
	"vt": true, "vn": true, "vp": true, "o": true, "g": true, "s": true,
	"usemtl": true, "mtllib": true, "l": true, "p": true, "mg": true,
	"cstype": true, "deg": true, "bmat": true, "step": true, "curv": true,
	"curv2": true, "surf": true, "parm": true, "trim": true, "hole": true,
	"scrv": true, "sp": true, "end": true, "con": true, "bevel": true,
	"c_interp": true, "d_interp": true, "lod": true, "shadow_obj": true,
	"trace_obj": true, "ctech": true, "stech": true, "maplib": true, "usemap": true,
}

// ReadOBJ reads a Wavefront OBJ stream line by line (the text is never held
// whole): "v" positions (extra components such as w or colours ignored), "f"
// faces of any size fan-triangulated, "v/vt/vn" index forms and negative
// (relative) indices. Comments, blank lines, CRLF and the statements in
// objIgnored are accepted. name is used in errors. The mesh is returned as
// read: not validated, no degenerate triangle dropped (Load does both).
func ReadOBJ(r io.Reader, name string) (*scenes.Mesh, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), objMaxLine)
	m := &scenes.Mesh{}
	var (
		line     int
		face     []int64
		fields   [][]byte
		maxIndex int64 // largest positive index seen, checked at the end
		maxLine  int
	)
	fail := func(format string, a ...any) error {
		return &scenes.ParseError{File: name, Line: line, Err: fmt.Errorf(format, a...)}
	}
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if i := bytes.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields = splitFields(text, fields[:0])
		if len(fields) == 0 {
			continue
		}
		switch kw := fields[0]; string(kw) {
		case "v":
			if len(fields) < 4 {
				return nil, fail("vertex has %d coordinates, want 3", len(fields)-1)
			}
			for k := 1; k <= 3; k++ {
				x, err := parseCoord(fields[k])
				if err != nil {
					return nil, fail("vertex coordinate %d %q: %v", k, fields[k], err)
				}
				m.Positions = append(m.Positions, x)
			}
		case "f":
			if len(fields) < 4 {
				return nil, fail("face has %d vertices, want at least 3", len(fields)-1)
			}
			face = face[:0]
			nv := int64(m.NumVertices())
			for _, tok := range fields[1:] {
				if i := bytes.IndexByte(tok, '/'); i >= 0 {
					tok = tok[:i]
				}
				ix, err := strconv.ParseInt(string(tok), 10, 64)
				switch {
				case err != nil:
					return nil, fail("face index %q is not an integer", tok)
				case ix == 0:
					return nil, fail("face index 0 (OBJ indices start at 1)")
				case ix < 0:
					ix += nv
					if ix < 0 {
						return nil, fail("relative face index %s reaches before the first vertex (%d vertices so far)", tok, nv)
					}
				default:
					ix--
					if ix > maxIndex {
						maxIndex, maxLine = ix, line
					}
				}
				if ix > math.MaxUint32-1 {
					return nil, fail("face index %s too large", tok)
				}
				face = append(face, ix)
			}
			for k := 1; k+1 < len(face); k++ {
				m.Indices = append(m.Indices, uint32(face[0]), uint32(face[k]), uint32(face[k+1]))
			}
		default:
			if !objIgnored[string(kw)] {
				return nil, fail("unknown statement %q", truncate(kw, 32))
			}
		}
	}
	if err := sc.Err(); err != nil {
		line++
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fail("line longer than %d bytes", objMaxLine)
		}
		return nil, fail("%v", err)
	}
	if nv := int64(m.NumVertices()); len(m.Indices) > 0 && maxIndex >= nv {
		line = maxLine
		return nil, fail("face index %d out of range: the file has %d vertices", maxIndex+1, nv)
	}
	return m, nil
}

func parseCoord(b []byte) (float32, error) {
	x, err := strconv.ParseFloat(string(b), 32)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			err = ne.Err
		}
		return 0, err
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, errNotFinite
	}
	return float32(x), nil
}

// splitFields splits on spaces and tabs (and a trailing CR) into dst.
func splitFields(b []byte, dst [][]byte) [][]byte {
	i := 0
	for i < len(b) {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if j > i {
			dst = append(dst, b[i:j])
		}
		i = j
	}
	return dst
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
