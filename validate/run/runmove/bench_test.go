package runmove

import "testing"

// Speed targets: unlimited-token checks under 50 ms for all 8 bundled
// maps; the one-action-board check within 1 s for the 8 bundled maps. The
// bundled maps do not exist yet: the two illustrative maps stand in, each
// benchmark covering both (so 4 times a benchmark's time is 8 maps).

func illustrativeMaps() []string { return []string{"base", "water"} }

// BenchmarkUnlimited is the unlimited-token model: every objective from every
// spawn point, with the diagnosis, and the trap search.
func BenchmarkUnlimited(b *testing.B) {
	maps := loadAll(b, illustrativeMaps())
	for b.Loop() {
		for _, m := range maps {
			a, err := newAnalysis(m, DefaultTokens())
			if err != nil {
				b.Fatal(err)
			}
			for _, o := range Objectives() {
				for _, sp := range a.spawns() {
					if r, g, _, won := a.unlimited(o, sp.At); !won {
						diagnose(m, g, r)
					}
				}
			}
			a.trapFinding()
		}
	}
}

// BenchmarkCheck is everything Check does (unlimited, one board, traps).
func BenchmarkCheck(b *testing.B) {
	maps := loadAll(b, illustrativeMaps())
	for b.Loop() {
		for _, m := range maps {
			if _, err := Check(m, DefaultTokens()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCheckBreadthFirst is Check without the depth-first search: the
// plain breadth-first search with dominance pruning.
func BenchmarkCheckBreadthFirst(b *testing.B) {
	maps := loadAll(b, illustrativeMaps())
	for b.Loop() {
		for _, m := range maps {
			a, err := newAnalysis(m, DefaultTokens())
			if err != nil {
				b.Fatal(err)
			}
			a.breadthOnly = true
			for _, o := range Objectives() {
				a.objectiveFindings(o, true)
			}
		}
	}
}

// BenchmarkNeedsExhaustion proves rank 5 impossible within one board from all
// 8 spawn points of the climbs map: the exhaustive case.
func BenchmarkNeedsExhaustion(b *testing.B) {
	m := loadFixture(b, "climbs")
	for b.Loop() {
		if _, err := Check(m, DefaultTokens()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplain is the explain output (no gadget report on legal maps).
func BenchmarkExplain(b *testing.B) {
	maps := loadAll(b, illustrativeMaps())
	for b.Loop() {
		for _, m := range maps {
			if _, err := Explain(m, DefaultTokens()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func loadAll(b *testing.B, names []string) []*Map {
	var maps []*Map
	for _, n := range names {
		maps = append(maps, loadFixture(b, n))
	}
	return maps
}

// BenchmarkWorstMap is Check and Explain of the costliest map found within
// the limits (testdata/roofs.map) on one Analysis, as validate --explain
// runs them: rank 5 needs exhaustion from all 8 spawn points, proven by
// exhaustive one-board searches.
func BenchmarkWorstMap(b *testing.B) {
	m := loadFixture(b, "roofs")
	for b.Loop() {
		a, err := NewAnalysis(m, DefaultTokens())
		if err != nil {
			b.Fatal(err)
		}
		a.Check()
		a.Explain()
	}
}
