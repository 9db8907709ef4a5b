package main

/*
#include <stddef.h>
#include "foothold.h"
fh_status fh__fail(fh_status status, const char *msg, size_t len);
*/
import "C"

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"runtime/debug"
	"unsafe"
)

// status is an fh_status.
type status = C.fh_status

const (
	ok        status = C.FH_OK
	eNull     status = C.FH_E_NULL
	eHandle   status = C.FH_E_HANDLE
	eReleased status = C.FH_E_RELEASED
	eSmall    status = C.FH_E_SMALL
	eArg      status = C.FH_E_ARG
	eFile     status = C.FH_E_FILE
	eInput    status = C.FH_E_INPUT
	eState    status = C.FH_E_STATE
	eBusy     status = C.FH_E_BUSY
	eInternal status = C.FH_E_INTERNAL
)

// fail sets the calling thread's message and returns st.
func fail(st status, format string, args ...any) status {
	msg := fmt.Sprintf(format, args...)
	return C.fh__fail(st, (*C.char)(unsafe.Pointer(unsafe.StringData(msg))), C.size_t(len(msg)))
}

// failErr fails with err's message: FH_E_FILE when a file could not be
// opened, read or written, else st.
func failErr(st status, err error) status {
	var pe *fs.PathError
	if errors.As(err, &pe) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		st = eFile
	}
	return fail(st, "%v", err)
}

// catch turns a panic in a call into FH_E_INTERNAL; deferred first, so
// that it runs after the call has let go of its handles.
func catch(st *status) {
	if r := recover(); r != nil {
		*st = fail(eInternal, "internal fault (please report it, with this message): %v\n%s", r, debug.Stack())
	}
}

// finite reports whether every x is a finite number.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// cstring is a C string argument as Go text; null fails.
func cstring(p *C.char, what string) (string, status) {
	if p == nil {
		return "", fail(eNull, "%s is null", what)
	}
	return C.GoString(p), ok
}

// putString writes s NUL-terminated into buf[cap] and its length into
// *n; a buffer too short fails, with *n set.
func putString(s string, buf *C.char, cp C.int32_t, n *C.int32_t) status {
	if n == nil {
		return fail(eNull, "the length output is null")
	}
	*n = C.int32_t(len(s))
	if int(cp) < len(s)+1 {
		return fail(eSmall, "the buffer holds %d bytes; %q needs %d with its NUL", int(cp), s, len(s)+1)
	}
	if buf == nil {
		return fail(eNull, "the buffer is null")
	}
	out := unsafe.Slice((*byte)(unsafe.Pointer(buf)), len(s)+1)
	copy(out, s)
	out[len(s)] = 0
	return ok
}
