package figures

import (
	"cmp"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Pieces are the figures of fs with copies: a standee as a figure whose
// two sides are its folded faces, a pawn as a token drawn as the token
// sheets draw it.
func Pieces(r *generator.Renderer, _ *schema.Pack, fs *schema.FigureSet) ([]generator.Piece, error) {
	var out []generator.Piece
	for _, f := range fs.Figures {
		if f.Count <= 0 {
			continue
		}
		pc := generator.Piece{ID: f.ID, Name: nameOr(f), Text: f.Label, Copies: f.Count, Component: f.Component}
		switch {
		case fs.Standee != nil:
			pc.Kind, pc.W, pc.H = generator.PieceFigure, fs.Standee.Width.MM(), fs.Standee.Height.MM()
			w, h := pc.W, pc.H
			side := func(c draw.Canvas, bleed float64) {
				c = r.Surface(c)
				if bleed > 0 {
					// The face's colour to the bleed, as a press page
					// wants; on the standee sheets it is folded.
					c.Rect(-bleed, -bleed, w+2*bleed, h+2*bleed, 0, draw.Filled(coloursOf(f, r).fill))
				}
				drawFace(r, c, f, layout.Rect{W: w, H: h})
			}
			pc.Sides = []generator.Side{side, side}
		case fs.Pawn != nil:
			s := fs.Pawn.Size.MM()
			pc.Kind, pc.W, pc.H, pc.Round = generator.PieceToken, s, s, fs.Pawn.Shape != "square"
			pc.Sides = []generator.Side{func(c draw.Canvas, bleed float64) { DrawPawn(r, c, f, 0, 0, bleed) }}
		}
		pc.Name = cmp.Or(pc.Name, f.ID)
		out = append(out, pc)
	}
	return out, nil
}
