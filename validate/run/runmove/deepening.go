package runmove

import "math/bits"

// deepeningSlack is how many turns beyond the relaxed bound the depth-first
// search tries before handing over to the breadth-first search. On the
// illustrative maps one-board wins are at most 3 turns longer than the relaxed bound.
const deepeningSlack = 3

// gadgetSlack is the slack of the gadget report's searches.
const gadgetSlack = 6

// deepening is an iterative-deepening depth-first search of the one-board
// model: for L = h(start), h(start)+1, ..., it searches the wins of exactly L
// turns in the fixed order of budget.successors, dropping a state when its
// relaxed distance exceeds the turns left before L (or those it has at all),
// and memoising the states that failed within this L. The first win found is
// therefore the lexicographically first of the shortest wins, the same one
// the breadth-first search finds.
type deepening struct {
	s      *budget
	failed map[uint64]bool
	stack  []node // the states after each turn so far, with move and out
}

// run tries the lengths up to the relaxed bound plus the slack.
func (d *deepening) run(spawn Cell) bool {
	start := int(d.s.h[spawn][0])
	root := node{cell: spawn}
	slack := deepeningSlack
	if d.s.gad != nil {
		slack = gadgetSlack
	}
	for limit := start; limit <= min(start+slack, d.s.turnsLeft(root)); limit++ {
		d.failed = map[uint64]bool{}
		d.stack = d.stack[:0]
		if d.dfs(root, limit) {
			return true
		}
	}
	return false
}

// dfs searches wins of exactly limit turns in all.
func (d *deepening) dfs(p node, limit int) bool {
	key := uint64(p.cell) | uint64(p.mask)<<8 | uint64(p.used)<<16
	if d.failed[key] {
		return false
	}
	left := limit - bits.OnesCount32(p.used) - 1 // turns left after the next
	found := d.s.successors(p, func(c node) bool {
		if left == 0 {
			if d.s.g.wins(c.cell, c.mask) {
				d.stack = append(d.stack, c)
				return true
			}
			return false
		}
		if h := int(d.s.h[c.cell][c.mask]); h > left || h > d.s.turnsLeft(c) {
			return false
		}
		d.stack = append(d.stack, c)
		if d.dfs(c, limit) {
			return true
		}
		d.stack = d.stack[:len(d.stack)-1]
		return false
	})
	if !found {
		d.failed[key] = true
	}
	return found
}
