import ctypes as C, sys

fh = C.CDLL(sys.argv[1] if len(sys.argv) > 1 else "libfoothold.so")
fh.fh_last_error.restype = C.c_char_p

class WorldOptions(C.Structure):
    _fields_ = [("scene", C.c_char_p), ("support", C.c_char_p), ("cache_dir", C.c_char_p), ("friction", C.c_double),
                ("scale", C.c_double), ("up_z", C.c_int32), ("no_body", C.c_int32)]

class CharacterOptions(C.Structure):
    _fields_ = [("x", C.c_double), ("z", C.c_double), ("y", C.c_double), ("yaw", C.c_double), ("budget", C.c_double),
                ("state", C.c_char_p), ("at_y", C.c_int32), ("depth", C.c_int32), ("work", C.c_int32), ("reserved", C.c_int32)]

class Input(C.Structure):
    _fields_ = [("heading", C.c_double), ("speed", C.c_double), ("within", C.c_double), ("request", C.c_uint64)]

def check(status):
    if status != 0:
        sys.exit("foothold: " + fh.fh_last_error().decode())

lib, world, ch, pose = C.c_uint64(), C.c_uint64(), C.c_uint64(), (C.c_double * (512 * 7))()
check(fh.fh_init(1))
check(fh.fh_library_builtin(C.byref(lib)))
check(fh.fh_world_load(C.byref(WorldOptions(scene=b"builtin:stepping")), lib, C.byref(world)))
check(fh.fh_character_new(world, C.byref(CharacterOptions(x=0.25, z=1.5, yaw=1.5708)), C.byref(ch)))
for frame in range(600):  # 10 s at 60 Hz, walking east
    check(fh.fh_character_update(ch, C.c_double(1 / 60), C.byref(Input(heading=1.5708, speed=1.2)), pose, len(pose)))
print("root at x %.2f, y %.2f, z %.2f" % (pose[0], pose[1], pose[2]))
