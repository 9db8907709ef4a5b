/* The C tests of libfoothold: every function of foothold.h, through the
 * ABI, against what Foothold's Go packages say (expect.txt, written by
 * abi_test.go), with each misuse returning its status and message.
 *
 *   abi_test EXPECT_FILE */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include "check.h"
#include "expect.h"

static expect E;

/* Before fh_init, and fh_init itself. */
static void test_init(void) {
    fh_library lib;
    EXPECT(fh_abi_version() == FH_ABI_VERSION, "fh_abi_version %u", fh_abi_version());
    EXPECT(fh_version()[0] >= '0' && fh_version()[0] <= '9', "fh_version \"%s\"", fh_version());
    STATUS(fh_library_builtin(&lib), FH_E_ABI, "fh_init(FH_ABI_VERSION)");
    STATUS(fh_release(1), FH_E_ABI, "fh_init");
    STATUS(fh_init(FH_ABI_VERSION + 1), FH_E_ABI, "ABI version 2");
    STATUS(fh_library_builtin(&lib), FH_E_ABI, "fh_init");
    STATUS(fh_init(FH_ABI_VERSION), FH_OK, NULL);
    const char *names[] = {"FH_OK", "FH_E_ABI", "FH_E_NULL", "FH_E_HANDLE", "FH_E_RELEASED", "FH_E_SMALL",
                           "FH_E_ARG", "FH_E_FILE", "FH_E_INPUT", "FH_E_STATE", "FH_E_BUSY", "FH_E_INTERNAL"};
    for (int i = 0; i < 12; i++) EXPECT(!strcmp(fh_status_name(i), names[i]), "status %d named %s", i, fh_status_name(i));
    EXPECT(!strcmp(fh_status_name(-1), "unknown status") && !strcmp(fh_status_name(12), "unknown status"), "unknown statuses");
}

/* The built-in library: its actions and skeleton as the Go packages say. */
static fh_library test_library(void) {
    fh_library lib;
    STATUS(fh_library_builtin(NULL), FH_E_NULL, "out is null");
    MUST(fh_library_builtin(&lib));
    int32_t n = -1, len = -1;
    STATUS(fh_library_actions(lib, &n), FH_OK, NULL);
    EXPECT(n == E.actions, "%d actions, want %d", n, E.actions);
    STATUS(fh_library_actions(lib, NULL), FH_E_NULL, "count is null");
    STATUS(fh_library_actions(0, &n), FH_E_NULL, "null library handle");
    STATUS(fh_library_actions(0x0123456789abcdefull, &n), FH_E_HANDLE, "never issued");
    STATUS(fh_library_actions(lib + 1, &n), FH_E_HANDLE, "never issued");
    char buf[64];
    for (int i = 0; i < E.actions; i++) {
        STATUS(fh_library_action_name(lib, i, buf, sizeof buf, &len), FH_OK, NULL);
        EXPECT(!strcmp(buf, E.action[i]) && len == (int32_t)strlen(E.action[i]), "action %d: %s (%d), want %s", i, buf, len, E.action[i]);
    }
    int32_t want = (int32_t)strlen(E.action[0]);
    memset(buf, 'x', sizeof buf);
    STATUS(fh_library_action_name(lib, 0, buf, want, &len), FH_E_SMALL, "needs");
    EXPECT(len == want && buf[0] == 'x', "a short buffer: length %d (want %d), buffer untouched", len, want);
    STATUS(fh_library_action_name(lib, 0, NULL, 64, &len), FH_E_NULL, "buffer is null");
    STATUS(fh_library_action_name(lib, 0, buf, sizeof buf, NULL), FH_E_NULL, "length output is null");
    STATUS(fh_library_action_name(lib, -1, buf, sizeof buf, &len), FH_E_ARG, "action -1");
    STATUS(fh_library_action_name(lib, E.actions, buf, sizeof buf, &len), FH_E_ARG, "of");

    STATUS(fh_skeleton_joints(lib, &n), FH_OK, NULL);
    EXPECT(n == E.joints, "%d joints, want %d", n, E.joints);
    STATUS(fh_skeleton_joints(lib, NULL), FH_E_NULL, "null");
    for (int i = 0; i < E.joints; i++) {
        STATUS(fh_skeleton_name(lib, i, buf, sizeof buf, &len), FH_OK, NULL);
        EXPECT(!strcmp(buf, E.joint[i]), "joint %d: %s, want %s", i, buf, E.joint[i]);
    }
    STATUS(fh_skeleton_name(lib, E.joints, buf, sizeof buf, &len), FH_E_ARG, "joint");
    STATUS(fh_skeleton_name(lib, 0, buf, 1, &len), FH_E_SMALL, "needs");
    int32_t parents[MAX_JOINTS];
    double offsets[3 * MAX_JOINTS];
    STATUS(fh_skeleton_parents(lib, parents, MAX_JOINTS, &n), FH_OK, NULL);
    for (int i = 0; i < E.joints; i++) EXPECT(parents[i] == E.parent[i], "joint %d's parent %d, want %d", i, parents[i], E.parent[i]);
    STATUS(fh_skeleton_parents(lib, parents, E.joints - 1, &n), FH_E_SMALL, "items need");
    EXPECT(n == E.joints, "a short buffer's count %d", n);
    STATUS(fh_skeleton_parents(lib, NULL, MAX_JOINTS, &n), FH_E_NULL, "buffer is null");
    STATUS(fh_skeleton_parents(lib, parents, MAX_JOINTS, NULL), FH_E_NULL, "count is null");
    STATUS(fh_skeleton_offsets(lib, offsets, 3 * MAX_JOINTS, &n), FH_OK, NULL);
    for (int i = 0; i < E.joints; i++)
        for (int k = 0; k < 3; k++) EXPECT(offsets[3 * i + k] == E.offset[i][k], "joint %d offset %d: %g, want %g", i, k, offsets[3 * i + k], E.offset[i][k]);
    STATUS(fh_skeleton_offsets(lib, offsets, 3 * E.joints - 1, &n), FH_E_SMALL, "items need");
    STATUS(fh_skeleton_offsets(lib, NULL, 3 * MAX_JOINTS, &n), FH_E_NULL, "buffer is null");
    return lib;
}

