package supporttree

import "fmt"

// Box is a box of lattice positions, Min to Max inclusive on each axis
// (x, y, z).
type Box struct{ Min, Max [3]int32 }

// Contains reports whether position (x, y, z) lies in b.
func (b Box) Contains(x, y, z int32) bool {
	return x >= b.Min[0] && x <= b.Max[0] && y >= b.Min[1] && y <= b.Max[1] && z >= b.Min[2] && z <= b.Max[2]
}

// Splice returns t with its positions inside box replaced by the given
// ones (keys sorted as Key sorts them, each inside box, with their yaw
// sets; an empty set leaves its position out): the tree New makes of t's
// positions outside box and these. t is unchanged. It costs a pass over
// t's runs, not its positions.
func (t *Tree) Splice(box Box, keys, masks []uint64) (*Tree, error) {
	s := splicer{out: &Tree{lat: t.lat, masks: append([]uint64(nil), t.masks...)}, palette: map[uint64]uint16{}}
	for i, m := range t.masks {
		s.palette[m] = uint16(i)
	}
	k := 0 // the next new position
	emitNew := func(y, z, x int32) error {
		// Every new position before (y, z, x), in order.
		for ; k < len(keys) && keys[k] < Key(x, y, z); k++ {
			if err := s.addNew(keys[k], masks[k], box); err != nil {
				return err
			}
		}
		return nil
	}
	for l, y := range t.layerY {
		for j := t.layerRow[l]; j < t.layerRow[l+1]; j++ {
			z := t.rowZ[j]
			inRow := y >= box.Min[1] && y <= box.Max[1] && z >= box.Min[2] && z <= box.Max[2]
			for r := t.rowRun[j]; r < t.rowRun[j+1]; r++ {
				x0, x1, m := t.runX0[r], t.runX1[r], t.runMask[r]
				if !inRow || x1 <= box.Min[0] || x0 > box.Max[0] {
					if err := emitNew(y, z, x0); err != nil {
						return nil, err
					}
					s.add(x0, x1, y, z, m)
					continue
				}
				if x0 < box.Min[0] {
					if err := emitNew(y, z, x0); err != nil {
						return nil, err
					}
					s.add(x0, box.Min[0], y, z, m)
				}
				if x1 > box.Max[0]+1 {
					if err := emitNew(y, z, box.Max[0]+1); err != nil {
						return nil, err
					}
					s.add(box.Max[0]+1, x1, y, z, m)
				}
			}
		}
	}
	for ; k < len(keys); k++ {
		if err := s.addNew(keys[k], masks[k], box); err != nil {
			return nil, err
		}
	}
	return s.finish()
}

// splicer builds a tree's arrays from runs given in (y, z, x) order,
// joining a run to the one before when they touch and share a yaw set.
type splicer struct {
	out     *Tree
	palette map[uint64]uint16
	started bool
	y, z    int32
	lastKey uint64
}

// addNew adds the new position key with yaw set m.
func (s *splicer) addNew(key, m uint64, box Box) error {
	x, y, z := Unkey(key)
	if !box.Contains(x, y, z) {
		return fmt.Errorf("supporttree: splice: position (%d, %d, %d) outside the box %v", x, y, z, box)
	}
	if s.started && key <= s.lastKey {
		return fmt.Errorf("supporttree: splice: position (%d, %d, %d) out of order", x, y, z)
	}
	s.lastKey = key
	if m == 0 {
		return nil
	}
	idx, ok := s.palette[m]
	if !ok {
		if len(s.out.masks) == MaxMasks {
			return fmt.Errorf("supporttree: more than %d distinct yaw sets", MaxMasks)
		}
		idx = uint16(len(s.out.masks))
		s.palette[m] = idx
		s.out.masks = append(s.out.masks, m)
	}
	s.add(x, x+1, y, z, idx)
	return nil
}

// add appends the run x0 <= x < x1 of row (y, z) with yaw set index m.
func (s *splicer) add(x0, x1, y, z int32, m uint16) {
	t := s.out
	newLayer := !s.started || y != s.y
	newRow := newLayer || z != s.z
	if newLayer {
		t.layerY = append(t.layerY, y)
		t.layerRow = append(t.layerRow, int32(len(t.rowZ)))
	}
	if newRow {
		t.rowZ = append(t.rowZ, z)
		t.rowRun = append(t.rowRun, int32(len(t.runX0)))
	}
	n := len(t.runX0)
	if !newRow && t.runX1[n-1] == x0 && t.runMask[n-1] == m {
		t.runX1[n-1] = x1
	} else {
		t.runX0 = append(t.runX0, x0)
		t.runX1 = append(t.runX1, x1)
		t.runMask = append(t.runMask, m)
	}
	s.started, s.y, s.z = true, y, z
	s.lastKey = max(s.lastKey, Key(x1-1, y, z))
}

// finish closes the arrays, drops the yaw sets no run uses and numbers
// them as New does.
func (s *splicer) finish() (*Tree, error) {
	t := s.out
	t.layerRow = append(t.layerRow, int32(len(t.rowZ)))
	t.rowRun = append(t.rowRun, int32(len(t.runX0)))
	used := make([]bool, len(t.masks))
	for _, m := range t.runMask {
		used[m] = true
	}
	index := make([]uint16, len(t.masks))
	var masks []uint64
	for i, u := range used {
		if u {
			index[i] = uint16(len(masks))
			masks = append(masks, t.masks[i])
		}
	}
	for r, m := range t.runMask {
		t.runMask[r] = index[m]
	}
	t.masks = masks
	t.renumberMasks()
	t.summarise()
	return t, nil
}

// EachIn calls f for every supported position in box with its yaw set,
// in (Y, Z, X) order, visiting only the layers, rows and runs that meet
// the box.
func (t *Tree) EachIn(box Box, f func(x, y, z int32, mask uint64)) {
	for l := LowerBound(t.layerY, box.Min[1]); l < len(t.layerY) && t.layerY[l] <= box.Max[1]; l++ {
		y := t.layerY[l]
		zs, first := t.LayerRows(l)
		for j := LowerBound(zs, box.Min[2]); j < len(zs) && zs[j] <= box.Max[2]; j++ {
			x0, x1, m := t.RowRuns(first + j)
			for r := LowerBound(x1, box.Min[0]+1); r < len(x0) && x0[r] <= box.Max[0]; r++ {
				for x := max(x0[r], box.Min[0]); x < x1[r] && x <= box.Max[0]; x++ {
					f(x, y, zs[j], t.masks[m[r]])
				}
			}
		}
	}
}
