/*
 * foothold.h: the C ABI of Foothold, geometry-aware character motion
 * planning (libfoothold.so, or libfoothold.a with -lpthread).
 *
 * A character driven by an animation state graph looks several actions
 * ahead through a 3D level, keeps the actions whose hand and foot contacts
 * land on supporting geometry and whose body stays clear of the scene and
 * of other characters, and warps the chosen clip onto those contacts.
 *
 *   fh_init(FH_ABI_VERSION);
 *   fh_library_builtin(&lib);
 *   fh_world_options wo = {.scene = "builtin:stepping"};
 *   fh_world_load(&wo, lib, &world);
 *   fh_character_options co = {.x = 0.25, .z = 1.5, .yaw = M_PI / 2};
 *   fh_character_new(world, &co, &ch);
 *   for (;;) {
 *       fh_input in = {.heading = h, .speed = 1.2};
 *       fh_character_update(ch, 1.0 / 60, &in, pose, pose_len);
 *       draw(pose);
 *   }
 *
 * Conventions: metres, seconds, radians; +Y is up, right-handed; a yaw or
 * heading of 0 faces +Z and pi/2 faces +X.
 *
 * Status and messages. Every call returns an fh_status: FH_OK, or an
 * error code below. When a call fails, fh_last_error() gives its message
 * (naming the file and the place, the handle or the argument) on the
 * thread that made it; calls that succeed leave the message alone. A
 * failed call changes nothing: no handle is made, no output written
 * except the lengths a buffer would need.
 *
 * ABI version. Call fh_init(FH_ABI_VERSION) once before anything else:
 * it fails with FH_E_ABI when this header and the library loaded disagree,
 * and until it succeeds every other call fails with FH_E_ABI.
 *
 * Handles are integers the library issues (never pointers); 0 is the null
 * handle. A handle of the wrong kind, one never issued, or one released
 * is an error (FH_E_HANDLE, FH_E_RELEASED), never a crash. Releasing a
 * handle never invalidates another: a character keeps its world's data,
 * a world its library's, for as long as it lives.
 *
 * Memory. The library never keeps a pointer the caller passed in, and
 * never hands out memory the caller must free: outputs go to buffers the
 * caller owns, whose lengths the caller passes; a buffer too short fails
 * with FH_E_SMALL and the length needed in its length output. Strings in
 * are UTF-8, NUL-terminated, and read during the call only.
 *
 * Threads. Calls may be made from any thread. Calls on different handles
 * run concurrently (characters of one world may be updated on as many
 * threads); a handle used by two threads at once fails the later call
 * with FH_E_BUSY, it does not wait. fh_world_load and fh_crowd_new may
 * take long on first use (they bake support data, the body's sweeps and
 * occupancy spaces into the user's cache); fh_character_update and
 * fh_crowd_step allocate nothing and stay within their work budget.
 *
 * The process. The library holds a Go runtime: a process holds one Go
 * runtime, so at most one Go-built shared library (golang/go#18976), and
 * unloading the library (dlclose, FreeLibrary) is not supported. The
 * runtime reads GOMAXPROCS from the environment when the library loads.
 * Motion is the same to the bit for any GOMAXPROCS and any machine: an
 * update's work is counted, not timed (fh_character_options.work), unless
 * a character is given a time budget (fh_character_options.budget).
 */
#ifndef FOOTHOLD_H
#define FOOTHOLD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes: fh_init checks it against the library. */
#define FH_ABI_VERSION 1

typedef int32_t fh_status;

#define FH_OK 0
#define FH_E_ABI 1      /* fh_init not called, or called with another ABI version */
#define FH_E_NULL 2     /* a null handle, or a null pointer where one is needed */
#define FH_E_HANDLE 3   /* a handle never issued, or of another kind */
#define FH_E_RELEASED 4 /* a handle already released */
#define FH_E_SMALL 5    /* an output buffer too short: its length output says how long */
#define FH_E_ARG 6      /* an argument out of range: NaN, infinite, negative, unknown */
#define FH_E_FILE 7     /* a file that does not exist or cannot be read or written */
#define FH_E_INPUT 8    /* input that cannot be used: a malformed file, an unknown scene */
#define FH_E_STATE 9    /* a call that does not fit the handle's state */
#define FH_E_BUSY 10    /* the handle is in use on another thread */
#define FH_E_INTERNAL 11 /* a fault inside the library: release the handle */