/* A library from a file: missing, malformed, and made by planner library. */
static void test_library_load(void) {
    fh_library lib;
    char path[2048];
    STATUS(fh_library_load(NULL, &lib), FH_E_NULL, "path is null");
    snprintf(path, sizeof path, "%s/no-such-library.yaml", E.tmp);
    STATUS(fh_library_load(path, &lib), FH_E_FILE, "no-such-library.yaml");
    snprintf(path, sizeof path, "%s/bad-library.yaml", E.tmp);
    FILE *f = fopen(path, "w");
    fputs("actions: [1, 2\n  nonsense: {\n", f);
    fclose(f);
    STATUS(fh_library_load(path, &lib), FH_E_INPUT, "bad-library.yaml");
    STATUS(fh_library_load(path, NULL), FH_E_NULL, "out is null");
    if (!strcmp(E.libfile, "-")) {
        fprintf(stderr, "abi_test: no library file (../shared/data absent): fh_library_load of a good file not tested\n");
        return;
    }
    STATUS(fh_library_load(E.libfile, &lib), FH_OK, NULL);
    int32_t n = -1;
    STATUS(fh_library_actions(lib, &n), FH_OK, NULL);
    EXPECT(n == E.lib_actions, "%s: %d actions, want %d", E.libfile, n, E.lib_actions);
    STATUS(fh_release(lib), FH_OK, NULL);
}

/* Worlds: bad options, missing and unknown scenes, tags. */
static fh_world test_world(fh_library lib) {
    fh_world world;
    fh_world_options wo = {.scene = "builtin:stepping"};
    STATUS(fh_world_load(NULL, lib, &world), FH_E_NULL, "must not be null");
    STATUS(fh_world_load(&wo, lib, NULL), FH_E_NULL, "must not be null");
    STATUS(fh_world_load(&(fh_world_options){0}, lib, &world), FH_E_NULL, "options.scene is null");
    STATUS(fh_world_load(&(fh_world_options){.scene = "/no/such/level.obj"}, lib, &world), FH_E_FILE, "/no/such/level.obj");
    STATUS(fh_world_load(&(fh_world_options){.scene = "builtin:nonesuch"}, lib, &world), FH_E_INPUT, "nonesuch");
    STATUS(fh_world_load(&(fh_world_options){.scene = "builtin:stepping", .friction = NAN}, lib, &world), FH_E_ARG, "friction");
    STATUS(fh_world_load(&(fh_world_options){.scene = "builtin:stepping", .scale = -1}, lib, &world), FH_E_ARG, "scale");
    STATUS(fh_world_load(&(fh_world_options){.scene = "builtin:stepping", .support = "/no/such/support.fst"}, lib, &world), FH_E_FILE, "support.fst");
    STATUS(fh_world_load(&wo, 0, &world), FH_E_NULL, "null library handle");
    MUST(fh_world_load(&wo, lib, &world));
    STATUS(fh_world_load(&wo, world, &world), FH_E_HANDLE, "is a world, not a library");
    uint64_t m = 0;
    STATUS(fh_world_tags(world, "hop", &m), FH_OK, NULL);
    EXPECT(m == E.hop, "hop %#llx, want %#llx", (unsigned long long)m, (unsigned long long)E.hop);
    STATUS(fh_world_tags(world, " hop , climb ", &m), FH_OK, NULL);
    EXPECT(m == (E.hop | E.climb), "hop,climb %#llx", (unsigned long long)m);
    STATUS(fh_world_tags(world, "", &m), FH_OK, NULL);
    EXPECT(m == 0, "no tags: %#llx", (unsigned long long)m);
    STATUS(fh_world_tags(world, "hop,somersault", &m), FH_E_ARG, "somersault");
    STATUS(fh_world_tags(world, NULL, &m), FH_E_NULL, "tags is null");
    STATUS(fh_world_tags(world, "hop", NULL), FH_E_NULL, "request is null");
    STATUS(fh_world_tags(lib, "hop", &m), FH_E_HANDLE, "is a library, not a world");
    return world;
}

static fh_character_options main_start(void) {
    return (fh_character_options){.x = 0.25, .z = 1.5, .yaw = 90 * 3.14159265358979323846 / 180, .state = "idle"};
}

/* walk_hash walks the main job's walk on a new character of world and
 * returns its motion hash. */
