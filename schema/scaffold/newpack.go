package scaffold

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/runforge/runforge/schema"
)

// NewOptions say where a pack of a game of one's own is started.
type NewOptions struct {
	// Dir is the absolute path of the new pack folder: one that does not
	// exist, or an empty one.
	Dir string
	// ID is the new pack's id; its title is made from it (Title).
	ID string
	// Schemas is the folder the JSON Schemas are written into; the
	// modelines of the files point at it.
	Schemas string
	// Registry holds the games whose JSON Schemas are written.
	Registry *schema.Registry
}

// NewPackFiles are the files a pack of one's own starts with, for the
// pack id: a manifest of the generic system with one component, a deck of
// two cards (three copies) with a face template of its own and a back that
// shows the game's title, and an icon in a card's text. Every file validates
// and builds clean with --strict. The modelines are added when the files
// are written (NewPack).
func NewPackFiles(id string) map[string]string {
	title := Title(id)
	return map[string]string{
		schema.ManifestFile: `# ` + title + `: a game of your own. system: generic applies runforge's shared
# rules (counts, references, templates, text fit, ...) and no bundled game's
# rules; the card type "generic" takes any fields you name.
kind: Game
id: ` + id + `
title: ` + yamlString(title) + `
system: generic
components:
  - id: cards
    name: Cards
    expected: 3                  # every copy of every card: raise it when you add one
`,
		"cards.yaml": `# The deck: each card has an id, a count of copies and the fields the
# template draws (name, cost, type, text). {flag} draws an icon inside text;
# runforge icons lists them all.
kind: Deck
id: cards
component: cards
cardType: generic
template: card                   # templates.yaml
back: card-back                  # templates.yaml
cards:
  - id: scout
    count: 2
    name: Scout
    cost: 1
    type: Ally
    text: "Move 2 spaces towards the {flag}."
  - id: ambush
    count: 1
    name: Ambush
    cost: 3
    type: Event
    text: "Every player discards 1 card.\n**Then** draw 2."
`,
		"templates.yaml": `# The card's layout: the built-in generic templates with what differs.
# A box is changed by its id; runforge schema documents every field.
kind: Templates
templates:
  - id: card
    extends: generic             # name, cost, type and text boxes
    background: "#fdf6e3"
    boxes:
      - id: text
        size: 12pt
  - id: card-back
    extends: generic-back        # dark back with a title in the middle
    boxes:
      - id: title                # the text on every card's back
        text: ` + yamlString(title) + `
`,
	}
}

// Title is the title a new pack gets from its id: the id's words, each
// capitalised ("my-game" is "My Game").
func Title(id string) string {
	words := strings.FieldsFunc(id, func(r rune) bool { return r == '-' })
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	if len(words) == 0 {
		return id
	}
	return strings.Join(words, " ")
}

// yamlString quotes s for YAML when it could be read as anything but a
// string (a title of digits, "yes", "null").
func yamlString(s string) string {
	for _, r := range s {
		if !unicode.IsLetter(r) && r != ' ' {
			return fmt.Sprintf("%q", s)
		}
	}
	switch strings.ToLower(s) {
	case "yes", "no", "true", "false", "on", "off", "null", "y", "n":
		return fmt.Sprintf("%q", s)
	}
	return s
}

// NewPack writes the files of NewPackFiles into o.Dir, writes the JSON
// Schemas into o.Schemas and gives every file a modeline pointing at them.
// The pack is made in a temporary folder beside o.Dir and moved into place
// at the end, so nothing is written into o.Dir when a step fails.
func NewPack(o NewOptions, warn Console) (err error) {
	tmp, err := stagingDir(o.Dir)
	if err != nil {
		return err
	}
	defer func() {
		// After the move into place tmp is gone and this is a no-op.
		if rmErr := os.RemoveAll(tmp); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("init: removing the staging copy: %w", rmErr))
		}
	}()
	for name, text := range NewPackFiles(o.ID) {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			return fmt.Errorf("init: %w", err)
		}
	}
	return finishPack(tmp, o.Dir, o.Registry, o.Schemas, warn)
}
