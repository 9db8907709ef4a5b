/* A small harness for the C tests of libfoothold: each check counts, each
 * failure prints where it was and what the library said. */
#ifndef FH_CHECK_H
#define FH_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foothold.h"

static int checks, failures;

#define EXPECT(cond, ...) \
    do { \
        checks++; \
        if (!(cond)) { \
            failures++; \
            fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__); \
            fprintf(stderr, "\n"); \
        } \
    } while (0)

/* STATUS checks that a call returned want and, when it failed, that its
 * message holds the text part. */
#define STATUS(call, want, part) expect_status((call), (want), (part), #call, __FILE__, __LINE__)

static inline void expect_status(fh_status got, fh_status want, const char *part, const char *call, const char *file, int line) {
    checks++;
    const char *msg = fh_last_error();
    if (got != want || (want != FH_OK && (msg[0] == 0 || (part != NULL && strstr(msg, part) == NULL)))) {
        failures++;
        fprintf(stderr, "%s:%d: FAIL %s: got %s, want %s with a message holding \"%s\"; message: %s\n", file, line, call,
                fh_status_name(got), fh_status_name(want), part ? part : "", msg);
    }
}

/* MUST stops the program when a call that everything after needs fails. */
#define MUST(call) \
    do { \
        fh_status st_ = (call); \
        if (st_ != FH_OK) { \
            fprintf(stderr, "%s:%d: %s: %s: %s\n", __FILE__, __LINE__, #call, fh_status_name(st_), fh_last_error()); \
            exit(2); \
        } \
    } while (0)

/* FNV-1a over doubles, as Foothold's script.MotionHash. */
typedef struct { uint64_t h; } fnv;

static inline void fnv_init(fnv *f) { f->h = 14695981039346656037ull; }

static inline void fnv_put(fnv *f, double x) {
    uint64_t u;
    memcpy(&u, &x, 8);
    for (int i = 0; i < 8; i++) {
        f->h ^= (u >> (8 * i)) & 0xff;
        f->h *= 1099511628211ull;
    }
}

/* fnv_pose adds a pose of joints joints (x y z, qx qy qz qw) in the
 * hash's order: translation, then w, x, y, z. */
static inline void fnv_pose(fnv *f, const double *pose, int joints) {
    for (int j = 0; j < joints; j++) {
        const double *p = pose + j * FH_POSE_STRIDE;
        fnv_put(f, p[0]), fnv_put(f, p[1]), fnv_put(f, p[2]);
        fnv_put(f, p[6]), fnv_put(f, p[3]), fnv_put(f, p[4]), fnv_put(f, p[5]);
    }
}

/* The main job's input at time t (script.SteppingWalk). */
static inline fh_input main_input(double t, uint64_t hop, uint64_t climb) {
    const double pi = 3.14159265358979323846;
    fh_input in = {.heading = 86 * pi / 180, .speed = 1.2};
    if (t >= 5.0) in.request = hop;
    if (t >= 6.5) in = (fh_input){.heading = 100 * pi / 180, .speed = 1.2};
    if (t >= 8.0) in = (fh_input){.heading = 180 * pi / 180, .speed = 1.2, .request = climb};
    if (t >= 15) in = (fh_input){0};
    return in;
}

#define MAIN_FRAMES (18 * 60 + 1)
#define MAIN_DT (1.0 / 60)

#endif
