// Package planner is the runtime character a game loop embeds: each frame,
// Update(dt, Input) advances time, evaluates the plan tree (package
// actiongraph) within the frame's budget, chooses the next action when the
// current one ends — the feasible child of the plan that best matches the
// desired heading, speed and requested tags, with its docks fitting the
// ground — warps it onto its supports (package warp; each supported lattice
// sample moved onto the surface its rays hit by a rigid fit) and returns the
// pose.
//
// A Setup says what planners plan over — an action library, its state
// graph and a scene's support-trees with their querier — and checks that
// they agree; it is shared by any number of planners. A Planner is used by
// one goroutine.
//
// Contracts:
//   - Budget: Config.Work bounds everything an Update does in one unit of
//     work (plan nodes, geo-queries, body tests, warps, checks of warped
//     clips, commits; see DefaultWork), Config.Budget in time. With a work
//     budget alone, planning reads no clock: the same inputs give the same
//     motion, bit for bit, on any machine and any GOMAXPROCS.
//   - Trials ahead: up to half of each frame's budget, and what evaluating
//     the plan leaves, warps and checks the choice the input would take
//     next (and the next best, while one is refused), so the frame an
//     action starts in only chooses. When the
//     best choice is not ready and finishing it would overrun the budget,
//     the best ready one starts instead; only when none is ready does an
//     Update do more than its budget.
//   - Re-entrant planning: when an action starts, its subtree of the plan is
//     kept, moved to where the warp leaves the character
//     (actiongraph.PlanTree.CommitAt); only what changed is asked again.
//   - A way on: a choice that, warped, would leave no successor with its
//     docks supported where the warp leaves the character
//     (actiongraph.PlanTree.HasWayOn) is passed over for the next best
//     (Step.DeadEnds); only when every choice would is the best of them
//     taken.
//   - The body (checked when NewSetup is given its sweeps): a choice whose warped motion would put
//     the body into the scene, or leave no successor with its docks
//     supported and its body clear, is warped again with the root held
//     where the plan checked the body (warp.Options.Hold, Step.Held); only
//     if that fails too is it refused or passed over.
//   - A start that fits (with the body): a start whose standing body,
//     warped onto its supports, is in the scene is moved to the nearest
//     place within Config.Fit (DefaultFit, 0.5 m) where it fits, on rings
//     5 cm apart on the same floor (StartMoved says how far and why), or
//     refused with a StartError naming the contact.
//   - Reach: a choice whose warp leaves a dock short of its support (a leg
//     that cannot reach it, warp.DockReport.Reached), or reaches it only by
//     dropping the root at the action's first frame by more than
//     MaxStartDrop (warp.Result.StartDrop), is refused as one whose body
//     hits the scene (Step.Refused).
//   - One query per dock: a chosen dock's support comes from the plan; its
//     hits are found by Algorithm 1 at that one sample, and a support that
//     moved since it was found is asked for again, once.
//   - A moving world (package live drives these between Updates): Rebase
//     moves the planner to a Setup over the edited scene, keeping what the
//     edit cannot have changed (actiongraph.PlanTree.Changed) and the
//     choices checked ahead that no unforeseen change comes near; with
//     Setup.WithMovers every warped choice is also checked against the
//     movers' known paths (ccd.Checker.ClipMoving); Carry moves the
//     character with what it stands on; a dock whose support an edit took
//     away makes it Fall, ballistically, and land on the first support
//     below.
//   - Memory: after New, Update (and Rebase) allocates nothing. The Pose
//     it returns and the Step passed to Config.OnStep are reused by the
//     next Update.
//
// Debug draws the plan as lines and points for any renderer.
//
// Words (the paper's, and this package's):
//   - Action: a clip of the library with its docks and its root's travel
//     (package action); the state graph says which may follow which.
//   - Dock: a contact of a hand or foot with the scene during an action, a
//     docking template (contact points and normals) at a pose.
//   - Support: a lattice sample (position and yaw) where Algorithm 1 finds
//     a template's every contact point on a face it may stand on; the
//     support-trees hold them all, and a geo-query finds the nearest to
//     the pose an action expects.
//   - Plan, plan node: the state graph unrolled from the current action a
//     few actions deep; a node is one action at a world frame, supported
//     when every dock has a support, blocked when its body would hit the
//     scene, dead when no path below it stays supported to the plan's
//     depth.
//   - Child, choice: a node below the plan's root, an action that may start
//     when the current one ends; feasible when supported, clear and alive.
//   - Warp: the chosen action's clip moved so each dock lands on its
//     support (package warp); a trial is a choice warped and checked ahead
//     of the frame it starts in.
//   - Way on: after a choice, some successor whose docks are supported
//     where the warp leaves the character.
//   - Brake: the shortest way from an action to standing still; a choice is
//     taken only when its brake's first action is known supported.
//   - Work: the unit of the frame's budget (DefaultWork).
package planner
