package supporttree

// Filter returns a tree holding the positions of t for which keep is true,
// with their yaw sets. keep is called once per position, in (Y, Z, X)
// order; t is unchanged. DropBuried uses it to drop supports that
// Algorithm 1 accepts but a character cannot reach, such as floors hidden
// inside solids.
func (t *Tree) Filter(keep func(x, y, z int32) bool) (*Tree, error) {
	var keys, masks []uint64
	t.Each(func(x, y, z int32, m uint64) {
		if keep(x, y, z) {
			keys = append(keys, Key(x, y, z))
			masks = append(masks, m)
		}
	})
	return newTree(t.lat, keys, masks)
}
