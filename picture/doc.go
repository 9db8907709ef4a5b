// Package picture draws Foothold's pictures: actions as film strips of
// stick figures (DrawStrip) and plan trees over a top view of the scene
// (DrawPlan). It is for people looking at results; the runtime imports
// none of it.
package picture
