package justrun

import (
	"cmp"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
)

// tilePieces are the tiles of ts with copies, face and back drawn as the
// tile sheets print them.
func tilePieces(r *generator.Renderer, p *schema.Pack, ts *justrunschema.TileSet) ([]generator.Piece, error) {
	look := TileLookOf(p, ts)
	back := func(c draw.Canvas, bleed float64) { DrawTileBack(r, c, look, bleed) }
	var out []generator.Piece
	for _, t := range ts.Tiles {
		if t == nil || t.Count < 1 {
			continue
		}
		out = append(out, generator.Piece{Kind: generator.PieceTile, ID: t.ID, Name: cmp.Or(t.Name, t.ID),
			Copies: t.Count, W: TileSize, H: TileSize,
			Sides: []generator.Side{func(c draw.Canvas, bleed float64) { DrawTileFace(r, c, t, look, bleed) }, back}})
	}
	return out, nil
}
