package validate_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate/diceodds"
	rfodrules "github.com/runforge/runforge/validate/rfod"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
)

// oddsRulesOf returns the odds rules of the pack's game: Run, Fight, or
// Die!'s or Reloaded's.
func oddsRulesOf(t testing.TB, p *schema.Pack) rfodrules.OddsRules {
	t.Helper()
	for _, r := range []rfodrules.OddsRules{rfodrules.Odds(), rfodrrules.Odds()} {
		if p != nil && p.Game != nil && p.Game.System == r.System {
			return r
		}
	}
	t.Fatalf("no odds rules for the pack %+v", p)
	return rfodrules.OddsRules{}
}

// explainOdds loads an in-memory pack and returns its odds explanation.
func explainOdds(t *testing.T, f files) *rfodrules.OddsExplanation {
	t.Helper()
	p, probs := schematest.LoadPack(f.fs(), packRoot)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	x := oddsRulesOf(t, p).Explain(p)
	if x == nil || x.Skipped != "" {
		t.Fatalf("no odds: %+v", x)
	}
	return x
}

// comboOdds returns the explanation's combo of a character.
func comboOdds(t *testing.T, x *rfodrules.OddsExplanation, character string) rfodrules.ComboOdds {
	t.Helper()
	for _, c := range x.Combos {
		if c.Character == character {
			return c
		}
	}
	t.Fatalf("no combo of %s in %+v", character, x.Combos)
	return rfodrules.ComboOdds{}
}

// tableCell returns the table's exact value of a target under the column
// that matches col.
func tableCell(t *testing.T, x *rfodrules.OddsExplanation, target string, col rfodrules.OddsColumn) string {
	t.Helper()
	for i, c := range x.Table.Columns {
		if c != col {
			continue
		}
		for _, r := range x.Table.Rows {
			if r.Target == target {
				return r.Cells[i].P
			}
		}
	}
	t.Fatalf("no cell %s under %+v (columns %+v)", target, col, x.Table.Columns)
	return ""
}

// The RFoD odds also give every combo and the icon counts given AMULET
// (A6), checked against exact values.
func TestExplainOddsAmulet(t *testing.T) {
	// The Nurse rolls once, no reroll: {search 2} needs two Search among
	// five dice: 1 - (5/6)^5 - 5(1/6)(5/6)^4 = 763/3888. Given AMULET one
	// more die may become a Search, which fails only with no Search at all
	// (3125/7776) or one Search and four zombies (5/7776): 2323/3888.
	// Without a reroll there is nothing to flee.
	x := explainOdds(t, rfodEdit("characters.yaml", "name: The Nurse\n    life: 5", "name: The Nurse\n    life: 5\n    rerolls: 0"))
	nurse := comboOdds(t, x, "nurse")
	if got := [4]string{nurse.P, nurse.PFlee, nurse.PAmulet, nurse.PAmuletFlee}; got != [4]string{"763/3888", "763/3888", "2323/3888", "2323/3888"} {
		t.Errorf("the Nurse's {search 2} at 0 rerolls: P, with Fleeing, given AMULET, given AMULET with Fleeing = %q", got)
	}
	// Given AMULET a zombie is certain: one shows, or a die becomes one.
	if got := tableCell(t, x, ">=1 zombie", rfodrules.OddsColumn{Rerolls: 2, Amulet: true}); got != "1" {
		t.Errorf(">=1 zombie given AMULET = %s, want 1", got)
	}
	// The default columns are still the golden values.
	if got := tableCell(t, x, ">=3 search", rfodrules.OddsColumn{Rerolls: 2}); got != "1138594/4782969" {
		t.Errorf(">=3 search, 2 rerolls = %s", got)
	}
	// The AMULET columns come last, at the manifest's rerolls, named as
	// conditional, and are never below the same column without AMULET.
	n := len(x.Table.Columns)
	if n != 8 || !x.Table.Columns[n-2].Amulet || !x.Table.Columns[n-1].Amulet || x.Table.Columns[n-3].Amulet {
		t.Fatalf("columns %+v", x.Table.Columns)
	}
	if x.Table.Variants[n-1] != "2 rerolls, Fleeing card, given AMULET (its free flee counted)" {
		t.Errorf("variants %q", x.Table.Variants)
	}
	for _, r := range x.Table.Rows {
		for i, c := range x.Table.Columns {
			if !c.Amulet {
				continue
			}
			plain := c
			plain.Amulet = false
			if r.Cells[i].PDecimal < tableDecimal(x, r, plain) {
				t.Errorf("%s: %s %s below the value without AMULET", r.Target, x.Table.Variants[i], r.Cells[i].P)
			}
		}
	}
	if !strings.Contains(x.Amulet, "1/6") || !strings.Contains(strings.Join(x.Assumptions, " "), "A6:") {
		t.Errorf("AMULET note %q, assumptions %q", x.Amulet, x.Assumptions)
	}
}

