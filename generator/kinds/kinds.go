// Package kinds lists the content kinds every game may use, each rendered
// by a package of its own, as one generator.Game that the command passes to
// the renderer before the games' own.
package kinds

import (
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/dice"
)

// Shared is what the kinds every game may use bring to rendering.
func Shared() generator.Game {
	return generator.Game{
		Kinds: map[string]generator.KindRenderer{
			"Board": board.Kind(),
			"Dice":  dice.Kind(),
		},
	}
}
