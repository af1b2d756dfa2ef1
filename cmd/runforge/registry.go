package main

import (
	"sync"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/schema"
)

// schemaRegistry is the registry of the games the loader knows, built once
// from the registration list; every command passes it down.
var schemaRegistry = sync.OnceValue(func() *schema.Registry {
	var gs []schema.GameSchema
	for _, g := range games.All() {
		gs = append(gs, g.Schema)
	}
	return schema.NewRegistry(gs...)
})
