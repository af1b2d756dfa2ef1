// Package kinds lists the content kinds every game may use, each rendered
// by a package of its own, as one generator.Game that the command passes to
// the renderer before the games' own.
package kinds

import (
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/deck"
	"github.com/runforge/runforge/generator/dice"
	"github.com/runforge/runforge/generator/figures"
	"github.com/runforge/runforge/generator/sheet"
	"github.com/runforge/runforge/generator/tokens"
)

// Shared is what the kinds every game may use bring to rendering: decks,
// reference sheets, boards, dice, the kit's token sheet, where every token
// set and every pawn of a pack prints, and its figure sheet of standees.
func Shared() generator.Game {
	return generator.Game{
		Kinds: map[string]generator.KindRenderer{
			"Board":   board.Kind(),
			"Deck":    deck.Kind(),
			"Dice":    dice.Kind(),
			"Figures": figures.Kind(),
			"Sheet":   sheet.Kind(),
		},
		KitOutputs: append(tokens.KitOutputs(), figures.KitOutputs(tokens.StandeesOnTokens)...),
		Pieces: map[string]generator.PiecesFunc{
			"Board":   generator.PiecesOf(board.Pieces),
			"Deck":    generator.PiecesOf(deck.Pieces),
			"Dice":    generator.PiecesOf(dice.Pieces),
			"Figures": generator.PiecesOf(figures.Pieces),
			"Sheet":   generator.PiecesOf(sheet.PressPieces),
			"Tokens":  generator.PiecesOf(tokens.Pieces),
		},
		Press: map[string]generator.PiecesFunc{
			"Board":   generator.PiecesOf(board.Pieces),
			"Dice":    generator.PiecesOf(dice.PressPieces),
			"Figures": generator.PiecesOf(figures.Pieces),
			"Sheet":   generator.PiecesOf(sheet.PressPieces),
			"Tokens":  generator.PiecesOf(tokens.Pieces),
		},
	}
}
