package validate_test

import (
	"testing"

	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// Regression tests for defects found in review.

// A pack template may insert a card field with ${field} (the generator's
// interpolation, used by the built-in templates, e.g. "Uses: ${uses}").
// validate's inline-icon pattern \{name\} also matches the {field} inside
// ${field}, so the field name is reported as an unknown icon.
func TestTemplateFieldIsNotAnIcon(t *testing.T) {
	f := genericPack("templates.yaml", templatesFile(`  - id: fancy
    extends: generic
    boxes:
      - {id: cost, text: "Cost: ${cost} {bullet}"}
`))
	if got := check(t, f, validate.Options{}); len(got) != 0 {
		t.Errorf("want no diagnostic, got:\n%s", dump(got))
	}
}

// game.yaml must be the manifest (kind: Game). LoadPack checks the file
// against the schema of whatever kind it declares and decodes it into a Game
// regardless, so a game.yaml that is a valid deck validates clean.
func TestManifestMustDeclareKindGame(t *testing.T) {
	f := files{"game.yaml": "kind: Deck\nid: cards\ncardType: generic\ncards: []\n"}
	p, probs := schematest.LoadPack(f.fs(), packRoot)
	got := validate.Pack(p, probs, withGames(validate.Options{}))
	if len(ofRule(got, "schema/invalid")) != 1 {
		t.Errorf("want one schema/invalid diagnostic on game.yaml, got:\n%s", dump(got))
	}
}

// A deck file that fails to load should not cause a second, misleading
// deck/count error for its component (LoadPack's Unloaded). That holds for a
// schema failure but not for a YAML failure: readDoc returns no document,
// so noteUnloaded cannot see the file's component.
func TestNoCountErrorForUnparsableDeck(t *testing.T) {
	for name, src := range map[string]string{
		"yaml-syntax": genericCards + "  - {id: card-c\n",
		"yaml-key":    genericCards + "1: x\n",
	} {
		t.Run(name, func(t *testing.T) {
			got := check(t, genericPack("cards.yaml", src), validate.Options{})
			if n := len(ofRule(got, "deck/count")); n != 0 {
				t.Errorf("want no deck/count diagnostic, got:\n%s", dump(got))
			}
		})
	}
}

// Two pack templates with one id used to replace each other silently.
func TestDuplicateTemplateID(t *testing.T) {
	f := genericPack("templates.yaml", templatesFile(`  - id: mine
    extends: generic
  - id: mine
    extends: generic-back
`))
	got := ofRule(check(t, f, validate.Options{}), "pack/duplicate-id")
	if len(got) != 1 || got[0].Pos.Line != 5 || len(got[0].Related) != 1 || got[0].Related[0].Pos.Line != 3 {
		t.Fatalf("got:\n%s", dump(got))
	}
}
