// Package gltfdata reads glTF 2.0 documents defensively for the offline
// importers (scenes in package sceneload, characters in package
// character): a binary container's lengths are checked before the decoder
// trusts them, decoder panics on hostile input become errors, and every
// accessor's count, stride and offsets are checked against the bytes that
// hold it before anything is allocated for it. Errors say what was wrong,
// not where; callers name the file and the place.
package gltfdata
