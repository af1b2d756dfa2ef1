package runmove

import (
	"fmt"
	"slices"
	"strings"
)

// Explanation is the explain output of one map, in a stable order:
// spawn point, then objective.
type Explanation struct {
	Map      string
	Spawns   []SpawnReport
	Readings []string // the A18 readings, when a gadget report is present
}

// SpawnReport is what the search found from one spawn point.
type SpawnReport struct {
	Spawn   Spawn
	Results []Result // Objectives(), then HardRank5()
}

// Result is one objective from one spawn point.
type Result struct {
	Objective Objective
	Tokens    int // the size of the action board
	// Plan is a shortest winning sequence within one action board; else the
	// shortest with unlimited tokens, naming its repeated tokens; else nil.
	Plan *Plan
	// Gadgets is the gadget report, for a checked objective that fails
	// within one board.
	Gadgets *GadgetReport
}

// Verdict is the gadget report's answer.
type Verdict uint8

// Verdicts.
const (
	EveryAssignment Verdict = iota // every assignment of the pool to the stashes wins
	SomeAssignment                 // some assignments win, some do not
	NoAssignment                   // no assignment wins
	PoolTooSmall                   // the pool cannot fill the stashes (L169, L667)
)

// GadgetReport says whether the map's gadget pool makes an objective winnable
// within one action board, for every, some or no assignment of the pool to
// the stashes (assignments draw as many gadgets as there are
// stashes, L693). A gadget is picked up by ending a turn on its stash (L258)
// and used once instead of a token (L192), as GadgetOutcomes reads it.
type GadgetReport struct {
	Pool    []Gadget
	Stashes []Cell // the stash spaces, in map order, that assignments refer to
	Verdict Verdict
	Wins    []Gadget // the first winning assignment, gadget per stash (Every, Some)
	Plan    *Plan    // a shortest winning sequence for it
	Fails   []Gadget // the first assignment that does not win (Some, No)
}

// Explain computes the explain output of a map: per spawn point and
// objective, a shortest winning sequence, ties broken by the fixed token
// order (Action); rank 5 without the diagonal wild; the gadget report.
func Explain(m *Map, tokens []Action) (*Explanation, error) {
	a, err := NewAnalysis(m, tokens)
	if err != nil {
		return nil, err
	}
	return a.Explain(), nil
}

// Explain is the explain output of the analysis's map (see Explain),
// reusing the searches its Check ran.
func (x *Analysis) Explain() *Explanation {
	a := x.a
	m := a.m
	e := &Explanation{Map: m.ID}
	for _, sp := range a.spawns() {
		rep := SpawnReport{Spawn: sp}
		for _, o := range append(Objectives(), HardRank5()) {
			rep.Results = append(rep.Results, a.result(o, sp.At))
		}
		e.Spawns = append(e.Spawns, rep)
	}
	if e.hasGadgetReport() {
		e.Readings = GadgetReadings()
	}
	return e
}

func (e *Explanation) hasGadgetReport() bool {
	for _, sp := range e.Spawns {
		for _, r := range sp.Results {
			if r.Gadgets != nil {
				return true
			}
		}
	}
	return false
}

func (a *analysis) result(o Objective, spawn Cell) Result {
	res := Result{Objective: o, Tokens: len(o.Tokens(a.all))}
	if p, won := a.oneBoard(o, spawn); won {
		res.Plan = p
		return res
	}
	r, g, b, _ := a.unlimited(o, spawn)
	if p := r.plan(a.t, b.distinct(), g); p != nil {
		p.Repeated = repeated(p, b)
		res.Plan = p
	}
	if !o.NoDiagonalWild {
		res.Gadgets = a.gadgetReport(o, spawn)
	}
	return res
}

// gadgetReport tries the assignments in order, until one wins and one
// fails; "no assignment" is first tried by the relaxed bound with every
// gadget of the pool free to use.
func (a *analysis) gadgetReport(o Objective, spawn Cell) *GadgetReport {
	pool := a.m.GadgetPool()
	k := len(a.m.Stashes)
	rep := &GadgetReport{Pool: pool, Stashes: stashCells(a.m.Stashes), Verdict: NoAssignment}
	switch {
	case len(pool) < k:
		rep.Verdict = PoolTooSmall
	case a.poolCanWin(o, spawn, pool):
		a.tryAssignments(o, spawn, rep)
	}
	return rep
}

