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
		pc := generator.Piece{ID: f.ID, Name: nameOr(f), Text: f.Label, Copies: f.Count}
		switch {
		case fs.Standee != nil:
			pc.Kind, pc.W, pc.H = generator.PieceFigure, fs.Standee.Width.MM(), fs.Standee.Height.MM()
			side := func(c draw.Canvas) {
				drawFace(r, r.Surface(c), f, layout.Rect{W: pc.W, H: pc.H})
			}
			pc.Sides = []func(draw.Canvas){side, side}
		case fs.Pawn != nil:
			s := fs.Pawn.Size.MM()
			pc.Kind, pc.W, pc.H, pc.Round = generator.PieceToken, s, s, fs.Pawn.Shape != "square"
			pc.Sides = []func(draw.Canvas){func(c draw.Canvas) { DrawPawn(r, c, f, 0, 0, 0) }}
		}
		pc.Name = cmp.Or(pc.Name, f.ID)
		out = append(out, pc)
	}
	return out, nil
}
