/* The ABI's overhead per update: fh_character_update (C -> Go -> C, the
 * pose copied out) beside the same update called from Go
 * (fhgo_internal_go_updates: Planner.Update, the pose left in the
 * planner's buffers, as a Go program has it), on
 * one standing character planning one unit of work per update (so that
 * the update itself is short and the difference shows), in alternating
 * rounds; medians per call. Also
 * the cost of a call that does nothing but cross into Go and back.
 *
 *   overhead [ROUNDS [CALLS]] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "foothold.h"

int64_t fhgo_internal_go_updates(fh_character ch, int32_t n, double dt, const fh_input *in);

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *xs, int n) {
    qsort(xs, n, sizeof *xs, cmp);
    return xs[n / 2];
}

#define CHECK(call) \
    do { \
        fh_status st_ = (call); \
        if (st_ != FH_OK) { \
            fprintf(stderr, "overhead: %s: %s\n", #call, fh_last_error()); \
            return 1; \
        } \
    } while (0)

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 41, calls = argc > 2 ? atoi(argv[2]) : 2000;
    fh_library lib;
    fh_world world;
    fh_character ch;
    CHECK(fh_init(FH_ABI_VERSION));
    CHECK(fh_library_builtin(&lib));
    CHECK(fh_world_load(&(fh_world_options){.scene = "builtin:stepping"}, lib, &world));
    CHECK(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .yaw = 1.5707963267948966, .state = "idle", .work = 1}, &ch));
    int32_t joints;
    CHECK(fh_skeleton_joints(lib, &joints));
    int32_t n = joints * FH_POSE_STRIDE;
    double *pose = malloc(sizeof(double) * n);
    fh_input stand = {0};
    const double dt = 1.0 / 60;
    for (int i = 0; i < 600; i++) CHECK(fh_character_update(ch, dt, &stand, pose, n)); /* the plan settles */
    double *c = malloc(sizeof(double) * rounds), *g = malloc(sizeof(double) * rounds), *d = malloc(sizeof(double) * rounds);
    double *null = malloc(sizeof(double) * rounds);
    int32_t count;
    for (int r = 0; r < rounds; r++) {
        int64_t t0 = now_ns();
        for (int i = 0; i < calls; i++) fh_character_update(ch, dt, &stand, pose, n);
        c[r] = (double)(now_ns() - t0) / calls;
        int64_t ns = fhgo_internal_go_updates(ch, calls, dt, &stand);
        if (ns < 0) {
            fprintf(stderr, "overhead: fhgo_internal_go_updates failed: %s\n", fh_last_error());
            return 1;
        }
        g[r] = (double)ns / calls;
        d[r] = c[r] - g[r];
        t0 = now_ns();
        for (int i = 0; i < calls; i++) fh_skeleton_joints(lib, &count);
        null[r] = (double)(now_ns() - t0) / calls;
    }
    double mc = median(c, rounds), mg = median(g, rounds), md = median(d, rounds), mn = median(null, rounds);
    printf("%d rounds of %d updates of a standing character (%d joints): medians per call\n", rounds, calls, joints);
    printf("overhead c_ns=%.1f go_ns=%.1f overhead_ns=%.1f null_call_ns=%.1f\n", mc, mg, md, mn);
    return 0;
}
