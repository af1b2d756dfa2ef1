package runmove

import "testing"

func shortest(t *testing.T, fix string, o Objective, spawn string) string {
	t.Helper()
	m := mustFixture(t, fix)
	c, err := ParseCell(spawn)
	if err != nil {
		t.Fatal(err)
	}
	p := oneBoardPlan(t, m, DefaultTokens(), o, c, false)
	if p == nil {
		return "no win"
	}
	return p.String()
}

// Turn-end rules at the level of whole plans.
func TestTurnEndRules(t *testing.T) {
	one := Objective{Rank: 3, Need: 1, Letters: "A"}
	for _, tc := range []struct {
		rule, name, fix, spawn, want string
	}{
		{"A17", "the spawn point is not a turn end: a stash there is collected only by ending a turn on it",
			open + "stashes C3\nsafe A C1\n", "C3",
			"C3 silent-N C2 · silent-S C3 [stash] · sprint-N C1 [safe house A: win]"},
		{"L258", "a stash passed over by a sprint is not collected (and sprint-E is single-use, L196)",
			open + "stashes C1\nsafe A F1\n", "A1",
			"A1 silent-E B1 · wild-orthogonal C1 [stash] · sprint-E F1 [safe house A: win]"},
		{"L578", "a stash on a current is collected only when a current pushes the Runner onto it",
			"levels\n1 . . . . . .\n2 . . . . . .\n3 . . . . . .\n4 > > ~ . . .\n5 . . . . . .\n6 . . . . . .\nstashes B4\nsafe A C4\n", "A3",
			"A3 silent-S A4 (current to B4) [stash] · silent-E C4 [safe house A: win]"},
		{"L264", "a safe house on a current wins only when a current pushes the Runner onto it",
			"levels\n1 . . . . . .\n2 . . . . . .\n3 . . . . . .\n4 > > ~ . . .\n5 . . . . . .\n6 . . . . . .\nstashes A2\nsafe A B4\n", "A1",
			"A1 silent-S A2 [stash] · sprint-S A4 (current to B4) [safe house A: win]"},
		{"L580", "a net-zero move ends the turn where it started, collecting there",
			"levels\n1 . . . . . .\n2 . . . . . .\n3 . . . . . .\n4 ~ ~ ~ ~ v ~\n5 ~ ~ ~ ~ ~ ~\n6 . . . . . .\nstashes E5\nsafe A F5\n", "E5",
			"E5 silent-N E4 (current to E5) [stash] · silent-E F5 [safe house A: win]"},
		{"L652", "the turn ends where the ice slide ends, and a stash there is collected",
			"levels\n1 . . . . . .\n2 . * . . . .\n3 . . . . . .\n4 . . . . . .\n5 . . . . . .\n6 . . . . . .\nstashes C2\nsafe A F6\n", "A2",
			"A2 silent-E B2 (ice to C2) [stash] · sprint-E F2 · sprint-S F6 [safe house A: win]"},
		{"L652", "a stash on ice is never collected while the slide is free",
			"levels\n1 . . . . . .\n2 . * . . . .\n3 . . . . . .\n4 . . . . . .\n5 . . . . . .\n6 . . . . . .\nstashes B2\nsafe A F6\n", "A2",
			"no win"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			if got := shortest(t, tc.fix, one, tc.spawn); got != tc.want {
				t.Errorf("%s:\n got  %s\n want %s", tc.name, got, tc.want)
			}
		})
	}
}

// L196 (single-use tokens): the plan of an objective that needs exhaustion
// names the tokens it repeats, and only those.
func TestNeedsExhaustionNamesRepeatedTokens(t *testing.T) {
	e, err := Explain(loadFixture(t, "climbs"), DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	r := e.Spawns[0].Results[3] // spawn point 1, rank 5
	if r.Plan == nil || !r.Plan.NeedsExhaustion() {
		t.Fatalf("rank 5 from spawn point 1: %v; want a plan that needs exhaustion", r)
	}
	count := map[Action]int{}
	for _, turn := range r.Plan.Turns {
		count[turn.Token]++
	}
	for a, n := range count {
		repeated := false
		for _, x := range r.Plan.Repeated {
			repeated = repeated || x == a
		}
		if (n > 1) != repeated {
			t.Errorf("%v used %d times, listed as repeated: %v", a, n, repeated)
		}
	}
}
