package runmove

import (
	"math/bits"
	"slices"
)

// moveTable caches, per cell, the outcomes of every action and, once asked
// for (gadget report), of every gadget, without two outcomes ending the turn
// on the same space (the state after a turn depends only on where it ends).
type moveTable struct {
	actions     [NumCells][SprintW + 1][]Outcome
	gadgets     [NumCells][numGadgets][]Outcome
	haveGadgets bool
}

func newMoveTable(m *Map) *moveTable {
	t := &moveTable{}
	for c := Cell(0); c < NumCells; c++ {
		for a := SilentN; a <= SprintW; a++ {
			t.actions[c][a] = byEnd(Outcomes(m, c, a))
		}
	}
	return t
}

// addGadgets fills the gadget outcomes, once.
func (t *moveTable) addGadgets(m *Map) {
	if t.haveGadgets {
		return
	}
	for c := Cell(0); c < NumCells; c++ {
		for g := SmokeBomb; g < numGadgets; g++ {
			t.gadgets[c][g] = byEnd(GadgetOutcomes(m, c, g))
		}
	}
	t.haveGadgets = true
}

func byEnd(os []Outcome) []Outcome {
	out := os[:0:0]
	for _, o := range os {
		if !slices.ContainsFunc(out, func(x Outcome) bool { return x.End == o.End }) {
			out = append(out, o)
		}
	}
	return out
}

// board is an action board: its tokens in the fixed token order.
type board struct {
	tokens []Action
}

func newBoard(tokens []Action) board {
	ts := slices.Clone(tokens)
	slices.Sort(ts)
	return board{tokens: ts}
}

// distinct is the board with one token per action: the unlimited model.
func (b board) distinct() board { return board{tokens: slices.Compact(slices.Clone(b.tokens))} }

// skip reports whether token i cannot be spent now: it is used, or an
// earlier unused token shows the same action (duplicates are spent lowest
// index first, so equal boards have one encoding).
func (b board) skip(i int, used uint32) bool {
	if used&(1<<i) != 0 {
		return true
	}
	return i > 0 && b.tokens[i-1] == b.tokens[i] && used&(1<<(i-1)) == 0
}

// stateKey is a state of the unlimited model: (space, stashes collected).
type stateKey struct {
	cell Cell
	mask uint8
}

// step records how a state was first reached.
type step struct {
	from stateKey
	move int // token index in the board
	out  int // outcome index
}

// reach is the unlimited-token search from one spawn point (at most
// 36 x 64 states), breadth-first in the fixed token order. It does not
// depend on the objective: its turn-end states, in discovery order, serve
// every objective with the same board.
type reach struct {
	spawn  Cell
	ends   []stateKey // turn-end states, in discovery order
	seen   [NumCells][1 << MaxStashes]bool
	parent [NumCells][1 << MaxStashes]step
}

func searchUnlimited(t *moveTable, b board, stashBits *[NumCells]uint8, spawn Cell) *reach {
	// The start is not a turn end (A17): it is recorded only when a turn ends
	// there, like any other state.
	r := &reach{spawn: spawn}
	queue := []stateKey{{cell: spawn}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for i, a := range b.tokens {
			for oi, o := range t.actions[s.cell][a] {
				n := stateKey{cell: o.End, mask: s.mask | stashBits[o.End]}
				if r.seen[n.cell][n.mask] {
					continue
				}
				r.seen[n.cell][n.mask] = true
				r.parent[n.cell][n.mask] = step{from: s, move: i, out: oi}
				r.ends = append(r.ends, n)
				queue = append(queue, n)
			}
		}
	}
	return r
}

// firstWin is the first winning state discovered: the end of the
// lexicographically first shortest win with unlimited tokens.
func (r *reach) firstWin(g *goal) (stateKey, bool) {
	for _, s := range r.ends {
		if g.wins(s.cell, s.mask) {
			return s, true
		}
	}
	return stateKey{}, false
}

// plan rebuilds the shortest winning sequence found, or nil.
func (r *reach) plan(t *moveTable, b board, g *goal) *Plan {
	win, ok := r.firstWin(g)
	if !ok {
		return nil
	}
	var turns []Turn
	for s := win; ; {
		st := r.parent[s.cell][s.mask]
		a := b.tokens[st.move]
		turns = append(turns, Turn{Token: a, Outcome: t.actions[st.from.cell][a][st.out], Stash: s.mask != st.from.mask})
		if st.from == (stateKey{cell: r.spawn}) {
			break
		}
		s = st.from
	}
	slices.Reverse(turns)
	markWin(turns, g)
	return &Plan{Start: r.spawn, Turns: turns}
}

func markWin(turns []Turn, g *goal) {
	if len(turns) > 0 {
		last := &turns[len(turns)-1]
		last.Win = g.eligible[last.Outcome.End]
	}
}

// node is a state of the one-board model: (space, stashes collected, tokens
// and gadgets used). A gadget is known by its stash: bit n+i is the gadget
// picked up at stash i, used.
type node struct {
	cell   Cell
	mask   uint8
	used   uint32 // bits 0..n-1: tokens; bit n+i: the gadget of stash i
	parent int32  // index in the previous layer, -1 for the start
	move   uint8  // token index, or n+i for the gadget of stash i
	out    uint8  // outcome index
}

