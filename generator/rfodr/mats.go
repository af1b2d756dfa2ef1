package rfodr

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/rfod"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
)

// Location mats (kind: Mats; Reloaded rulebook L405, L545, L602, L676)
// are the Solo Campaign's double-sided large-format mats, printed duplex. A
// mat's long edges are three cards wide, for the Location cards laid next
// to it on the Map, and the side that holds face-down cards (holds:
// {follower: 2}) has a slot for each.
//
// A mat is larger than the printable area of Letter or A4, so it prints in
// two halves, top and bottom, each on one sheet (mats_halves.go): side A's
// half on the front, side B's matching half on the back, registered behind
// it. The halves are trimmed, butted at the seam where their join ticks
// meet and taped. Without duplex each half of side B prints on the page
// after side A's, to glue behind it. A paper too small to hold a half
// falls back to tiling each side like a large board (board.go): a page
// map, then its tiles, side A then side B, the assembled sides glued back
// to back.

// Mat geometry, in millimetres. A Location card is poker size.
const (
	matCardW = 63.5
	matCardH = 88.9
	matGap   = 4.0
	matW     = 3*matCardW + 2*matGap + 2*matPad
	matH     = 280.0
	matPad   = 5.0
)

// matTiledNote says why a mat is tiled: a half does not fit the paper.
const matTiledNote = "tiled: half a mat is larger than the printable area"

// buildMats plans a mat set's PDF.
func buildMats(r *generator.Renderer, p *schema.Pack, s *rfodrschema.MatSet, opts generator.BuildOptions) []generator.Job {
	return []generator.Job{generator.FileJob(s.ID+".pdf", func(w io.Writer) (int, error) {
		return WriteMats(r, w, p, s, opts.Print)
	})}
}

// indexMats describes a mat set's PDF in the kit's index: how each mat is
// printed, the pages and how to put them together.
func indexMats(r *generator.Renderer, p *schema.Pack, s *rfodrschema.MatSet, opts generator.PrintOptions) []string {
	if _, ok := matHalfPlan(opts); ok {
		return indexMatHalves(s, opts)
	}
	var out []string
	total := 0
	for _, m := range s.Mats {
		b := matBoard(m, true)
		for i, side := range b.Sides {
			pl, err := board.Plan(side, opts)
			if err != nil {
				continue
			}
			total += 1 + pl.Pages()
			out = append(out, fmt.Sprintf("%s, %s: %s at true size, a page map and %s", m.ID, board.SideTitle(side, i), board.SizeText(pl), board.PagesText(pl)))
		}
	}
	out = append(out, fmt.Sprintf("%d pages, %s; assemble each side (cut along the dashed lines, lay each cut edge on the hatched glue strip so the crosshairs meet), then glue the two sides of each mat back to back", total, matTiledNote))
	return out
}

// WriteMats writes a mat set's PDF: for each mat, its halves (side A's,
// then side B's behind it), or, when a half does not fit the paper, side A
// then side B tiled.
func WriteMats(r *generator.Renderer, w io.Writer, p *schema.Pack, s *rfodrschema.MatSet, opts generator.PrintOptions) (int, error) {
	return r.WriteDocument(w, p, rfod.NameOr(s.Name, s.ID), "mats "+s.ID, opts, func(doc *draw.PDF) error {
		doc.SetDuplex(matsDuplex(s, opts))
		return imposeMats(r, generator.PDFArtOut(doc), s, opts)
	})
}

// matSides are the sides a mat prints, in order, nil sides left out.
func matSides(m *rfodrschema.Mat) []*rfodrschema.MatSide {
	var out []*rfodrschema.MatSide
	for _, side := range m.Sides {
		if side != nil {
			out = append(out, side)
		}
	}
	return out
}