static uint64_t walk_hash(fh_world world) {
    fh_character ch;
    fh_character_options co = main_start();
    MUST(fh_character_new(world, &co, &ch));
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    int stride = E.joints * FH_POSE_STRIDE;
    fnv f;
    fnv_init(&f);
    fnv_put(&f, MAIN_DT);
    MUST(fh_character_pose(ch, pose, stride));
    fnv_pose(&f, pose, E.joints);
    for (int fr = 1; fr < MAIN_FRAMES; fr++) {
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        MUST(fh_character_update(ch, MAIN_DT, &in, pose, stride));
        fnv_pose(&f, pose, E.joints);
    }
    MUST(fh_release(ch));
    return f.h;
}

/* Worlds from files: a support file built by preprocess (the same walk),
 * a mesh file of one's own (a floor, its support baked into a fresh
 * cache, the docks alone, the paper's cone), a malformed mesh file. */
static void test_world_files(fh_library lib) {
    fh_world w;
    STATUS(fh_world_load(&(fh_world_options){.scene = "builtin:stepping", .support = E.fst}, lib, &w), FH_OK, NULL);
    uint64_t h = walk_hash(w);
    EXPECT(h == E.hash, "the walk over %s: %016llx, want %016llx", E.fst, (unsigned long long)h, (unsigned long long)E.hash);
    MUST(fh_release(w));

    char obj[2048], cache[2048];
    snprintf(obj, sizeof obj, "%s/floor.obj", E.tmp);
    snprintf(cache, sizeof cache, "%s/cache", E.tmp);
    FILE *f = fopen(obj, "w");
    fputs("v -5 0 -5\nv 5 0 -5\nv 5 0 5\nv -5 0 5\nf 1 3 2\nf 1 4 3\n", f);
    fclose(f);
    fh_world_options wo = {.scene = obj, .cache_dir = cache, .no_body = 1, .friction = -1};
    STATUS(fh_world_load(&wo, lib, &w), FH_OK, NULL);
    fh_character ch;
    MUST(fh_character_new(w, &(fh_character_options){.x = -3, .z = 0, .yaw = 1.5707963267948966}, &ch));
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    fh_input in = {.heading = 1.5707963267948966, .speed = 1.2};
    for (int fr = 0; fr < 240; fr++) MUST(fh_character_update(ch, MAIN_DT, &in, pose, E.joints * FH_POSE_STRIDE));
    EXPECT(pose[0] > -1.5 && fabs(pose[2]) < 1, "4 s east on the floor from x -3: root at (%g, %g, %g)", pose[0], pose[1], pose[2]);
    MUST(fh_release(ch));
    MUST(fh_release(w));

    snprintf(obj, sizeof obj, "%s/broken.obj", E.tmp);
    f = fopen(obj, "w");
    fputs("v 0 0 0\nv 1 0 0\nv 1 0 zero\nf 1 2 3\n", f);
    fclose(f);
    STATUS(fh_world_load(&(fh_world_options){.scene = obj}, lib, &w), FH_E_INPUT, "broken.obj:3");
}

/* Every call that takes a handle, given the null handle, one never issued
 * and a released one of its kind: FH_E_NULL, FH_E_HANDLE, FH_E_RELEASED. */
