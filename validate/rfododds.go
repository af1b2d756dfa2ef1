package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate/diceodds"
)

// OddsExplanation is the odds section of `runforge validate --explain` for
// a Run, Fight, or Die! or Reloaded pack (spec shared/specs/run-fight-or-die.md
// section 10): every character combo's exact probability with the pack's
// action dice, under the best keep strategy for that combo. RFoD combos
// give the default value (the character's rerolls, no Fleeing, no AMULET)
// and the value with Fleeing; Reloaded combos apply the 5-zombie terminal
// rule and the manifest's set-aside reading (A14).
type OddsExplanation struct {
	Game string `json:"game"`
	// Dice are the action dice's faces, one entry per die copy.
	Dice []string `json:"dice"`
	// Rerolls is the manifest's rfod.dice.rerolls (a character may have
	// its own).
	Rerolls int `json:"rerolls"`
	// SetAsidePermanent is the Reloaded reading of A14.
	SetAsidePermanent bool `json:"setAsidePermanent,omitempty"`
	// Threshold is rfod.dice.oddsWarningBelow.
	Threshold string `json:"threshold"`
	// Assumptions are the dice assumptions the values rest on.
	Assumptions []string    `json:"assumptions"`
	Combos      []ComboOdds `json:"combos,omitempty"`
	// Table is the odds card's icon counts (spec 10): for each non-zombie
	// face at least and exactly k, at least k zombies and, in Reloaded, the
	// chance that zombies end the turn, under each variant (RFoD: 1, 2 and
	// 3 rerolls, without and with Fleeing).
	Table *OddsTable `json:"table,omitempty"`
	// Skipped says why no odds were computed (the dice are broken).
	Skipped string `json:"skipped,omitempty"`
}

// OddsTable is the odds card's table: a column per variant, a row per
// target, each cell exact and as a decimal.
type OddsTable struct {
	Variants []string  `json:"variants"`
	Rows     []OddsRow `json:"rows"`
}

// OddsRow is one target of the table.
type OddsRow struct {
	Target string     `json:"target"`
	Cells  []OddsCell `json:"cells"`
}

// OddsCell is one probability: exact and as a decimal.
type OddsCell struct {
	P        string  `json:"p"`
	PDecimal float64 `json:"pDecimal"`
}