// tableDecimal is the decimal of row r under column col.
func tableDecimal(x *rfodrules.OddsExplanation, r rfodrules.OddsRow, col rfodrules.OddsColumn) float64 {
	for i, c := range x.Table.Columns {
		if c == col {
			return r.Cells[i].PDecimal
		}
	}
	return -1
}

// Every AMULET value of a combo is the engine's value for that combo given
// AMULET (the engine agrees with exhaustive enumeration: diceodds
// TestBruteForceAgrees*), computed on its own; the shared graph changes
// nothing. The Brawler has 3 rerolls, the others 2.
func TestExplainOddsAmuletMatchesEngine(t *testing.T) {
	x := explainOdds(t, rfodPack())
	for _, c := range x.Combos {
		g := diceodds.RFoD()
		g.Rerolls, g.Amulet = c.Rerolls, true
		target := diceodds.Combo(comboDice(t, c.Dice))
		for _, v := range []struct {
			flee bool
			got  string
		}{{false, c.PAmulet}, {true, c.PAmuletFlee}} {
			g.Fleeing = v.flee
			want, err := diceodds.Probability(g, target)
			if err != nil {
				t.Fatal(err)
			}
			if v.got != want.RatString() {
				t.Errorf("%s %s, %d rerolls, Fleeing %v, given AMULET: %s, engine %s", c.Character, c.Dice, c.Rerolls, v.flee, v.got, want.RatString())
			}
		}
		if p, _ := new(big.Rat).SetString(c.P); p == nil || c.PAmuletDecimal < c.PDecimal {
			t.Errorf("%s: given AMULET %s below %s", c.Character, c.PAmulet, c.P)
		}
	}
	if c := comboOdds(t, x, "brawler"); c.Rerolls != 3 || c.PAmulet == "" {
		t.Errorf("the Brawler: %+v", c)
	}
}

// comboDice reads a combo's dice as diceodds prints them: "{gun 1, zombie 2}".
func comboDice(t *testing.T, s string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, part := range strings.Split(strings.Trim(s, "{}"), ", ") {
		var face string
		var n int
		if _, err := fmt.Sscan(part, &face, &n); err != nil {
			t.Fatalf("combo dice %q: %v", s, err)
		}
		out[face] = n
	}
	return out
}

// Reloaded has no event die: no AMULET, and its combos are known by their
// tier; the first-roll chance that zombies end the turn is 31/46656.
func TestExplainOddsReloaded(t *testing.T) {
	x := explainOdds(t, rfodrPack())
	if x.Amulet != "" || x.FacesAssumption != "A13" {
		t.Errorf("AMULET %q, faces %q", x.Amulet, x.FacesAssumption)
	}
	for _, c := range x.Table.Columns {
		if c.Amulet || c.Fleeing {
			t.Errorf("Reloaded column %+v", c)
		}
	}
	if x.FirstRollTurnEnds == nil || x.FirstRollTurnEnds.P != "31/46656" {
		t.Errorf("first roll: %+v", x.FirstRollTurnEnds)
	}
	c := comboOdds(t, x, "prom-queen")
	if c.PAmulet != "" || c.PFlee != "" || c.Tier != "minor" || c.Label() != "The Prom Queen minor" {
		t.Errorf("Reloaded combo %+v, label %q", c, c.Label())
	}
}