static void test_handles_everywhere(fh_library lib, fh_world world) {
    fh_library gone_lib;
    fh_world gone_world;
    fh_character gone_ch;
    fh_crowd gone_crowd;
    MUST(fh_library_builtin(&gone_lib));
    MUST(fh_release(gone_lib));
    MUST(fh_world_load(&(fh_world_options){.scene = "builtin:stepping"}, lib, &gone_world));
    MUST(fh_release(gone_world));
    fh_character_options co = main_start();
    MUST(fh_character_new(world, &co, &gone_ch));
    MUST(fh_release(gone_ch));
    MUST(fh_crowd_new(world, &(fh_crowd_options){0}, &gone_crowd));
    MUST(fh_release(gone_crowd));
    const fh_status want[3] = {FH_E_NULL, FH_E_HANDLE, FH_E_RELEASED};
    const char *part[3] = {"null", "never issued", "was released"};
    char buf[64];
    int32_t n, ints[MAX_JOINTS];
    uint64_t u;
    double d[MAX_JOINTS * FH_POSE_STRIDE];
    fh_input in = {0};
    fh_report r;
    fh_debug_line lines[4];
    fh_debug_point points[4];
    fh_capsule caps[64];
    fh_agent ag;
    fh_world_options wo = {.scene = "builtin:stepping"};
    char path[2048];
    snprintf(path, sizeof path, "%s/never.bvh", E.tmp);
    for (int k = 0; k < 3; k++) {
        fh_library L = k == 0 ? 0 : k == 1 ? 0x01ffffffffffffffull : gone_lib;
        fh_world W = k == 0 ? 0 : k == 1 ? 0x02ffffffffffffffull : gone_world;
        fh_character C = k == 0 ? 0 : k == 1 ? 0x03ffffffffffffffull : gone_ch;
        fh_crowd R = k == 0 ? 0 : k == 1 ? 0x04ffffffffffffffull : gone_crowd;
        STATUS(fh_release(C), want[k], part[k]);
        STATUS(fh_library_actions(L, &n), want[k], part[k]);
        STATUS(fh_library_action_name(L, 0, buf, sizeof buf, &n), want[k], part[k]);
        STATUS(fh_skeleton_joints(L, &n), want[k], part[k]);
        STATUS(fh_skeleton_name(L, 0, buf, sizeof buf, &n), want[k], part[k]);
        STATUS(fh_skeleton_parents(L, ints, MAX_JOINTS, &n), want[k], part[k]);
        STATUS(fh_skeleton_offsets(L, d, 3 * MAX_JOINTS, &n), want[k], part[k]);
        STATUS(fh_save_bvh(L, d, E.joints * FH_POSE_STRIDE, 1, MAIN_DT, path), want[k], part[k]);
        STATUS(fh_world_load(&wo, L, &u), want[k], part[k]);
        STATUS(fh_world_tags(W, "hop", &u), want[k], part[k]);
        STATUS(fh_character_new(W, &co, &u), want[k], part[k]);
        STATUS(fh_crowd_new(W, &(fh_crowd_options){0}, &u), want[k], part[k]);
        STATUS(fh_character_update(C, MAIN_DT, &in, d, E.joints * FH_POSE_STRIDE), want[k], part[k]);
        STATUS(fh_character_pose(C, d, E.joints * FH_POSE_STRIDE), want[k], part[k]);
        STATUS(fh_character_report(C, &r), want[k], part[k]);
        STATUS(fh_character_debug(C, 0, lines, 4, &n, points, 4, &n), want[k], part[k]);
        STATUS(fh_character_capsules(C, caps, 64, &n), want[k], part[k]);
        STATUS(fh_crowd_add(R, &co, 1, 1, &n), want[k], part[k]);
        STATUS(fh_crowd_drive(R, 0, &in), want[k], part[k]);
        STATUS(fh_crowd_step(R, MAIN_DT), want[k], part[k]);
        STATUS(fh_crowd_len(R, &n), want[k], part[k]);
        STATUS(fh_crowd_pose(R, 0, d, E.joints * FH_POSE_STRIDE), want[k], part[k]);
        STATUS(fh_crowd_agent(R, 0, &ag), want[k], part[k]);
    }
    EXPECT(access(path, F_OK) != 0, "a failed fh_save_bvh wrote %s", path);
}

/* A character: bad starts, then bad updates that must change nothing. */
static fh_character test_character_new(fh_world world) {
    fh_character ch;
    fh_character_options co = main_start();
    STATUS(fh_character_new(world, NULL, &ch), FH_E_NULL, "must not be null");
    STATUS(fh_character_new(world, &co, NULL), FH_E_NULL, "must not be null");
    STATUS(fh_character_new(world, &(fh_character_options){.x = NAN, .z = 1.5}, &ch), FH_E_ARG, "finite");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .yaw = INFINITY}, &ch), FH_E_ARG, "finite");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 500, .z = 1.5}, &ch), FH_E_ARG, "no floor under the start");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .depth = 9}, &ch), FH_E_ARG, "depth 9");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .work = -1}, &ch), FH_E_ARG, "work -1");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .budget = NAN}, &ch), FH_E_ARG, "budget");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .state = "moonwalk"}, &ch), FH_E_ARG, "moonwalk");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .at_y = 1, .y = NAN}, &ch), FH_E_ARG, "finite");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .reserved = 1}, &ch), FH_E_ARG, "reserved");
    MUST(fh_character_new(world, &co, &ch));
    return ch;
}

/* The main job's walk, with misuse between its frames (each must change
 * nothing): its motion hash, its report, its debug geometry and body. */
