package runmove

// unreachable marks a state from which no win exists even with unlimited
// tokens.
const unreachable = 255

// relaxed is the exact distance to a win of every (space, stashes) state in
// the unlimited-token model: the number of turns still needed. It is a lower
// bound for the one-board model (its relaxation), so a one-board state
// needing more turns than it has left can be dropped without losing any win,
// the shortest ones included.
type relaxed [NumCells][1 << MaxStashes]uint8

// newRelaxed computes the distances by a backward breadth-first search over
// the unlimited-token state graph. For the gadget report the gadgets' moves
// count too, reusable at will: the gadgets in free always, and the gadget on
// stash i (assignment[i]) once stash i is collected. Both stay lower bounds.
func newRelaxed(t *moveTable, b board, g *goal, stashes int, free, assignment []Gadget) *relaxed {
	h := &relaxed{}
	for c := range h {
		for m := range h[c] {
			h[c][m] = unreachable
		}
	}
	masks := 1 << stashes
	start, from, queue := relaxedGraph(t, b, g, masks, free, assignment)
	for _, s := range queue {
		h[s/int32(masks)][s%int32(masks)] = 1
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		hs := h[s/int32(masks)][s%int32(masks)]
		for _, p := range from[start[s]:start[s+1]] {
			if h[p/int32(masks)][p%int32(masks)] == unreachable {
				h[p/int32(masks)][p%int32(masks)] = hs + 1
				queue = append(queue, p)
			}
		}
	}
	return h
}

// relaxedGraph is the relaxed state graph indexed by the edges' targets,
// states numbered cell*masks+mask: the sources of state s are
// from[start[s]:start[s+1]], in order. winning lists the states with a
// winning move.
func relaxedGraph(t *moveTable, b board, g *goal, masks int, free, assignment []Gadget) (start, from, winning []int32) {
	n := NumCells * masks
	var moves [][]Outcome
	// each calls visit with every edge, by source.
	each := func(visit func(to, from int32, wins bool)) {
		for c := Cell(0); c < NumCells; c++ {
			for m := range masks {
				src := int32(int(c)*masks + m)
				moves = movesFrom(moves[:0], t, b, c, held(free, assignment, uint8(m)))
				for _, os := range moves {
					for _, o := range os {
						nm := uint8(m) | g.stashBits[o.End]
						visit(int32(int(o.End)*masks+int(nm)), src, g.wins(o.End, nm))
					}
				}
			}
		}
	}
	start = make([]int32, n+1)
	each(func(to, src int32, wins bool) {
		start[to+1]++
		if wins && (len(winning) == 0 || winning[len(winning)-1] != src) {
			winning = append(winning, src)
		}
	})
	for i := range n {
		start[i+1] += start[i]
	}
	from = make([]int32, start[n])
	next := make([]int32, n)
	copy(next, start[:n])
	each(func(to, src int32, _ bool) {
		from[next[to]] = src
		next[to]++
	})
	return start, from, winning
}

// movesFrom appends to out the outcome lists of every token and gadget at
// c.
func movesFrom(out [][]Outcome, t *moveTable, b board, c Cell, gadgets []Gadget) [][]Outcome {
	for _, a := range b.tokens {
		out = append(out, t.actions[c][a])
	}
	for _, g := range gadgets {
		out = append(out, t.gadgets[c][g])
	}
	return out
}

// held lists the gadgets usable in the relaxed model with mask collected.
func held(free, assignment []Gadget, mask uint8) []Gadget {
	gs := free
	for i, g := range assignment {
		if mask&(1<<i) != 0 {
			gs = append(gs[:len(gs):len(gs)], g)
		}
	}
	return gs
}
