// Package games is the one registration list of the games runforge knows:
// each game's descriptor of every stage, passed down from the command as a
// value. Adding a game is its packages plus one line in All.
package games

import (
	"github.com/runforge/runforge/validate"
	justrunrules "github.com/runforge/runforge/validate/justrun"
	rfodrules "github.com/runforge/runforge/validate/rfod"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
	rfylrules "github.com/runforge/runforge/validate/rfyl"
	runrules "github.com/runforge/runforge/validate/run"
)

// Game is one game's descriptors, one field per stage.
type Game struct {
	// System is the game system id a manifest names (game.system).
	System string
	// Rules are the game's rules and --explain hook.
	Rules validate.Game
}

// All returns every game, in the order their rules run and their
// explanations print.
func All() []Game {
	return []Game{
		{System: "run-for-your-life", Rules: rfylrules.Game()},
		{System: "run", Rules: runrules.Game()},
		{System: "just-run", Rules: justrunrules.Game()},
		{System: "run-fight-or-die", Rules: rfodrules.Game()},
		{System: "run-fight-or-die-reloaded", Rules: rfodrrules.Game()},
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
