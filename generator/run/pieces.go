package run

import (
	"fmt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
)

// mapPieces is the map card whose front is m, with its two faces, as
// maps.pdf prints it (MapCopies copies); none when m is the back of a
// card, which its front's piece holds, or does not print.
func mapPieces(r *generator.Renderer, p *schema.Pack, m *runschema.Map) ([]generator.Piece, error) {
	for _, c := range mapCards(p) {
		if c.front != m {
			continue
		}
		pc := generator.Piece{Kind: generator.PieceTile, ID: fmt.Sprintf("map-card-%d", c.number),
			Name: fmt.Sprintf("Map card %d", c.number), Text: "Map " + mapTitle(c.front),
			Copies: MapCopies, W: MapCardW, H: MapCardH,
			Sides: []generator.Side{func(cv draw.Canvas, bleed float64) { DrawMapFace(r, cv, c.front, bleed) }}}
		if c.back != nil {
			pc.Text += " / map " + mapTitle(c.back)
			pc.Sides = append(pc.Sides, func(cv draw.Canvas, bleed float64) { DrawMapFace(r, cv, c.back, bleed) })
		}
		return []generator.Piece{pc}, nil
	}
	return nil, nil
}
