package ccdprim_test

import (
	"bufio"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/foothold/foothold/ccdprim"
	"github.com/foothold/foothold/internal/shareddata"
	"github.com/foothold/foothold/internal/tier"
)

// query is one benchmark query: eight points (t0's four, then t1's) and
// whether the primitives touch.
type query struct {
	pts   [8]mgl64.Vec3
	truth bool
}

// readQueries reads a Sample-Queries file: every 8 rows one query, each
// row x_num,x_den,y_num,y_den,z_num,z_den,truth of exact rationals.
func readQueries(t *testing.T, path string) []query {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []query
	var q query
	sc := bufio.NewScanner(f)
	row := 0
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(fields) != 7 {
			t.Fatalf("%s:%d: %d fields, want 7", path, line, len(fields))
		}
		for a := range 3 {
			r, ok := new(big.Rat).SetString(fields[2*a] + "/" + fields[2*a+1])
			if !ok {
				t.Fatalf("%s:%d: bad rational %s/%s", path, line, fields[2*a], fields[2*a+1])
			}
			q.pts[row][a], _ = r.Float64()
		}
		if fields[6] == "1" {
			q.truth = true
		}
		if row++; row == 8 {
			out = append(out, q)
			q, row = query{}, 0
		}
	}
	if row != 0 {
		t.Fatalf("%s: %d rows left over", path, row)
	}
	return out
}

// Every colliding query of the CCD benchmark's sample queries (Wang et
// al. 2021: hand-crafted degenerate scenes and unit tests, exact ground
// truth) is reported as a contact; the false positives are counted and
// reported. The default tier asks every fifth query, the long tier all.
func TestSampleQueries(t *testing.T) {
	dir := shareddata.Path(t, "ccd")
	for _, kind := range []string{"vertex-face", "edge-edge"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*", kind, "*.csv"))
		if len(files) == 0 {
			t.Fatalf("no %s queries in %s", kind, dir)
		}
		var n, colliding, falseNeg, falsePos, boxes, exhausted int
		for _, path := range files {
			for i, q := range readQueries(t, path) {
				if !tier.Long() && i%5 != 0 {
					continue
				}
				p := q.pts
				var r ccdprim.Result
				if kind == "vertex-face" {
					r = ccdprim.VertexFace(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], ccdprim.Options{})
				} else {
					r = ccdprim.EdgeEdge(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], ccdprim.Options{})
				}
				n++
				boxes += r.Boxes
				switch {
				case q.truth:
					colliding++
					if !r.Hit {
						falseNeg++
						t.Errorf("%s query %d: a contact missed", filepath.Join(filepath.Base(filepath.Dir(filepath.Dir(path))), kind, filepath.Base(path)), i)
					}
				case r.Hit:
					falsePos++
					if r.Boxes >= 100000 {
						exhausted++ // the search ran out of boxes: a contact, to be safe
					}
				}
			}
		}
		t.Logf("%s: %d queries, %d colliding, %d missed, %d false positives (%.1f%% of the %d that do not touch; %d of them out of boxes); %.0f boxes a query",
			kind, n, colliding, falseNeg, falsePos, 100*float64(falsePos)/float64(n-colliding), n-colliding, exhausted, float64(boxes)/float64(n))
	}
}
