// Command libfoothold is Foothold's C ABI: built with -buildmode=c-shared
// (libfoothold.so) or -buildmode=c-archive (libfoothold.a), it is the
// library foothold.h describes, for game loops in C, C++, C# and Python.
//
// foothold.h is the contract; abi.c implements it in C: the ABI version
// check, the per-thread messages, and one function per call that hands
// over to the Go function of the same name with the prefix fhgo_. The Go
// side keeps every object behind an integer handle (a registry of slots
// with generations, so that a released or forged handle is an error),
// uses each handle from one thread at a time (a second thread is told
// FH_E_BUSY), checks every argument before acting, writes only into the
// caller's buffers, and turns a fault into FH_E_INTERNAL.
//
// The per-frame calls (fh_character_update, fh_crowd_step, the poses)
// allocate nothing once warm, as the planner's Update does.
//
// The programs in examples/ use it from C, C# (P/Invoke) and Python
// (ctypes); tests/ holds the C tests of every call, the random-argument
// soak and the overhead benchmark, which abi_test.go builds and runs.
package main

func main() {}
