package validate_test

import (
	"encoding/json"
	"testing"

	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	runrules "github.com/runforge/runforge/validate/run"
	"github.com/runforge/runforge/validate/run/runmove"
)

// The reachability maps, translated from validate/run/runmove/testdata: each is
// the illustrative base map with one change.
const (
	// noFireEscapes: the roof stashes C2 and F4 cannot be collected
	// (uncollectable.map).
	noFireEscapes = `access:
  - {kind: fire-escape, from: D2, to: C2, actions: [silent-W]}
  - {kind: fire-escape, from: E4, to: F4, actions: [silent-E]}
  - {kind: fire-escape, from: E3, to: F3, actions: [silent-E]}
`
	baseRow5 = "  5  . # . . . .\n"
	baseRow6 = "  6  . . . . . .\n"
	pondRow5 = "  5  ~ # . . . .\n"
	pondRow6 = "  6  ~ . . . . .\n"
)

// deadEnd is the base map with the stash A6 in a pond (A5, A6) without a
// pier, and spawn point 8 in it (deadend.map).
func deadEnd() files {
	src := edit(edit(edit(runFixture("base"), baseRow5, pondRow5), baseRow6, pondRow6), "{number: 8, at: D6}", "{number: 8, at: A5}")
	return runPack("base.yaml", src)
}

// climbsMap: four one-space roofs, each a stash reached by a fire escape;
// one board performs silent-E twice, so rank 5 needs exhaustion
// (climbs.map).
const climbsMap = `kind: Map
id: climbs
card: 4
side: a
number: "4a"
name: Climbs
levels: |
  #  A B C D E F
  1  . # . # . .
  2  . . . . . .
  3  . # . # . .
  4  . . . . . .
  5  . . . . # .
  6  . . . . . .
stashes: [B1, D1, B3, D3]
safeHouses: [{letter: A, at: F6}, {letter: B, at: A6}]
spawns: [{number: 1, at: A2}, {number: 2, at: C2}, {number: 3, at: E2}, {number: 4, at: F2},
         {number: 5, at: A4}, {number: 6, at: C4}, {number: 7, at: E4}, {number: 8, at: F4}]
helipads: [E5]
access:
  - {kind: fire-escape, from: B2, to: B1, actions: [silent-N]}
  - {kind: fire-escape, from: C1, to: D1, actions: [silent-E]}
  - {kind: fire-escape, from: A3, to: B3, actions: [silent-E]}
  - {kind: fire-escape, from: C3, to: D3, actions: [silent-E]}
`

func runReachCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	uncollectable := base(noFireEscapes, "")
	stuck := "stashes C2, F4 cannot be collected; last spaces reached: B1, C1, C3"
	return []ruleCase{
		{rule: "run/rank3", name: "quiet-spec-maps", files: runPack()},
		{rule: "run/rank3", name: "fires-stash-cannot-be-collected", files: uncollectable,
			want: []want{{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 9, hint: []string{"access feature"},
				exact: "rank 3 (3 stashes, then A or B) cannot be won from spawn points 1-8: " + stuck}}},
		{rule: "run/rank3", name: "fires-from-a-spawn-point-in-a-pond", files: deadEnd(),
			want: []want{{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 3,
				exact: "rank 3 (3 stashes, then A or B) cannot be won from spawn point 8: stashes C2, F4, F1 cannot be collected; last spaces reached: A5, A6"}}},
		{rule: "run/rank4", name: "quiet-spec-maps", files: runPack()},
		{rule: "run/rank4", name: "fires-for-a-and-b", files: uncollectable,
			want: []want{
				{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 9, exact: "rank 4 (3 stashes, then A) cannot be won from spawn points 1-8: " + stuck},
				{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 9, exact: "rank 4 (3 stashes, then B) cannot be won from spawn points 1-8: " + stuck},
			}},
		{rule: "run/rank4", name: "fires-safe-house-on-a-roof", files: base("{letter: A, at: F6}", "{letter: A, at: B5}"),
			want: []want{{file: "base.yaml", at: "safeHouses: [|{letter: A", sev: err, related: 8, hint: []string{"way in"},
				exact: "rank 4 (3 stashes, then A) cannot be won from spawn points 1-8: no turn can end on safe house A (B5), from any space with any action token; last spaces reached: A4, A5, A6"}}},
		{rule: "run/rank4", name: "fires-safe-house-missing-named", files: base("{letter: B, at: A1}", "{letter: A, at: A1}"),
			want: []want{{file: "base.yaml", at: "safeHouses: |[", sev: err, related: 8, hint: []string{"add {letter: B, at: <space>} under safeHouses:"},
				msg: []string{"rank 4 (3 stashes, then B) cannot be won", ": no safe house B on the map"}}}},
		{rule: "run/rank5", name: "quiet-spec-maps", files: runPack()},
		{rule: "run/rank5", name: "fires-stash-cannot-be-collected", files: uncollectable,
			want: []want{{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 9,
				exact: "rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-8: " + stuck}}},
		{rule: "run/rank5", name: "fires-stash-in-a-dead-end", files: deadEnd(),
			want: []want{
				{file: "base.yaml", at: "stashes: [|C2", sev: err, related: 3, msg: []string{"from spawn point 8: stashes C2, F4, F1 cannot be collected"}},
				{file: "base.yaml", at: "F4, |A6", sev: err, related: 7, hint: []string{"way out"},
					exact: "rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-7: stash A6: collected, but no safe house reachable afterwards; last spaces reached: A5, A6"},
			}},
		{rule: "run/rank5", name: "fires-beside-a-misdrawn-fire-escape", files: base(noFireEscapes, misdrawnFireEscape),
			want: []want{{file: "base.yaml", at: "stashes: [C2, |F4", sev: err, related: 8,
				exact: "rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-8: stash F4 cannot be collected; last spaces reached: E3, E4, E5"}}},
		{rule: "run/needs-exhaustion", name: "quiet-spec-maps", files: runPack()},
		{rule: "run/needs-exhaustion", name: "fires-two-climbs-on-one-token", files: runPack("climbs.yaml", climbsMap),
			want: []want{{file: "climbs.yaml", at: "spawns: [|{number: 1", sev: warn, related: 8,
				exact: "rank 5 (all 4 stashes, then A or B) cannot be won within one action board (14 tokens) from spawn points 1-8; it needs exhaustion, which costs a hit at rank >= 3"}}},
		{rule: "run/needs-exhaustion", name: "fires-rank4-from-one-spawn-point", files: docks("{number: 2, at: E3}", "{number: 2, at: A3}"),
			want: []want{{file: "docks.yaml", at: "|{number: 2, at: A3}", sev: warn, related: 1,
				exact: "rank 4 (3 stashes, then B) cannot be won within one action board (13 tokens) from spawn point 2; it needs exhaustion, which costs a hit at rank >= 3"}}},
		{rule: "run/trap", name: "quiet-spec-maps", files: runPack()},
		{rule: "run/trap", name: "fires-pond-without-pier", files: deadEnd(),
			want: []want{{file: "base.yaml", at: "  5  |~ # . . . .", sev: warn, related: 8, hint: []string{"pier"},
				exact: "trap spaces A5, A6: no safe house can be reached from them; reached from spawn points 1-8"}}},
	}
}

// misdrawnFireEscape is the base map's fire escape up to the roof stash C2
// with the wrong icon (silent-NW for silent-W), and no fire escape up to
// the roof stash F4: run/access reports the first, reachability the second.
const misdrawnFireEscape = `access:
  - {kind: fire-escape, from: D2, to: C2, actions: [silent-NW]}
`

// TestReachQuietAfterFeatureError: a misdrawn movement feature is one
// finding, its structure rule's; the reachability rules do not also report
// what it cuts off (the roof stash C2 on the base map, which run/rank5
// reported). A feature whose fix is known is searched as its hint corrects
// it; one whose intent is unknown (not adjacent, on one space, a bent
// tunnel) leaves the map unsearched.
func TestReachQuietAfterFeatureError(t *testing.T) {
	fe := "{kind: fire-escape, from: D2, to: C2, actions: [silent-W]}"
	for _, tc := range []struct {
		name, rule string
		files      files
	}{
		{"wrong-icon", "run/access", base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [silent-NW]}")},
		{"sprint-icon", "run/access", base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [sprint-W]}")},
		{"wild-icon", "run/access", base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [wild-orthogonal]}")},
		{"leading-down", "run/access", base(fe, "{kind: fire-escape, from: C2, to: D2, actions: [silent-E]}")},
		{"not-adjacent", "run/access", base(fe, "{kind: fire-escape, from: D2, to: B2, actions: [silent-W]}")},
		{"pier-icon", "run/access", docks("{kind: pier, from: B4, to: B3, actions: [silent-N]}", "{kind: pier, from: B4, to: B3, actions: [silent-S]}")},
		{"zip-line-on-one-space", "run/zip-line", docks("{start: B2, end: E6,", "{start: B2, end: B2,")},
		{"link-to-itself", "run/link", docks("{from: A5, to: D6,", "{from: A5, to: A5,")},
		{"bent-tunnel", "run/tunnel", docks("{ends: [A1, A3], actions: [{from: A1, action: sprint-S}, {from: A3, action: silent-N}]}", "{ends: [A1, B3]}")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := check(t, tc.files, validate.Options{})
			if len(ofRule(got, tc.rule)) != 1 || len(got) != 1 {
				t.Fatalf("want the one %s finding, got:\n%s", tc.rule, dump(got))
			}
		})
	}
}

