package humanoid

import (
	"github.com/foothold/foothold/motion"
	"github.com/go-gl/mathgl/mgl64"
)

// Adult proportions (metres): stature 1.73 m, hip joints 0.91 m above the
// ground when standing straight, shoulders 1.40 m.
const (
	hipWidth   = 0.09 // hip joint from the pelvis centre, sideways
	hipDrop    = 0.08 // hip joint below the root
	thigh      = 0.43
	shin       = 0.42
	ankleH     = 0.08 // ankle above the sole
	ballAhead  = 0.13 // ball of the foot ahead of the ankle
	ballH      = 0.02 // ball joint above the sole
	toeLen     = 0.06
	upperArm   = 0.29
	foreArm    = 0.25
	handLen    = 0.09
	StandRootY = hipDrop + thigh + shin + ankleH // [Units: m] root height, legs straight
)

type joint struct {
	name   string
	parent string
	offset mgl64.Vec3
	end    bool
}

// The CMU hierarchy, in the order a BVH file lists it.
var joints = []joint{
	{"Hips", "", mgl64.Vec3{0, 0, 0}, false},
	{"LHipJoint", "Hips", mgl64.Vec3{0, 0, 0}, false},
	{"LeftUpLeg", "LHipJoint", mgl64.Vec3{hipWidth, -hipDrop, 0}, false},
	{"LeftLeg", "LeftUpLeg", mgl64.Vec3{0, -thigh, 0}, false},
	{"LeftFoot", "LeftLeg", mgl64.Vec3{0, -shin, 0}, false},
	{"LeftToeBase", "LeftFoot", mgl64.Vec3{0, ballH - ankleH, ballAhead}, false},
	{"LeftToeBase_End", "LeftToeBase", mgl64.Vec3{0, -ballH, toeLen}, true},
	{"RHipJoint", "Hips", mgl64.Vec3{0, 0, 0}, false},
	{"RightUpLeg", "RHipJoint", mgl64.Vec3{-hipWidth, -hipDrop, 0}, false},
	{"RightLeg", "RightUpLeg", mgl64.Vec3{0, -thigh, 0}, false},
	{"RightFoot", "RightLeg", mgl64.Vec3{0, -shin, 0}, false},
	{"RightToeBase", "RightFoot", mgl64.Vec3{0, ballH - ankleH, ballAhead}, false},
	{"RightToeBase_End", "RightToeBase", mgl64.Vec3{0, -ballH, toeLen}, true},
	{"LowerBack", "Hips", mgl64.Vec3{0, 0, 0}, false},
	{"Spine", "LowerBack", mgl64.Vec3{0, 0.13, -0.01}, false},
	{"Spine1", "Spine", mgl64.Vec3{0, 0.14, 0}, false},
	{"Neck", "Spine1", mgl64.Vec3{0, 0.19, 0}, false},
	{"Neck1", "Neck", mgl64.Vec3{0, 0.07, 0.01}, false},
	{"Head", "Neck1", mgl64.Vec3{0, 0.08, 0}, false},
	{"Head_End", "Head", mgl64.Vec3{0, 0.17, 0}, true},
	{"LeftShoulder", "Spine1", mgl64.Vec3{0.03, 0.15, 0}, false},
	{"LeftArm", "LeftShoulder", mgl64.Vec3{0.15, 0.02, 0}, false},
	{"LeftForeArm", "LeftArm", mgl64.Vec3{upperArm, 0, 0}, false},
	{"LeftHand", "LeftForeArm", mgl64.Vec3{foreArm, 0, 0}, false},
	{"LeftFingerBase", "LeftHand", mgl64.Vec3{0, 0, 0}, false},
	{"LeftHandIndex1", "LeftFingerBase", mgl64.Vec3{handLen, 0, 0}, false},
	{"LeftHandIndex1_End", "LeftHandIndex1", mgl64.Vec3{0.08, 0, 0}, true},
	{"LThumb", "LeftHand", mgl64.Vec3{0, 0, 0}, false},
	{"LThumb_End", "LThumb", mgl64.Vec3{0.04, 0, 0.04}, true},
	{"RightShoulder", "Spine1", mgl64.Vec3{-0.03, 0.15, 0}, false},
	{"RightArm", "RightShoulder", mgl64.Vec3{-0.15, 0.02, 0}, false},
	{"RightForeArm", "RightArm", mgl64.Vec3{-upperArm, 0, 0}, false},
	{"RightHand", "RightForeArm", mgl64.Vec3{-foreArm, 0, 0}, false},
	{"RightFingerBase", "RightHand", mgl64.Vec3{0, 0, 0}, false},
	{"RightHandIndex1", "RightFingerBase", mgl64.Vec3{-handLen, 0, 0}, false},
	{"RightHandIndex1_End", "RightHandIndex1", mgl64.Vec3{-0.08, 0, 0}, true},
	{"RThumb", "RightHand", mgl64.Vec3{0, 0, 0}, false},
	{"RThumb_End", "RThumb", mgl64.Vec3{-0.04, 0, 0.04}, true},
}

// Skeleton returns a new copy of the built-in skeleton: CMU names and
// hierarchy (31 joints and their end sites), CMU channel layout (the root
// has 6 channels, the others Z, Y, X rotations), rest pose standing with
// arms out along ±X, facing +Z, the root at the origin (the feet 0.93 m
// below it).
func Skeleton() *motion.Skeleton {
	sk := &motion.Skeleton{}
	zyx := []motion.Channel{motion.Zrotation, motion.Yrotation, motion.Xrotation}
	for _, j := range joints {
		parent := sk.Index(j.parent)
		sk.Names = append(sk.Names, j.name)
		sk.Parents = append(sk.Parents, parent)
		sk.Offsets = append(sk.Offsets, j.offset)
		sk.EndSite = append(sk.EndSite, j.end)
		switch {
		case j.end:
			sk.Channels = append(sk.Channels, nil)
		case parent < 0:
			sk.Channels = append(sk.Channels, append([]motion.Channel{motion.Xposition, motion.Yposition, motion.Zposition}, zyx...))
		default:
			sk.Channels = append(sk.Channels, append([]motion.Channel(nil), zyx...))
		}
	}
	return sk
}