typedef uint64_t fh_library;   /* an action library and its state graph */
typedef uint64_t fh_world;     /* a scene ready to plan in, for one library */
typedef uint64_t fh_character; /* one planner: the runtime character */
typedef uint64_t fh_crowd;     /* characters that plan around each other */

/* Doubles per joint in a pose: translation x, y, z, then the rotation as a
 * unit quaternion x, y, z, w. The root's are in the world; every other
 * joint's are relative to its parent (fh_skeleton_parents). */
#define FH_POSE_STRIDE 7

/* --- The library itself ------------------------------------------------ */

/* FH_ABI_VERSION of the library loaded. Needs no fh_init. */
uint32_t fh_abi_version(void);
/* The library's version, e.g. "0.60.0" (static storage). Needs no fh_init. */
const char *fh_version(void);
/* Checks abi_version (pass FH_ABI_VERSION) against the library's. */
fh_status fh_init(uint32_t abi_version);
/* The message of this thread's last failed call ("" if none): valid until
 * the thread's next failed call. Needs no fh_init. */
const char *fh_last_error(void);
/* The name of a status code ("FH_E_SMALL"), or "unknown status". */
const char *fh_status_name(fh_status status);
/* Releases any handle. */
fh_status fh_release(uint64_t handle);

/* --- Action libraries and the skeleton --------------------------------- */

/* The built-in adult's library (with the crowd's short steps and turns). */
fh_status fh_library_builtin(fh_library *out);
/* A library file made by `planner library` (YAML). */
fh_status fh_library_load(const char *path, fh_library *out);
/* How many actions the library holds. */
fh_status fh_library_actions(fh_library lib, int32_t *count);
/* Action i's name into buf (NUL-terminated); *len is its length without
 * the NUL, set on FH_E_SMALL too. */
fh_status fh_library_action_name(fh_library lib, int32_t action, char *buf, int32_t cap, int32_t *len);
/* How many joints the skeleton has (end sites included). */
fh_status fh_skeleton_joints(fh_library lib, int32_t *count);
/* Joint i's name into buf, as fh_library_action_name. */
fh_status fh_skeleton_name(fh_library lib, int32_t joint, char *buf, int32_t cap, int32_t *len);
/* Every joint's parent (-1 for the root, joint 0) into parents[cap];
 * *count is the number of joints. */
fh_status fh_skeleton_parents(fh_library lib, int32_t *parents, int32_t cap, int32_t *count);
/* Every joint's rest offset from its parent (x, y, z) into offsets[cap]:
 * cap counts doubles, 3 per joint; *count is the number of joints. */
fh_status fh_skeleton_offsets(fh_library lib, double *offsets, int32_t cap, int32_t *count);
/* Writes frames poses (FH_POSE_STRIDE doubles per joint, frame after
 * frame; poses_len doubles in all) as a BVH file of the library's
 * skeleton, atomically: on failure no file is left. */
fh_status fh_save_bvh(fh_library lib, const double *poses, int64_t poses_len, int32_t frames, double frame_time, const char *path);

/* --- Worlds ------------------------------------------------------------ */

/* How a world is loaded. All zero gives the defaults, except scene. */
typedef struct fh_world_options {
    const char *scene;     /* "builtin:NAME" (stepping, level, ...) or a mesh file: .obj, .gltf, .glb */
    const char *support;   /* a support file built for the scene (preprocess build), or NULL: the cache, baked on first use */
    const char *cache_dir; /* NULL: the user's cache folder */
    double friction;       /* every contact's friction coefficient; 0: 0.8 (slopes to 38.7 degrees); negative: the paper's 10-degree cone */
    double scale;          /* metres per file unit; 0: 1 */
    int32_t up_z;          /* nonzero: the file's up axis is +Z */
    int32_t no_body;       /* nonzero: check the docks alone; by default the body is checked against the scene */
} fh_world_options;