// TestReachSkipsBrokenGrid: a map whose picture has a run/grid error is not
// searched, even when its stashes could not be collected.
func TestReachSkipsBrokenGrid(t *testing.T) {
	f := runPack("base.yaml", edit(edit(runFixture("base"), noFireEscapes, ""), "  4  . . . . . #\n", "  4  . . x . . #\n"))
	got := check(t, f, validate.Options{})
	if len(ofRule(got, "run/grid")) != 1 {
		t.Fatalf("want one run/grid error, got:\n%s", dump(got))
	}
	for _, id := range []string{"run/rank3", "run/rank4", "run/rank5", "run/needs-exhaustion", "run/trap"} {
		if ds := ofRule(got, id); len(ds) != 0 {
			t.Errorf("%s ran on a broken grid:\n%s", id, dump(ds))
		}
	}
}

// TestRunMoveMap: the converter keeps every space and feature, with the
// position of its entry as Src.
func TestRunMoveMap(t *testing.T) {
	f := runPack()
	p, _ := schematest.LoadPack(f.fs(), packRoot)
	var m *runschema.Map
	for _, x := range runschema.Maps(p) {
		if x.ID == "docks" {
			m = x
		}
	}
	rm, labels, err := runrules.MoveMap(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.Validate(); err != nil {
		t.Fatal(err)
	}
	cell := func(s string) runmove.Cell {
		c, err := runmove.ParseCell(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if s := rm.Spaces[cell("E1")]; s.Level != 1 || s.Building {
		t.Errorf("E1 (custom terrain '2') = %+v, want level 1, no building", s)
	}
	if s := rm.Spaces[cell("C4")]; !s.Water || s.Current != runmove.E || s.Level != -1 {
		t.Errorf("C4 = %+v, want water with a current E", s)
	}
	if s := rm.Spaces[cell("B5")]; !s.Ice {
		t.Errorf("B5 = %+v, want ice", s)
	}
	if got, want := rm.Stashes[1].Src, posOf(t, f, "docks.yaml", "[C2, |F1"); got != want || rm.Stashes[1].At != cell("F1") {
		t.Errorf("stash 2 = %+v, want F1 at %v", rm.Stashes[1], want)
	}
	if got, want := rm.Spawns[3].Src, posOf(t, f, "docks.yaml", "|{number: 4"); got != want {
		t.Errorf("spawn 4 Src %v, want %v", got, want)
	}
	if labels[rm.Spawns[3].Src.(schema.Pos)] != "spawn point 4 at F3" {
		t.Errorf("spawn 4 label %q", labels[rm.Spawns[3].Src.(schema.Pos)])
	}
	if len(rm.Access) != 5 || len(rm.Tunnels) != 1 || len(rm.Tunnels[0].Icons) != 2 || len(rm.ZipLines) != 2 || !rm.ZipLines[1].Bridge ||
		!rm.ZipLines[1].OneWay || rm.ZipLines[0].EndAction != runmove.SilentNW || len(rm.Links) != 1 || rm.Links[0].BackAction != runmove.SilentW ||
		len(rm.CrossedOut) != 2 || len(rm.Overrides.ForbiddenMoves) != 1 {
		t.Errorf("features not all converted: %+v", rm)
	}
	if rm.Access[2].Kind != runmove.Pier || rm.Access[2].Actions[0] != runmove.SilentN {
		t.Errorf("access 3 = %+v, want a pier with silent-N", rm.Access[2])
	}
}

// --explain after validate reuses the rules' map searches (ExplainWith
// with the run's Analyses): its text and JSON are those of Explain alone,
// on the quiet maps, on a map whose rank 5 needs exhaustion, and on one
// with a misdrawn fire escape, which the rules search as run/access's hint
// repairs it and the explanation as drawn.
func TestExplainWithAnalyses(t *testing.T) {
	for name, f := range map[string]files{"quiet": runPack(), "climbs": runPack("climbs.yaml", climbsMap),
		"misdrawn": base(noFireEscapes, misdrawnFireEscape)} {
		p, probs := schematest.LoadPack(f.fs(), packRoot)
		an := validate.NewAnalyses()
		validate.Pack(p, probs, withGames(validate.Options{Analyses: an}))
		got, want := validate.ExplainWith(p, allGames(), an), validate.Explain(p, allGames())
		if got.String() == "" || got.String() != want.String() {
			t.Errorf("%s: explained after validate:\n%s\nalone:\n%s", name, got, want)
		}
		gotJSON, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: JSON after validate differs from alone", name)
		}
	}
}
