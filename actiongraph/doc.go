// Package actiongraph is the runtime plan tree: the state graph (package
// stategraph) unrolled from the character's current action into a flat,
// breadth-first tree whose nodes carry world frames and whose docks carry
// the supports geo-queries found.
//
// Evaluate unrolls and decides the tree within a budget (work or time),
// pruning as the paper does: a node is feasible when every dock has a
// supported location within the allowed displacement; an infeasible node's
// subtree is never made; a node whose children are all dead is dead. A
// contact held across two actions, or a foot set down again where it was
// lifted from a moment before, is asked once (Slot.Shared), and a question
// asked twice in one plan is answered once (the memo). Beyond the paper,
// two docks held at once must keep two fifths of their distance across the
// ground (two feet never stand on one spot): where their nearest supports do not,
// one is asked again beside the other's (Slot.Moved), and the node is
// unsupported when that fails too. Table I mode asks the docks alone.
//
// Commit and CommitAt make the plan re-entrant, as the paper's "reentrant
// tree traversal": the chosen child becomes the root, its subtree is kept,
// and only the new level below it is unrolled. CommitAt also moves the kept
// tree to where the character really is after warping; answers whose
// expected poses did not move are kept as they are, supported answers that
// moved are kept while their support stays in the window (Slot.Stale;
// not for docks held at once with another, whose separation depends on
// which support is nearest), and
// the rest are asked again, so the tree equals a fresh unroll from the new
// root. Changed does the same for an edit of the scene (the answers and
// bodies the edit may have changed are decided again), Carry for the
// whole tree moved with what the character stands on. Evaluate, Commit,
// CommitAt, Changed and Carry allocate nothing once Reserve has made room. A PlanTree is used by one goroutine; its Graph may be shared.
package actiongraph
