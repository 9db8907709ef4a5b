// Package supporttree is the runtime half of the paper's Version II
// support data: Tree stores every supported lattice sample of one docking
// template compactly, for the search of geoquery.Tree. Package supportbake
// builds trees offline and reads and writes their files; this package
// reads no file.
//
// Tree merges feasible regions: supported positions are kept as runs of
// consecutive x with one yaw set (a bit mask over the lattice's yaws), in
// rows of equal (y, z), in layers of equal y. A flat floor of any size is
// one run per row. Each row and each layer also carries a summary made
// when the tree is made (its x extent, for a layer also its z extent, and
// the union of its yaw sets), which lets a search skip it unread. New
// makes a tree from sorted positions, FromStreams from the flat arrays a
// file stores (checked), and Streams gives them back.
package supporttree
