package runmove

import (
	"fmt"
	"slices"
)

// analysis holds what one map's checks share: the move table, the box's
// tokens and the search scratch space.
type analysis struct {
	m     *Map
	all   []Action
	t     *moveTable
	dense map[int]*denseDom   // by board size
	reach map[reachKey]*reach // unlimited searches, by board and spawn point
	// relaxed holds the relaxed distances of one-board searches, by
	// objective and gadget assignment: they do not depend on the spawn
	// point, so every spawn point's search shares them.
	relaxed map[relaxedKey]*relaxed
	// boards holds the one-board searches without gadgets, by objective
	// and spawn point: Check and Explain ask for the same ones.
	boards map[boardKey]boardResult
	// searched counts the one-board searches run.
	searched int
	// breadthOnly makes one-board searches skip the depth-first search.
	breadthOnly bool
}

// boardKey identifies a one-board search without gadgets.
type boardKey struct {
	o     Objective
	spawn Cell
}

// boardResult is what a one-board search found: whether it wins, and its
// shortest winning sequence.
type boardResult struct {
	plan *Plan
	won  bool
}

func newAnalysis(m *Map, tokens []Action) (*analysis, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if len(tokens) > MaxTokens {
		return nil, fmt.Errorf("%d action tokens; reachability handles at most %d", len(tokens), MaxTokens)
	}
	for _, t := range tokens {
		if t < SilentN || t > SprintW {
			return nil, fmt.Errorf("action token %v is not an action", t)
		}
	}
	return &analysis{m: m, all: tokens, t: newMoveTable(m), dense: map[int]*denseDom{}, reach: map[reachKey]*reach{},
		relaxed: map[relaxedKey]*relaxed{}, boards: map[boardKey]boardResult{}}, nil
}

// spawns are the spawn points by number (then map order).
func (a *analysis) spawns() []Spawn {
	sp := slices.Clone(a.m.Spawns)
	slices.SortStableFunc(sp, func(x, y Spawn) int { return x.Number - y.Number })
	return sp
}

// reachKey identifies an unlimited search: its token types and start.
type reachKey struct {
	tokens string
	spawn  Cell
}

// unlimited runs the unlimited-token model (token types reusable at will),
// once per board and spawn point, and reports whether o is won.
func (a *analysis) unlimited(o Objective, spawn Cell) (*reach, *goal, board, bool) {
	g := newGoal(a.m, o)
	b := newBoard(o.Tokens(a.all))
	d := b.distinct()
	key := reachKey{tokens: fmt.Sprint(d.tokens), spawn: spawn}
	r := a.reach[key]
	if r == nil {
		r = searchUnlimited(a.t, d, &g.stashBits, spawn)
		a.reach[key] = r
	}
	_, won := r.firstWin(&g)
	return r, &g, b, won
}

// dominance is the dominance of a one-board search over n tokens and
// gadgets, shared by the searches of the map with as many.
func (a *analysis) dominance(n int) dominance {
	if a.dense[n] == nil {
		a.dense[n] = newDenseDom(n)
	}
	return a.dense[n]
}

// relaxedKey identifies the relaxed distances of a one-board search: its
// objective (which gives the board and the goal) and the gadgets on the
// stashes, one byte each.
type relaxedKey struct {
	o          Objective
	assignment string
}

// oneBoard runs the one-action-board model, once per objective and spawn
// point: its shortest winning sequence, or false. The search is exact and
// its plan does not depend on what ran before, so a repeat gets the first
// answer.
func (a *analysis) oneBoard(o Objective, spawn Cell) (*Plan, bool) {
	key := boardKey{o: o, spawn: spawn}
	if r, ok := a.boards[key]; ok {
		return r.plan, r.won
	}
	a.searched++
	s := a.newBudget(o, nil)
	r := boardResult{won: s.run(spawn)}
	if r.won {
		r.plan = s.plan(spawn)
	}
	a.boards[key] = r
	return r.plan, r.won
}

// withGadgets runs the one-board model with a gadget assignment, one per
// stash (gadget report).
func (a *analysis) withGadgets(o Objective, spawn Cell, assignment []Gadget) (*budget, bool) {
	a.t.addGadgets(a.m)
	s := a.newBudget(o, assignment)
	return s, s.run(spawn)
}

// newBudget prepares a one-board search.
func (a *analysis) newBudget(o Objective, assignment []Gadget) *budget {
	g := newGoal(a.m, o)
	b := newBoard(o.Tokens(a.all))
	s := &budget{t: a.t, b: b, g: &g, gad: assignment, breadthOnly: a.breadthOnly}
	key := relaxedKey{o: o, assignment: string(assignment)}
	s.h = a.relaxed[key]
	if s.h == nil {
		s.h = newRelaxed(a.t, b.distinct(), &g, len(a.m.Stashes), nil, assignment)
		a.relaxed[key] = s.h
	}
	s.newDom = func() dominance { return a.dominance(len(b.tokens) + len(assignment)) }
	return s
}
