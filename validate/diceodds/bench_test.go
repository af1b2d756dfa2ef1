package diceodds

import "testing"

// The odds take milliseconds; checked with benchmarks, never a
// timed assertion. Each iteration computes every table of the game from scratch.

// BenchmarkTablesRFoD: 55 rows x 6 columns (1, 2, 3 rerolls, without and
// with Fleeing).
func BenchmarkTablesRFoD(b *testing.B) {
	for b.Loop() {
		computeTables(b, RFoD(), false)
	}
}

// BenchmarkTablesRFoDAmulet adds the two AMULET columns (A6).
func BenchmarkTablesRFoDAmulet(b *testing.B) {
	for b.Loop() {
		computeTables(b, RFoD(), true)
	}
}

// BenchmarkTablesReloaded: 67 rows x 1 column.
func BenchmarkTablesReloaded(b *testing.B) {
	for b.Loop() {
		computeTables(b, Reloaded(), false)
	}
}

// BenchmarkOneTarget is one Reloaded combo, the unit of work of
// rfodr/combo-rollable.
func BenchmarkOneTarget(b *testing.B) {
	t := Combo(map[string]int{"zombie": 2, "search": 1, "explore": 1})
	for b.Loop() {
		if _, err := Probability(Reloaded(), t); err != nil {
			b.Fatal(err)
		}
	}
}

// worstWithinBounds are games near MaxWork, the costliest the engine
// computes (see Game.Work): RFoD's rules with 8 dice of 4 kinds and 3
// rerolls, and Reloaded's set-aside reading (A14) with 6 dice of 5 kinds.
func worstWithinBounds() []Game {
	rfod := RFoD()
	rfod.Rerolls = 3
	rfod.Dice = append(append([]Die{die("bat bat bat bat bat bat"), die("gun gun gun gun gun gun")},
		Uniform(die("bat run search zombie zombie zombie"), 3)...), Uniform(die("bat run search gun book zombie"), 3)...)
	rel := Reloaded()
	rel.Rerolls, rel.SetAsidePermanent = 3, true
	rel.Dice = append([]Die{die("bat bat bat zombie zombie zombie"), die("bat bat gun gun run run"),
		die("bat gun run search search search"), die("bat gun run zombie zombie zombie")},
		Uniform(die("bat bat gun gun zombie zombie"), 2)...)
	return []Game{rfod, rel}
}

// BenchmarkWorstWithinBounds is every odds card column of each game of
// worstWithinBounds, as validate --explain computes them: one Set, one
// pass.
func BenchmarkWorstWithinBounds(b *testing.B) {
	for _, g := range worstWithinBounds() {
		b.Run(g.Name, func(b *testing.B) {
			worst := g
			worst.Amulet = g.Fleeing
			if err := worst.Validate(); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				s, err := NewSet(variants(g, g.Fleeing))
				if err != nil {
					b.Fatal(err)
				}
				s.Precompute(tableTargets(g))
			}
		})
	}
}

// BenchmarkBuild is the decision graph alone, the fixed cost of a game's
// first odds: the RFoD odds card's graph (3 rerolls, Fleeing, the AMULET
// roots) and Reloaded's at its 2 rerolls (the combo rules' graph).
func BenchmarkBuild(b *testing.B) {
	rfod := RFoD()
	rfod.Rerolls = 3
	rel := Reloaded()
	for _, g := range []Game{rfod, rel} {
		b.Run(g.Name, func(b *testing.B) {
			c, err := compile(g)
			if err != nil {
				b.Fatal(err)
			}
			var gr *graph
			for b.Loop() {
				bd := newBuilder(c)
				bd.expect(g.Rerolls, g.Fleeing, false, c.start)
				if g.Fleeing {
					bd.expect(g.Rerolls, g.Fleeing, true, c.start)
				}
				gr = bd.gr
			}
			b.ReportMetric(float64(len(gr.nodes)), "nodes")
			b.ReportMetric(float64(len(gr.edges)), "edges")
		})
	}
}
