package schema

import "sync"

// bundled is the registry of the games whose descriptors are still in this
// package, built once.
var bundled = sync.OnceValue(func() *Registry {
	return NewRegistry(InRootGames()...)
})

// InRootGames returns the descriptors of the games that are still in this
// package.
//
// TODO(remove): with Bundled.
func InRootGames() []GameSchema {
	return []GameSchema{rfodSchema, rfodrSchema}
}

// InRootGame returns the descriptor of the game of the given system whose
// descriptor is still in this package, for the registration list.
//
// TODO(remove): with Bundled.
func InRootGame(system string) GameSchema {
	for _, g := range InRootGames() {
		if g.System == system {
			return g
		}
	}
	return GameSchema{System: system}
}

// Bundled returns the registry of the games whose descriptors are still in
// this package, for loaders and tests that are given none; a pack of a game
// whose descriptor moved out needs a registry that holds it
// (schematest.Registry in tests).
//
// TODO(remove): Bundled goes once each game's descriptor lives in its own
// package (schema/<game>) and the registration list passes the registry
// down to every caller.
func Bundled() *Registry { return bundled() }