static void test_walk(fh_library lib, fh_character ch) {
    int stride = E.joints * FH_POSE_STRIDE;
    double *pose = calloc(stride + 1, sizeof(double));
    fnv f;
    fnv_init(&f);
    fnv_put(&f, MAIN_DT);
    STATUS(fh_character_pose(ch, NULL, 0), FH_E_NULL, "pose is null");
    STATUS(fh_character_pose(ch, pose, stride - 1), FH_E_SMALL, "joints need");
    STATUS(fh_character_pose(ch, NULL, stride), FH_E_NULL, "pose is null");
    STATUS(fh_character_pose(ch, pose, stride), FH_OK, NULL);
    EXPECT(pose[0] == 0.25 && pose[2] == 1.5 && fabs(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6] - 1) < 1e-9,
           "the start pose's root (%g, %g, %g)", pose[0], pose[1], pose[2]);
    fnv_pose(&f, pose, E.joints);
    for (int fr = 1; fr < MAIN_FRAMES; fr++) {
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        if (fr % 97 == 1) {
            fh_input bad = in;
            STATUS(fh_character_update(ch, NAN, &in, pose, stride), FH_E_ARG, "dt NaN");
            STATUS(fh_character_update(ch, 0, &in, pose, stride), FH_E_ARG, "dt 0");
            STATUS(fh_character_update(ch, -MAIN_DT, &in, pose, stride), FH_E_ARG, "dt -");
            STATUS(fh_character_update(ch, 2, &in, pose, stride), FH_E_ARG, "dt 2");
            STATUS(fh_character_update(ch, MAIN_DT, NULL, pose, stride), FH_E_NULL, "input is null");
            bad.heading = NAN;
            STATUS(fh_character_update(ch, MAIN_DT, &bad, pose, stride), FH_E_ARG, "heading NaN");
            bad = in, bad.speed = -1;
            STATUS(fh_character_update(ch, MAIN_DT, &bad, pose, stride), FH_E_ARG, "speed -1");
            bad = in, bad.within = INFINITY;
            STATUS(fh_character_update(ch, MAIN_DT, &bad, pose, stride), FH_E_ARG, "within +Inf");
            bad = in, bad.request = 1ull << 63;
            STATUS(fh_character_update(ch, MAIN_DT, &bad, pose, stride), FH_E_ARG, "no tag has");
            STATUS(fh_character_update(ch, MAIN_DT, &in, pose, stride - 1), FH_E_SMALL, "joints need");
            STATUS(fh_character_update(ch, MAIN_DT, &in, NULL, stride), FH_E_NULL, "pose is null");
            STATUS(fh_character_update(0, MAIN_DT, &in, pose, stride), FH_E_NULL, "null character handle");
            STATUS(fh_character_update(lib, MAIN_DT, &in, pose, stride), FH_E_HANDLE, "is a library, not a character");
        }
        pose[stride] = 12345; /* a guard past the pose: must stay */
        if (fr % 5 == 0) {  /* no pose wanted, then the pose asked for */
            STATUS(fh_character_update(ch, MAIN_DT, &in, NULL, 0), FH_OK, NULL);
            STATUS(fh_character_pose(ch, pose, stride), FH_OK, NULL);
        } else {
            STATUS(fh_character_update(ch, MAIN_DT, &in, pose, stride + 1), FH_OK, NULL);
        }
        EXPECT(pose[stride] == 12345, "frame %d: written past the pose", fr);
        fnv_pose(&f, pose, E.joints);
    }
    EXPECT(f.h == E.hash, "motion hash %016llx, want %016llx", (unsigned long long)f.h, (unsigned long long)E.hash);
    free(pose);

    fh_report r;
    STATUS(fh_character_report(ch, &r), FH_OK, NULL);
    STATUS(fh_character_report(ch, NULL), FH_E_NULL, "out is null");
    long long got[6] = {r.actions, r.plan_nodes, r.pruned, r.queries, r.stuck, r.refused};
    for (int i = 0; i < 6; i++) EXPECT(got[i] == E.report[i], "report figure %d: %lld, want %lld", i, got[i], E.report[i]);
    EXPECT(fabs(r.time - 18) < 1e-9 && r.unreached == 0 && r.max_dock_error < 1e-3 && r.work >= 0 && r.falling == 0,
           "report: time %g, unreached %d, dock error %g", r.time, r.unreached, r.max_dock_error);
    char name[64];
    int32_t len;
    STATUS(fh_library_action_name(lib, r.action, name, sizeof name, &len), FH_OK, NULL);
    EXPECT(strstr(name, "idle") != NULL, "it ends standing: %s", name);
}

/* The debug geometry and the body at the end of the walk. */
static void test_debug(fh_character ch) {
    int32_t nl = -1, np = -1;
    STATUS(fh_character_debug(ch, 0, NULL, 0, &nl, NULL, 0, &np), E.debug[0] + E.debug[1] > 0 ? FH_E_SMALL : FH_OK, "the plan has");
    EXPECT(nl == E.debug[0] && np == E.debug[1], "%d lines and %d points, want %d and %d", nl, np, E.debug[0], E.debug[1]);
    fh_debug_line *lines = malloc(sizeof *lines * (nl + 1));
    fh_debug_point *points = malloc(sizeof *points * (np + 1));
    STATUS(fh_character_debug(ch, 0, lines, nl, &nl, points, np, &np), FH_OK, NULL);
    int bad = 0;
    for (int i = 0; i < nl; i++) bad += lines[i].kind < FH_DEBUG_CURRENT || lines[i].kind > FH_DEBUG_UNKNOWN || !isfinite(lines[i].a[0]);
    for (int i = 0; i < np; i++) bad += points[i].kind < FH_DEBUG_SUPPORTED || points[i].kind > FH_DEBUG_TARGET || !isfinite(points[i].p[1]);
    EXPECT(bad == 0, "%d lines or points of a wrong kind or place", bad);
    EXPECT(nl > 0 && lines[0].kind == FH_DEBUG_CURRENT, "the first line is the current action's");
    STATUS(fh_character_debug(ch, 100, lines, nl, &nl, points, np, &np), FH_OK, NULL);
    EXPECT(nl == E.debug[2] && np == E.debug[3], "100 nodes: %d lines and %d points, want %d and %d", nl, np, E.debug[2], E.debug[3]);
    STATUS(fh_character_debug(ch, -1, lines, nl, &nl, points, np, &np), FH_E_ARG, "max_nodes -1");
    STATUS(fh_character_debug(ch, 0, lines, nl, NULL, points, np, &np), FH_E_NULL, "must not be null");
    STATUS(fh_character_debug(ch, 0, NULL, 1000000, &nl, points, 1000000, &np), FH_E_NULL, "null");
    free(lines), free(points);

    fh_capsule caps[64];
    int32_t n = -1;
    STATUS(fh_character_capsules(ch, caps, 64, &n), FH_OK, NULL);
    EXPECT(n == E.capsules, "%d capsules, want %d", n, E.capsules);
    double *c0 = E.capsule0;
    EXPECT(caps[0].a[0] == c0[0] && caps[0].a[1] == c0[1] && caps[0].a[2] == c0[2] && caps[0].b[0] == c0[3] && caps[0].b[1] == c0[4] &&
               caps[0].b[2] == c0[5] && caps[0].radius == c0[6],
           "capsule 0 (%g %g %g)-(%g %g %g) r %g", caps[0].a[0], caps[0].a[1], caps[0].a[2], caps[0].b[0], caps[0].b[1], caps[0].b[2], caps[0].radius);
    STATUS(fh_character_capsules(ch, caps, n - 1, &n), FH_E_SMALL, "the body has");
    STATUS(fh_character_capsules(ch, NULL, 64, &n), FH_E_NULL, "out is null");
    STATUS(fh_character_capsules(ch, caps, 64, NULL), FH_E_NULL, "len is null");
}

