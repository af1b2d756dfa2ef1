// Package schematest gives tests of the later stages a registry of every
// bundled game and loaders that use it, so that a test loads a bundled
// pack as the command line does.
package schematest

import (
	"io/fs"
	"sync"

	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
	"github.com/runforge/runforge/schema/rfyl"
	runschema "github.com/runforge/runforge/schema/run"
)

// registry is built once; a Registry is not modified after NewRegistry.
var registry = sync.OnceValue(func() *schema.Registry {
	return schema.NewRegistry(rfyl.Schema, runschema.Schema, justrunschema.Schema, rfodschema.Schema, rfodrschema.Schema)
})

// Registry returns the registry of every bundled game, in the order of
// the registration list.
func Registry() *schema.Registry { return registry() }

// LoadPack is schema.LoadPack with the registry of every bundled game.
func LoadPack(fsys fs.FS, root string) (*schema.Pack, []schema.Problem) {
	return LoadPackWith(fsys, root, schema.LoadOptions{})
}

// LoadPackWith is schema.LoadPackWith with the registry of every bundled
// game unless opts names one.
func LoadPackWith(fsys fs.FS, root string, opts schema.LoadOptions) (*schema.Pack, []schema.Problem) {
	if opts.Registry == nil {
		opts.Registry = Registry()
	}
	return schema.LoadPackWith(fsys, root, opts)
}
