/* Random calls: N calls of every function of foothold.h with random
 * arguments (handles live, released, forged and of the wrong kind; buffer
 * lengths; NaNs, infinities; null pointers; garbage strings). Each must
 * return a status with a message and none may crash or fault inside the
 * library (FH_E_INTERNAL); between them a witness character walks the main
 * job's walk, which must come out the main job's motion. With THREADS, the
 * calls are shared among that many threads, all starting from the same
 * handles (so that they release, reuse and use them at once; a handle in
 * use on another thread answers FH_E_BUSY).
 *
 *   random_calls EXPECT_FILE N SEED [THREADS] */
#include <pthread.h>
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "expect.h"

static expect E;
static _Thread_local uint64_t rng_state;

static uint64_t next(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int pick(int n) { return (int)(next() % (uint64_t)n); }

#define POOL 16
static _Thread_local uint64_t pool[POOL];
static _Thread_local int pooled;

static void keep(uint64_t h) {
    if (pooled < POOL) {
        pool[pooled++] = h;
        return;
    }
    int i = pick(POOL);
    fh_release(pool[i]); /* may already be released: fine */
    pool[i] = h;
}

static uint64_t handle(void) {
    switch (pick(6)) {
    case 0: return 0;
    case 1: return next();                                                     /* forged */
    case 2: return pooled ? pool[pick(pooled)] + (uint64_t)pick(3) - 1 : 1;    /* a neighbour */
    case 3: return pooled ? (pool[pick(pooled)] & ~(0xffull << 56)) | ((uint64_t)(1 + pick(4)) << 56) : 2; /* another kind */
    default: return pooled ? pool[pick(pooled)] : 0;
    }
}

/* handle_of is a live handle of kind k (1 library, 2 world, 3 character,
 * 4 crowd) half the time, when the pool has one; else any handle. */
static uint64_t handle_of(int k) {
    if (pick(2)) {
        int start = pick(POOL);
        for (int i = 0; i < pooled; i++) {
            uint64_t h = pool[(start + i) % pooled];
            if ((int)(h >> 56) == k) return h;
        }
    }
    return handle();
}

static double number(void) {
    const double odd[] = {NAN, INFINITY, -INFINITY, 0, -0.0, 1e-300, -1, 1.0 / 60, 0.5, 1e308, 2, 3.14159, 8.5, 1.8};
    if (pick(3) == 0) return (double)(int64_t)(next() % 2001 - 1000) / 100;
    return odd[pick(sizeof odd / sizeof odd[0])];
}

static int32_t length(void) {
    const int32_t odd[] = {-1, 0, 1, 2, 3, 7, 64, 100, 175, 176, 1000, INT32_MAX, INT32_MIN};
    return pick(2) ? odd[pick(sizeof odd / sizeof odd[0])] : pick(400);
}

static _Thread_local char garbage[64];
static char long_string[5000];

static const char *string(void) {
    switch (pick(9)) {
    case 0: return NULL;
    case 1: return "";
    case 2: return "hop,climb";
    case 3: return "builtin:stepping";
    case 4: return "builtin:nonesuch";
    case 5: return "/no/such/file.obj";
    case 6: return long_string;
    case 7: return "idle";
    default:
        for (int i = 0; i < 63; i++) garbage[i] = (char)(1 + pick(255));
        garbage[pick(63)] = 0;
        return garbage;
    }
}

/* A buffer of doubles (or anything) whose true size is at least the length
 * the call is told, or NULL. */
static _Thread_local double buf[1 << 16];

static void *buffer(int32_t told, size_t elem) {
    if (pick(5) == 0) return NULL;
    if (told < 0 || (size_t)told * elem > sizeof buf) return NULL;
    return buf;
}

static int32_t honest(int32_t n, size_t elem) { /* a length the buffer holds */
    return n < 0 || (size_t)n * elem <= sizeof buf ? n : (int32_t)(sizeof buf / elem);
}


static fh_status one_call(void) {
    int32_t n = length(), m = length(), i32 = length();
    uint64_t u64;
    fh_library lib;
    switch (pick(30)) {
    case 0: return fh_release(handle());
    case 1: {
        fh_status st = fh_library_builtin(pick(4) ? &lib : NULL);
        if (st == FH_OK) keep(lib);
        return st;
    }
    case 2: {
        const char *p = pick(2) ? string() : E.libfile;
        fh_status st = fh_library_load(p, pick(4) ? &lib : NULL);
        if (st == FH_OK) keep(lib);
        return st;
    }
    case 3: return fh_library_actions(handle_of(1), pick(4) ? &i32 : NULL);
    case 4: n = honest(n, 1); return fh_library_action_name(handle_of(1), length(), buffer(n, 1), n, pick(4) ? &m : NULL);
    case 5: return fh_skeleton_joints(handle_of(1), pick(4) ? &i32 : NULL);
    case 6: n = honest(n, 1); return fh_skeleton_name(handle_of(1), length(), buffer(n, 1), n, pick(4) ? &m : NULL);
    case 7: n = honest(n, 4); return fh_skeleton_parents(handle_of(1), buffer(n, 4), n, pick(4) ? &m : NULL);
    case 8: n = honest(n, 8); return fh_skeleton_offsets(handle_of(1), buffer(n, 8), n, pick(4) ? &m : NULL);
    case 9: {
        int64_t len = pick(2) ? (int64_t)honest(n, 8) : (int64_t)E.joints * FH_POSE_STRIDE * pick(4);
        if (len * 8 > (int64_t)sizeof buf) len = sizeof buf / 8;
        for (int k = 0; k < (len > 0 ? len : 0); k++) buf[k] = pick(8) ? (k % 7 == 6 ? 1 : 0) : number();
        char path[2048];
        snprintf(path, sizeof path, "%s/random-%d.bvh", E.tmp, pick(4));
        return fh_save_bvh(handle_of(1), buffer(1, 8), len, length() % 8, number(), pick(3) ? path : string());
    }
    case 10: {
        if (pick(16)) return fh_world_load(pick(2) ? NULL : &(fh_world_options){.scene = string()}, handle(), pick(2) ? &u64 : NULL);
        fh_world_options wo = {.scene = pick(2) ? "builtin:stepping" : string(), .friction = pick(2) ? 0 : number(), .scale = pick(2) ? 0 : number(),
                               .no_body = pick(2), .support = pick(4) ? NULL : string()};
        fh_status st = fh_world_load(&wo, handle_of(1), &u64);
        if (st == FH_OK) keep(u64);
        return st;
    }
    case 11: return fh_world_tags(handle_of(2), string(), pick(4) ? &u64 : NULL);
    case 12: case 13: {
        fh_character_options co = {.x = pick(2) ? 0.25 : number(), .z = pick(2) ? 1.5 : number(), .y = number(), .yaw = number(),
                                   .budget = pick(2) ? 0 : number(), .state = pick(2) ? NULL : string(), .at_y = pick(4) == 0,
                                   .depth = pick(2) ? 0 : length(), .work = pick(2) ? 0 : length(), .reserved = pick(8) == 0};
        fh_status st = fh_character_new(handle_of(2), pick(8) ? &co : NULL, pick(8) ? &u64 : NULL);
        if (st == FH_OK) keep(u64);
        return st;
    }
    case 14: case 15: case 16: {
        fh_input in = {.heading = pick(2) ? 1 : number(), .speed = pick(2) ? 1.2 : number(), .within = pick(2) ? 0 : number(),
                       .request = pick(2) ? 0 : pick(2) ? E.hop : next()};
        n = honest(n, 8);
        return fh_character_update(handle_of(3), pick(2) ? 1.0 / 60 : number(), pick(8) ? &in : NULL, buffer(n, 8), n);
    }
    case 17: n = honest(n, 8); return fh_character_pose(handle_of(3), buffer(n, 8), n);
    case 18: {
        fh_report r;
        return fh_character_report(handle_of(3), pick(8) ? &r : NULL);
    }
    case 19: {
        n = honest(n, sizeof(fh_debug_line)), m = honest(m, sizeof(fh_debug_point));
        int32_t a, b;
        return fh_character_debug(handle_of(3), length(), buffer(n, sizeof(fh_debug_line)), n, pick(8) ? &a : NULL, (fh_debug_point *)buffer(m, sizeof(fh_debug_point)), m,
                                  pick(8) ? &b : NULL);
    }
    case 20: n = honest(n, sizeof(fh_capsule)); return fh_character_capsules(handle_of(3), buffer(n, sizeof(fh_capsule)), n, pick(8) ? &m : NULL);
    case 21: {
        if (pick(12)) return fh_crowd_new(handle(), NULL, &u64);
        fh_crowd_options co = {.claims = pick(2) ? 0 : length(), .speed = pick(2) ? 0 : number(), .depth = pick(2) ? 0 : length(), .stay = pick(2)};
        fh_status st = fh_crowd_new(handle_of(2), &co, &u64);
        if (st == FH_OK) keep(u64);
        return st;
    }
    case 22: {
        fh_character_options co = {.x = pick(2) ? 8.5 : number(), .z = pick(2) ? 2 : number(), .yaw = number()};
        return fh_crowd_add(handle_of(4), pick(8) ? &co : NULL, number(), number(), pick(8) ? &i32 : NULL);
    }
    case 23: {
        fh_input in = {.heading = number(), .speed = pick(2) ? 1 : number(), .request = pick(2) ? 0 : next()};
        return fh_crowd_drive(handle_of(4), pick(2) ? pick(3) : length(), pick(8) ? &in : NULL);
    }
    case 24: return fh_crowd_step(handle_of(4), pick(2) ? 1.0 / 30 : number());
    case 25: return fh_crowd_len(handle_of(4), pick(4) ? &i32 : NULL);
    case 26: n = honest(n, 8); return fh_crowd_pose(handle_of(4), pick(2) ? pick(3) : length(), buffer(n, 8), n);
    case 27: {
        fh_agent a;
        return fh_crowd_agent(handle_of(4), pick(2) ? pick(3) : length(), pick(8) ? &a : NULL);
    }
    case 28: return fh_init(pick(2) ? FH_ABI_VERSION : (uint32_t)next());
    default: {
        const char *s = fh_status_name((fh_status)(length() % 20));
        return s != NULL ? FH_OK : FH_E_INTERNAL;
    }
    }
}

/* A worker's share of the calls, what it saw, and the handles it starts
 * with. */
typedef struct {
    uint64_t seed, start[4];
    int calls, checks, failures, counts[16];
    fh_character witness; /* 0: none; else walked between the calls */
    uint64_t hash;
    int frames;
} worker;

static void *run_calls(void *arg) {
    worker *w = arg;
    rng_state = w->seed;
    for (int i = 0; i < 4; i++) keep(w->start[i]);
    double pose[MAX_JOINTS * FH_POSE_STRIDE];
    int stride = E.joints * FH_POSE_STRIDE;
    fnv f;
    fnv_init(&f);
    fnv_put(&f, MAIN_DT);
    if (w->witness) {
        MUST(fh_character_pose(w->witness, pose, stride));
        fnv_pose(&f, pose, E.joints);
    }
    for (int c = 0; c < w->calls; c++) {
        fh_status st = one_call();
        w->checks++;
        if (st < FH_OK || st > FH_E_INTERNAL || (st != FH_OK && fh_last_error()[0] == 0) || st == FH_E_INTERNAL) {
            w->failures++;
            fprintf(stderr, "call %d: status %d (%s): %s\n", c, st, fh_status_name(st), fh_last_error());
        }
        w->counts[st >= 0 && st < 16 ? st : 15]++;
        if (st == FH_E_ABI) MUST(fh_init(FH_ABI_VERSION)); /* a random fh_init with another version: the check holds */
        int due = w->witness ? (int)((int64_t)(c + 1) * (MAIN_FRAMES - 1) / w->calls) : 0;
        while (w->frames < due) { /* the witness walks on between the calls */
            w->frames++;
            fh_input in = main_input(w->frames * MAIN_DT, E.hop, E.climb);
            MUST(fh_character_update(w->witness, MAIN_DT, &in, pose, stride));
            fnv_pose(&f, pose, E.joints);
        }
    }
    w->hash = f.h;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: random_calls EXPECT_FILE N SEED [THREADS]\n");
        return 2;
    }
    read_expect(argv[1], &E);
    int calls = atoi(argv[2]), threads = argc == 5 ? atoi(argv[4]) : 1;
    if (threads < 1 || threads > 16) {
        fprintf(stderr, "random_calls: 1 to 16 threads\n");
        return 2;
    }
    memset(long_string, 'a', sizeof long_string - 1);
    MUST(fh_init(FH_ABI_VERSION));
    fh_library lib;
    fh_world world;
    fh_character witness, ch;
    fh_crowd crowd;
    MUST(fh_library_builtin(&lib));
    MUST(fh_world_load(&(fh_world_options){.scene = "builtin:stepping"}, lib, &world));
    fh_character_options co = {.x = 0.25, .z = 1.5, .yaw = 90 * 3.14159265358979323846 / 180, .state = "idle"};
    MUST(fh_character_new(world, &co, &witness));
    MUST(fh_crowd_new(world, &(fh_crowd_options){0}, &crowd));
    MUST(fh_crowd_add(crowd, &(fh_character_options){.x = 8.1, .z = 1.8}, 9.6, 1.8, &(int32_t){0}));
    MUST(fh_character_new(world, &co, &ch));

    worker ws[16] = {{0}};
    pthread_t ts[16];
    uint64_t seed = strtoull(argv[3], NULL, 10);
    for (int t = 0; t < threads; t++) {
        ws[t] = (worker){.seed = seed + 0x1000 * (uint64_t)t, .start = {lib, world, crowd, ch}, .calls = calls / threads + (t < calls % threads)};
    }
    ws[0].witness = witness;
    for (int t = 1; t < threads; t++) pthread_create(&ts[t], NULL, run_calls, &ws[t]);
    run_calls(&ws[0]);
    int counts[16] = {0};
    for (int t = 0; t < threads; t++) {
        if (t > 0) pthread_join(ts[t], NULL);
        checks += ws[t].checks, failures += ws[t].failures;
        for (int s = 0; s < 16; s++) counts[s] += ws[t].counts[s];
    }
    EXPECT(ws[0].frames == MAIN_FRAMES - 1 && ws[0].hash == E.hash, "the witness's motion hash %016llx after %d frames, want %016llx",
           (unsigned long long)ws[0].hash, ws[0].frames, (unsigned long long)E.hash);
    printf("random_calls: %d calls on %d thread%s; statuses:", calls, threads, threads == 1 ? "" : "s");
    for (int s = 0; s <= FH_E_INTERNAL; s++)
        if (counts[s]) printf(" %s %d", fh_status_name(s), counts[s]);
    printf("\nrandom_calls: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
