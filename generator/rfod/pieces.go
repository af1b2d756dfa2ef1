package rfod

import (
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// playerBoardPieces are the boards of s with copies, one-sided tiles
// drawn as they print.
func playerBoardPieces(r *generator.Renderer, p *schema.Pack, s *rfodschema.PlayerBoardSet) ([]generator.Piece, error) {
	w, h := playerBoardSize(s.BoardType)
	var out []generator.Piece
	for _, b := range s.Boards {
		if b.Count <= 0 {
			continue
		}
		out = append(out, generator.Piece{Kind: generator.PieceTile, ID: b.ID,
			Name: playerBoardTitle(s.BoardType) + ": " + NameOr(b.Name, b.ID), Text: b.Skill,
			Copies: b.Count, W: w, H: h,
			Sides: []generator.Side{func(c draw.Canvas, bleed float64) { drawPlayerBoard(r, r.Surface(c), p, s.BoardType, b, bleed, nil) }}})
	}
	return out, nil
}
