package diceodds

import "testing"

// Spec §5.9: "it takes milliseconds in Go"; checked with benchmarks, never a
// timed assertion. Each iteration builds the whole odds card from scratch.

// BenchmarkOddsCardRFoD: 55 rows x 6 columns (1, 2, 3 rerolls, without and
// with Fleeing).
func BenchmarkOddsCardRFoD(b *testing.B) {
	for b.Loop() {
		if _, err := OddsCard(RFoD(), false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsCardRFoDAmulet adds the two AMULET columns (A6).
func BenchmarkOddsCardRFoDAmulet(b *testing.B) {
	for b.Loop() {
		if _, err := OddsCard(RFoD(), true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsCardReloaded: 67 rows x 1 column.
func BenchmarkOddsCardReloaded(b *testing.B) {
	for b.Loop() {
		if _, err := OddsCard(Reloaded(), false); err != nil {
			b.Fatal(err)
		}
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
