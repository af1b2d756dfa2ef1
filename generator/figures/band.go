package figures

import (
	"fmt"
	"slices"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Standees on the token sheets. A standee is one-sided: it prints on the
// front of a sheet, and its unprinted side becomes the inside of the
// fold, glued to itself. So it may share a sheet of card stock with
// tokens whatever their backs: where the sheet's back page holds token
// backs (duplex, or glued from a page of their own under --duplex none),
// the place behind a standee stays blank, as behind a one-sided token,
// and ink that a misregistered back might put there ends up glued inside
// the fold. The token sheets take a kit's standees only when that saves a
// sheet: when all of them, as one Band, fit the room the tokens leave on
// a sheet they already use (generator/tokens decides, and figures.pdf is
// then not written).

// Band is a pack's standees laid out to share a token sheet: the header
// of a page of figures.pdf over the pieces as that page places them, as
// wide as the printable area and no taller than the pieces need.
type Band struct {
	W, H float64
	pls  []placed // their top-left relative to the band's
	slot bool
}

// StandeeBand lays out the standees of p as one band; ok is false when p
// prints none, or they take more than one page of figures.pdf.
func StandeeBand(p *schema.Pack, opts generator.PrintOptions) (Band, bool) {
	pls, pages, err := plan(p, opts)
	if err != nil || pages != 1 {
		return Band{}, false
	}
	area := layout.Printable(opts.Paper, opts.Margin)
	b := Band{W: area.W, pls: pls, slot: slices.ContainsFunc(pls, func(pl placed) bool { return pl.s.slot })}
	for i := range b.pls {
		b.pls[i].x -= area.X
		b.pls[i].y -= area.Y
		_, h := b.pls[i].size()
		b.H = max(b.H, b.pls[i].y+h+markReach)
	}
	return b, true
}

// Draw draws the band with its top-left at (x, y) and returns what the
// page's labels and scale bar keep clear of.
func (b Band) Draw(gr *generator.Renderer, page draw.Canvas, x, y float64) []layout.Rect {
	return renderer{gr}.drawPieces(page, b.pls, 0, layout.Rect{X: x, Y: y, W: b.W, H: headBand}, layout.Point{X: x, Y: y}, b.slot)
}

// BandIndex describes, for the kit's index, the standees of p printed on
// the given page of the token sheets.
func BandIndex(p *schema.Pack, page int) []string {
	var out []string
	for _, f := range p.PrintedFigures(true) {
		out = append(out, fmt.Sprintf("standees %s x%d (%s): %s; page %d, one-sided on the sheet's front (nothing prints behind them)",
			f.ID, f.Count, nameOr(f), standeeOf(f.Set.Standee).describe(), page))
	}
	slot := slices.ContainsFunc(p.PrintedFigures(true), func(f *schema.Figure) bool { return standeeOf(f.Set.Standee).slot })
	lines := headLines(slot)
	return append(out, lines[0]+"; "+lines[1])
}
