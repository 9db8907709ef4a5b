// Package motionfile reads and writes motion files on disk: BVH clips and
// Acclaim ASF skeletons with their AMC motions. The formats themselves are
// package motion's (ReadBVH, WriteBVH, ReadASF, ReadAMC, from and to any
// reader and writer); this package opens the files, names them in every
// error, and writes atomically, so that a failed write leaves no partial
// file. Offline: the runtime reads no file.
package motionfile
