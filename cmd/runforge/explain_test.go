package main

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	rfodrules "github.com/runforge/runforge/validate/rfod"
	runrules "github.com/runforge/runforge/validate/run"
)

// TestValidateExplain: --explain adds, after the report, how each RUN map
// is won; the worked example (base map, spawn point 3, rank 5) comes
// out word for word, the output is the same on every run, and --explain
// with another format than text is a usage error.
func TestValidateExplain(t *testing.T) {
	const pack = "../../schema/run/testdata/run"
	code, out, errOut := run(t, "", "validate", "--explain", pack)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	want := "rank 5 (all 4 stashes, then A or B), 14 tokens: 9 turns: C3 silent-NE D2 · silent-W C2 [stash] · silent-SE D3 · wild-diagonal E4 · " +
		"silent-E F4 [stash] · sprint-N F1 [stash] · sprint-W A1 · sprint-S A6 [stash] · sprint-E F6 [safe house A: win]"
	for _, w := range []string{"0 errors, 0 warnings", pack + "/base.yaml: map base", "spawn point 3 (C3)", want, "map water"} {
		if !strings.Contains(out, w) {
			t.Errorf("--explain output lacks %q:\n%s", w, out)
		}
	}
	if _, again, _ := run(t, "", "validate", "--explain", pack); again != out {
		t.Error("--explain differs between two runs")
	}
	if code, _, errOut := run(t, "", "validate", "--explain", "--format", "sarif", pack); code != 2 || !strings.Contains(errOut, "--explain writes text or json") {
		t.Errorf("--explain --format sarif: exit %d, %s", code, errOut)
	}
	// JSON carries the same data under "explain".
	code, out, errOut = run(t, "", "validate", "--explain", "--format", "json", pack)
	if code != 0 {
		t.Fatalf("--explain --format json: exit %d, %s", code, errOut)
	}
	var doc struct {
		Explain []struct {
			Maps []runrules.MapExplanation `json:"maps"`
		} `json:"explain"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	found := false
	for _, e := range doc.Explain {
		for _, m := range e.Maps {
			for _, sp := range m.Spawns {
				for _, r := range sp.Results {
					if m.Map == "base" && sp.Number == 3 && r.Objective == "rank 5 (all 4 stashes, then A or B)" {
						found = r.Winnable && r.Turns == 9 && r.Tokens == 14 && strings.HasPrefix(want, "rank 5 (all 4 stashes, then A or B), 14 tokens: 9 turns: "+r.Sequence)
					}
				}
			}
		}
	}
	if !found {
		t.Errorf("JSON explain lacks the worked example:\n%s", out)
	}
}

// TestValidateExplainOdds: for the bundled Run, Fight, or Die! pack,
// --explain gives every combo by its character and effect, with its values
// given AMULET (A6) marked conditional and counting AMULET's free flee,
// the columns saying whether a Fleeing card is drawn; a value that is not
// exactly 1 never prints as 100% (>=1 bat given AMULET is
// 14692909475/14693280768). Reloaded's end of the turn by zombies says
// the strategy it assumes, and its tables are those of odds.pdf:
// no zombie counts. The JSON keeps the combo ids and gives exact
// fractions. Reloaded has no AMULET.
func TestValidateExplainOdds(t *testing.T) {
	const rfod, reloaded = "../../data/run-fight-or-die", "../../data/run-fight-or-die-reloaded"
	code, out, errOut := run(t, "", "validate", "--explain", rfod)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	for _, w := range []string{
		`The Deputy {gun 2, zombie 1} (2 rerolls): "Ignore 1 Zombie icon of the combo. Draw 1 Loot card."`,
		"    given AMULET (1/6, A6; its free flee counted): P = ",
		" with no Fleeing card, ",
		" with a Fleeing card\n",
		"column 1: 1 reroll, no Fleeing card\n",
		"column 2: 1 reroll, Fleeing card\n",
		"column 7: 2 rerolls, no Fleeing card, given AMULET (its free flee counted) (conditional: AMULET has probability 1/6, A6)",
		"column 8: 2 rerolls, Fleeing card, given AMULET (its free flee counted) (conditional: AMULET has probability 1/6, A6)",
		"assumes A6: AMULET (L292) applies right after the first roll",
		"    >=1 bat                   80.35%  83.85%  88.56%  92.61%  92.30%  96.27% >99.99% >99.99%\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("--explain lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "100.00%") || strings.Contains(out, " 0.00%") || strings.Contains(out, "≈ 1.0000") || strings.Contains(out, "≈ 0.0000") {
		t.Errorf("--explain rounds a value to 100%% or 0%%:\n%s", out)
	}
	code, out, errOut = run(t, "", "validate", "--explain", reloaded)
	if code != 0 {
		t.Fatalf("Reloaded: exit %d:\n%s%s", code, out, errOut)
	}
	for _, w := range []string{
		"    turn ends by zombies       1.19%   5.17%  12.69%\n      (turn ends by zombies: assumes rerolling every die that is not a zombie at every reroll)\n",
		"turn ends by zombies on the first roll alone: 31/46656 ≈ 0.0007",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("Reloaded --explain lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, ">=1 zombie") || strings.Contains(out, "\n    =1 bat") {
		t.Errorf("Reloaded --explain has tables odds.pdf does not:\n%s", out)
	}
	if strings.Contains(out, "covering-fire") {
		t.Errorf("--explain text prints the combo id covering-fire:\n%s", out)
	}
	code, out, errOut = run(t, "", "validate", "--explain", "--format", "json", rfod, reloaded)
	if code != 0 {
		t.Fatalf("--format json: exit %d, %s", code, errOut)
	}
	var doc struct {
		Explain []struct {
			Pack string                     `json:"pack"`
			Odds *rfodrules.OddsExplanation `json:"odds"`
		} `json:"explain"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Explain) != 2 {
		t.Fatalf("JSON %v, %d packs:\n%s", err, len(doc.Explain), out)
	}
	for _, e := range doc.Explain {
		x := e.Odds
		if x == nil || len(x.Combos) == 0 || x.Table == nil {
			t.Fatalf("%s: no odds", e.Pack)
		}
		amulet := x.Game == "run-fight-or-die"
		if got := x.Amulet != ""; got != amulet {
			t.Errorf("%s: AMULET note %q", e.Pack, x.Amulet)
		}
		for _, r := range x.Table.Rows {
			wantAssumes := ""
			if r.Target == "turn ends by zombies" {
				wantAssumes = rfodrules.TurnEndsStrategy
			}
			if r.Face == "" || r.Assumes != wantAssumes {
				t.Errorf("%s: row %s: face %q, assumes %q", e.Pack, r.Target, r.Face, r.Assumes)
			}
		}
		for _, c := range x.Combos {
			p, ok := new(big.Rat).SetString(c.PAmulet)
			if amulet && (!ok || c.Combo == "" || strings.Contains(c.PAmulet, ".") || p.Cmp(big.NewRat(1, 1)) > 0) {
				t.Errorf("%s %s: pAmulet %q is no exact probability", c.Character, c.Combo, c.PAmulet)
			}
			if !amulet && (c.PAmulet != "" || c.Tier == "") {
				t.Errorf("Reloaded %s %s: pAmulet %q, tier %q", c.Character, c.Combo, c.PAmulet, c.Tier)
			}
		}
	}
}
