package schema

import "sync"

// bundled is the registry of the games whose descriptors are still in this
// package, built once.
var bundled = sync.OnceValue(func() *Registry {
	return NewRegistry(rfylSchema, runSchema, justRunSchema, rfodSchema, rfodrSchema)
})

// Bundled returns the registry of the bundled games, for loaders and tests
// that are given none.
//
// TODO(remove): Bundled goes once each game's descriptor lives in its own
// package (schema/<game>) and the registration list passes the registry
// down to every caller.
func Bundled() *Registry { return bundled() }
