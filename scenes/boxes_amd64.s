//go:build amd64 && !purego

#include "textflag.h"

// rayBoxes layout (pinned by TestRayBoxesLayout): o [4]float32 at 0,
// inv [4]float32 at 16, nearOff [3]uint32 at 32, farOff [3]uint32 at 44,
// tmin at 56, tmax at 60, tn [8]float32 at 64. A bvhNode holds
// box[2][3][8]float32 at 0, child [8]int32 at 192, count [8]int32 at 224.

// SLAB4(lane) tests children lane..lane+3 (lane given in bytes: 0 or 16) of the
// node at AX against the ray at BX. It stores their entry distances
// tn = max(tmin, near-plane distances) to rb.tn and leaves in DX the mask of
// those whose tn <= tf = min(tmax, far-plane distances). Clobbers CX, X0-X7.
#define SLAB4(lane) \
	MOVSS  56(BX), X6; SHUFPS $0, X6, X6; \
	MOVSS  60(BX), X7; SHUFPS $0, X7, X7; \
	MOVL   32(BX), CX; MOVUPS lane(AX)(CX*1), X0; \
	MOVL   44(BX), CX; MOVUPS lane(AX)(CX*1), X1; \
	MOVSS  0(BX), X2; SHUFPS $0, X2, X2; MOVSS 16(BX), X3; SHUFPS $0, X3, X3; \
	SUBPS  X2, X0; SUBPS X2, X1; MULPS X3, X0; MULPS X3, X1; MAXPS X0, X6; MINPS X1, X7; \
	MOVL   36(BX), CX; MOVUPS lane(AX)(CX*1), X0; \
	MOVL   48(BX), CX; MOVUPS lane(AX)(CX*1), X1; \
	MOVSS  4(BX), X2; SHUFPS $0, X2, X2; MOVSS 20(BX), X3; SHUFPS $0, X3, X3; \
	SUBPS  X2, X0; SUBPS X2, X1; MULPS X3, X0; MULPS X3, X1; MAXPS X0, X6; MINPS X1, X7; \
	MOVL   40(BX), CX; MOVUPS lane(AX)(CX*1), X0; \
	MOVL   52(BX), CX; MOVUPS lane(AX)(CX*1), X1; \
	MOVSS  8(BX), X2; SHUFPS $0, X2, X2; MOVSS 24(BX), X3; SHUFPS $0, X3, X3; \
	SUBPS  X2, X0; SUBPS X2, X1; MULPS X3, X0; MULPS X3, X1; MAXPS X0, X6; MINPS X1, X7; \
	MOVUPS X6, 64+lane(BX); \
	CMPPS  X7, X6, $2; \
	MOVMSKPS X6, DX

// SLAB8 tests all eight children: mask in DX. Clobbers R12 too.
#define SLAB8 \
	SLAB4(0); MOVQ DX, R12; \
	SLAB4(16); SHLQ $4, DX; ORQ R12, DX

// func boxesSSE(n *bvhNode, rb *rayBoxes) int
//
// The slab test of the eight child boxes of n: returns the mask of children
// whose box meets [rb.tmin, rb.tmax] and stores their entry distances in rb.tn.
TEXT ·boxesSSE(SB), NOSPLIT, $0-24
	MOVQ n+0(FP), AX
	MOVQ rb+8(FP), BX
	SLAB8
	MOVQ DX, ret+16(FP)
	RET

// func descendSSE(nodes *bvhNode, node int32, rb *rayBoxes) (mask int, at int32, visited int)
//
// Starting at nodes[node], tests the node's child boxes; while exactly one
// child is hit and it is an inner node, moves to it and repeats. Returns the
// node where that stopped (at), its hit mask (rb.tn holds the entry
// distances) and the number of nodes tested.
TEXT ·descendSSE(SB), NOSPLIT, $0-48
	MOVQ    nodes+0(FP), R8
	MOVLQSX node+8(FP), R9
	MOVQ    rb+16(FP), BX
	XORQ    R10, R10

loop:
	MOVQ  R9, AX
	SHLQ  $8, AX // sizeof(bvhNode) == 256
	ADDQ  R8, AX
	INCQ  R10
	SLAB8
	TESTQ DX, DX
	JZ    out
	LEAQ  -1(DX), CX
	TESTQ DX, CX
	JNZ   out // more than one child hit
	BSFQ  DX, CX
	MOVL  224(AX)(CX*4), R11 // count[c]
	TESTL R11, R11
	JNZ   out // a leaf
	MOVLQSX 192(AX)(CX*4), R9 // child[c]
	JMP   loop

out:
	MOVQ DX, mask+24(FP)
	MOVL R9, at+32(FP)
	MOVQ R10, visited+40(FP)
	RET