/* Loads the scene and the support data of every template lib docks with;
 * with the body, the body's sweeps of lib's actions too. */
fh_status fh_world_load(const fh_world_options *options, fh_library lib, fh_world *out);
/* The request bits of a comma-separated list of action tags ("hop,climb")
 * for fh_input.request: an unknown tag is FH_E_ARG naming the tags there are. */
fh_status fh_world_tags(fh_world world, const char *tags, uint64_t *request);

/* --- Characters -------------------------------------------------------- */

/* Where and how a character starts. All zero gives the defaults. */
typedef struct fh_character_options {
    double x, z;       /* where it stands [m] */
    double y;          /* with at_y: start on the first floor below this height */
    double yaw;        /* which way it faces [rad] */
    double budget;     /* planning time per update [s]; 0: none (work only) */
    const char *state; /* the action it starts in; NULL: standing */
    int32_t at_y;      /* zero: start on the highest floor under x, z */
    int32_t depth;     /* plan depth, 1 to 6; 0: 4 */
    int32_t work;      /* work per update (plan nodes, geo-queries, body tests, warps); 0: 900 */
    int32_t reserved;  /* zero */
} fh_character_options;

/* What the player asks for, each update. */
typedef struct fh_input {
    double heading;   /* the direction of travel [rad] */
    double speed;     /* [m/s]; 0 asks to stop */
    double within;    /* when positive, how far off heading a step may go before turning on the spot is preferred [rad] */
    uint64_t request; /* tags asked for (fh_world_tags); 0: none */
} fh_input;

/* Makes a character in the world, planning with the world's library. A
 * start whose standing body is in the scene is moved to the nearest place
 * it fits (within 0.5 m), or refused with FH_E_INPUT. */
fh_status fh_character_new(fh_world world, const fh_character_options *options, fh_character *out);
/* Advances the character by dt seconds (0 < dt <= 1) with input in, and
 * writes its pose into pose[pose_len] (FH_POSE_STRIDE doubles per joint;
 * pose may be NULL with pose_len 0). Allocates nothing. */
fh_status fh_character_update(fh_character ch, double dt, const fh_input *in, double *pose, int32_t pose_len);
/* The current pose, as fh_character_update writes it. */
fh_status fh_character_pose(fh_character ch, double *pose, int32_t pose_len);

/* What a character has done since it was made. */
typedef struct fh_report {
    double time;           /* [s] since made */
    double max_dock_error; /* the farthest a warped dock missed its support [m] */
    int64_t plan_nodes;    /* plan nodes evaluated */
    int64_t pruned;        /* of them, unsupported */
    int64_t blocked;       /* of them, supported but pruned for the body */
    int64_t queries;       /* geo-queries */
    int64_t body_checks;   /* body clearance tests */
    int32_t action;        /* the action being performed (library index) */
    int32_t actions;       /* actions started */
    int32_t stuck;         /* times no action was feasible when one was needed */
    int32_t waits;         /* updates that held the pose, waiting on a choice */
    int32_t refused;       /* warped choices refused for the body */
    int32_t crowded;       /* choices refused for ground others claimed */
    int32_t dead_ends;     /* choices passed over for leaving no way on */
    int32_t unreached;     /* docks their warp could not reach */
    int32_t work;          /* the last update's work */
    int32_t falling;       /* nonzero while it falls */
} fh_report;

fh_status fh_character_report(fh_character ch, fh_report *out);

/* Debug geometry: the plan as lines (root paths on the ground) and points
 * (docks), by kind; the body as capsules. */
#define FH_DEBUG_CURRENT 0     /* line: the action being performed */
#define FH_DEBUG_FEASIBLE 1    /* line: a plan node known supported */
#define FH_DEBUG_DEAD 2        /* line: unsupported, or every child dead */
#define FH_DEBUG_UNKNOWN 3     /* line: not evaluated yet */
#define FH_DEBUG_SUPPORTED 4   /* point: a dock's support */
#define FH_DEBUG_UNSUPPORTED 5 /* point: a dock where no support was found */
#define FH_DEBUG_TARGET 6      /* point: a support the current action was warped onto */

