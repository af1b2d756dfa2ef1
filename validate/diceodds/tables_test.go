package diceodds

import (
	"slices"
	"testing"
)

// variants are the games of the odds tables' columns for g, as the tests
// and benchmarks use them: for a game with Fleeing (RFoD) 1, 2 and 3
// rerolls (and g.Rerolls if it is another count), each without and with
// Fleeing, and with amulet two more at g.Rerolls given AMULET (A6); for
// any other game (Reloaded) g itself.
func variants(g Game, amulet bool) []Game {
	g.Amulet = false
	if !g.Fleeing {
		return []Game{g}
	}
	counts := []int{1, 2, 3}
	if !slices.Contains(counts, g.Rerolls) {
		counts = append(counts, g.Rerolls)
		slices.Sort(counts)
	}
	var out []Game
	for _, r := range counts {
		for _, flee := range []bool{false, true} {
			v := g
			v.Rerolls, v.Fleeing = r, flee
			out = append(out, v)
		}
	}
	if amulet {
		for _, flee := range []bool{false, true} {
			v := g
			v.Fleeing, v.Amulet = flee, true
			out = append(out, v)
		}
	}
	return out
}

// tableTargets are icon-count rows for g: for each non-zombie face, in die
// order, >=k then =k for k = 1..dice; then >=k zombies for k = 1..dice;
// then, with a zombie limit, the chance that it ends the turn.
func tableTargets(g Game) []Target {
	n := len(g.Dice)
	var out []Target
	for _, f := range g.Faces() {
		if f == g.Zombie {
			continue
		}
		for k := 1; k <= n; k++ {
			out = append(out, AtLeast(f, k))
		}
		for k := 1; k <= n; k++ {
			out = append(out, Exactly(f, k))
		}
	}
	if g.Zombie != "" && g.HasFace(g.Zombie) {
		for k := 1; k <= n; k++ {
			out = append(out, AtLeast(g.Zombie, k))
		}
		if g.ZombieLimit > 0 {
			out = append(out, TurnEnds())
		}
	}
	return out
}

// computeTables computes tableTargets(g) under every variant, one engine
// and one batch pass per variant.
func computeTables(tb testing.TB, g Game, amulet bool) {
	targets := tableTargets(g)
	for _, v := range variants(g, amulet) {
		e, err := NewEngine(v)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := e.Probabilities(targets); err != nil {
			tb.Fatal(err)
		}
	}
}
