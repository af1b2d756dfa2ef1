package runmove

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func spawnCell(t testing.TB, m *Map, n int) Cell {
	t.Helper()
	for _, s := range m.Spawns {
		if s.Number == n {
			return s.At
		}
	}
	t.Fatalf("map %s has no spawn point %d", m.ID, n)
	return 0
}

func oneBoardPlan(t testing.TB, m *Map, tokens []Action, o Objective, spawn Cell, breadthOnly bool) *Plan {
	t.Helper()
	a, err := newAnalysis(m, tokens)
	if err != nil {
		t.Fatal(err)
	}
	a.breadthOnly = breadthOnly
	p, won := a.oneBoard(o, spawn)
	if !won {
		return nil
	}
	return p
}

// The base map's one-board plan from spawn point 3 for rank 5: 9 turns,
// exactly this sequence.
func TestBaseMapRank5Plan(t *testing.T) {
	m := loadFixture(t, "base")
	want := "C3 silent-NE D2 · silent-W C2 [stash] · silent-SE D3 · wild-diagonal E4 · silent-E F4 [stash] · sprint-N F1 [stash] · sprint-W A1 · sprint-S A6 [stash] · sprint-E F6 [safe house A: win]"
	for _, breadthOnly := range []bool{false, true} {
		p := oneBoardPlan(t, m, DefaultTokens(), Objectives()[3], spawnCell(t, m, 3), breadthOnly)
		if p == nil || p.String() != want {
			t.Errorf("breadthOnly=%v:\n got %v\nwant %s", breadthOnly, p, want)
		}
	}
}

// The depth-first search must find the same sequence as the breadth-first
// one, on the illustrative maps and on random maps.
func TestEnginesAgree(t *testing.T) {
	maps := []*Map{loadFixture(t, "base"), loadFixture(t, "water")}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 12 {
		maps = append(maps, randomMap(rng, fmt.Sprintf("random%d", i)))
	}
	for _, m := range maps {
		for _, o := range append(Objectives(), HardRank5()) {
			for _, sp := range m.Spawns[:3] {
				deep := oneBoardPlan(t, m, DefaultTokens(), o, sp.At, false)
				wide := oneBoardPlan(t, m, DefaultTokens(), o, sp.At, true)
				if fmt.Sprint(deep) != fmt.Sprint(wide) {
					t.Errorf("%s %v spawn %d:\n depth-first   %v\n breadth-first %v", m.ID, o, sp.Number, deep, wide)
				}
			}
		}
	}
}

// bruteForce is an independent one-board search: breadth-first in the fixed
// token order, with an exact visited set and no pruning, straight from
// Outcomes. The first win found is the lexicographically first shortest one.
func bruteForce(m *Map, tokens []Action, o Objective, spawn Cell, gad []Gadget) *Plan {
	g := newGoal(m, o)
	ts := slices.Clone(tokens)
	slices.Sort(ts)
	type state struct {
		cell Cell
		mask uint8
		used uint32
	}
	type entry struct {
		s     state
		turns []Turn
	}
	type move struct {
		bit  int
		turn Turn
		outs []Outcome
	}
	moves := func(s state) []move {
		var ms []move
		for i, a := range ts {
			if s.used&(1<<i) == 0 {
				ms = append(ms, move{i, Turn{Token: a}, byEnd(Outcomes(m, s.cell, a))})
			}
		}
		for i, gd := range gad {
			if s.mask&(1<<i) != 0 && s.used&(1<<(len(ts)+i)) == 0 {
				ms = append(ms, move{len(ts) + i, Turn{UsesGadget: true, Gadget: gd}, byEnd(GadgetOutcomes(m, s.cell, gd))})
			}
		}
		return ms
	}
	seen := map[state]bool{{cell: spawn}: true}
	layer := []entry{{s: state{cell: spawn}}}
	for len(layer) > 0 {
		var next []entry
		for _, e := range layer {
			for _, mv := range moves(e.s) {
				for _, out := range mv.outs {
					n := state{cell: out.End, mask: e.s.mask | g.stashBits[out.End], used: e.s.used | 1<<mv.bit}
					turn := mv.turn
					turn.Outcome, turn.Stash = out, n.mask != e.s.mask
					turns := append(slices.Clone(e.turns), turn)
					if g.wins(n.cell, n.mask) {
						markWin(turns, &g)
						return &Plan{Start: spawn, Turns: turns}
					}
					if !seen[n] {
						seen[n] = true
						next = append(next, entry{n, turns})
					}
				}
			}
		}
		layer = next
	}
	return nil
}