// The text names combos as players know them, by character and effect,
// and gives the AMULET values as conditional; the JSON keeps the ids and
// has exact fractions.
func TestExplainOddsOutputs(t *testing.T) {
	x := explainOdds(t, rfodEdit("characters.yaml", "name: The Nurse\n    life: 5", "name: The Nurse\n    life: 5\n    rerolls: 0"))
	text := x.String()
	for _, want := range []string{
		`The Nurse {search 2} (0 rerolls): "Heal a wound."`,
		"    P = 763/3888 ≈ 0.1962 with no Fleeing card, 763/3888 ≈ 0.1962 with a Fleeing card\n    given AMULET (1/6, A6; its free flee counted): P = 2323/3888 ≈ 0.5975 with no Fleeing card, 2323/3888 ≈ 0.5975 with a Fleeing card\n",
		"column 7: 2 rerolls, no Fleeing card, given AMULET (its free flee counted) (conditional: AMULET has probability 1/6, A6)",
		"column 8: 2 rerolls, Fleeing card, given AMULET (its free flee counted) (conditional: AMULET has probability 1/6, A6)",
		// AMULET makes a zombie certain: exactly 100%, the one value that
		// prints so.
		"    >=1 zombie                83.85%  83.85%  93.51%  93.51%  97.39%  97.39%    100%    100%\n",
		// 14692909475/14693280768 given AMULET is not 1: it prints as a bound.
		"    >=1 bat                   80.35%  83.85%  88.56%  92.61%  92.30%  96.27% >99.99% >99.99%\n",
		"values given AMULET (A6): conditioned on the event die showing AMULET (probability 1/6)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "triage") || strings.Contains(text, "double-tap") {
		t.Errorf("text prints combo ids:\n%s", text)
	}
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"combo":"triage"`, `"effect":"Heal a wound."`, `"pAmulet":"2323/3888"`, `"pAmuletFlee":"2323/3888"`, `"amulet":true`, `"facesAssumption":"A1"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
}

// A character whose rerolls the engine cannot compute (the schema allows
// 0 to 3; a pack built in code may hold more) loses its own values, not
// the others'; one with 4 rerolls gets them from a graph of its own.
func TestExplainOddsRerollsBeyondTheTable(t *testing.T) {
	p, probs := schematest.LoadPack(rfodPack().fs(), packRoot)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	for _, b := range rfodschema.PlayerBoards(p, rfodschema.CharacterBoard) {
		switch b.ID {
		case "nurse":
			b.Rerolls = new(int)
			*b.Rerolls = diceodds.MaxRerolls + 1
		case "scholar":
			b.Rerolls = new(int)
			*b.Rerolls = 4
		}
	}
	x := rfodrules.Odds().Explain(p)
	if c := comboOdds(t, x, "nurse"); c.Skipped == "" || c.P != "" {
		t.Errorf("the Nurse at %d rerolls: %+v", diceodds.MaxRerolls+1, c)
	}
	scholar := comboOdds(t, x, "scholar")
	g := diceodds.RFoD()
	g.Rerolls, g.Amulet = 4, true
	want, err := diceodds.Probability(g, diceodds.Combo(map[string]int{"book": 2}))
	if err != nil || scholar.Skipped != "" || scholar.PAmuletFlee != want.RatString() {
		t.Errorf("the Scholar at 4 rerolls: %+v, want given AMULET with Fleeing %s (%v)", scholar, want.RatString(), err)
	}
	if c := comboOdds(t, x, "hunter"); c.Skipped != "" || c.PAmulet == "" {
		t.Errorf("the Hunter: %+v", c)
	}
	if x.Table == nil {
		t.Error("no table")
	}
}

// A game's odds rules give the pack's dice for the engine, as --explain
// and odds.pdf read them, and nothing for a pack of another game. The text
// of --explain states the zombies that end the turn and the set-aside
// reading in the game that has them.
func TestOddsRulesGame(t *testing.T) {
	rfod, rfodr := rfodrules.Odds(), rfodrrules.Odds()
	for _, c := range []struct {
		name         string
		f            files
		rules, other rfodrules.OddsRules
		dice         int
		fleeing      bool
		setAside     bool
		says         string
	}{
		{"rfod", rfodPack(), rfod, rfodr, 5, true, false, "says otherwise; warning below 0.01)"},
		{"rfodr", rfodrPack(), rfodr, rfod, 6, false, false, "says otherwise; 5 zombies end the turn; set-aside dice may be picked up again when you reroll (A14, repick reading); warning below 0.01)"},
		{"rfodr set aside", rfodrPack("game.yaml", edit(rfodrGame, "setAsideIsPermanent: false", "setAsideIsPermanent: true")), rfodr, rfod, 6, false, true,
			"says otherwise; 5 zombies end the turn; set-aside dice stay set aside (A14, rfod.dice.setAsideIsPermanent); warning below 0.01)"},
	} {
		p, probs := schematest.LoadPack(c.f.fs(), packRoot)
		if len(probs) > 0 {
			t.Fatalf("%s: %v", c.name, probs)
		}
		g, ok := c.rules.Game(p)
		if !ok || len(g.Dice) != c.dice || g.Fleeing != c.fleeing || g.Amulet || g.Rerolls != 2 || g.SetAsidePermanent != c.setAside {
			t.Errorf("%s: %+v, %v", c.name, g, ok)
		}
		if text := c.rules.Explain(p).String(); !strings.Contains(text, c.says) {
			t.Errorf("%s: the text does not say %q:\n%s", c.name, c.says, text)
		}
		if _, ok := c.other.Game(p); ok || c.other.Explain(p) != nil || c.other.TableTargets(p) != nil {
			t.Errorf("%s: the other game's rules give odds", c.name)
		}
	}
	if _, ok := rfod.Game(&schema.Pack{Game: &schema.Game{System: "generic"}}); ok {
		t.Error("a generic pack has odds")
	}
}

