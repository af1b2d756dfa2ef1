package schema

import "sync"

// bundled is the registry of what every game may use, built once.
var bundled = sync.OnceValue(func() *Registry { return NewRegistry() })

// Bundled returns the registry of what every game may use, for loaders and
// packs that are given none: a pack of a game needs a registry that holds
// the game (the registration list's, or schematest.Registry in tests).
//
// TODO(remove): once every caller passes a registry down.
func Bundled() *Registry { return bundled() }
