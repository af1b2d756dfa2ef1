package runmove

import (
	"slices"

	"github.com/runforge/runforge/validate/severity"
)

// Check runs the reachability checks on a map, with tokens the
// action tokens in the box (DefaultTokens unless the pack says otherwise).
// For each objective of Objectives and each spawn point it reports, grouped
// by defect: an error (run/rank3, run/rank4, run/rank5) when the objective
// cannot be won even with unlimited tokens (A3), else a warning
// (run/needs-exhaustion) when it cannot be won within one action board;
// never both for one objective and spawn point. Then one run/trap warning
// listing the trap spaces. The error is Check's own: a map the model cannot
// represent (Map.Validate) or too many tokens.
func Check(m *Map, tokens []Action) ([]Finding, error) {
	a, err := NewAnalysis(m, tokens)
	if err != nil {
		return nil, err
	}
	return a.Check(), nil
}

// Analysis is the searches of one map with the box's action tokens, each
// run once: Check's and Explain's on one Analysis share them, so that the
// explanation repeats none of the checks' one-board searches (the proofs
// of exhaustion are most of their time). It is not safe for concurrent
// use.
type Analysis struct{ a *analysis }

// NewAnalysis returns the analysis of m with tokens; the error is Check's
// (a map the model cannot represent, too many tokens).
func NewAnalysis(m *Map, tokens []Action) (*Analysis, error) {
	a, err := newAnalysis(m, tokens)
	if err != nil {
		return nil, err
	}
	return &Analysis{a: a}, nil
}

// Check is the findings of Check on the analysis's map. The one-board
// searches' scratch space (megabytes on a board of 14 tokens) is let go
// after them: what Explain reuses is their answers.
func (x *Analysis) Check() []Finding {
	fs := x.a.findings(true)
	clear(x.a.dense)
	return fs
}

// CheckUnlimited is Check without the one-action-board search: the errors
// (with unlimited tokens) and the traps, never run/needs-exhaustion. It is
// the cheap half of Check, with a speed target of its own.
func CheckUnlimited(m *Map, tokens []Action) ([]Finding, error) {
	return checkMap(m, tokens, false)
}

func checkMap(m *Map, tokens []Action, oneBoard bool) ([]Finding, error) {
	a, err := newAnalysis(m, tokens)
	if err != nil {
		return nil, err
	}
	return a.findings(oneBoard), nil
}

// findings are the findings of every objective, within one action board
// too when oneBoard is set, then the traps.
func (a *analysis) findings(oneBoard bool) []Finding {
	var out []Finding
	for _, o := range Objectives() {
		out = append(out, a.objectiveFindings(o, oneBoard)...)
	}
	if f, ok := a.trapFinding(); ok {
		out = append(out, f)
	}
	return out
}

// objectiveFindings checks one objective from every spawn point, within one
// action board too when oneBoard is set.
func (a *analysis) objectiveFindings(o Objective, oneBoard bool) []Finding {
	var errs []*failureGroup
	var tired []Spawn
	for _, sp := range a.spawns() {
		r, g, _, won := a.unlimited(o, sp.At)
		if !won {
			d := diagnose(a.m, g, r)
			if d.reason.Kind == SafeHouseUnreachable && a.noTurnEndsOn(d.reason.SafeHouses) {
				d.reason.NoTurnEnds = true
			}
			errs = addFailure(errs, sp, d)
			continue
		}
		if !oneBoard {
			continue
		}
		if _, won := a.oneBoard(o, sp.At); !won {
			tired = append(tired, sp)
		}
	}
	var out []Finding
	for _, grp := range errs {
		out = append(out, grp.finding(o))
	}
	if len(tired) > 0 {
		out = append(out, Finding{
			Rule: RuleNeedsExhaustion, Severity: severity.Warning, Objective: o, Spawns: tired,
			Tokens: len(o.Tokens(a.all)), Src: tired[0].Src,
		})
	}
	return out
}

// diagnosis is why one spawn point fails an objective, and where to look for
// the last spaces reached: the candidate spaces closest to the targets.
type diagnosis struct {
	reason     Reason
	targets    []Cell
	candidates []Cell
}

