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
