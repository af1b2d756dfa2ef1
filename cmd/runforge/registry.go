package main

import (
	"sync"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// schemaRegistry is what the loader knows of every registered game (kinds,
// card types, icons, settings blocks), built once from the registration
// list; every command passes it down.
var schemaRegistry = sync.OnceValue(func() *schema.Registry {
	return schema.NewRegistry(games.Schemas(games.All())...)
})

// gameSystems are the system: values of the registered games, in their
// registration order.
func gameSystems() []string {
	var out []string
	for _, g := range games.All() {
		out = append(out, g.System)
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

// registry is the rule set of every registered game: what validate, build
// and rules work with.
func registry() *validate.Registry { return validate.ForGames(games.Rules(games.All())) }