/* BVH: the walk written through the ABI is the main job's file, byte for
 * byte; bad poses write nothing. */
static void test_bvh(fh_library lib, fh_world world, fh_character *out) {
    fh_character ch;
    fh_character_options co = main_start();
    MUST(fh_character_new(world, &co, &ch));
    int stride = E.joints * FH_POSE_STRIDE;
    double *poses = malloc(sizeof(double) * stride * MAIN_FRAMES);
    MUST(fh_character_pose(ch, poses, stride));
    for (int fr = 1; fr < MAIN_FRAMES; fr++) {
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        MUST(fh_character_update(ch, MAIN_DT, &in, poses + fr * stride, stride));
    }
    char path[2048];
    snprintf(path, sizeof path, "%s/walk.bvh", E.tmp);
    int64_t all = (int64_t)stride * MAIN_FRAMES;
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, MAIN_DT, path), FH_OK, NULL);
    FILE *a = fopen(path, "rb"), *b = fopen(E.bvh, "rb");
    int same = a && b;
    while (same) {
        int ca = fgetc(a), cb = fgetc(b);
        same = ca == cb;
        if (ca == EOF || cb == EOF) break;
    }
    EXPECT(same, "%s differs from the main job's %s", path, E.bvh);
    if (a) fclose(a);
    if (b) fclose(b);

    snprintf(path, sizeof path, "%s/bad.bvh", E.tmp);
    STATUS(fh_save_bvh(lib, poses, all - 1, MAIN_FRAMES, MAIN_DT, path), FH_E_ARG, "want");
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, 0, path), FH_E_ARG, "frame time");
    STATUS(fh_save_bvh(lib, poses, 0, 0, MAIN_DT, path), FH_E_ARG, "at least one frame");
    STATUS(fh_save_bvh(lib, NULL, all, MAIN_FRAMES, MAIN_DT, path), FH_E_NULL, "poses is null");
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, MAIN_DT, NULL), FH_E_NULL, "path is null");
    double keep = poses[stride * 500 + 3];
    poses[stride * 500 + 3] = NAN;
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, MAIN_DT, path), FH_E_ARG, "frame 500, joint 0");
    poses[stride * 500 + 3] = keep;
    keep = poses[stride * 7 + FH_POSE_STRIDE * 2 + 6];
    poses[stride * 7 + FH_POSE_STRIDE * 2 + 6] = 3;
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, MAIN_DT, path), FH_E_ARG, "frame 7, joint 2");
    poses[stride * 7 + FH_POSE_STRIDE * 2 + 6] = keep;
    EXPECT(access(path, F_OK) != 0, "a failed fh_save_bvh left %s", path);
    STATUS(fh_save_bvh(lib, poses, all, MAIN_FRAMES, MAIN_DT, "/no/such/folder/walk.bvh"), FH_E_FILE, "/no/such/folder");
    STATUS(fh_save_bvh(world, poses, all, MAIN_FRAMES, MAIN_DT, path), FH_E_HANDLE, "is a world");
    free(poses);
    *out = ch;
}

/* Release: a released handle is an error wherever it is used, and a
 * character outlives its world's and library's handles. */
static void test_release(fh_library lib, fh_world world, fh_character ch, fh_character spare) {
    STATUS(fh_release(0), FH_E_NULL, "null handle");
    STATUS(fh_release(0x00ffffffffffffffull), FH_E_HANDLE, "never issued");
    STATUS(fh_release(spare), FH_OK, NULL);
    STATUS(fh_release(spare), FH_E_RELEASED, "was released");
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    fh_input in = {0};
    STATUS(fh_character_update(spare, MAIN_DT, &in, pose, E.joints * FH_POSE_STRIDE), FH_E_RELEASED, "that character was released");
    STATUS(fh_character_report(spare, &(fh_report){0}), FH_E_RELEASED, "released");
    STATUS(fh_release(world), FH_OK, NULL);
    STATUS(fh_release(lib), FH_OK, NULL);
    STATUS(fh_world_tags(world, "hop", &(uint64_t){0}), FH_E_RELEASED, "that world was released");
    STATUS(fh_library_actions(lib, &(int32_t){0}), FH_E_RELEASED, "that library was released");
    STATUS(fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5}, &(fh_character){0}), FH_E_RELEASED, "released");
    /* a new object may take a released slot: the old handle stays released */
    fh_library lib2;
    MUST(fh_library_builtin(&lib2));
    STATUS(fh_library_actions(lib, &(int32_t){0}), FH_E_RELEASED, "released");
    EXPECT(lib2 != lib, "a new handle equals a released one");
    for (int i = 0; i < 60; i++) STATUS(fh_character_update(ch, MAIN_DT, &in, pose, E.joints * FH_POSE_STRIDE), FH_OK, NULL);
    STATUS(fh_release(ch), FH_OK, NULL);
    STATUS(fh_release(lib2), FH_OK, NULL);
}

