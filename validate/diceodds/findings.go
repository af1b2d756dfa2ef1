package diceodds

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/runforge/runforge/validate/severity"
)

// NamedCombo is a character combo to check: its name (for messages) and its
// dice, face id to count, read as "at least" (A7).
type NamedCombo struct {
	Name string
	Dice map[string]int
}

// Finding is the verdict on one combo (rules rfod/combo-rollable and
// rfodr/combo-rollable). The caller positions it and gives it a rule ID.
type Finding struct {
	Severity severity.Severity
	// Combo is the name of the combo; Target its dice.
	Combo  string
	Target Target
	// P is the default value: the game's rerolls, no Fleeing, no AMULET.
	// PFlee is the value with Fleeing, nil for a game without it.
	P, PFlee *big.Rat
	// Threshold is the warning threshold (warnings only).
	Threshold *big.Rat
	// Reason says why an impossible combo is impossible.
	Reason string
}

// Message renders the finding, with both values when the game has Fleeing.
func (f Finding) Message() string {
	name := fmt.Sprintf("combo %q %s", f.Combo, f.Target)
	if f.Combo == "" {
		name = "combo " + f.Target.String()
	}
	if f.Severity == severity.Error {
		msg := name + " is impossible: P = 0"
		if f.Reason != "" {
			msg += " (" + f.Reason + ")"
		}
		return msg
	}
	msg := fmt.Sprintf("%s: P = %s", name, Odds{Exact: f.P})
	if f.PFlee != nil {
		msg += fmt.Sprintf(" without Fleeing, %s with Fleeing", Odds{Exact: f.PFlee})
	}
	if f.Threshold != nil {
		msg += ", below the threshold " + ratDecimal(f.Threshold)
	}
	return msg
}

// ratDecimal renders r as a short decimal ("0.01"), or as a fraction when it
// has no short decimal form.
func ratDecimal(r *big.Rat) string {
	for prec := 0; prec <= 12; prec++ {
		s := r.FloatString(prec)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s
		}
	}
	return r.RatString()
}

// CheckCombos computes each combo under g and returns its findings, in the
// order of combos:
//
//   - P = 0 is an error: the combo is impossible. A face on no die is
//     reported the same way, with that reason.
//   - P below warnBelow (the manifest's dice.oddsWarningBelow) is a warning.
//     nil disables warnings. Pass an exact value (big.Rat.SetString("0.01")).
//
// The value compared is the default: g's rerolls, no Fleeing and no AMULET.
// When g has Fleeing, the Fleeing value is computed too and printed in the
// message. The error is independent of that choice. An invalid g is an error.
func CheckCombos(g Game, combos []NamedCombo, warnBelow *big.Rat) ([]Finding, error) {
	ch, err := NewComboChecker(g)
	if err != nil {
		return nil, err
	}
	return ch.Check(combos, warnBelow)
}

// ComboChecker is CheckCombos for one game and many lists of combos (the
// characters of a pack that share the game's rerolls): its engines, and
// their decision graphs, are built once.
type ComboChecker struct {
	g     Game
	e, ef *Engine // the default value; with Fleeing (nil without)
}

// NewComboChecker validates g and returns its checker.
func NewComboChecker(g Game) (*ComboChecker, error) {
	def := g
	def.Fleeing, def.Amulet = false, false
	e, err := NewEngine(def)
	if err != nil {
		return nil, err
	}
	ch := &ComboChecker{g: g, e: e}
	if g.Fleeing {
		fl := g
		fl.Amulet = false
		if ch.ef, err = NewEngine(fl); err != nil {
			return nil, err
		}
	}
	return ch, nil
}

// Precompute computes the default values of combos in one pass over the
// game's decision graph and memoises them, so that Check of any of them
// computes nothing more for the verdict. Combos Check would not compute (a
// face on no die) are passed over.
func (ch *ComboChecker) Precompute(combos []NamedCombo) error {
	var targets []Target
	for _, c := range combos {
		if t := Combo(c.Dice); len(t.Combo) > 0 && unknownFaces(ch.g, t) == "" {
			targets = append(targets, t)
		}
	}
	if len(targets) < 2 {
		return nil
	}
	if _, err := ch.e.Probabilities(targets); err != nil {
		return fmt.Errorf("combos: %w", err)
	}
	return nil
}

// Check is CheckCombos of the checker's game. The default values are
// computed together (see Precompute).
func (ch *ComboChecker) Check(combos []NamedCombo, warnBelow *big.Rat) ([]Finding, error) {
	g, e, ef := ch.g, ch.e, ch.ef
	if err := ch.Precompute(combos); err != nil {
		return nil, err
	}
	var out []Finding
	for _, c := range combos {
		t := Combo(c.Dice)
		if len(t.Combo) == 0 {
			continue
		}
		if reason := unknownFaces(g, t); reason != "" {
			out = append(out, Finding{Severity: severity.Error, Combo: c.Name, Target: t, P: new(big.Rat), Reason: reason})
			continue
		}
		p, err := e.Probability(t)
		if err != nil {
			return nil, fmt.Errorf("combo %q: %w", c.Name, err)
		}
		if p.Sign() == 0 {
			out = append(out, Finding{Severity: severity.Error, Combo: c.Name, Target: t, P: p, Reason: impossibleReason(g, t)})
			continue
		}
		if warnBelow == nil || p.Cmp(warnBelow) >= 0 {
			continue
		}
		f := Finding{Severity: severity.Warning, Combo: c.Name, Target: t, P: p, Threshold: new(big.Rat).Set(warnBelow)}
		if ef != nil {
			if f.PFlee, err = ef.Probability(t); err != nil {
				return nil, fmt.Errorf("combo %q: %w", c.Name, err)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

func unknownFaces(g Game, t Target) string {
	var bad []string
	for _, fc := range t.Combo {
		if !g.HasFace(fc.Face) {
			bad = append(bad, fmt.Sprintf("%q", fc.Face))
		}
	}
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("face %s is on no die (faces %s)", strings.Join(bad, ", "), strings.Join(g.Faces(), " "))
}

// impossibleReason explains P = 0 by the first simple cause that applies.
func impossibleReason(g Game, t Target) string {
	total, zombies := 0, 0
	for _, fc := range t.Combo {
		total += fc.N
		if fc.Face == g.Zombie {
			zombies += fc.N
		}
	}
	switch {
	case g.ZombieLimit > 0 && zombies >= g.ZombieLimit:
		return fmt.Sprintf("it needs %d zombies, and %d zombies end the turn", zombies, g.ZombieLimit)
	case total > len(g.Dice):
		return fmt.Sprintf("it needs %d dice, and %d are rolled", total, len(g.Dice))
	}
	for _, fc := range t.Combo {
		carriers := 0
		for _, d := range g.Dice {
			if slices.Contains(d.Faces[:], fc.Face) {
				carriers++
			}
		}
		if fc.N > carriers {
			return fmt.Sprintf("it needs %d %s, and %d dice carry that face", fc.N, fc.Face, carriers)
		}
	}
	return "no roll of these dice shows it"
}
