"""The main job's walk through builtin:stepping, from Python with ctypes:
prints the motion hash (FNV-1a of every number, as Foothold's
script.MotionHash). Usage: python3 walk.py [path/to/libfoothold.so]"""
import ctypes as C
import math
import struct
import sys

ABI_VERSION, POSE_STRIDE = 1, 7


class WorldOptions(C.Structure):
    _fields_ = [("scene", C.c_char_p), ("support", C.c_char_p), ("cache_dir", C.c_char_p),
                ("friction", C.c_double), ("scale", C.c_double), ("up_z", C.c_int32), ("no_body", C.c_int32)]


class CharacterOptions(C.Structure):
    _fields_ = [("x", C.c_double), ("z", C.c_double), ("y", C.c_double), ("yaw", C.c_double),
                ("budget", C.c_double), ("state", C.c_char_p), ("at_y", C.c_int32), ("depth", C.c_int32),
                ("work", C.c_int32), ("reserved", C.c_int32)]


class Input(C.Structure):
    _fields_ = [("heading", C.c_double), ("speed", C.c_double), ("within", C.c_double), ("request", C.c_uint64)]


def load(path):
    lib = C.CDLL(path)
    lib.fh_last_error.restype = C.c_char_p
    lib.fh_status_name.restype = C.c_char_p
    return lib


def check(lib, status, call):
    if status != 0:
        sys.exit("walk.py: %s: %s: %s" % (call, lib.fh_status_name(status).decode(), lib.fh_last_error().decode()))


def main():
    fh = load(sys.argv[1] if len(sys.argv) > 1 else "libfoothold.so")
    check(fh, fh.fh_init(ABI_VERSION), "fh_init")
    lib, world, ch = C.c_uint64(), C.c_uint64(), C.c_uint64()
    check(fh, fh.fh_library_builtin(C.byref(lib)), "fh_library_builtin")
    wo = WorldOptions(scene=b"builtin:stepping")
    check(fh, fh.fh_world_load(C.byref(wo), lib, C.byref(world)), "fh_world_load")
    hop, climb = C.c_uint64(), C.c_uint64()
    check(fh, fh.fh_world_tags(world, b"hop", C.byref(hop)), "fh_world_tags")
    check(fh, fh.fh_world_tags(world, b"climb", C.byref(climb)), "fh_world_tags")
    co = CharacterOptions(x=0.25, z=1.5, yaw=90 * math.pi / 180, state=b"idle")
    check(fh, fh.fh_character_new(world, C.byref(co), C.byref(ch)), "fh_character_new")
    joints = C.c_int32()
    check(fh, fh.fh_skeleton_joints(lib, C.byref(joints)), "fh_skeleton_joints")
    n = joints.value * POSE_STRIDE
    pose = (C.c_double * n)()
    dt, frames = 1.0 / 60, 18 * 60 + 1
    data = [struct.pack("<d", dt)]
    for f in range(frames):
        if f == 0:
            check(fh, fh.fh_character_pose(ch, pose, n), "fh_character_pose")
        else:
            t = f * dt
            i = Input(heading=86 * math.pi / 180, speed=1.2)
            if t >= 5.0:
                i.request = hop.value
            if t >= 6.5:
                i = Input(heading=100 * math.pi / 180, speed=1.2)
            if t >= 8.0:
                i = Input(heading=180 * math.pi / 180, speed=1.2, request=climb.value)
            if t >= 15:
                i = Input()
            check(fh, fh.fh_character_update(ch, C.c_double(dt), C.byref(i), pose, n), "fh_character_update")
        for j in range(0, n, POSE_STRIDE):  # x y z, then w x y z as the hash takes them
            data.append(struct.pack("<7d", pose[j], pose[j + 1], pose[j + 2], pose[j + 6], pose[j + 3], pose[j + 4], pose[j + 5]))
    h = 0xcbf29ce484222325
    for b in b"".join(data):
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    for handle in (ch, world, lib):
        fh.fh_release(handle)
    print("motion hash %016x" % h)


if __name__ == "__main__":
    main()