// matOther names the other side of a two-sided mat, for side i's flip note.
func matOther(sides []*rfodrschema.MatSide, i int) string {
	if len(sides) != 2 {
		return ""
	}
	return rfod.NameOr(sides[1-i].Name, sides[1-i].ID)
}

// matBoard is a mat as a board (names and sizes only): the board machinery
// tiles and maps it; its art is the mat's own. tiled says on its pages (in
// the board's name, which every page shows first, and why in the sides'
// joins, which the page map prints) that the mat is tiled because half of
// it does not fit the paper.
func matBoard(m *rfodrschema.Mat, tiled bool) *schema.Board {
	title := "Location mat"
	joins := ""
	if tiled {
		title += " (tiled)"
		joins = strings.ToUpper(matTiledNote[:1]) + matTiledNote[1:] + " of this paper. Assemble this side, then glue it back to back with the mat's other side."
	}
	b := &schema.Board{ID: m.ID, Name: title + " " + m.ID, Count: 1}
	var names []string
	for i, side := range matSides(m) {
		names = append(names, rfod.NameOr(side.Name, side.ID))
		b.Sides = append(b.Sides, &schema.BoardSide{
			ID: side.ID, Name: fmt.Sprintf("Side %c: %s", matLetter(i), rfod.NameOr(side.Name, side.ID)), Joins: joins,
			Width: schema.Length(matW), Height: schema.Length(matH), Background: rfod.Paper.Hex(),
			Texts: []*schema.BoardText{{Text: strings.ToUpper(rfod.NameOr(side.Name, side.ID)), X: 8, Y: 20, W: schema.Length(matW - 16), H: 16,
				Size: schema.Length(22 * draw.PtMM), Font: "bold", Align: "center"}},
		})
	}
	if len(names) > 0 {
		b.Name = title + ": " + strings.Join(names, " / ")
	}
	return b
}

// matLetter names side i: A, B.
func matLetter(i int) rune { return 'A' + rune(min(i, 25)) }

// imposeMats adds every page of the set's mats to out: in halves when the
// paper holds one, else tiled.
func imposeMats(r *generator.Renderer, out generator.ArtOut, s *rfodrschema.MatSet, opts generator.PrintOptions) error {
	printed := false
	for _, m := range s.Mats {
		printed = printed || len(matSides(m)) > 0
	}
	if !printed {
		return fmt.Errorf("nothing to print: no mat has a side")
	}
	if pl, ok := matHalfPlan(opts); ok {
		imposeMatHalves(r, out, s, pl, opts)
		return nil
	}
	return imposeMatTiles(r, out, s, opts)
}

// imposeMatTiles tiles every side of the set's mats like a large board:
// for each mat, side A then side B, each a page map and its tiles.
func imposeMatTiles(r *generator.Renderer, out generator.ArtOut, s *rfodrschema.MatSet, opts generator.PrintOptions) error {
	total := 0
	type printed struct {
		board *schema.Board
		sides []*rfodrschema.MatSide
		plans []layout.TilePlan
	}
	var all []printed
	for _, m := range s.Mats {
		pr := printed{board: matBoard(m, true), sides: matSides(m)}
		for _, side := range pr.board.Sides {
			pl, err := board.Plan(side, opts)
			if err != nil {
				return fmt.Errorf("mat %s side %s: %w", m.ID, side.ID, err)
			}
			pr.plans = append(pr.plans, pl)
			total += 1 + pl.Pages()
		}
		all = append(all, pr)
	}
	// Every side of every mat in turn, tiled: its page map, then its tiles.
	type matSide struct {
		pr   printed
		i    int
		plan layout.TilePlan
	}
	var flat []matSide
	var tiled []impose.TiledSide
	for _, pr := range all {
		for i, plan := range pr.plans {
			flat = append(flat, matSide{pr, i, plan})
			tiled = append(tiled, impose.TiledSide{Tiles: plan.Pages(), W: plan.Paper.W, H: plan.Paper.H})
		}
	}
	page, first := 0, 0
	var art generator.PlaceArt
	impose.Draw(out, impose.Tiles(1, tiled, opts.Paper.W, opts.Paper.H), func(c draw.Canvas, pg impose.Page) {
		page++
		ms := flat[pg.Lo]
		if pg.Tile == 0 {
			first = page
			board.DrawMapPage(r, c, ms.pr.board, ms.i, ms.plan, first, total, opts)
			art = matArt(r, out, ms.pr.sides, ms.i, opts.Bleed, matSlotTop(matTileBands(ms.plan)), false)
			return
		}
		board.DrawTilePage(r, c, ms.pr.board, ms.i, ms.plan, pg.Tile-1, first, total, opts, art)
	})
	return nil
}

