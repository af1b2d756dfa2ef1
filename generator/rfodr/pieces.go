package rfodr

import (
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/rfod"
	"github.com/runforge/runforge/schema"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
)

// matPieces are the mats of s as tiles: each whole (no seams to keep
// clear), its sides drawn as they print.
func matPieces(r *generator.Renderer, _ *schema.Pack, s *rfodrschema.MatSet) ([]generator.Piece, error) {
	var out []generator.Piece
	for _, m := range s.Mats {
		sides := matSides(m)
		if len(sides) == 0 {
			continue
		}
		b := matBoard(m, false)
		pc := generator.Piece{Kind: generator.PieceTile, ID: m.ID, Name: b.Name, Copies: 1, Component: m.Component, W: matW, H: matH}
		for i := range sides {
			pc.Sides = append(pc.Sides, func(c draw.Canvas, bleed float64) {
				drawMatSide(r, c, sides[i], i, matOther(sides, i), bleed, matSlotTop(nil))
			})
		}
		pc.Text = rfod.NameOr(sides[0].Name, sides[0].ID)
		out = append(out, pc)
	}
	return out, nil
}
