package diceodds

import (
	"math/big"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate/severity"
)

// The findings of rfod/combo-rollable and rfodr/combo-rollable.
func TestCheckCombos(t *testing.T) {
	cases := []struct {
		name      string
		g         Game
		combo     map[string]int
		threshold string // "" = nil
		sev       severity.Severity
		contains  []string // message substrings; nil = no finding
	}{
		{"RFoD more faces than dice: error (L93, L243)", RFoD(), map[string]int{"gun": 3, "bat": 3}, "0.01",
			severity.Error, []string{`combo "c" {bat 3, gun 3} is impossible: P = 0`, "needs 6 dice, and 5 are rolled"}},
		{"Reloaded 5 zombies end the turn: error (L202)", Reloaded(), map[string]int{"zombie": 5, "gun": 1}, "0.01",
			severity.Error, []string{"impossible", "needs 5 zombies, and 5 zombies end the turn"}},
		{"Reloaded six zombies: error (L202)", Reloaded(), map[string]int{"zombie": 6}, "",
			severity.Error, []string{"impossible"}},
		{"face on no die: error (rfod/combo-face)", RFoD(), map[string]int{"explore": 1}, "0.01",
			severity.Error, []string{"impossible", `face "explore" is on no die`}},
		{"RFoD below threshold: warning with default and Fleeing values", RFoD(), map[string]int{"gun": 2, "bat": 2}, "0.2",
			severity.Warning, []string{"112234507/725594112 ≈ 0.1547 without Fleeing", "410103055/1632586752 ≈ 0.2512 with Fleeing", "below the threshold 0.2"}},
		{"RFoD default is compared, not Fleeing: 0.1547 < 0.2 <= 0.2512", RFoD(), map[string]int{"gun": 2, "bat": 2}, "0.25",
			severity.Warning, []string{"0.1547 without Fleeing"}},
		{"RFoD {Zombie 5}: (91/216)^5 below 0.02", RFoD(), map[string]int{"zombie": 5}, "0.02",
			severity.Warning, []string{"6240321451/470184984576 ≈ 0.0133"}},
		{"RFoD above threshold: no finding", RFoD(), map[string]int{"zombie": 2, "gun": 1}, "0.01", 0, nil},
		{"nil threshold: no warning", RFoD(), map[string]int{"zombie": 5}, "", 0, nil},
		{"Reloaded below threshold: one value, no Fleeing", Reloaded(), map[string]int{"zombie": 4, "gun": 1, "bat": 1}, "0.05",
			severity.Warning, []string{"697621251055/16926659444736 ≈ 0.0412, below the threshold 0.05"}},
		{"Reloaded Prom Queen major above 0.01 (L226)", Reloaded(), map[string]int{"zombie": 2, "search": 1, "explore": 1}, "0.01", 0, nil},
	}
	for _, tc := range cases {
		var thr *big.Rat
		if tc.threshold != "" {
			thr = mustRat(t, tc.threshold)
		}
		fs, err := CheckCombos(tc.g, []NamedCombo{{Name: "c", Dice: tc.combo}}, thr)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.contains == nil {
			if len(fs) != 0 {
				t.Errorf("%s: unexpected %s", tc.name, fs[0].Message())
			}
			continue
		}
		if len(fs) != 1 {
			t.Errorf("%s: %d findings, want 1", tc.name, len(fs))
			continue
		}
		f := fs[0]
		if f.Severity != tc.sev {
			t.Errorf("%s: severity %s, want %s", tc.name, f.Severity, tc.sev)
		}
		for _, s := range tc.contains {
			if !strings.Contains(f.Message(), s) {
				t.Errorf("%s: message %q lacks %q", tc.name, f.Message(), s)
			}
		}
		if f.Severity == severity.Error && f.P.Sign() != 0 {
			t.Errorf("%s: error with P = %s", tc.name, f.P.RatString())
		}
	}
}

// Findings keep the order of the combos; an invalid game is an error.
func TestCheckCombosOrderAndErrors(t *testing.T) {
	combos := []NamedCombo{
		{Name: "one", Dice: map[string]int{"gun": 6}},
		{Name: "two", Dice: map[string]int{"bat": 1}},
		{Name: "three", Dice: map[string]int{"book": 5}},
	}
	fs, err := CheckCombos(RFoD(), combos, big.NewRat(1, 100))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || fs[0].Combo != "one" || fs[0].Severity != severity.Error || fs[1].Combo != "three" || fs[1].Severity != severity.Warning {
		for _, f := range fs {
			t.Log(f.Severity, f.Message())
		}
		t.Fatalf("got %d findings, want [one error, three warning]", len(fs))
	}
	if _, err := CheckCombos(Game{}, combos, nil); err == nil {
		t.Error("a game without dice was accepted")
	}
}
