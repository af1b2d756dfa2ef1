package runmove

import (
	"slices"
	"strings"
	"testing"
)

func explain(t *testing.T, m *Map) *Explanation {
	t.Helper()
	e, err := Explain(m, DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// result is the explanation of objective index obj (Objectives, then
// HardRank5) from the spawn point with number spawn.
func result(t *testing.T, e *Explanation, spawn, obj int) Result {
	t.Helper()
	for _, sp := range e.Spawns {
		if sp.Spawn.Number == spawn {
			return sp.Results[obj]
		}
	}
	t.Fatalf("no spawn point %d", spawn)
	return Result{}
}

// noGadget is the water map with safe house A on a new roof, F2, that no
// fire escape serves and no water touches, with the Hook and the Jetpack
// crossed out: the remaining pool (Smoke Bomb, Crowbar, Jet Ski, Scuba Gear)
// cannot reach it.
func noGadget(t *testing.T) *Map {
	m := loadFixture(t, "water")
	f2, _ := ParseCell("F2")
	m.Spaces[f2] = Space{Level: 1, Building: true}
	m.SafeHouses[0].At = f2
	m.CrossedOut = []Gadget{Hook, Jetpack}
	return m
}

func TestGadgetVerdicts(t *testing.T) {
	dry := loadFixture(t, "uncollectable")
	dry.CrossedOut = []Gadget{Hook}
	for _, tc := range []struct {
		name   string
		m      *Map
		obj    int
		want   Verdict
		report string
	}{
		{"climbs: every assignment", loadFixture(t, "climbs"), 3, EveryAssignment,
			"gadgets (pool smoke-bomb, crowbar, hook, jetpack): every assignment wins, e.g. smoke-bomb on B1, crowbar on D1, hook on B3, jetpack on D3: A2 silent-S A3 · silent-E B3 [stash] · sprint-E C3 · wild-orthogonal D3 [stash] · hook D1 [stash] · jetpack B1 [stash] · silent-SW A2 · sprint-S A6 [safe house B: win]"},
		{"ponds: some assignments (L693: 4 of 6 drawn)", loadFixture(t, "ponds"), 3, SomeAssignment, ""},
		{"no assignment", noGadget(t), 1, NoAssignment,
			"gadgets (pool smoke-bomb, crowbar, jet-ski, scuba-gear): no assignment wins within one action board"},
		{"L667: a crossed-out basic gadget on a dry map", dry, 0, PoolTooSmall,
			"gadgets (pool smoke-bomb, crowbar, jetpack): the pool cannot fill the 4 stashes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := result(t, explain(t, tc.m), 1, tc.obj)
			if r.Gadgets == nil {
				t.Fatalf("%v: no gadget report", r.Objective)
			}
			if r.Gadgets.Verdict != tc.want {
				t.Errorf("verdict %d; want %d: %v", r.Gadgets.Verdict, tc.want, r.Gadgets)
			}
			if tc.report != "" && r.Gadgets.String() != tc.report {
				t.Errorf("report:\n got  %v\n want %s", r.Gadgets, tc.report)
			}
		})
	}
}

// The winning assignment's plan must be a legal one-board plan: its gadgets
// are used only after their stash is collected, each once, and it wins.
func TestGadgetPlanUsesCollectedGadgets(t *testing.T) {
	r := result(t, explain(t, loadFixture(t, "ponds")), 1, 3)
	g := r.Gadgets
	collected := map[Cell]bool{}
	used := map[Gadget]bool{}
	for _, turn := range g.Plan.Turns {
		if turn.UsesGadget {
			i := slices.Index(g.Wins, turn.Gadget)
			if i < 0 || !collected[g.Stashes[i]] || used[turn.Gadget] {
				t.Errorf("%v used before its stash %v is collected, or twice", turn.Gadget, g.Stashes[i])
			}
			used[turn.Gadget] = true
		}
		if turn.Stash {
			collected[turn.Outcome.End] = true
		}
	}
	if last := g.Plan.Turns[len(g.Plan.Turns)-1]; last.Win == 0 || len(collected) < 4 {
		t.Errorf("the plan does not win with 4 stashes: %v", g.Plan)
	}
}

// Rank 5 without the diagonal wild is information only, for every
// spawn point, with 13 tokens and never the diagonal wild; no gadget report.
func TestHardRank5(t *testing.T) {
	e := explain(t, loadFixture(t, "base"))
	for _, sp := range e.Spawns {
		r := sp.Results[4]
		if !r.Objective.NoDiagonalWild || r.Tokens != 13 || r.Gadgets != nil || r.Plan == nil {
			t.Errorf("spawn point %d: %+v", sp.Spawn.Number, r)
			continue
		}
		for _, turn := range r.Plan.Turns {
			if turn.Token == WildDiagonal {
				t.Errorf("spawn point %d uses the diagonal wild: %v", sp.Spawn.Number, r.Plan)
			}
		}
	}
	if r := result(t, e, 6, 4); !r.Plan.NeedsExhaustion() {
		t.Errorf("base, spawn point 6: %v; want needs exhaustion without the diagonal wild", r)
	}
	if r := result(t, e, 3, 4); r.Plan.NeedsExhaustion() || len(r.Plan.Turns) != 10 {
		t.Errorf("base, spawn point 3: %v; want a 10-turn win", r)
	}
}

// Legal maps need no gadget report, and then print no readings.
func TestNoGadgetReportWhenNotNeeded(t *testing.T) {
	e := explain(t, loadFixture(t, "base"))
	if e.Readings != nil || strings.Contains(e.String(), "gadget") {
		t.Errorf("base: gadget report or readings present")
	}
	if e := explain(t, loadFixture(t, "climbs")); len(e.Readings) != len(GadgetReadings()) {
		t.Errorf("climbs: the readings of A18 must accompany its gadget reports")
	}
}

// A stable order, spawn point then objective, and the same output
// on every run.
func TestExplainIsDeterministic(t *testing.T) {
	m := loadFixture(t, "water")
	first := explain(t, m).String()
	for range 3 {
		if got := explain(t, m).String(); got != first {
			t.Fatal("explain output differs between runs")
		}
	}
	var order []int
	for _, sp := range explain(t, m).Spawns {
		order = append(order, sp.Spawn.Number)
	}
	if !slices.IsSorted(order) {
		t.Errorf("spawn order %v", order)
	}
}

// Explain on the analysis that Check ran repeats none of Check's one-board
// searches (on the climbs map, rank 5's proofs of exhaustion from all 8
// spawn points): it runs only those Check did not, and gives what Explain
// alone gives.
func TestAnalysisExplainReusesCheck(t *testing.T) {
	m := loadFixture(t, "climbs")
	x, err := NewAnalysis(m, DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	x.Check()
	checked, ran := len(x.a.boards), x.a.searched
	if checked == 0 || ran != checked {
		t.Fatalf("Check ran %d one-board searches for %d objectives and spawn points", ran, checked)
	}
	got := x.Explain()
	asked := (len(Objectives()) + 1) * len(m.Spawns)
	if more := x.a.searched - ran; more != asked-checked {
		t.Errorf("Explain after Check ran %d one-board searches, want %d (%d asked, %d answered by Check)", more, asked-checked, asked, checked)
	}
	want, err := Explain(m, DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("after Check:\n%s\nalone:\n%s", got, want)
	}
}
