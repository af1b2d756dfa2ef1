package sheet

import (
	"cmp"
	"fmt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// PressPieces are the sheet s as the press layout prints it: a card-size
// sheet (a single card, a tile, a player aid) is one piece of its trim,
// its front and, when it has one, its back, with its background carried
// into the bleed; a page or half-page sheet, whose size is the paper's,
// is none (it prints on plain paper as in the sheet layout).
func PressPieces(gr *generator.Renderer, p *schema.Pack, s *schema.Sheet) ([]generator.Piece, error) {
	if s.Size == schema.SheetPage || s.Size == schema.SheetHalfPage {
		return nil, nil
	}
	r := renderer{gr}
	l, err := r.layoutSheet(s, packSheetOptions(p))
	if err != nil {
		return nil, fmt.Errorf("sheet %q: %w", s.ID, err)
	}
	side := func(f sideFlow, back bool) generator.Side {
		var pg *flowPage
		if len(f.pages) > 0 {
			pg = &f.pages[0]
		}
		return func(c draw.Canvas, bleed float64) {
			c = r.Surface(c)
			r.drawSheetPanel(c, l, back, 0, 0, bleed)
			if pg == nil {
				return
			}
			for _, it := range pg.items {
				it.it.draw(c, l.geom.inset+it.x, l.geom.inset+it.y)
			}
		}
	}
	pc := generator.Piece{Kind: generator.PieceTile, ID: s.ID, Name: cmp.Or(s.Name, s.ID), Copies: max(s.Count, 1),
		W: l.geom.readW, H: l.geom.readH, Sides: []generator.Side{side(l.front, false)}}
	if len(s.Back) > 0 {
		pc.Sides = append(pc.Sides, side(l.back, true))
	}
	return []generator.Piece{pc}, nil
}