// matArt draws side i of a mat once, with bleed around it; joins adds the
// join marks at the seam between its halves.
func matArt(r *generator.Renderer, out generator.ArtOut, sides []*rfodrschema.MatSide, i int, bleed, slotY float64, joins bool) generator.PlaceArt {
	return out.Art(matW+2*bleed, matH+2*bleed, func(c draw.Canvas) {
		c.Push()
		c.Translate(bleed, bleed)
		drawMatSide(r, c, sides[i], i, matOther(sides, i), bleed, slotY)
		if joins {
			drawMatJoins(r, c)
		}
		c.Pop()
	})
}

// drawMatSide draws side i of a mat at (0, 0): its name, the card slots of
// the cards it holds, the three-card edges and the flip note.
// slotY is the top of the card slots.
func drawMatSide(r *generator.Renderer, c draw.Canvas, side *rfodrschema.MatSide, i int, other string, bleed, slotY float64) {
	c = r.Surface(c)
	bg := rfod.Background(r)
	c.Rect(-bleed, -bleed, matW+2*bleed, matH+2*bleed, 0, draw.Filled(bg))
	c.Rect(3, 3, matW-6, matH-6, 3, draw.Stroked(rfod.Ink, 0.8))
	c.Rect(5, 5, matW-10, matH-10, 2, draw.Stroked(rfod.Rule, 0.3))
	rfod.CentredText(r, c, matW/2, 20, fmt.Sprintf("LOCATION MAT · SIDE %c", matLetter(i)), draw.Bold, 8, rfod.Muted)
	name := strings.ToUpper(rfod.NameOr(side.Name, side.ID))
	rfod.TextIn(r, c, name, typeset.Style{Font: draw.Bold, Size: 22, MinSize: 10, Align: "center", VAlign: "middle"}, 10, 24, matW-20, 16, rfod.Ink, bg)
	c.Line(matW/2-40, 44, matW/2+40, 44, rfod.Blood, 0.8)
	// The three-card edges, top and bottom.
	drawCardEdge(r, c, 5, false)
	drawCardEdge(r, c, matH-5, true)
	// Card slots.
	kinds := make([]string, 0, len(side.Holds))
	for k := range side.Holds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var slots []string
	for _, k := range kinds {
		for range min(max(side.Holds[k], 0), 3) {
			slots = append(slots, k)
		}
	}
	if len(slots) > 0 {
		n := min(len(slots), 3)
		rowW := float64(n)*matCardW + float64(n-1)*matGap
		x := (matW - rowW) / 2
		y := slotY
		for j, k := range slots[:n] {
			drawCardSlot(r, c, x+float64(j)*(matCardW+matGap), y, k)
		}
		held := fmt.Sprintf("Place %s here face down", holdsText(side.Holds))
		rfod.CentredText(r, c, matW/2, y+matCardH+8, held, draw.Italic, 9, rfod.Ink)
	} else {
		c.Ellipse(matW/2-16, slotY+20, 32, 32, draw.Stroked(rfod.Rule, 0.6))
		rfod.CentredText(r, c, matW/2, slotY+38, "PLAYER", draw.Bold, 8, rfod.Muted)
		rfod.CentredText(r, c, matW/2, slotY+62, "Place your Player token here when you are at this Location", draw.Italic, 9, rfod.Muted)
	}
	if other != "" {
		rfod.CentredText(r, c, matW/2, matH-16, "Other side: "+other+". Flip this mat only when the campaign tells you.", draw.Italic, 7.5, rfod.Muted)
	}
}

