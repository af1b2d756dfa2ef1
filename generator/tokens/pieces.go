package tokens

import (
	"cmp"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// Pieces are the tokens of ts with copies, drawn as the token sheets draw
// them: the front and, for a two-sided token, its back.
func Pieces(r *generator.Renderer, _ *schema.Pack, ts *schema.TokenSet) ([]generator.Piece, error) {
	rr := renderer{r}
	var out []generator.Piece
	for _, t := range ts.Tokens {
		if t.Count <= 0 {
			continue
		}
		s := t.Size.MM()
		pc := generator.Piece{
			Kind: generator.PieceToken, ID: t.ID, Name: cmp.Or(t.Name, t.Label, t.ID), Text: t.Label,
			Copies: t.Count, Component: t.Component, W: s, H: s, Round: t.Shape != "square",
			Sides: []generator.Side{func(c draw.Canvas, bleed float64) { rr.DrawToken(c, t, 0, 0, bleed) }},
		}
		if b := t.BackFace(); b != nil {
			back := t.WithFace(b)
			pc.Sides = append(pc.Sides, func(c draw.Canvas, bleed float64) { rr.DrawToken(c, back, 0, 0, bleed) })
		}
		out = append(out, pc)
	}
	return out, nil
}
