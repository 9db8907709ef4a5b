package bake

// SweepsBytes is sweepsBytes, for the tests.
var SweepsBytes = sweepsBytes
