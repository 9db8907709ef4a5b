// Package cputime reads the CPU time the calling thread has used, so that
// a frame's own cost can be told from time the operating system gave to
// other work. Callers lock their goroutine to its thread
// (runtime.LockOSThread) around what they measure.
package cputime
