package main

import "github.com/runforge/runforge/schema"

// schemaRegistry is the registry of the games the loader knows, which every
// command passes down.
func schemaRegistry() *schema.Registry {
	// TODO(remove): built from the registration list once the games'
	// descriptors leave the schema package.
	return schema.Bundled()
}
