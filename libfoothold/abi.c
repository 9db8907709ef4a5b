/* The C side of foothold.h: the ABI check, the per-thread messages, and
 * the public functions, each handing over to its fhgo_ twin in Go. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foothold.h"
#include "_cgo_export.h"

#define FH_VERSION "0.60.0"

/* Each thread's message lives in a buffer of its own, found by a pthread
 * key (freed when the thread ends): a library opened with dlopen has
 * little room for thread-local storage of its own. */
#define MESSAGE_CAP 4096
static pthread_key_t message_key;
static pthread_once_t message_once = PTHREAD_ONCE_INIT;
static atomic_int ready;
static char no_memory[] = "out of memory for the message";

static void make_key(void) { pthread_key_create(&message_key, free); }

static char *message(void) {
    pthread_once(&message_once, make_key);
    char *m = pthread_getspecific(message_key);
    if (m == NULL && (m = malloc(MESSAGE_CAP)) != NULL) {
        m[0] = 0;
        if (pthread_setspecific(message_key, m) != 0) {
            free(m);
            m = NULL;
        }
    }
    return m;
}

fh_status fh__fail(fh_status status, const char *msg, size_t len) {
    char *m = message();
    if (m != NULL) {
        if (len >= MESSAGE_CAP) {
            len = MESSAGE_CAP - 1;
        }
        memcpy(m, msg, len);
        m[len] = 0;
    }
    return status;
}

static fh_status not_ready(void) {
    static const char msg[] = "call fh_init(FH_ABI_VERSION) before any other call";
    return fh__fail(FH_E_ABI, msg, sizeof msg - 1);
}

#define READY() \
    do { \
        if (!atomic_load_explicit(&ready, memory_order_acquire)) return not_ready(); \
    } while (0)

uint32_t fh_abi_version(void) { return FH_ABI_VERSION; }

const char *fh_version(void) { return FH_VERSION; }

fh_status fh_init(uint32_t abi_version) {
    if (abi_version != FH_ABI_VERSION) {
        char msg[160];
        int n = snprintf(msg, sizeof msg, "fh_init: the caller was built for ABI version %u; this library (%s) has ABI version %u",
                         (unsigned)abi_version, FH_VERSION, (unsigned)FH_ABI_VERSION);
        return fh__fail(FH_E_ABI, msg, (size_t)n);
    }
    atomic_store_explicit(&ready, 1, memory_order_release);
    return FH_OK;
}

const char *fh_last_error(void) {
    char *m = message();
    return m != NULL ? m : no_memory;
}

const char *fh_status_name(fh_status status) {
    static const char *names[] = {"FH_OK", "FH_E_ABI", "FH_E_NULL", "FH_E_HANDLE", "FH_E_RELEASED", "FH_E_SMALL",
                                  "FH_E_ARG", "FH_E_FILE", "FH_E_INPUT", "FH_E_STATE", "FH_E_BUSY", "FH_E_INTERNAL"};
    if (status < 0 || status >= (fh_status)(sizeof names / sizeof names[0])) {
        return "unknown status";
    }
    return names[status];
}

fh_status fh_release(uint64_t h) { READY(); return fhgo_release(h); }

fh_status fh_library_builtin(fh_library *out) { READY(); return fhgo_library_builtin(out); }
fh_status fh_library_load(const char *path, fh_library *out) { READY(); return fhgo_library_load((char *)path, out); }
fh_status fh_library_actions(fh_library lib, int32_t *count) { READY(); return fhgo_library_actions(lib, count); }
fh_status fh_library_action_name(fh_library lib, int32_t action, char *buf, int32_t cap, int32_t *len) {
    READY();
    return fhgo_library_action_name(lib, action, buf, cap, len);
}
fh_status fh_skeleton_joints(fh_library lib, int32_t *count) { READY(); return fhgo_skeleton_joints(lib, count); }
fh_status fh_skeleton_name(fh_library lib, int32_t joint, char *buf, int32_t cap, int32_t *len) {
    READY();
    return fhgo_skeleton_name(lib, joint, buf, cap, len);
}
fh_status fh_skeleton_parents(fh_library lib, int32_t *parents, int32_t cap, int32_t *count) {
    READY();
    return fhgo_skeleton_parents(lib, parents, cap, count);
}
fh_status fh_skeleton_offsets(fh_library lib, double *offsets, int32_t cap, int32_t *count) {
    READY();
    return fhgo_skeleton_offsets(lib, offsets, cap, count);
}
fh_status fh_save_bvh(fh_library lib, const double *poses, int64_t poses_len, int32_t frames, double frame_time, const char *path) {
    READY();
    return fhgo_save_bvh(lib, (double *)poses, poses_len, frames, frame_time, (char *)path);
}

fh_status fh_world_load(const fh_world_options *options, fh_library lib, fh_world *out) {
    READY();
    return fhgo_world_load((fh_world_options *)options, lib, out);
}
fh_status fh_world_tags(fh_world world, const char *tags, uint64_t *request) {
    READY();
    return fhgo_world_tags(world, (char *)tags, request);
}

fh_status fh_character_new(fh_world world, const fh_character_options *options, fh_character *out) {
    READY();
    return fhgo_character_new(world, (fh_character_options *)options, out);
}
fh_status fh_character_update(fh_character ch, double dt, const fh_input *in, double *pose, int32_t pose_len) {
    READY();
    return fhgo_character_update(ch, dt, (fh_input *)in, pose, pose_len);
}
fh_status fh_character_pose(fh_character ch, double *pose, int32_t pose_len) {
    READY();
    return fhgo_character_pose(ch, pose, pose_len);
}
fh_status fh_character_report(fh_character ch, fh_report *out) { READY(); return fhgo_character_report(ch, out); }
fh_status fh_character_debug(fh_character ch, int32_t max_nodes, fh_debug_line *lines, int32_t lines_cap, int32_t *lines_len,
                             fh_debug_point *points, int32_t points_cap, int32_t *points_len) {
    READY();
    return fhgo_character_debug(ch, max_nodes, lines, lines_cap, lines_len, points, points_cap, points_len);
}
fh_status fh_character_capsules(fh_character ch, fh_capsule *out, int32_t cap, int32_t *len) {
    READY();
    return fhgo_character_capsules(ch, out, cap, len);
}

fh_status fh_crowd_new(fh_world world, const fh_crowd_options *options, fh_crowd *out) {
    READY();
    return fhgo_crowd_new(world, (fh_crowd_options *)options, out);
}
fh_status fh_crowd_add(fh_crowd crowd, const fh_character_options *start, double goal_x, double goal_z, int32_t *agent) {
    READY();
    return fhgo_crowd_add(crowd, (fh_character_options *)start, goal_x, goal_z, agent);
}
fh_status fh_crowd_drive(fh_crowd crowd, int32_t agent, const fh_input *in) {
    READY();
    return fhgo_crowd_drive(crowd, agent, (fh_input *)in);
}
fh_status fh_crowd_step(fh_crowd crowd, double dt) { READY(); return fhgo_crowd_step(crowd, dt); }
fh_status fh_crowd_len(fh_crowd crowd, int32_t *count) { READY(); return fhgo_crowd_len(crowd, count); }
fh_status fh_crowd_pose(fh_crowd crowd, int32_t agent, double *pose, int32_t pose_len) {
    READY();
    return fhgo_crowd_pose(crowd, agent, pose, pose_len);
}
fh_status fh_crowd_agent(fh_crowd crowd, int32_t agent, fh_agent *out) { READY(); return fhgo_crowd_agent(crowd, agent, out); }