// Dominance pruning, the relaxed bound and the depth-first search must not
// lose a win nor change the sequence found: compared with the brute force on
// random maps with 9- and 4-token boards (small enough to enumerate).
func TestPruningAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	all := DefaultTokens()
	checked, wins := 0, 0
	for i := range 80 {
		m := randomMap(rng, fmt.Sprintf("random%d", i))
		// Small boards too: their wins often spend every token, the edge of
		// the relaxed bound.
		tokens := randomTokens(rng, all, []int{9, 4}[i%2])
		// Rank 1 keeps every token of the board (RankTokens).
		o := Objective{Rank: 1, Need: 2 + rng.IntN(3), Letters: "AB"[:1+rng.IntN(2)]}
		sp := m.Spawns[rng.IntN(len(m.Spawns))].At
		want := bruteForce(m, tokens, o, sp, nil)
		for _, breadthOnly := range []bool{false, true} {
			got := oneBoardPlan(t, m, tokens, o, sp, breadthOnly)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s tokens %v, %d stashes then %s, breadthOnly=%v:\n got  %v\n want %v", m.ID, tokens, o.Need, o.Letters, breadthOnly, got, want)
			}
		}
		checked++
		if want != nil {
			wins++
		}
	}
	if wins == 0 || wins == checked {
		t.Errorf("%d wins of %d cases: the random cases must include wins and failures", wins, checked)
	}
}

func randomTokens(rng *rand.Rand, all []Action, n int) []Action {
	ts := slices.Clone(all)
	rng.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	return ts[:n]
}

// randomMap draws a map with every movement feature: levels, buildings,
// water with currents, ice, access features, a tunnel, a zip line, a link.
func randomMap(rng *rand.Rand, id string) *Map {
	m := &Map{ID: id}
	for c := range m.Spaces {
		switch r := rng.IntN(20); {
		case r < 4:
			m.Spaces[c] = Space{Level: 1, Building: true}
		case r < 7:
			m.Spaces[c] = Space{Level: -1, Water: true}
		case r < 8:
			m.Spaces[c] = Space{Level: 2}
		case r < 9:
			m.Spaces[c] = Space{Ice: true}
		}
	}
	for c := Cell(0); c < NumCells; c++ {
		d := []Dir{N, E, S, W}[rng.IntN(4)]
		if q, ok := c.Step(d); ok && m.Spaces[c].Water && m.Spaces[q].Water && rng.IntN(3) == 0 {
			m.Spaces[c].Current = d
		}
	}
	cells := rng.Perm(NumCells)
	for i := range 4 {
		m.Stashes = append(m.Stashes, Stash{At: Cell(cells[i])})
	}
	m.SafeHouses = []SafeHouse{{Letter: 'A', At: Cell(cells[4])}, {Letter: 'B', At: Cell(cells[5])}}
	for i := range 8 {
		m.Spawns = append(m.Spawns, Spawn{Number: i + 1, At: Cell(cells[6+i])})
	}
	for range 8 {
		p := Cell(rng.IntN(NumCells))
		d := Dir(1 + rng.IntN(8))
		if q, ok := p.Step(d); ok && m.level(q) > m.level(p) {
			m.Access = append(m.Access, Access{Kind: Ladder, From: p, To: q, Actions: []Action{Silent(d)}})
		}
	}
	row := Cell(rng.IntN(Size))
	a, b := Cell(0)*Size+row, Cell(3)*Size+row
	m.Tunnels = []Tunnel{{Ends: [2]Cell{a, b}, Icons: []TunnelIcon{{From: a, Action: SilentE}}}}
	m.ZipLines = []ZipLine{{Start: Cell(cells[14]), End: Cell(cells[15]), Action: Silent(Dir(1 + rng.IntN(8))), OneWay: true}}
	m.Links = []Link{{From: Cell(cells[16]), To: Cell(cells[17]), Action: Sprint([]Dir{N, E, S, W}[rng.IntN(4)]), BackAction: SilentN}}
	return m
}