// Only RFoD's odds are also given AMULET: Reloaded has no event die. The
// rules say so, and the explanation has the AMULET note and columns only
// then.
func TestOddsAmulet(t *testing.T) {
	for _, c := range []struct {
		name string
		f    files
		want bool
	}{{"rfod", rfodPack(), true}, {"rfodr", rfodrPack(), false}} {
		p, _ := schematest.LoadPack(c.f.fs(), packRoot)
		rules := oddsRulesOf(t, p)
		x := rules.Explain(p)
		columns := slices.ContainsFunc(x.Table.Columns, func(col rfodrules.OddsColumn) bool { return col.Amulet })
		if rules.Amulet != c.want || (x.Amulet != "") != c.want || columns != c.want {
			t.Errorf("%s: rules' Amulet %v, note %q, AMULET columns %v; want AMULET %v", c.name, rules.Amulet, x.Amulet, columns, c.want)
		}
	}
}

// The tables are the odds table rows, the same in --explain and odds.pdf
// (TableTargets): per face in die order, RFoD Search and Book at least
// and exactly k, its other faces and the zombies at least k; Reloaded every
// non-zombie face at least k, then the end of the turn by zombies, which
// says the strategy it assumes. Each row names its face.
func TestExplainOddsTableRows(t *testing.T) {
	for _, c := range []struct {
		name  string
		files files
		want  string
	}{
		{"rfod", rfodPack(), "bat:>=5 run:>=5 search:>=5,=5 gun:>=5 book:>=5,=5 zombie:>=5"},
		{"rfodr", rfodrPack(), "bat:>=6 gun:>=6 run:>=6 search:>=6 explore:>=6 zombie:turn1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := explainOdds(t, c.files)
			p, _ := schematest.LoadPack(c.files.fs(), packRoot)
			targets := oddsRulesOf(t, p).TableTargets(p)
			if len(targets) != len(x.Table.Rows) {
				t.Fatalf("%d targets, %d rows", len(targets), len(x.Table.Rows))
			}
			if got := summarizeRows(x.Table.Rows); got != c.want {
				t.Errorf("rows %s\nwant %s", got, c.want)
			}
			for i, r := range x.Table.Rows {
				if r.Target != targets[i].String() {
					t.Errorf("row %d: %s, target %s", i, r.Target, targets[i])
				}
				turnEnds := r.Target == diceodds.TurnEnds().String()
				if turnEnds != (r.Assumes == rfodrules.TurnEndsStrategy) {
					t.Errorf("%s assumes %q", r.Target, r.Assumes)
				}
			}
			text := x.String()
			if c.name == "rfodr" && !strings.Contains(text, "turn ends by zombies: assumes rerolling every die that is not a zombie at every reroll") {
				t.Errorf("the text does not say what the end of the turn assumes:\n%s", text)
			}
		})
	}
	if rfodrules.Odds().TableTargets(nil) != nil {
		t.Error("a nil pack has table rows")
	}
}

// summarizeRows counts the rows of each face by kind, in order:
// "search:>=5,=5" is five "at least" and five "exactly" rows.
func summarizeRows(rows []rfodrules.OddsRow) string {
	var parts []string
	for i := 0; i < len(rows); {
		face := rows[i].Face
		var kinds []string
		counts := map[string]int{}
		for ; i < len(rows) && rows[i].Face == face; i++ {
			kind, _, _ := strings.Cut(rows[i].Target, " ")
			kind = strings.TrimRight(kind, "0123456789")
			if counts[kind]++; counts[kind] == 1 {
				kinds = append(kinds, kind)
			}
		}
		for j, k := range kinds {
			kinds[j] = fmt.Sprintf("%s%d", k, counts[k])
		}
		parts = append(parts, face+":"+strings.Join(kinds, ","))
	}
	return strings.Join(parts, " ")
}
