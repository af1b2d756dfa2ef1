package validate_test

import (
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// Issue 10's targets on the bundled Run, Fight, or Die! packs: the complete
// odds of every combo and table of all three packs <= 20 ms; validate of
// the three packs <= 150 ms (`make bench` reports both).

func bundledRFoDPacks(b *testing.B) []*schema.Pack {
	b.Helper()
	return bundledPacks(b, "run-fight-or-die", "run-fight-or-die-reloaded", "run-fight-or-die-reloaded-campaign")
}

// BenchmarkBundledRFoDOdds computes every combo's odds and every odds-card
// table of the three packs, from scratch each time.
func BenchmarkBundledRFoDOdds(b *testing.B) {
	packs := bundledRFoDPacks(b)
	for b.Loop() {
		for _, p := range packs {
			if x := oddsRulesOf(b, p).Explain(p); x == nil || x.Skipped != "" || x.Table == nil {
				b.Fatalf("%s: no odds", p.Game.ID)
			}
		}
	}
}

// BenchmarkBundledRFoDValidate is validate of the three packs after
// loading: every rule, the combo odds included.
func BenchmarkBundledRFoDValidate(b *testing.B) {
	packs := bundledRFoDPacks(b)
	for b.Loop() {
		for _, p := range packs {
			if ds := validate.Pack(p, nil, withGames(validate.Options{})); len(ds) != 0 {
				b.Fatalf("%s: %d diagnostics, want none", p.Game.ID, len(ds))
			}
		}
	}
}
