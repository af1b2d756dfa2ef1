package deck

import (
	"cmp"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Pieces are the cards of the deck d of p, one piece per card with its
// count, drawn as the deck prints them: the face, and the back when the
// deck has one (SharedBack when every card has the same back).
func Pieces(r *generator.Renderer, p *schema.Pack, d *schema.Deck) ([]generator.Piece, error) {
	faceID, backID := d.Sides()
	face, back, size, err := Sides(p, d, faceID, backID)
	if err != nil {
		return nil, err
	}
	shared := back != nil && !perCard(back)
	out := make([]generator.Piece, 0, len(d.Cards))
	for _, c := range d.Cards {
		cd := generator.NewCardData(p, d, c)
		pc := generator.Piece{
			Kind: generator.PieceCard, ID: c.ID,
			Name:   cmp.Or(c.Str("name"), c.Str("title"), c.ID),
			Text:   c.Str("text"),
			Copies: c.Count, W: size.W.MM(), H: size.H.MM(), SharedBack: shared,
			Sides: []generator.Side{func(cv draw.Canvas, b float64) {
				r.DrawCard(cv, face, cd, layout.Sides{Top: b, Right: b, Bottom: b, Left: b})
			}},
		}
		if back != nil {
			pc.Sides = append(pc.Sides, func(cv draw.Canvas, b float64) {
				r.DrawCard(cv, back, cd, layout.Sides{Top: b, Right: b, Bottom: b, Left: b})
			})
		}
		out = append(out, pc)
	}
	return out, nil
}
