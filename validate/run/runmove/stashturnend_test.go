package runmove

import (
	"slices"
	"strings"
	"testing"
)

// TestStashCollectedWhereTheTurnEnds checks that a stash is collected where
// the turn ends, after the forced displacement, not where the movement
// itself ended (L258, L578, L652; A13): a Runner whose move ends on a stash
// on ice or on a current is carried on and does not collect it, and one
// carried onto a stash by an ice slide or a current push does.
//
// It guards against the searches counting a stash as collected on the space
// where a move ends (Outcome.Moved) instead of the space where the turn ends
// (Outcome.End), in any of the three places that decide it: the
// unlimited-token search (the rank errors), the one-board search (the
// needs-exhaustion warning and the explain plans) and the relaxed distance
// that bounds the one-board search. The bundled maps never put a stash where
// the two differ, so only these maps show the fault.
//
// Each map has 4 stashes, one of them on or behind a forced displacement:
//
//   - ice onto: F1 is reached only by a slide over the ice at E2, from D3
//     north-east (its other neighbours are water whose piers lead elsewhere):
//     every objective wins within one board.
//   - ice off: C4 is ice in the open, so every move onto it slides on: no
//     turn ends there and rank 5 fails.
//   - current onto: A6 is water whose neighbours all carry a current into
//     it, or away (B5): only a push ends a turn there; everything wins.
//   - current off: the stash is on the current at B5, which always pushes
//     on to C5: rank 5 fails.
func TestStashCollectedWhereTheTurnEnds(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fixture  string
		findings []string
		// carried is the turn of the rank-5 plan from spawn point 1 that
		// collects the stash a forced displacement carries the Runner onto.
		carried string
	}{
		{"ice onto", `
levels
   A B C D E F
1  . . . . ~ .
2  . . . . * ~
3  . . . . . .
4  . . . . . .
5  . . . . . .
6  . . . . . .
stashes F1 A1 A6 C4
safe A F6
safe B C1
spawn 1 C3
access pier E1 D1 silent-W
access pier F2 F3 silent-S
`, nil, "silent-NE E2 (ice to F1) [stash]"},
		{"ice off", `
levels
   A B C D E F
1  . . . . . .
2  . . . . . .
3  . . . . . .
4  . . * . . .
5  . . . . . .
6  . . . . . .
stashes C4 A1 A6 F1
safe A F6
safe B C1
spawn 1 C3
`, []string{
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn point 1: stash C4 cannot be collected; last spaces reached: B3, B4, B5",
		}, ""},
		{"current onto", `
levels
   A B C D E F
1  . . . . . .
2  . . . . . .
3  . . . . . .
4  . . . . . .
5  v > ~ . . .
6  ~ < ~ . . .
stashes A6 A1 F1 E4
safe A F6
safe B C1
spawn 1 C3
access pier C5 C4 silent-N
access pier C6 D6 silent-E
`, nil, "sprint-S A5 (current to A6) [stash]"},
		{"current off", `
levels
   A B C D E F
1  . . . . . .
2  . . . . . .
3  . . . . . .
4  . . . . . .
5  v > ~ . . .
6  ~ < ~ . . .
stashes B5 A1 F1 E4
safe A F6
safe B C1
spawn 1 C3
access pier C5 C4 silent-N
access pier C6 D6 silent-E
`, []string{
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn point 1: stash B5 cannot be collected; last spaces reached: A4, A6, B4",
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustFixture(t, tc.fixture)
			if got := messages(check(t, m)); !slices.Equal(got, tc.findings) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.findings, "\n"))
			}
			e, err := Explain(m, DefaultTokens())
			if err != nil {
				t.Fatal(err)
			}
			for _, sp := range e.Spawns {
				for _, r := range sp.Results {
					if r.Plan != nil {
						checkStashTurns(t, m, r.Objective, r.Plan)
					}
				}
			}
			if tc.carried == "" {
				return
			}
			rank5 := e.Spawns[0].Results[3]
			if rank5.Plan == nil || rank5.Plan.NeedsExhaustion() {
				t.Fatalf("%v: no plan within one action board: %+v", rank5.Objective, rank5.Plan)
			}
			if !slices.ContainsFunc(rank5.Plan.Turns, func(tn Turn) bool { return tn.String() == tc.carried }) {
				t.Errorf("%v: plan %v; want a turn %q", rank5.Objective, rank5.Plan, tc.carried)
			}
		})
	}
}

// checkStashTurns replays a plan: a turn is marked as collecting a stash
// exactly when it ends on a stash not collected before, wherever its
// movement ended.
func checkStashTurns(t *testing.T, m *Map, o Objective, p *Plan) {
	t.Helper()
	collected := map[Cell]bool{}
	for i, tn := range p.Turns {
		end := tn.Outcome.End
		want := !collected[end] && slices.ContainsFunc(m.Stashes, func(s Stash) bool { return s.At == end })
		collected[end] = collected[end] || want
		if tn.Stash != want {
			t.Errorf("%v: plan %v: turn %d %q marks a stash %v; want %v (the turn ends on %v)", o, p, i+1, tn, tn.Stash, want, end)
		}
	}
}
