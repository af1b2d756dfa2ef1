package deck

import (
	"fmt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/schema"
)

// gangDeck is how a deck may share sheets with other decks of its card
// size and backs (see generator/kit's gang step): in the sheet layout only,
// where cards are n-up (press stays one card per page; gutterfold pairs
// each front with its back).
func gangDeck(_ *generator.Renderer, p *schema.Pack, d *schema.Deck, opts generator.PrintOptions) (generator.Gang, bool) {
	if opts.Layout != "" && opts.Layout != generator.LayoutSheet {
		return generator.Gang{}, false
	}
	faceID, backID := d.Sides()
	_, back, size, err := Sides(p, d, faceID, backID)
	if err != nil {
		return generator.Gang{}, false
	}
	grid, err := deckGrid(opts, size)
	if err != nil {
		return generator.Gang{}, false
	}
	per := grid.PerPage()
	piece := impose.Piece{W: size.W.MM(), H: size.H.MM()}
	pieces := make([]impose.Piece, d.Total())
	for i := range pieces {
		pieces[i] = piece
	}
	return generator.Gang{
		Class:  fmt.Sprintf("deck, %gx%gmm cards, backs %d", piece.W, piece.H, deckBacksOf(back, opts.Duplex)),
		Stock:  generator.CardStock,
		Host:   d.PrintWith,
		Pieces: pieces,
		Sheets: func(ps []impose.Piece) int { return (len(ps) + per - 1) / per },
	}, true
}

// printDeckWith is a copy of d whose cards print on host's sheets.
func printDeckWith(d *schema.Deck, host string) *schema.Deck {
	c := *d
	c.PrintWith = host
	return &c
}
