// Package picture draws Foothold's pictures: actions as film strips of
// stick figures (DrawStrip), plan trees over a top view of the scene
// (DrawPlan) and many characters' ways through it (DrawTrails). It is for people looking at results; the runtime imports
// none of it.
package picture
