// Package rfyl is Run For Your Life's part of the content model (rulebook:
// "The Cards", "Icons", "Infection Countdown"): its card types, icons,
// JSON Schema (jsonschema/rfyl.schema.json) and built-in templates
// (builtin/run-for-your-life.yaml).
package rfyl

import (
	"embed"

	"github.com/runforge/runforge/schema"
)

// System is the manifest's system: value of Run For Your Life.
const System = "run-for-your-life"

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

//go:embed builtin/*.yaml
var builtinFiles embed.FS

// Schema is Run For Your Life's descriptor for the schema stage.
var Schema = schema.GameSchema{
	System: System,
	CardTypes: []schema.CardType{
		{Name: "rfyl/determination", Card: "rfyl.schema.json#/$defs/determination", Face: "rfyl-determination", Back: "rfyl-determination-back",
			Derived: []string{"ammo", "gun"}},
		{Name: "rfyl/event", Card: "rfyl.schema.json#/$defs/event", Face: "rfyl-event", Back: "rfyl-event-back"},
		{Name: "rfyl/blood", Card: "rfyl.schema.json#/$defs/blood", Deck: "rfyl.schema.json#/$defs/bloodDeck", Face: "rfyl-blood", Back: "rfyl-blood-back"},
	},
	BoxTypes: []string{"drops"},
	Icons: map[string]string{
		"encounter": "zombie encounter: combat now, no zombies placed",
		"drop":      "one blood drop of a countdown",
		"bullets":   "bullets gained, lost or spent to negate",
		"melee":     "melee weapon",
		"item":      "item or ability kept for later",
		"movement":  "affects movement or whole turns",
		"death":     "death in a non-zombie incident",
		"infected":  "infected",
		"clean":     "clean",
	},
	Schemas:   schemaFiles,
	Templates: builtinFiles,
}
