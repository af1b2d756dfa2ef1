// Package validatetest holds what the tests of the games' rules packages
// share: checking that the bundled packs of a game validate clean.
package validatetest

import (
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// BundledPacksClean checks that every bundled pack of the game g validates
// clean under the core rules and g's own, with the rule registry built from
// g alone; a game without a bundled pack fails.
func BundledPacksClean(t *testing.T, g validate.Game) {
	t.Helper()
	reg := validate.ForGames([]validate.Game{g})
	n := 0
	for _, name := range data.Packs() {
		fsys, _ := data.Pack(name)
		p, probs := schematest.LoadPackWith(fsys, name, schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
		if p == nil || p.Game == nil || p.Game.System != g.System {
			continue
		}
		n++
		for _, d := range validate.Pack(p, probs, validate.Options{Registry: reg}) {
			t.Errorf("%s: %s", name, d)
		}
	}
	if n == 0 {
		t.Errorf("no bundled pack of %s", g.System)
	}
}
