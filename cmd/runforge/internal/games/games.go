// Package games is the one registration list of the games runforge knows:
// one line per game, with what it brings to each stage, passed down from
// the command as values. Adding a game is its packages plus one line in All.
package games

import (
	"github.com/runforge/runforge/generator"
	justrunrender "github.com/runforge/runforge/generator/justrun"
	"github.com/runforge/runforge/generator/kinds"
	rfodrender "github.com/runforge/runforge/generator/rfod"
	rfodrrender "github.com/runforge/runforge/generator/rfodr"
	rfylrender "github.com/runforge/runforge/generator/rfyl"
	runrender "github.com/runforge/runforge/generator/run"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
	rfylschema "github.com/runforge/runforge/schema/rfyl"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate"
	justrunrules "github.com/runforge/runforge/validate/justrun"
	rfodrules "github.com/runforge/runforge/validate/rfod"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
	rfylrules "github.com/runforge/runforge/validate/rfyl"
	runrules "github.com/runforge/runforge/validate/run"
)

// Game is one game and what it brings to each stage.
type Game struct {
	// System is the manifest's system: value of the game.
	System string
	// Schema is what the game brings to the schema stage: its kinds, card
	// types, icons, settings block, JSON Schemas and built-in templates.
	Schema schema.GameSchema
	// Rules are the game's rules and --explain hook.
	Rules validate.Game
	// Render is what the game brings to rendering: derived card fields,
	// box drawers, kind renderers and kit outputs.
	Render generator.Game
}

// All returns every game, in the order their rules run and their
// explanations print.
func All() []Game {
	return []Game{
		{System: rfylschema.System, Schema: rfylschema.Schema, Rules: rfylrules.Game(), Render: rfylrender.Game()},
		{System: runschema.System, Schema: runschema.Schema, Rules: runrules.Game(), Render: runrender.Game()},
		{System: justrunschema.System, Schema: justrunschema.Schema, Rules: justrunrules.Game(), Render: justrunrender.Game()},
		{System: rfodschema.System, Schema: rfodschema.Schema, Rules: rfodrules.Game(), Render: rfodrender.Game()},
		{System: rfodrschema.System, Schema: rfodrschema.Schema, Rules: rfodrrules.Game(), Render: rfodrrender.Game()},
	}
}

// Rules returns the rules descriptors of the given games, in their order.
func Rules(gs []Game) []validate.Game {
	out := make([]validate.Game, len(gs))
	for i, g := range gs {
		out[i] = g.Rules
	}
	return out
}

// Schemas returns the schema descriptors of the given games, in their order.
func Schemas(gs []Game) []schema.GameSchema {
	out := make([]schema.GameSchema, len(gs))
	for i, g := range gs {
		out[i] = g.Schema
	}
	return out
}

// Renders returns the rendering descriptors of the given games, in their
// order.
func Renders(gs []Game) []generator.Game {
	out := []generator.Game{kinds.Shared()}
	for _, g := range gs {
		out = append(out, g.Render)
	}
	return out
}
