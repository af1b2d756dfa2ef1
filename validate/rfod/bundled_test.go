package rfod_test

import (
	"github.com/runforge/runforge/schema/schematest"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// TestBundledPacksClean: every bundled Run, Fight, or Die! pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	reg := validate.ForGames([]validate.Game{rfodrules.Game()})
	n := 0
	for _, name := range data.Packs() {
		fsys, _ := data.Pack(name)
		p, probs := schematest.LoadPackWith(fsys, name, schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
		if p == nil || p.Game == nil || p.Game.System != rfodrules.System {
			continue
		}
		n++
		for _, d := range validate.Pack(p, probs, validate.Options{Registry: reg}) {
			t.Errorf("%s: %s", name, d)
		}
	}
	if n == 0 {
		t.Error("no bundled pack of the game")
	}
}