// The relaxed distance is exact for the unlimited model and a lower bound
// for one board.
func TestRelaxedDistance(t *testing.T) {
	m := loadFixture(t, "water")
	a, err := newAnalysis(m, DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range Objectives() {
		for _, sp := range a.spawns() {
			r, g, b, _ := a.unlimited(o, sp.At)
			h := newRelaxed(a.t, b.distinct(), g, len(m.Stashes), nil, nil)
			p := r.plan(a.t, b.distinct(), g)
			if int(h[sp.At][0]) != len(p.Turns) {
				t.Errorf("%v spawn %d: relaxed %d, unlimited plan %d turns", o, sp.Number, h[sp.At][0], len(p.Turns))
			}
			if q := oneBoardPlan(t, m, DefaultTokens(), o, sp.At, true); len(q.Turns) < len(p.Turns) {
				t.Errorf("%v spawn %d: one board (%d) beats unlimited (%d)", o, sp.Number, len(q.Turns), len(p.Turns))
			}
		}
	}
}

// With a gadget assignment too: the same search must agree with the brute
// force (gadgets extend the moves, and the relaxed bound counts them).
func TestGadgetSearchAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	all := DefaultTokens()
	wins := 0
	for i := range 25 {
		m := randomMap(rng, fmt.Sprintf("random%d", i))
		tokens := randomTokens(rng, all, 6)
		o := Objective{Rank: 1, Need: 2 + rng.IntN(3), Letters: "AB"}
		sp := m.Spawns[rng.IntN(len(m.Spawns))].At
		asg := assignments(m.GadgetPool(), len(m.Stashes))
		gad := asg[rng.IntN(len(asg))]
		want := bruteForce(m, tokens, o, sp, gad)
		a, err := newAnalysis(m, tokens)
		if err != nil {
			t.Fatal(err)
		}
		for _, breadthOnly := range []bool{false, true} {
			a.breadthOnly = breadthOnly
			s, won := a.withGadgets(o, sp, gad)
			var got *Plan
			if won {
				got = s.plan(sp)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s tokens %v gadgets %v, breadthOnly=%v:\n got  %v\n want %v", m.ID, tokens, gad, breadthOnly, got, want)
			}
		}
		if want != nil {
			wins++
		}
	}
	if wins == 0 || wins == 25 {
		t.Errorf("%d wins of 25: the random cases must include wins and failures", wins)
	}
}

// A win that spends every token: the relaxed bound must keep states whose
// distance equals the tokens left. Three copies of one token also check
// that duplicates are spent as one action (lowest index first).
func TestWinSpendingEveryToken(t *testing.T) {
	m := mustFixture(t, open+"stashes B1 C1\nsafe A D1\n")
	o := Objective{Rank: 1, Need: 2, Letters: "A"}
	tokens := []Action{SilentE, SilentE, SilentE}
	want := "A1 silent-E B1 [stash] · silent-E C1 [stash] · silent-E D1 [safe house A: win]"
	for _, breadthOnly := range []bool{false, true} {
		if p := oneBoardPlan(t, m, tokens, o, 0, breadthOnly); fmt.Sprint(p) != want {
			t.Errorf("breadthOnly=%v: %v; want %s", breadthOnly, p, want)
		}
	}
	if p := oneBoardPlan(t, m, tokens[:2], o, 0, true); p != nil {
		t.Errorf("two tokens cannot win: %v", p)
	}
}
