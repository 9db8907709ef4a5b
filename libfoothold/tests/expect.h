/* The expectations the Go test (abi_test.go) writes for the C tests: what
 * Foothold's Go packages say of the same library, walk and crowd. */
#ifndef FH_EXPECT_H
#define FH_EXPECT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOINTS 256
#define MAX_ACTIONS 512
#define MAX_AGENTS 8

typedef struct {
    uint64_t hash;
    char bvh[1024], tmp[1024], libfile[1024], fst[1024];
    int actions, joints, lib_actions;
    char action[MAX_ACTIONS][64], joint[MAX_JOINTS][64];
    int parent[MAX_JOINTS];
    double offset[MAX_JOINTS][3];
    uint64_t hop, climb;
    long long report[6]; /* actions, plan nodes, pruned, queries, stuck, refused */
    int debug[4];        /* lines, points of the whole plan; of 100 nodes */
    int capsules;
    double capsule0[7];
    int agents, crowd_steps;
    double crowd_start[MAX_AGENTS][3], crowd_root[MAX_AGENTS][3]; /* start x, z, yaw; the root after the steps */
    double crowd_goal[MAX_AGENTS][2];
} expect;

/* read_expect reads the file the Go test wrote; exits on a bad one. */
static inline void read_expect(const char *path, expect *e) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    memset(e, 0, sizeof *e);
    char key[64];
    while (fscanf(f, "%63s", key) == 1) {
        int i, ok = 1;
        if (!strcmp(key, "hash")) ok = fscanf(f, "%lx", (unsigned long *)&e->hash) == 1;
        else if (!strcmp(key, "bvh")) ok = fscanf(f, "%1023s", e->bvh) == 1;
        else if (!strcmp(key, "tmp")) ok = fscanf(f, "%1023s", e->tmp) == 1;
        else if (!strcmp(key, "fst")) ok = fscanf(f, "%1023s", e->fst) == 1;
        else if (!strcmp(key, "libfile")) ok = fscanf(f, "%1023s %d", e->libfile, &e->lib_actions) == 2;
        else if (!strcmp(key, "actions")) ok = fscanf(f, "%d", &e->actions) == 1 && e->actions <= MAX_ACTIONS;
        else if (!strcmp(key, "action")) ok = fscanf(f, "%d", &i) == 1 && i >= 0 && i < MAX_ACTIONS && fscanf(f, "%63s", e->action[i]) == 1;
        else if (!strcmp(key, "joints")) ok = fscanf(f, "%d", &e->joints) == 1 && e->joints <= MAX_JOINTS;
        else if (!strcmp(key, "joint"))
            ok = fscanf(f, "%d", &i) == 1 && i >= 0 && i < MAX_JOINTS &&
                 fscanf(f, "%63s %d %lf %lf %lf", e->joint[i], &e->parent[i], &e->offset[i][0], &e->offset[i][1], &e->offset[i][2]) == 5;
        else if (!strcmp(key, "hop")) ok = fscanf(f, "%lu", (unsigned long *)&e->hop) == 1;
        else if (!strcmp(key, "climb")) ok = fscanf(f, "%lu", (unsigned long *)&e->climb) == 1;
        else if (!strcmp(key, "report"))
            ok = fscanf(f, "%lld %lld %lld %lld %lld %lld", &e->report[0], &e->report[1], &e->report[2], &e->report[3], &e->report[4], &e->report[5]) == 6;
        else if (!strcmp(key, "debug")) ok = fscanf(f, "%d %d %d %d", &e->debug[0], &e->debug[1], &e->debug[2], &e->debug[3]) == 4;
        else if (!strcmp(key, "capsules")) ok = fscanf(f, "%d", &e->capsules) == 1;
        else if (!strcmp(key, "capsule0")) {
            for (i = 0; i < 7 && ok; i++) ok = fscanf(f, "%lf", &e->capsule0[i]) == 1;
        } else if (!strcmp(key, "crowd")) ok = fscanf(f, "%d %d", &e->agents, &e->crowd_steps) == 2 && e->agents <= MAX_AGENTS;
        else if (!strcmp(key, "agent")) {
            ok = fscanf(f, "%d", &i) == 1 && i >= 0 && i < MAX_AGENTS &&
                 fscanf(f, "%lf %lf %lf %lf %lf %lf %lf %lf", &e->crowd_start[i][0], &e->crowd_start[i][1], &e->crowd_start[i][2],
                        &e->crowd_goal[i][0], &e->crowd_goal[i][1], &e->crowd_root[i][0], &e->crowd_root[i][1], &e->crowd_root[i][2]) == 8;
        } else ok = 0;
        if (!ok) {
            fprintf(stderr, "%s: bad or unknown entry %s\n", path, key);
            exit(2);
        }
    }
    fclose(f);
}

#endif
