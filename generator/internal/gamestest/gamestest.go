// Package gamestest lists the games' renderers for the generator's tests,
// which cannot reach the command's registration list.
package gamestest

import (
	"github.com/runforge/runforge/generator"
	justrunrender "github.com/runforge/runforge/generator/justrun"
	"github.com/runforge/runforge/generator/kinds"
	rfodrender "github.com/runforge/runforge/generator/rfod"
	rfodrrender "github.com/runforge/runforge/generator/rfodr"
	rfylrender "github.com/runforge/runforge/generator/rfyl"
	runrender "github.com/runforge/runforge/generator/run"
)

// All returns what the shared kinds and every game bring to rendering, in
// the order of the command's registration list.
func All() []generator.Game {
	return []generator.Game{
		kinds.Shared(),
		rfylrender.Game(),
		runrender.Game(),
		justrunrender.Game(),
		rfodrender.Game(),
		rfodrrender.Game(),
	}
}
