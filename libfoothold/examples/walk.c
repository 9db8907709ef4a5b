/* The main job's walk through builtin:stepping, from C: a game loop over
 * libfoothold that writes the motion as BVH and prints its motion hash
 * (FNV-1a of every number, as Foothold's script.MotionHash).
 *
 *   cc -o walk walk.c -I.. -L../build -lfoothold && ./walk motion.bvh */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foothold.h"

static int check(fh_status st, const char *call) {
    if (st != FH_OK) {
        fprintf(stderr, "walk: %s: %s: %s\n", call, fh_status_name(st), fh_last_error());
        exit(1);
    }
    return 0;
}

static uint64_t hash = 14695981039346656037ull; /* FNV-1a, 64 bits */

static void put(double x) {
    uint64_t u;
    memcpy(&u, &x, 8);
    for (int i = 0; i < 8; i++) {
        hash ^= (u >> (8 * i)) & 0xff;
        hash *= 1099511628211ull;
    }
}

int main(int argc, char **argv) {
    const char *out = argc > 1 ? argv[1] : "motion.bvh";
    fh_library lib;
    fh_world world;
    fh_character ch;
    check(fh_init(FH_ABI_VERSION), "fh_init");
    check(fh_library_builtin(&lib), "fh_library_builtin");
    fh_world_options wo = {.scene = "builtin:stepping"};
    check(fh_world_load(&wo, lib, &world), "fh_world_load");
    uint64_t hop, climb;
    check(fh_world_tags(world, "hop", &hop), "fh_world_tags");
    check(fh_world_tags(world, "climb", &climb), "fh_world_tags");
    fh_character_options co = {.x = 0.25, .z = 1.5, .yaw = 90 * M_PI / 180, .state = "idle"};
    check(fh_character_new(world, &co, &ch), "fh_character_new");

    int32_t joints;
    check(fh_skeleton_joints(lib, &joints), "fh_skeleton_joints");
    const double dt = 1.0 / 60;
    const int frames = 18 * 60 + 1;
    const int stride = joints * FH_POSE_STRIDE;
    double *poses = malloc(sizeof(double) * stride * frames);
    check(fh_character_pose(ch, poses, stride), "fh_character_pose");
    for (int f = 1; f < frames; f++) {
        double t = f * dt;
        fh_input in = {.heading = 86 * M_PI / 180, .speed = 1.2};
        if (t >= 5.0) in.request = hop;
        if (t >= 6.5) in = (fh_input){.heading = 100 * M_PI / 180, .speed = 1.2};
        if (t >= 8.0) in = (fh_input){.heading = 180 * M_PI / 180, .speed = 1.2, .request = climb};
        if (t >= 15) in = (fh_input){0};
        check(fh_character_update(ch, dt, &in, poses + f * stride, stride), "fh_character_update");
    }

    put(dt);
    for (int i = 0; i < frames * joints; i++) {
        const double *p = poses + i * FH_POSE_STRIDE; /* x y z, qx qy qz qw */
        put(p[0]), put(p[1]), put(p[2]), put(p[6]), put(p[3]), put(p[4]), put(p[5]);
    }
    check(fh_save_bvh(lib, poses, (int64_t)stride * frames, frames, dt, out), "fh_save_bvh");
    fh_report r;
    check(fh_character_report(ch, &r), "fh_character_report");
    printf("%d actions, %lld plan nodes, stuck %d; wrote %s\n", r.actions, (long long)r.plan_nodes, r.stuck, out);
    printf("motion hash %016llx\n", (unsigned long long)hash);
    fh_release(ch), fh_release(world), fh_release(lib);
    free(poses);
    return 0;
}