/* Threads: characters of one world walk at once on two threads, each the
 * main job's motion; a character used by two threads at once answers the
 * second FH_E_BUSY; messages are per thread. */
typedef struct {
    fh_world world;
    fh_character ch;
    uint64_t hash;
    int busy, errors;
    const char *mine;
} walker;

static void *walk_thread(void *arg) {
    walker *w = arg;
    fh_character ch = w->ch;
    if (!ch) {
        fh_character_options co = main_start();
        if (fh_character_new(w->world, &co, &ch) != FH_OK) {
            w->errors++;
            return NULL;
        }
    }
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    int stride = E.joints * FH_POSE_STRIDE;
    fnv f;
    fnv_init(&f);
    fnv_put(&f, MAIN_DT);
    fh_status st;
    while ((st = fh_character_pose(ch, pose, stride)) == FH_E_BUSY) w->busy++, sched_yield();
    if (st != FH_OK) w->errors++;
    fnv_pose(&f, pose, E.joints);
    for (int fr = 1; fr < MAIN_FRAMES; fr++) {
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        while ((st = fh_character_update(ch, MAIN_DT, &in, pose, stride)) == FH_E_BUSY) w->busy++, sched_yield();
        if (st != FH_OK) w->errors++;
        fnv_pose(&f, pose, E.joints);
    }
    w->hash = f.h;
    if (!w->ch) fh_release(ch);
    return NULL;
}

static void *message_thread(void *arg) {
    walker *w = arg;
    fh_release(0); /* this thread's message: a null handle */
    w->mine = strstr(fh_last_error(), "null handle") ? "own" : fh_last_error();
    return NULL;
}