// poolCanWin is the relaxed test: the objective is within reach with
// unlimited tokens and every gadget of the pool at will.
func (a *analysis) poolCanWin(o Objective, spawn Cell, pool []Gadget) bool {
	a.t.addGadgets(a.m)
	g := newGoal(a.m, o)
	b := newBoard(o.Tokens(a.all))
	h := newRelaxed(a.t, b.distinct(), &g, len(a.m.Stashes), pool, nil)
	return int(h[spawn][0]) <= len(b.tokens)+len(a.m.Stashes)
}

// tryAssignments sets the verdict from the assignments, in order.
func (a *analysis) tryAssignments(o Objective, spawn Cell, rep *GadgetReport) {
	for _, asg := range assignments(rep.Pool, len(rep.Stashes)) {
		s, won := a.withGadgets(o, spawn, asg)
		switch {
		case won && rep.Wins == nil:
			rep.Wins, rep.Plan = asg, s.plan(spawn)
		case !won && rep.Fails == nil:
			rep.Fails = asg
		}
		if rep.Wins != nil && rep.Fails != nil {
			rep.Verdict = SomeAssignment
			return
		}
	}
	if rep.Wins != nil {
		rep.Verdict = EveryAssignment
	}
}

// assignments lists the ways to put k distinct gadgets of the pool on the k
// stashes (drawing k when the pool holds more, L693), in pool order.
func assignments(pool []Gadget, k int) [][]Gadget {
	if k == 0 {
		return [][]Gadget{{}}
	}
	var out [][]Gadget
	for i, g := range pool {
		rest := slices.Delete(slices.Clone(pool), i, i+1)
		for _, tail := range assignments(rest, k-1) {
			out = append(out, append([]Gadget{g}, tail...))
		}
	}
	return out
}

// String renders the explanation as text.
func (e *Explanation) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "map %s\n", e.Map)
	for _, sp := range e.Spawns {
		fmt.Fprintf(&sb, "spawn point %d (%v)\n", sp.Spawn.Number, sp.Spawn.At)
		for _, r := range sp.Results {
			fmt.Fprintf(&sb, "  %s\n", r)
			if r.Gadgets != nil {
				fmt.Fprintf(&sb, "    %s\n", r.Gadgets)
			}
		}
	}
	if len(e.Readings) > 0 {
		sb.WriteString("gadget readings (A18):\n")
		for _, r := range e.Readings {
			fmt.Fprintf(&sb, "  - %s\n", r)
		}
	}
	return sb.String()
}

// String is "objective, n tokens: outcome".
func (r Result) String() string {
	head := fmt.Sprintf("%s, %d tokens: ", r.Objective, r.Tokens)
	switch {
	case r.Plan == nil:
		return head + "cannot be won, even with unlimited tokens"
	case r.Plan.NeedsExhaustion():
		return head + fmt.Sprintf("needs exhaustion (repeats %s), %d turns: %v", actionList(r.Plan.Repeated), len(r.Plan.Turns), r.Plan)
	}
	return head + fmt.Sprintf("%d turns: %v", len(r.Plan.Turns), r.Plan)
}

func actionList(as []Action) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// String is the report line: "gadgets (pool ...): every assignment wins, e.g.
// hook on C2, ...: <sequence>".
func (g *GadgetReport) String() string {
	pool := make([]string, len(g.Pool))
	for i, x := range g.Pool {
		pool[i] = x.String()
	}
	head := fmt.Sprintf("gadgets (pool %s): ", strings.Join(pool, ", "))
	switch g.Verdict {
	case PoolTooSmall:
		return head + fmt.Sprintf("the pool cannot fill the %d stashes", len(g.Stashes))
	case NoAssignment:
		return head + "no assignment wins within one action board"
	case SomeAssignment:
		return head + fmt.Sprintf("some assignments win, e.g. %s: %v; not e.g. %s", g.assignment(g.Wins), g.Plan, g.assignment(g.Fails))
	}
	return head + fmt.Sprintf("every assignment wins, e.g. %s: %v", g.assignment(g.Wins), g.Plan)
}

func (g *GadgetReport) assignment(asg []Gadget) string {
	parts := make([]string, len(asg))
	for i, x := range asg {
		parts[i] = fmt.Sprintf("%v on %v", x, g.Stashes[i])
	}
	return strings.Join(parts, ", ")
}