// matBand is a band across a mat, from y0 to y1, that content keeps off.
type matBand struct{ y0, y1 float64 }

// matTileBands are the glue strips between the rows of a tiled side.
func matTileBands(pl layout.TilePlan) []matBand {
	var out []matBand
	for _, sm := range pl.Seams {
		if !sm.Vertical {
			out = append(out, matBand{sm.Strip.Y, sm.Strip.Bottom()})
		}
	}
	return out
}

// matSlotTop is the top of a side's card slots: the highest place below
// the side's title where the slots and their caption cross none of the
// bands (the seams of the tiling, the join between the halves), else just
// below the title.
func matSlotTop(bands []matBand) float64 {
	const first, last, step = 52.0, matH - 28 - matCardH - 10, 2.0
	for y := first; y <= last; y += step {
		clear := true
		for _, b := range bands {
			if b.y0 < y+matCardH+12 && b.y1 > y-2 {
				clear = false
			}
		}
		if clear {
			return y
		}
	}
	return first
}

// holdsText says what a side holds: "2 Loot cards", "2 Follower cards".
func holdsText(h map[string]int) string {
	kinds := make([]string, 0, len(h))
	for k := range h {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var parts []string
	for _, k := range kinds {
		n := h[k]
		parts = append(parts, fmt.Sprintf("%d %s %s", n, faceTitleCase(k), rfod.Plural(n, "card", "cards")))
	}
	return strings.Join(parts, " and ")
}

// faceTitleCase capitalises a card kind: "loot" is Loot.
func faceTitleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// drawCardSlot draws a card-sized dashed slot for a face-down card.
func drawCardSlot(r *generator.Renderer, c draw.Canvas, x, y float64, kind string) {
	if !r.InkSaver {
		c.Rect(x, y, matCardW, matCardH, 3, draw.Filled(rfod.Panel))
	}
	pts := [][2]float64{{x, y}, {x + matCardW, y}, {x + matCardW, y + matCardH}, {x, y + matCardH}, {x, y}}
	for j := 1; j < len(pts); j++ {
		generator.DashedLine(c, layout.Point{X: pts[j-1][0], Y: pts[j-1][1]}, layout.Point{X: pts[j][0], Y: pts[j][1]}, rfod.Ink, 0.45)
	}
	rfod.CentredText(r, c, x+matCardW/2, y+matCardH/2-2, strings.ToUpper(kind), draw.Bold, 12, rfod.Muted)
	rfod.CentredText(r, c, x+matCardW/2, y+matCardH/2+5, "face down", draw.Italic, 8, rfod.Muted)
}

// drawCardEdge marks a three-card edge at y: three card widths with ticks
// and a label, for the Location cards laid next to the mat.
func drawCardEdge(r *generator.Renderer, c draw.Canvas, y float64, bottom bool) {
	x := matPad
	for j := range 3 {
		x0 := x + float64(j)*(matCardW+matGap)
		c.Line(x0, y, x0+matCardW, y, rfod.Blood, 0.9)
		dy := 3.0
		if bottom {
			dy = -3
		}
		for _, xx := range []float64{x0, x0 + matCardW} {
			c.Line(xx, y, xx, y+dy, rfod.Blood, 0.9)
		}
	}
	label := "3-CARD EDGE: a Location card laid along this edge is adjacent to the mat"
	ty := y + 6.5
	if bottom {
		ty = y - 4
	}
	rfod.CentredText(r, c, matW/2, ty, label, draw.Regular, 6.5, rfod.Muted)
}
