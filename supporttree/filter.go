package supporttree

// Filter returns a tree holding the positions of t for which keep is true,
// with their yaw sets. keep is called once per position, in (Y, Z, X)
// order; t is unchanged.
func (t *Tree) Filter(keep func(x, y, z int32) bool) (*Tree, error) {
	return t.FilterMasks(func(x, y, z int32, m uint64) uint64 {
		if keep(x, y, z) {
			return m
		}
		return 0
	})
}

// FilterMasks returns a tree holding the positions of t with the yaw sets
// keep gives them (a position given none is left out). keep is called once
// per position, in (Y, Z, X) order, with its yaw set; t is unchanged.
// DropBuried uses it to drop supports that Algorithm 1 accepts but a
// character cannot take, such as floors hidden inside solids.
func (t *Tree) FilterMasks(keep func(x, y, z int32, mask uint64) uint64) (*Tree, error) {
	var keys, masks []uint64
	t.Each(func(x, y, z int32, m uint64) {
		if k := keep(x, y, z, m); k != 0 {
			keys = append(keys, pack(x, y, z))
			masks = append(masks, k)
		}
	})
	return newTree(t.lat, keys, masks)
}