typedef struct fh_debug_line { float a[3], b[3]; int32_t kind; } fh_debug_line;
typedef struct fh_debug_point { float p[3]; int32_t kind; } fh_debug_point;
/* A capsule of the body: the segment a-b in the world [m], its radius
 * [m], the joint whose bone it covers and its part (FH_PART_*). */
typedef struct fh_capsule { double a[3], b[3]; double radius; int32_t joint, part; } fh_capsule;

#define FH_PART_PELVIS 0
#define FH_PART_TORSO 1
#define FH_PART_NECK 2
#define FH_PART_HEAD 3
#define FH_PART_CLAVICLE 4
#define FH_PART_UPPER_ARM 5
#define FH_PART_FOREARM 6
#define FH_PART_HAND 7
#define FH_PART_THIGH 8
#define FH_PART_SHIN 9
#define FH_PART_FOOT 10
#define FH_PART_TOES 11

/* The plan of at most max_nodes nodes (breadth first; 0: all): lines and
 * points into the caller's arrays; on FH_E_SMALL, *lines_len and
 * *points_len are the lengths needed and nothing is written. */
fh_status fh_character_debug(fh_character ch, int32_t max_nodes, fh_debug_line *lines, int32_t lines_cap, int32_t *lines_len,
                             fh_debug_point *points, int32_t points_cap, int32_t *points_len);
/* The body's capsules at the current pose, in the world. */
fh_status fh_character_capsules(fh_character ch, fh_capsule *out, int32_t cap, int32_t *len);

/* --- Crowds ------------------------------------------------------------ */

#define FH_CLAIMS_SPACES 0    /* claims of the actions' occupancy spaces (the default) */
#define FH_CLAIMS_NONE 1      /* each plans alone: bodies may meet */
#define FH_CLAIMS_CYLINDERS 2 /* claims of the cylinders holding the spaces */

/* How a crowd plans. All zero gives the defaults. */
typedef struct fh_crowd_options {
    double speed;   /* desired speed [m/s]; 0: 1.2 */
    int32_t claims; /* FH_CLAIMS_* */
    int32_t depth;  /* plan depth; 0: 3 */
    int32_t work;   /* work per character per step; 0: 1600 */
    int32_t stay;   /* nonzero: a character that arrives stays, standing; by default it leaves the scene */
} fh_crowd_options;

/* What one character of a crowd is doing. */
typedef struct fh_agent {
    double root[3]; /* its root joint in the world [m] */
    double arrived; /* when it arrived [s], or -1 */
    int32_t gone;   /* nonzero once it has left the scene */
    int32_t driven; /* nonzero when its input is the caller's (fh_crowd_drive) */
} fh_agent;

/* A crowd in the world (its occupancy spaces baked on first use). */
fh_status fh_crowd_new(fh_world world, const fh_crowd_options *options, fh_crowd *out);
/* Adds a character standing where start says (its x, z, yaw, and y with
 * at_y; the crowd's options say how it plans) and heading for (goal_x,
 * goal_z) on the same floor; *agent is its index, from 0 in the order
 * added. Characters join before the first step (later: FH_E_STATE). */
fh_status fh_crowd_add(fh_crowd crowd, const fh_character_options *start, double goal_x, double goal_z, int32_t *agent);
/* From now on, agent follows in instead of steering for its goal. */
fh_status fh_crowd_drive(fh_crowd crowd, int32_t agent, const fh_input *in);
/* Advances every character by dt seconds, in a fixed order. */
fh_status fh_crowd_step(fh_crowd crowd, double dt);
/* How many characters the crowd holds. */
fh_status fh_crowd_len(fh_crowd crowd, int32_t *count);
/* Character agent's pose, as fh_character_update writes it. */
fh_status fh_crowd_pose(fh_crowd crowd, int32_t agent, double *pose, int32_t pose_len);
fh_status fh_crowd_agent(fh_crowd crowd, int32_t agent, fh_agent *out);

#ifdef __cplusplus
}
#endif

#endif /* FOOTHOLD_H */
