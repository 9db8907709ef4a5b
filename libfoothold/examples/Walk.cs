// The main job's walk through builtin:stepping, from C# with P/Invoke, as
// a Unity native plugin calls a library: prints the motion hash (FNV-1a of
// every number, as Foothold's script.MotionHash).
//   mcs -out:walk.exe Walk.cs && LD_LIBRARY_PATH=../build mono walk.exe
using System;
using System.Runtime.InteropServices;

static class Foothold {
    const string Lib = "foothold"; // libfoothold.so, foothold.dll, libfoothold.dylib
    public const uint AbiVersion = 1;
    public const int PoseStride = 7;

    [StructLayout(LayoutKind.Sequential)]
    public struct WorldOptions {
        public string Scene, Support, CacheDir;
        public double Friction, Scale;
        public int UpZ, NoBody;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct CharacterOptions {
        public double X, Z, Y, Yaw, Budget;
        public string State;
        public int AtY, Depth, Work, Reserved;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Input {
        public double Heading, Speed, Within;
        public ulong Request;
    }

    [DllImport(Lib)] public static extern int fh_init(uint abi);
    [DllImport(Lib)] static extern IntPtr fh_last_error();
    [DllImport(Lib)] static extern IntPtr fh_status_name(int status);
    [DllImport(Lib)] public static extern int fh_release(ulong handle);
    [DllImport(Lib)] public static extern int fh_library_builtin(out ulong lib);
    [DllImport(Lib)] public static extern int fh_skeleton_joints(ulong lib, out int count);
    [DllImport(Lib)] public static extern int fh_world_load(ref WorldOptions o, ulong lib, out ulong world);
    [DllImport(Lib)] public static extern int fh_world_tags(ulong world, string tags, out ulong request);
    [DllImport(Lib)] public static extern int fh_character_new(ulong world, ref CharacterOptions o, out ulong ch);
    [DllImport(Lib)] public static extern int fh_character_pose(ulong ch, [Out] double[] pose, int len);
    [DllImport(Lib)] public static extern int fh_character_update(ulong ch, double dt, ref Input input, [Out] double[] pose, int len);

    public static void Check(int status, string call) {
        if (status == 0) return;
        string name = Marshal.PtrToStringAnsi(fh_status_name(status)), msg = Marshal.PtrToStringAnsi(fh_last_error());
        throw new Exception(call + ": " + name + ": " + msg);
    }
}

static class Walk {
    static ulong hash = 14695981039346656037UL;

    static void Put(double x) {
        ulong u = (ulong)BitConverter.DoubleToInt64Bits(x);
        for (int i = 0; i < 8; i++) {
            hash ^= (u >> (8 * i)) & 0xff;
            hash *= 1099511628211UL;
        }
    }

    static int Main() {
        ulong lib, world, ch, hop, climb;
        Foothold.Check(Foothold.fh_init(Foothold.AbiVersion), "fh_init");
        Foothold.Check(Foothold.fh_library_builtin(out lib), "fh_library_builtin");
        var wo = new Foothold.WorldOptions { Scene = "builtin:stepping" };
        Foothold.Check(Foothold.fh_world_load(ref wo, lib, out world), "fh_world_load");
        Foothold.Check(Foothold.fh_world_tags(world, "hop", out hop), "fh_world_tags");
        Foothold.Check(Foothold.fh_world_tags(world, "climb", out climb), "fh_world_tags");
        var co = new Foothold.CharacterOptions { X = 0.25, Z = 1.5, Yaw = 90 * Math.PI / 180, State = "idle" };
        Foothold.Check(Foothold.fh_character_new(world, ref co, out ch), "fh_character_new");
        int joints;
        Foothold.Check(Foothold.fh_skeleton_joints(lib, out joints), "fh_skeleton_joints");
        var pose = new double[joints * Foothold.PoseStride];
        double dt = 1.0 / 60;
        int frames = 18 * 60 + 1;
        Put(dt);
        for (int f = 0; f < frames; f++) {
            if (f == 0) {
                Foothold.Check(Foothold.fh_character_pose(ch, pose, pose.Length), "fh_character_pose");
            } else {
                double t = f * dt;
                var input = new Foothold.Input { Heading = 86 * Math.PI / 180, Speed = 1.2 };
                if (t >= 5.0) input.Request = hop;
                if (t >= 6.5) input = new Foothold.Input { Heading = 100 * Math.PI / 180, Speed = 1.2 };
                if (t >= 8.0) input = new Foothold.Input { Heading = 180 * Math.PI / 180, Speed = 1.2, Request = climb };
                if (t >= 15) input = new Foothold.Input();
                Foothold.Check(Foothold.fh_character_update(ch, dt, ref input, pose, pose.Length), "fh_character_update");
            }
            for (int j = 0; j < pose.Length; j += Foothold.PoseStride) { // x y z, then w x y z as the hash takes them
                Put(pose[j]); Put(pose[j + 1]); Put(pose[j + 2]);
                Put(pose[j + 6]); Put(pose[j + 3]); Put(pose[j + 4]); Put(pose[j + 5]);
            }
        }
        Foothold.fh_release(ch); Foothold.fh_release(world); Foothold.fh_release(lib);
        Console.WriteLine("motion hash {0:x16}", hash);
        return 0;
    }
}
