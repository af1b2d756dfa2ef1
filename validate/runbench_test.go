package validate_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	runrules "github.com/runforge/runforge/validate/run"
	"github.com/runforge/runforge/validate/run/runmove"
)

// Issue 8 speed targets on the bundled RUN maps (data/run's 8 maps and
// data/run-promo's 5b): structural checks plus the unlimited-token analysis
// ≤ 50 ms in total; the full single-use-token analysis (every map, spawn
// point and objective) ≤ 1 s in total on the 2-core development machine.
// `make bench` runs these.

// bundledRunPacks loads the bundled RUN packs the way the CLI does (the
// promo pack extends run).
func bundledRunPacks(b *testing.B) []*schema.Pack {
	b.Helper()
	return bundledPacks(b, "run", "run-promo")
}

// bundledPacks loads bundled packs by name the way the CLI does, resolving
// extends: against the bundled packs.
func bundledPacks(b *testing.B, names ...string) []*schema.Pack {
	b.Helper()
	base := func(name string) (fs.FS, bool) {
		sub, err := fs.Sub(data.FS(), name)
		return sub, err == nil
	}
	var packs []*schema.Pack
	for _, name := range names {
		sub, err := fs.Sub(data.FS(), name)
		if err != nil {
			b.Fatal(err)
		}
		p, probs := schematest.LoadPackWith(sub, name, schema.LoadOptions{Base: base})
		if p == nil || len(probs) > 0 {
			b.Fatalf("%s does not load: %v", name, probs)
		}
		packs = append(packs, p)
	}
	return packs
}

// bundledRunMaps returns every bundled map once, converted for runmove.
func bundledRunMaps(b *testing.B) []*runmove.Map {
	b.Helper()
	seen := map[string]bool{}
	var out []*runmove.Map
	for _, p := range bundledRunPacks(b) {
		for _, m := range runschema.Maps(p) {
			if seen[m.ID] {
				continue // run-promo inherits run's maps
			}
			seen[m.ID] = true
			rm, _, err := runrules.MoveMap(m)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, rm)
		}
	}
	if len(out) < 9 {
		b.Fatalf("%d bundled maps, want 9 (1a-4b and 5b)", len(out))
	}
	return out
}

// structureRules is the registry of RUN's rules less the reachability
// ones, which search.
func structureRules() *validate.Registry {
	var rules []*validate.Rule
	for _, r := range defaultRegistry().Rules() {
		switch r.ID {
		case runmove.RuleRank3, runmove.RuleRank4, runmove.RuleRank5, runmove.RuleNeedsExhaustion, runmove.RuleTrap:
			continue
		}
		if strings.HasPrefix(r.ID, "run/") {
			rules = append(rules, r)
		}
	}
	return validate.NewRegistry(rules...)
}

// BenchmarkBundledRunStructureAndUnlimited: RUN's structure rules (run/*
// but reachability) on both bundled RUN packs, and the unlimited-token
// analysis of every bundled map, with the traps.
func BenchmarkBundledRunStructureAndUnlimited(b *testing.B) {
	packs, maps := bundledRunPacks(b), bundledRunMaps(b)
	reg := structureRules()
	for b.Loop() {
		for _, p := range packs {
			if ds := validate.Pack(p, nil, validate.Options{Registry: reg}); len(ds) != 0 {
				b.Fatalf("%s: %d diagnostics, want none", p.Game.ID, len(ds))
			}
		}
		for _, m := range maps {
			if err := m.Validate(); err != nil {
				b.Fatal(err)
			}
			if _, err := runmove.CheckUnlimited(m, runmove.DefaultTokens()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBundledRunFullAnalysis: every bundled map, spawn point and
// objective (ranks 3, 4A, 4B, 5), with unlimited tokens, within one action
// board, and the traps.
func BenchmarkBundledRunFullAnalysis(b *testing.B) {
	maps := bundledRunMaps(b)
	for b.Loop() {
		for _, m := range maps {
			if _, err := runmove.Check(m, runmove.DefaultTokens()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBundledRunValidate is `runforge validate` of both bundled RUN
// packs after loading: every rule, the full analysis included.
func BenchmarkBundledRunValidate(b *testing.B) {
	packs := bundledRunPacks(b)
	for b.Loop() {
		for _, p := range packs {
			if ds := validate.Pack(p, nil, withGames(validate.Options{})); len(ds) != 0 {
				b.Fatalf("%s: %d diagnostics, want none", p.Game.ID, len(ds))
			}
		}
	}
}