// oddsTable computes the odds card's table of the pack's game g: the
// columns of spec 10, with 1, 2 and 3 rerolls (RFoD without and with
// Fleeing), as odds.pdf prints them. engineFor gives the engines of a
// rerolls count (without Fleeing, and with it when g has Fleeing), shared
// with the combos; ExplainOdds has them precompute the table's targets.
func oddsTable(g diceodds.Game, engineFor func(rerolls int) ([2]*diceodds.Engine, error)) (*OddsTable, error) {
	t := &OddsTable{}
	var engines []*diceodds.Engine
	for _, r := range []int{1, 2, 3} {
		es, err := engineFor(r)
		if err != nil {
			return nil, err
		}
		t.Variants = append(t.Variants, oddsVariantName(g.Fleeing, r, false))
		engines = append(engines, es[0])
		if g.Fleeing && es[1] != nil {
			t.Variants = append(t.Variants, oddsVariantName(g.Fleeing, r, true))
			engines = append(engines, es[1])
		}
	}
	targets := diceodds.CardTargets(g)
	cells := make([][]OddsCell, len(engines))
	for i, e := range engines {
		ps, err := e.Probabilities(targets)
		if err != nil {
			return nil, err
		}
		cells[i] = make([]OddsCell, len(targets))
		for j, pr := range ps {
			cells[i][j] = OddsCell{P: pr.RatString(), PDecimal: diceodds.Float(pr)}
		}
	}
	for j, target := range targets {
		row := OddsRow{Target: target.String()}
		for i := range engines {
			row.Cells = append(row.Cells, cells[i][j])
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// ComboOdds is one character combo's exact probability.
type ComboOdds struct {
	Character string `json:"character"`
	Name      string `json:"name,omitempty"`
	Combo     string `json:"combo"`
	Dice      string `json:"dice"`
	Rerolls   int    `json:"rerolls"`
	// P is the exact fraction, PDecimal its decimal; PFlee and
	// PFleeDecimal are the RFoD values with Fleeing.
	P            string  `json:"p"`
	PDecimal     float64 `json:"pDecimal"`
	PFlee        string  `json:"pFlee,omitempty"`
	PFleeDecimal float64 `json:"pFleeDecimal,omitempty"`
	// Skipped says why the combo has no value (a face that is no action
	// face).
	Skipped string `json:"skipped,omitempty"`
}

// ExplainOdds computes the odds section of an RFoD or Reloaded pack: the
// characters' combos and the odds card's tables; nil for a pack of another
// game or with neither characters nor action dice.
func ExplainOdds(p *schema.Pack) *OddsExplanation {
	if p == nil || p.Game == nil {
		return nil
	}
	s := p.RFoD()
	var boards []*schema.PlayerBoard
	var base diceodds.Game
	var roles, vocab, assumptions []string
	switch p.Game.System {
	case schema.RFoDSystem:
		boards, base, roles, vocab = p.PlayerBoards(schema.RFoDCharacterBoard), diceodds.RFoD(), []string{"action"}, rfodActionFaces
		assumptions = []string{"A1: the action dice's faces are the pack's dice (role: action)", "A3: the bonus and event dice are not rolled with them",
			"A5: a Fleeing reroll uses up one of the rerolls", "A7: combos are \"at least\"", "the threshold is compared with the value without Fleeing and without AMULET"}
	case schema.RFoDReloadedSystem:
		boards, base, roles, vocab = p.PlayerBoards(schema.RFoDRCharacterBoard), diceodds.Reloaded(), []string{"action", ""}, rfodrFaces
		assumptions = []string{"A13: the dice's faces are the pack's dice", "A14: set-aside dice are permanent only when rfod.dice.setAsideIsPermanent",
			"A15: five zombies showing, locked ones included, end the turn after any roll", "A16: each combo is computed on its own"}
	default:
		return nil
	}
	if len(boards) == 0 && len(rfDiceOfRole(p, roles...)) == 0 {
		return nil // neither characters nor dice: nothing to compute
	}
	x := &OddsExplanation{Game: p.Game.System, Rerolls: s.Dice.Rerolls, Threshold: s.Dice.OddsWarningBelow.String(), Assumptions: assumptions}
	if p.Game.System == schema.RFoDReloadedSystem {
		x.SetAsidePermanent = s.Dice.SetAsideIsPermanent
	}
	// The engines of 1, 2 and 3 rerolls (the table's columns, and most
	// characters) form one diceodds.Set: one graph, one pass for all of
	// them. Another count gets engines of its own.
	engines := map[int][2]*diceodds.Engine{}
	var set *diceodds.Set
	newEngines := func(rerolls []int) error {
		var games []diceodds.Game
		var slots [][2]int // rerolls, 0 default or 1 Fleeing
		for _, r := range rerolls {
			g, ok := rfGame(p, base, roles, r)
			if !ok {
				return fmt.Errorf("the pack's action dice cannot be computed (see rfod/dice, rfodr/dice)")
			}
			g.SetAsidePermanent = x.SetAsidePermanent
			def := g
			def.Fleeing = false
			games = append(games, def)
			slots = append(slots, [2]int{r, 0})
			if g.Fleeing {
				games = append(games, g)
				slots = append(slots, [2]int{r, 1})
			}
		}
		st, err := diceodds.NewSet(games)
		if err != nil {
			return err
		}
		for i, sl := range slots {
			es := engines[sl[0]]
			es[sl[1]] = st.Engine(i)
			engines[sl[0]] = es
		}
		if len(rerolls) > 1 {
			set = st
		}
		return nil
	}
	engineFor := func(rerolls int) ([2]*diceodds.Engine, error) {
		if e, ok := engines[rerolls]; ok {
			return e, nil
		}
		group := []int{rerolls}
		if rerolls >= 1 && rerolls <= 3 {
			group = []int{1, 2, 3}
		}
		if err := newEngines(group); err != nil {
			return [2]*diceodds.Engine{}, err
		}
		return engines[rerolls], nil
	}
	g, ok := rfGame(p, base, roles, s.Dice.Rerolls)
	if !ok {
		x.Skipped = "the pack's action dice cannot be computed (see rfod/dice, rfodr/dice)"
		return x
	}
	for _, d := range g.Dice {
		x.Dice = append(x.Dice, strings.Join(d.Faces[:], " "))
	}
	// The table's targets and the combos of 1 to 3 rerolls, for the set's
	// every game in one pass.
	if _, err := engineFor(1); err == nil && set != nil {
		pre := diceodds.CardTargets(g)
		for _, b := range boards {
			for _, cb := range b.Combos {
				pre = append(pre, diceodds.Combo(cb.Dice))
			}
		}
		set.Precompute(pre)
	}
	if t, err := oddsTable(g, engineFor); err == nil {
		x.Table = t
	}
	for _, b := range boards {
		rerolls := s.Dice.Rerolls
		if b.Rerolls != nil {
			rerolls = *b.Rerolls
		}
		for _, cb := range b.Combos {
			co := ComboOdds{Character: b.ID, Name: b.Name, Combo: cb.ID, Dice: diceodds.Combo(cb.Dice).String(), Rerolls: rerolls}
			for _, f := range cb.Faces() {
				if !slices.Contains(vocab, f) {
					co.Skipped = fmt.Sprintf("%q is no action die face", f)
				}
			}
			if co.Skipped == "" {
				es, err := engineFor(rerolls)
				if err == nil {
					t := diceodds.Combo(cb.Dice)
					pr, err1 := es[0].Probability(t)
					if err = err1; err == nil {
						co.P, co.PDecimal = pr.RatString(), diceodds.Float(pr)
						if es[1] != nil {
							pf, err2 := es[1].Probability(t)
							if err = err2; err == nil {
								co.PFlee, co.PFleeDecimal = pf.RatString(), diceodds.Float(pf)
							}
						}
					}
				}
				if err != nil {
					co.Skipped = err.Error()
				}
			}
			x.Combos = append(x.Combos, co)
		}
	}
	return x
}

// String is the text form: one line per combo.
func (x *OddsExplanation) String() string {
	if x == nil {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "combo odds (%s, exact, best keep strategy per combo; %d rerolls unless a character says otherwise", x.Game, x.Rerolls)
	if x.Game == schema.RFoDReloadedSystem {
		reading := "repick"
		if x.SetAsidePermanent {
			reading = "set-aside permanent"
		}
		fmt.Fprintf(&sb, "; 5 zombies end the turn; %s reading", reading)
	}
	fmt.Fprintf(&sb, "; warning below %s)\n", x.Threshold)
	if x.Skipped != "" {
		fmt.Fprintf(&sb, "  not computed: %s\n", x.Skipped)
		return sb.String()
	}
	fmt.Fprintf(&sb, "  dice: %s\n", strings.Join(x.Dice, " | "))
	for _, a := range x.Assumptions {
		fmt.Fprintf(&sb, "  assumes %s\n", a)
	}
	if x.Table != nil {
		sb.WriteString("  icon counts (exact values in --format json):\n")
		for i, v := range x.Table.Variants {
			fmt.Fprintf(&sb, "    column %d: %s\n", i+1, v)
		}
		for _, r := range x.Table.Rows {
			fmt.Fprintf(&sb, "    %-24s", r.Target)
			for _, c := range r.Cells {
				fmt.Fprintf(&sb, " %6.2f%%", 100*c.PDecimal)
			}
			sb.WriteString("\n")
		}
	}
	for _, c := range x.Combos {
		fmt.Fprintf(&sb, "  %s %s %s (%d rerolls): ", c.Character, c.Combo, c.Dice, c.Rerolls)
		switch {
		case c.Skipped != "":
			fmt.Fprintf(&sb, "not computed: %s\n", c.Skipped)
		case c.PFlee != "":
			fmt.Fprintf(&sb, "P = %s ≈ %.4f without Fleeing, %s ≈ %.4f with Fleeing\n", c.P, c.PDecimal, c.PFlee, c.PFleeDecimal)
		default:
			fmt.Fprintf(&sb, "P = %s ≈ %.4f\n", c.P, c.PDecimal)
		}
	}
	return sb.String()
}

// oddsVariantName names a column: "2 rerolls", or for a game with Fleeing
// "2 rerolls, no Fleeing" and "2 rerolls, Fleeing".
func oddsVariantName(hasFleeing bool, rerolls int, flee bool) string {
	name := plural(rerolls, "reroll", "rerolls")
	switch {
	case !hasFleeing:
		return name
	case flee:
		return name + ", Fleeing"
	}
	return name + ", no Fleeing"
}
