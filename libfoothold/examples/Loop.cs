using System; using System.Runtime.InteropServices;

static class Loop {
    [StructLayout(LayoutKind.Sequential)] struct WorldOptions { public string Scene, Support, CacheDir; public double Friction, Scale; public int UpZ, NoBody; }
    [StructLayout(LayoutKind.Sequential)] struct CharacterOptions { public double X, Z, Y, Yaw, Budget; public string State; public int AtY, Depth, Work, Reserved; }
    [StructLayout(LayoutKind.Sequential)] struct Input { public double Heading, Speed, Within; public ulong Request; }
    [DllImport("foothold")] static extern int fh_init(uint abi);
    [DllImport("foothold")] static extern IntPtr fh_last_error();
    [DllImport("foothold")] static extern int fh_library_builtin(out ulong lib);
    [DllImport("foothold")] static extern int fh_world_load(ref WorldOptions o, ulong lib, out ulong world);
    [DllImport("foothold")] static extern int fh_character_new(ulong world, ref CharacterOptions o, out ulong ch);
    [DllImport("foothold")] static extern int fh_character_update(ulong ch, double dt, ref Input input, [Out] double[] pose, int len);

    static void Check(int status) { if (status != 0) throw new Exception("foothold: " + Marshal.PtrToStringAnsi(fh_last_error())); }

    static void Main() {
        ulong lib, world, ch;
        var pose = new double[512 * 7];
        var wo = new WorldOptions { Scene = "builtin:stepping" };
        var co = new CharacterOptions { X = 0.25, Z = 1.5, Yaw = 1.5708 };
        Check(fh_init(1)); Check(fh_library_builtin(out lib));
        Check(fh_world_load(ref wo, lib, out world)); Check(fh_character_new(world, ref co, out ch));
        for (int frame = 0; frame < 600; frame++) { // 10 s at 60 Hz, walking east
            var input = new Input { Heading = 1.5708, Speed = 1.2 };
            Check(fh_character_update(ch, 1.0 / 60, ref input, pose, pose.Length));
        }
        Console.WriteLine("root at x {0:F2}, y {1:F2}, z {2:F2}", pose[0], pose[1], pose[2]);
    }
}
