package main

import (
	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// catalog is what the commands know of the games: the registration list and
// the registries built from it, made once per run and passed to every
// command as a value.
type catalog struct {
	// games are the registered games, in registration order.
	games []games.Game
	// schemas is what the loader knows of them: kinds, card types, icons,
	// settings blocks, JSON Schemas and built-in templates.
	schemas *schema.Registry
	// rules is their rule set, after the rules every game shares.
	rules *validate.Registry
	// ownsProcess is set when runforge runs as its own process (main), not
	// beside other commands in one process (tests): the process's garbage
	// collector may then be tuned for a build.
	ownsProcess bool
}

// newCatalog builds the catalog of the games gs.
func newCatalog(gs []games.Game) *catalog {
	return &catalog{
		games:   gs,
		schemas: schema.NewRegistry(games.Schemas(gs)...),
		rules:   validate.ForGames(games.Rules(gs)),
	}
}

// systems are the system: values of the games, in registration order.
func (c *catalog) systems() []string {
	out := make([]string, len(c.games))
	for i, g := range c.games {
		out[i] = g.System
	}
	return out
}

// examplePack is a bundled pack to name in the commands' examples.
func examplePack() string {
	if packs := data.Packs(); len(packs) > 0 {
		return packs[0]
	}
	return "my-pack"
}