// budget is the one-board model from one spawn point. Without gadgets it
// finds the lexicographically first of the shortest wins (fixed token order,
// then outcome order): first by iterative deepening, then, for longer wins
// and to prove there is none, breadth-first by turns with dominance pruning:
// a new state is dropped when a kept state at the same space has
// collected at least the same stashes with a subset of the tokens; kept
// states are never replaced, so a state on the first shortest win can only
// be dropped for one reached by a smaller prefix at the same depth, from
// which the same continuation wins. With gadgets (a fixed assignment), a
// gadget is used once, instead of a token, after its stash is collected
// (L192, L258): the same search covers them.
type budget struct {
	t   *moveTable
	b   board
	g   *goal
	gad []Gadget // the gadget on each stash (gadget report), nil without
	h   *relaxed // drop states that cannot win in the turns left
	dom dominance
	// newDom makes dom when the breadth-first search first needs it: most
	// searches end in the depth-first one, and the dense dominance is
	// megabytes.
	newDom func() dominance
	// breadthOnly skips the depth-first search (tests compare the two).
	breadthOnly bool
	layers      [][]node
	win         *node
	turns       []Turn // the winning turns
	states      int    // states kept by the breadth-first search
}

func (s *budget) run(spawn Cell) bool {
	if int(s.h[spawn][0]) > s.turnsLeft(node{cell: spawn}) {
		return false
	}
	if !s.breadthOnly {
		d := &deepening{s: s}
		if d.run(spawn) {
			s.turns = s.turnsOf(spawn, d.stack)
			return true
		}
	}
	if !s.breadthFirst(spawn) {
		return false
	}
	s.turns = s.turnsOf(spawn, s.winningPath())
	return true
}

func (s *budget) breadthFirst(spawn Cell) bool {
	if s.dom == nil {
		s.dom = s.newDom()
	}
	s.dom.reset()
	root := node{cell: spawn, parent: -1}
	s.dom.keep(root)
	s.layers = [][]node{{root}}
	for depth := 0; len(s.layers[depth]) > 0; depth++ {
		var next []node
		for i := range s.layers[depth] {
			if s.expand(int32(i), s.layers[depth][i], &next) {
				return true
			}
		}
		s.states += len(next)
		s.layers = append(s.layers, next)
	}
	return false
}

// expand generates the successors of p into next, in order; true on a win.
func (s *budget) expand(pi int32, p node, next *[]node) bool {
	return s.successors(p, func(c node) bool {
		c.parent = pi
		if s.g.wins(c.cell, c.mask) {
			s.win = &c
			return true
		}
		if int(s.h[c.cell][c.mask]) <= s.turnsLeft(c) && !s.dom.dominated(c) {
			s.dom.keep(c)
			*next = append(*next, c)
		}
		return false
	})
}

// successors calls f with every successor of p (tokens in the fixed order,
// then the gadgets held, by stash), until f returns true.
func (s *budget) successors(p node, f func(node) bool) bool {
	emit := func(move, oi int, end Cell) bool {
		return f(node{cell: end, mask: p.mask | s.g.stashBits[end], used: p.used | 1<<move, move: uint8(move), out: uint8(oi)})
	}
	for i, a := range s.b.tokens {
		if s.b.skip(i, p.used) {
			continue
		}
		for oi, o := range s.t.actions[p.cell][a] {
			if emit(i, oi, o.End) {
				return true
			}
		}
	}
	n := len(s.b.tokens)
	for i, g := range s.gad {
		if p.mask&(1<<i) == 0 || p.used&(1<<(n+i)) != 0 {
			continue
		}
		for oi, o := range s.t.gadgets[p.cell][g] {
			if emit(n+i, oi, o.End) {
				return true
			}
		}
	}
	return false
}

// turnsLeft bounds the turns still possible from n: the unused tokens, plus
// one per stash whose gadget is not used yet (held or still on its stash).
func (s *budget) turnsLeft(n node) int {
	tokens := len(s.b.tokens)
	return tokens + len(s.gad) - bits.OnesCount32(n.used)
}

// winningPath lists the states of the breadth-first win, start excluded.
func (s *budget) winningPath() []node {
	path := []node{*s.win}
	for depth := len(s.layers) - 1; depth > 0; depth-- {
		path = append(path, s.layers[depth][path[len(path)-1].parent])
	}
	slices.Reverse(path)
	return path
}

// turnsOf turns a path of states (each with its move and outcome) into the
// plan's turns.
func (s *budget) turnsOf(spawn Cell, path []node) []Turn {
	var turns []Turn
	prev := node{cell: spawn}
	n := len(s.b.tokens)
	for _, c := range path {
		turn := Turn{Stash: c.mask != prev.mask}
		if int(c.move) < n {
			turn.Token = s.b.tokens[c.move]
			turn.Outcome = s.t.actions[prev.cell][turn.Token][c.out]
		} else {
			turn.UsesGadget, turn.Gadget = true, s.gad[int(c.move)-n]
			turn.Outcome = s.t.gadgets[prev.cell][turn.Gadget][c.out]
		}
		turns = append(turns, turn)
		prev = c
	}
	markWin(turns, s.g)
	return turns
}

// plan is the winning sequence found, or nil.
func (s *budget) plan(spawn Cell) *Plan {
	if s.turns == nil {
		return nil
	}
	return &Plan{Start: spawn, Turns: s.turns}
}
