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
	edges, queue := relaxedEdges(t, b, g, masks, free, assignment)
	for _, s := range queue {
		h[s/masks][s%masks] = 1
	}
	start, from := predecessors(edges, NumCells*masks)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		hs := h[s/masks][s%masks]
		for _, p := range from[start[s]:start[s+1]] {
			if h[p/masks][p%masks] == unreachable {
				h[p/masks][p%masks] = hs + 1
				queue = append(queue, p)
			}
		}
	}
	return h
}

// relaxedEdges lists the (to, from) edges of the relaxed state graph, states
// numbered cell*masks+mask, and the states with a winning move.
func relaxedEdges(t *moveTable, b board, g *goal, masks int, free, assignment []Gadget) (edges [][2]int, winning []int) {
	for c := Cell(0); c < NumCells; c++ {
		for m := range masks {
			from := int(c)*masks + m
			wins := false
			for _, os := range movesFrom(t, b, c, held(free, assignment, uint8(m))) {
				for _, o := range os {
					nm := uint8(m) | g.stashBits[o.End]
					wins = wins || g.wins(o.End, nm)
					edges = append(edges, [2]int{int(o.End)*masks + int(nm), from})
				}
			}
			if wins {
				winning = append(winning, from)
			}
		}
	}
	return edges, winning
}

// predecessors indexes the (to, from) edges by their target: the sources of
// target s are from[start[s]:start[s+1]].
func predecessors(edges [][2]int, n int) (start, from []int) {
	start = make([]int, n+1)
	for _, e := range edges {
		start[e[0]+1]++
	}
	for i := range n {
		start[i+1] += start[i]
	}
	from = make([]int, len(edges))
	next := append([]int(nil), start[:n]...)
	for _, e := range edges {
		from[next[e[0]]] = e[1]
		next[e[0]]++
	}
	return start, from
}

// movesFrom lists the outcome lists of every token and gadget at c.
func movesFrom(t *moveTable, b board, c Cell, gadgets []Gadget) [][]Outcome {
	out := make([][]Outcome, 0, len(b.tokens)+len(gadgets))
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
