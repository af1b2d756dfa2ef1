package generator

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/icons"
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
	for _, g := range gameRenderers {
		for cardType, derive := range g.derived {
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
		if _, ok := boxDrawerFor(bt); !ok && !slices.Contains(generic, bt) {
			t.Errorf("box type %q has no drawer", bt)
		}
	}
	for _, name := range schematest.Registry().IconNames() {
		if !icons.Has(name) {
			t.Errorf("icon %q cannot be drawn", name)
		}
	}
}

// A kind given an element of another Go type fails its build with an error
// naming both types, and has nothing to fit or index: no panic.
func TestKindOfAnotherTypeFails(t *testing.T) {
	kr := kind[*schema.Board]{build: buildBoard, fit: boardOverflows, index: indexBoard}.renderer()
	d := &schema.Deck{ID: "x"}
	jobs := kr.build(nil, nil, d, BuildOptions{})
	if len(jobs) != 1 || jobs[0].run == nil {
		t.Fatalf("jobs %v, want one failing job", jobs)
	}
	if _, err := jobs[0].run(""); err == nil || !strings.Contains(err.Error(), "*schema.Deck") || !strings.Contains(err.Error(), "*schema.Board") {
		t.Errorf("error %v, want one naming *schema.Deck and *schema.Board", err)
	}
	if kr.fit(nil, nil, d) != nil || kr.index(nil, nil, d, PrintOptions{}) != nil {
		t.Error("fit or index of another type reported something")
	}
}