// diagnose finds the first reason (ReasonKind) that applies to a failed
// unlimited search: (a) fewer collectable stashes than needed; (b) with a
// safe house reachable, fewer stashes than needed after which it still is:
// the others are collected but leave no way to a safe house; (c) no eligible
// safe house reachable; (d) otherwise the most stashes any route brings to a
// safe house (also when the map holds fewer stashes than needed).
func diagnose(m *Map, g *goal, r *reach) diagnosis {
	all, safe := stateCells(r.ends, nil), eligibleCells(g)
	collectable, good, best, atSafe := stashStats(g, r.ends)
	reason := Reason{Letters: lettersOf(g)}
	switch {
	case popcount(collectable) < g.need && len(stashesIn(m, ^collectable)) > 0:
		reason.Kind, reason.Stashes = StashUncollectable, stashesIn(m, ^collectable)
		return diagnosis{reason: reason, targets: stashCells(reason.Stashes), candidates: all}
	case atSafe && popcount(good) < g.need && collectable&^good != 0:
		fault := collectable &^ good
		reason.Kind, reason.Stashes = StashDeadEnd, stashesIn(m, fault)
		return diagnosis{reason: reason, targets: safe, candidates: stateCells(r.ends, func(s stateKey) bool { return s.mask&fault != 0 })}
	case !atSafe:
		reason.Kind, reason.SafeHouses = SafeHouseUnreachable, eligibleHouses(m, g)
		return diagnosis{reason: reason, targets: safe, candidates: all}
	}
	reason.Kind, reason.Max = TooFewStashes, best
	most := 0
	for _, s := range r.ends {
		most = max(most, popcount(s.mask))
	}
	return diagnosis{reason: reason, targets: safe, candidates: stateCells(r.ends, func(s stateKey) bool { return popcount(s.mask) == most })}
}

// stashStats summarises the reachable states: the stashes collected on some
// route, those collected on some route that then ends a turn on an eligible
// safe house, the most stashes brought to one, and whether one is reached.
func stashStats(g *goal, ends []stateKey) (collectable, good uint8, best int, atSafe bool) {
	for _, s := range ends {
		collectable |= s.mask
		if g.eligible[s.cell] != 0 {
			atSafe = true
			good |= s.mask
			best = max(best, popcount(s.mask))
		}
	}
	return collectable, good, best, atSafe
}

func stateCells(ends []stateKey, keep func(stateKey) bool) []Cell {
	var cs []Cell
	for _, s := range ends {
		if (keep == nil || keep(s)) && !slices.Contains(cs, s.cell) {
			cs = append(cs, s.cell)
		}
	}
	return cs
}

func eligibleCells(g *goal) []Cell {
	var cs []Cell
	for c := Cell(0); c < NumCells; c++ {
		if g.eligible[c] != 0 {
			cs = append(cs, c)
		}
	}
	return cs
}

func eligibleHouses(m *Map, g *goal) []SafeHouse {
	var hs []SafeHouse
	for _, h := range m.SafeHouses {
		if g.eligible[h.At] == h.Letter {
			hs = append(hs, h)
		}
	}
	slices.SortStableFunc(hs, func(x, y SafeHouse) int { return int(x.Letter) - int(y.Letter) })
	return hs
}

// lettersOf is the letters of the safe houses the objective accepts, in
// order, whether the map has them or not.
func lettersOf(g *goal) string {
	ls := []byte(g.letters)
	slices.Sort(ls)
	return string(slices.Compact(ls))
}

// noTurnEndsOn reports whether houses is not empty and no action token of
// the box, from any space, ends a turn on any of them.
func (a *analysis) noTurnEndsOn(houses []SafeHouse) bool {
	if len(houses) == 0 {
		return false
	}
	for c := Cell(0); c < NumCells; c++ {
		for _, outs := range a.t.actions[c] {
			for _, o := range outs {
				for _, h := range houses {
					if o.End == h.At {
						return false
					}
				}
			}
		}
	}
	return true
}

func stashesIn(m *Map, mask uint8) []Stash {
	var ss []Stash
	for i, s := range m.Stashes {
		if mask&(1<<i) != 0 {
			ss = append(ss, s)
		}
	}
	return ss
}

func stashCells(ss []Stash) []Cell {
	cs := make([]Cell, len(ss))
	for i, s := range ss {
		cs[i] = s.At
	}
	return cs
}

// failureGroup gathers the spawn points failing an objective for one reason.
type failureGroup struct {
	spawns     []Spawn
	diag       diagnosis
	candidates []Cell
}

