package actiongraph

// MemoSlot returns the slot the memo names for slot i's question, or -1.
func (t *PlanTree) MemoSlot(i int32) int32 {
	s := &t.Slots[i]
	return t.memo.asked(t.Slots, s, questionHash(s.tmpl, &s.Expected))
}
