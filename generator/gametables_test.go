package generator_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// The fields a game derives must be declared on its card type, so that
// validate knows templates may bind them (checked on the cards of the
// bundled packs); every box type a game declares must be drawable, and
// every icon name drawable.
func TestGameTablesAgree(t *testing.T) {
	var packs []*schema.Pack
	for _, dir := range []string{"run-for-your-life", "run", "just-run", "run-fight-or-die", "run-fight-or-die-reloaded", "run-fight-or-die-reloaded-campaign"} {
		p, probs := schematest.LoadPackWith(os.DirFS(filepath.Join("..", "data", dir)), dir,
			schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
		if p == nil {
			t.Fatalf("%s does not load: %v", dir, probs)
		}
		packs = append(packs, p)
	}
	for _, g := range gamestest.All() {
		for cardType, derive := range g.Derived {
			ct, ok := schematest.Registry().LookupCardType(cardType)
			if !ok {
				t.Errorf("derived fields for unknown card type %s", cardType)
				continue
			}
			for _, p := range packs {
				for _, d := range p.Decks() {
					if d.CardType != cardType {
						continue
					}
					for _, card := range d.Cards {
						for name := range derive(p, card) {
							if !slices.Contains(ct.Derived, name) {
								t.Errorf("%s derives %q, which schema.CardType.Derived does not list", cardType, name)
							}
						}
					}
				}
			}
		}
	}
	generic := []string{"text", "icons", "icon", "rect", "ellipse", "line", "image"}
	for _, bt := range schematest.Registry().BoxTypes() {
		drawn := slices.ContainsFunc(gamestest.All(), func(g generator.Game) bool { _, ok := g.Boxes[bt]; return ok })
		if !drawn && !slices.Contains(generic, bt) {
			t.Errorf("box type %q has no drawer", bt)
		}
	}
	for _, name := range schematest.Registry().IconNames() {
		if !icons.Has(name) {
			t.Errorf("icon %q cannot be drawn", name)
		}
	}
}

// The kit's own files are listed once, in the generator and the games'
// descriptors; the output plan reserves the same paths (the schema
// registry's KitOutputs, from the games' schema descriptors), in that order.
func TestKitOutputsMatchThePlan(t *testing.T) {
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	reserved := schematest.Registry().KitOutputs()
	if paths := kit.OwnFiles(r); !slices.Equal(paths, reserved) {
		t.Errorf("kit outputs %q, the plan reserves %q", paths, reserved)
	}
}
