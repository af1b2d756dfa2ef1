package board

import (
	"cmp"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// Pieces are the board b as tiles at true size: one two-sided piece when
// it has two sides of one size, else one piece per side.
func Pieces(r *generator.Renderer, _ *schema.Pack, b *schema.Board) ([]generator.Piece, error) {
	rr := renderer{r}
	count := max(b.Count, 1)
	side := func(s *schema.BoardSide) generator.Side {
		return func(c draw.Canvas, bleed float64) { rr.DrawBoardSide(c, s, bleed) }
	}
	name := cmp.Or(b.Name, b.ID)
	if len(b.Sides) == 2 && b.Sides[0].Width == b.Sides[1].Width && b.Sides[0].Height == b.Sides[1].Height {
		s := b.Sides[0]
		return []generator.Piece{{Kind: generator.PieceTile, ID: b.ID, Name: name, Text: SideTitle(s, 0) + " / " + SideTitle(b.Sides[1], 1),
			Copies: count, W: s.Width.MM(), H: s.Height.MM(), Sides: []generator.Side{side(s), side(b.Sides[1])}}}, nil
	}
	var out []generator.Piece
	for i, s := range b.Sides {
		pc := generator.Piece{Kind: generator.PieceTile, ID: cmp.Or(s.ID, b.ID), Name: name, Text: SideTitle(s, i),
			Copies: count, W: s.Width.MM(), H: s.Height.MM(), Sides: []generator.Side{side(s)}}
		if len(b.Sides) > 1 {
			pc.Name = name + ": " + SideTitle(s, i)
		}
		out = append(out, pc)
	}
	return out, nil
}
