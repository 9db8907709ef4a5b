#include <stdio.h>
#include "foothold.h"

int main(void) {
    fh_library lib;
    fh_world world;
    fh_character ch;
    double pose[512 * FH_POSE_STRIDE];
    if (fh_init(FH_ABI_VERSION) || fh_library_builtin(&lib) ||
        fh_world_load(&(fh_world_options){.scene = "builtin:stepping"}, lib, &world) ||
        fh_character_new(world, &(fh_character_options){.x = 0.25, .z = 1.5, .yaw = 1.5708}, &ch)) {
        fprintf(stderr, "foothold: %s\n", fh_last_error());
        return 1;
    }
    for (int frame = 0; frame < 600; frame++) { /* 10 s at 60 Hz, walking east */
        fh_input in = {.heading = 1.5708, .speed = 1.2};
        if (fh_character_update(ch, 1.0 / 60, &in, pose, 512 * FH_POSE_STRIDE)) {
            fprintf(stderr, "foothold: %s\n", fh_last_error());
            return 1;
        }
    }
    printf("root at x %.2f, y %.2f, z %.2f\n", pose[0], pose[1], pose[2]);
    return 0;
}