static void test_threads(fh_world world) {
    walker a = {.world = world}, b = {.world = world};
    pthread_t ta, tb;
    pthread_create(&ta, NULL, walk_thread, &a);
    pthread_create(&tb, NULL, walk_thread, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    EXPECT(a.hash == E.hash && b.hash == E.hash && a.errors + b.errors == 0, "two walks at once: %016llx %016llx, %d errors",
           (unsigned long long)a.hash, (unsigned long long)b.hash, a.errors + b.errors);

    /* one character, two threads: each update either runs or is told busy */
    fh_character ch;
    fh_character_options co = main_start();
    MUST(fh_character_new(world, &co, &ch));
    walker c = {.ch = ch}, d = {.ch = ch};
    pthread_create(&ta, NULL, walk_thread, &c);
    pthread_create(&tb, NULL, walk_thread, &d);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    EXPECT(c.errors + d.errors == 0, "one character on two threads: %d errors", c.errors + d.errors);
    fprintf(stderr, "abi_test: one character on two threads: told busy %d times\n", c.busy + d.busy);
    fh_report r;
    STATUS(fh_character_report(ch, &r), FH_OK, NULL);
    EXPECT(fabs(r.time - 36) < 1e-9, "two threads' updates all ran, once each: %g s", r.time);
    fh_release(ch);

    STATUS(fh_world_tags(world, "nonesuch", &(uint64_t){0}), FH_E_ARG, "nonesuch");
    walker m = {0};
    pthread_create(&ta, NULL, message_thread, &m);
    pthread_join(ta, NULL);
    EXPECT(m.mine && !strcmp(m.mine, "own"), "the other thread's message: %s", m.mine ? m.mine : "(none)");
    EXPECT(strstr(fh_last_error(), "nonesuch") != NULL, "this thread's message after another's failure: %s", fh_last_error());
}

/* A crowd: the same motion as Go's crowd.Sim given the same characters,
 * and its misuse. */
static void test_crowd(fh_world world) {
    fh_crowd c;
    STATUS(fh_crowd_new(world, NULL, &c), FH_E_NULL, "must not be null");
    STATUS(fh_crowd_new(world, &(fh_crowd_options){.claims = 7}, &c), FH_E_ARG, "claims 7");
    STATUS(fh_crowd_new(world, &(fh_crowd_options){.speed = NAN}, &c), FH_E_ARG, "speed");
    MUST(fh_crowd_new(world, &(fh_crowd_options){0}, &c));
    int32_t k = -1, n = -1;
    for (int i = 0; i < E.agents; i++) {
        fh_character_options s = {.x = E.crowd_start[i][0], .z = E.crowd_start[i][1], .yaw = E.crowd_start[i][2]};
        STATUS(fh_crowd_add(c, &s, E.crowd_goal[i][0], E.crowd_goal[i][1], &k), FH_OK, NULL);
        EXPECT(k == i, "agent %d added as %d", i, k);
    }
    STATUS(fh_crowd_add(c, &(fh_character_options){.x = 8.5, .z = 2}, NAN, 1, &k), FH_E_ARG, "goal");
    STATUS(fh_crowd_add(c, &(fh_character_options){.x = 8.5, .z = 2}, 9, 2, NULL), FH_E_NULL, "must not be null");
    STATUS(fh_crowd_len(c, &n), FH_OK, NULL);
    EXPECT(n == E.agents, "%d agents, want %d", n, E.agents);
    STATUS(fh_crowd_len(c, NULL), FH_E_NULL, "count is null");
    STATUS(fh_crowd_step(c, NAN), FH_E_ARG, "dt");
    for (int s = 0; s < E.crowd_steps; s++) STATUS(fh_crowd_step(c, 1.0 / 30), FH_OK, NULL);
    STATUS(fh_crowd_add(c, &(fh_character_options){.x = 8.5, .z = 2}, 9, 2, &k), FH_E_STATE, "before its first step");
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    for (int i = 0; i < E.agents; i++) {
        fh_agent a;
        STATUS(fh_crowd_agent(c, i, &a), FH_OK, NULL);
        EXPECT(a.root[0] == E.crowd_root[i][0] && a.root[1] == E.crowd_root[i][1] && a.root[2] == E.crowd_root[i][2],
               "agent %d at (%.17g %.17g %.17g), want (%.17g %.17g %.17g)", i, a.root[0], a.root[1], a.root[2], E.crowd_root[i][0],
               E.crowd_root[i][1], E.crowd_root[i][2]);
        EXPECT(hypot(a.root[0] - E.crowd_start[i][0], a.root[2] - E.crowd_start[i][1]) > 0.5, "agent %d moved too little", i);
        STATUS(fh_crowd_pose(c, i, pose, E.joints * FH_POSE_STRIDE), FH_OK, NULL);
        EXPECT(pose[0] == a.root[0] && pose[2] == a.root[2], "agent %d's pose and root", i);
    }
    STATUS(fh_crowd_agent(c, E.agents, &(fh_agent){0}), FH_E_ARG, "agent");
    STATUS(fh_crowd_agent(c, 0, NULL), FH_E_NULL, "out is null");
    STATUS(fh_crowd_pose(c, -1, pose, E.joints * FH_POSE_STRIDE), FH_E_ARG, "agent -1");
    STATUS(fh_crowd_pose(c, 0, pose, 3), FH_E_SMALL, "joints need");
    STATUS(fh_crowd_pose(c, 0, NULL, 0), FH_E_NULL, "pose is null");
    fh_input in = {.heading = 3.14159265358979323846, .speed = 1.2};
    STATUS(fh_crowd_drive(c, 0, &in), FH_OK, NULL);
    STATUS(fh_crowd_drive(c, 0, &(fh_input){.speed = NAN}), FH_E_ARG, "speed NaN");
    STATUS(fh_crowd_drive(c, 5, &in), FH_E_ARG, "agent 5");
    STATUS(fh_crowd_drive(c, 0, NULL), FH_E_NULL, "input is null");
    STATUS(fh_crowd_step(c, 1.0 / 30), FH_OK, NULL);
    fh_agent a;
    STATUS(fh_crowd_agent(c, 0, &a), FH_OK, NULL);
    EXPECT(a.driven == 1 && a.gone == (a.arrived >= 0), "agent 0: driven %d, gone %d, arrived %g", a.driven, a.gone, a.arrived);
    STATUS(fh_crowd_step(world, 1.0 / 30), FH_E_HANDLE, "is a world, not a crowd");
    STATUS(fh_release(c), FH_OK, NULL);
    STATUS(fh_crowd_step(c, 1.0 / 30), FH_E_RELEASED, "that crowd was released");
}

/* Updates allocate nothing once warm (the Go runtime's count of heap
 * allocations, read by an internal call). */
uint64_t fhgo_internal_mallocs(void);

static void test_allocations(fh_world world) {
    fh_character ch;
    fh_character_options co = main_start();
    MUST(fh_character_new(world, &co, &ch));
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    int stride = E.joints * FH_POSE_STRIDE;
    for (int fr = 1; fr <= 300; fr++) { /* warm up: the plan's buffers grow */
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        MUST(fh_character_update(ch, MAIN_DT, &in, pose, stride));
    }
    uint64_t before = fhgo_internal_mallocs();
    for (int fr = 301; fr < MAIN_FRAMES; fr++) {
        fh_input in = main_input(fr * MAIN_DT, E.hop, E.climb);
        MUST(fh_character_update(ch, MAIN_DT, &in, pose, stride));
    }
    uint64_t n = fhgo_internal_mallocs() - before;
    EXPECT(n == 0, "%d updates through the ABI allocated %llu times", MAIN_FRAMES - 301, (unsigned long long)n);
    fh_release(ch);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: abi_test EXPECT_FILE\n");
        return 2;
    }
    read_expect(argv[1], &E);
    test_init();
    fh_library lib = test_library();
    test_library_load();
    fh_world world = test_world(lib);
    test_world_files(lib);
    test_handles_everywhere(lib, world);
    fh_character ch = test_character_new(world);
    test_walk(lib, ch);
    test_debug(ch);
    fh_character spare;
    test_bvh(lib, world, &spare);
    test_threads(world);
    test_crowd(world);
    test_allocations(world);
    test_release(lib, world, ch, spare);
    printf("abi_test: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
