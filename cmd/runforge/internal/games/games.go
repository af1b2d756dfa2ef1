// Package games is the one registration list of the games runforge knows:
// one line per game, with what it brings to each stage.
package games

import (
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/rfyl"
	runschema "github.com/runforge/runforge/schema/run"
)

// Game is one game and what it brings to each stage.
type Game struct {
	// System is the manifest's system: value of the game.
	System string
	// Schema is what the game brings to the schema stage.
	Schema schema.GameSchema
}

// All returns every game, one line per game.
func All() []Game {
	return []Game{
		{System: rfyl.System, Schema: rfyl.Schema},
		{System: runschema.System, Schema: runschema.Schema},
		{System: justrunschema.System, Schema: justrunschema.Schema},
		{System: rfodschema.System, Schema: rfodschema.Schema},
		{System: rfodschema.ReloadedSystem, Schema: rfodschema.ReloadedSchema},
	}
}