func addFailure(groups []*failureGroup, sp Spawn, d diagnosis) []*failureGroup {
	for _, grp := range groups {
		if grp.diag.reason.key() == d.reason.key() {
			grp.spawns = append(grp.spawns, sp)
			for _, c := range d.candidates {
				if !slices.Contains(grp.candidates, c) {
					grp.candidates = append(grp.candidates, c)
				}
			}
			return groups
		}
	}
	return append(groups, &failureGroup{spawns: []Spawn{sp}, diag: d, candidates: slices.Clone(d.candidates)})
}

func (grp *failureGroup) finding(o Objective) Finding {
	r := grp.diag.reason
	src := grp.spawns[0].Src
	switch {
	case len(r.Stashes) > 0:
		src = r.Stashes[0].Src
	case len(r.SafeHouses) > 0:
		src = r.SafeHouses[0].Src
	}
	return Finding{
		Rule: o.Rule(), Severity: severity.Error, Objective: o, Spawns: grp.spawns, Reason: r,
		Stuck: closest(grp.candidates, grp.diag.targets, 3), Src: src,
	}
}

// closest picks up to n candidates nearest (Chebyshev) to any target, ties
// broken by cell order, and returns them sorted.
func closest(candidates, targets []Cell, n int) []Cell {
	if len(targets) == 0 {
		return nil
	}
	dist := func(c Cell) int {
		d := NumCells
		for _, t := range targets {
			d = min(d, Distance(c, t))
		}
		return d
	}
	cs := slices.Clone(candidates)
	slices.SortFunc(cs, func(x, y Cell) int {
		if dx, dy := dist(x), dist(y); dx != dy {
			return dx - dy
		}
		return int(x) - int(y)
	})
	cs = cs[:min(n, len(cs))]
	slices.Sort(cs)
	return cs
}

// trapFinding finds the spaces where a turn can end, reachable from a spawn
// point, from which no safe house (A or B) can be reached, with unlimited
// tokens of the whole box and regardless of stashes. Maps without
// a safe house are left to the objective findings.
func (a *analysis) trapFinding() (Finding, bool) {
	if len(a.m.SafeHouses) == 0 {
		return Finding{}, false
	}
	succ := a.successors()
	safe := a.reachesSafeHouse(succ)
	var traps []Cell
	var spawns []Spawn
	for _, sp := range a.spawns() {
		hit := false
		for c, ok := range turnEnds(succ, sp.At) {
			if ok && !safe[c] {
				hit = true
				if !slices.Contains(traps, Cell(c)) {
					traps = append(traps, Cell(c))
				}
			}
		}
		if hit {
			spawns = append(spawns, sp)
		}
	}
	if len(traps) == 0 {
		return Finding{}, false
	}
	slices.Sort(traps)
	return Finding{Rule: RuleTrap, Severity: severity.Warning, Spawns: spawns, Traps: traps, Src: a.m.Spaces[traps[0]].Src}, true
}

// successors is the turn graph on spaces: where any token of the box can end
// a turn from each space.
func (a *analysis) successors() [NumCells][]Cell {
	var succ [NumCells][]Cell
	for c := Cell(0); c < NumCells; c++ {
		for _, t := range newBoard(a.all).distinct().tokens {
			for _, o := range a.t.actions[c][t] {
				if !slices.Contains(succ[c], o.End) {
					succ[c] = append(succ[c], o.End)
				}
			}
		}
	}
	return succ
}

// turnEnds are the spaces where a turn can end, starting from spawn.
func turnEnds(succ [NumCells][]Cell, spawn Cell) [NumCells]bool {
	var seen [NumCells]bool
	queue := []Cell{spawn}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, q := range succ[c] {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return seen
}

// reachesSafeHouse marks the spaces from which a turn can end on a safe house
// (a safe house itself included), by a backward search.
func (a *analysis) reachesSafeHouse(succ [NumCells][]Cell) [NumCells]bool {
	var pred [NumCells][]Cell
	for c := Cell(0); c < NumCells; c++ {
		for _, q := range succ[c] {
			pred[q] = append(pred[q], c)
		}
	}
	var ok [NumCells]bool
	var queue []Cell
	for _, h := range a.m.SafeHouses {
		if !ok[h.At] {
			ok[h.At] = true
			queue = append(queue, h.At)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, p := range pred[c] {
			if !ok[p] {
				ok[p] = true
				queue = append(queue, p)
			}
		}
	}
	return ok
}
