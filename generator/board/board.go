// Package board prints boards (kind: Board) at true size, and lends its page
// drawing to games' large pieces printed like one (mats, maps).
//
// Each side is drawn once as a PDF template and placed on every page that
// shows part of it. A side that fits the printable area (upright, or turned
// a quarter) prints on one page of its own, centred, with crop marks in the
// waste and a short label where it finds room beside the board: no page map,
// no tile caption. A larger side is tiled (layout.TileBoard): a page map
// first (the tiles, their pages and how to put them together), then one page
// per tile, clipped to it.
//
// A two-sided board whose sides both fit one page prints as one sheet when
// the build prints duplex: side 2 is on the back page, placed like a card
// back (layout.BackOf: mirrored for the flip, turned 180 degrees for a
// short-edge flip, shifted by the back offset) so that it lands behind
// side 1. Without duplex, or when a side is tiled, the sides print on pages
// of their own, not mirrored, to be glued back to back.
package board

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Board colours.
var (
	boardInk    = draw.RGB(0x20, 0x21, 0x24)
	boardPaper  = draw.RGB(0xf6, 0xf3, 0xea) // default background
	Muted       = draw.RGB(0x5f, 0x63, 0x68)
	boardMark   = draw.RGB(0x22, 0x22, 0x22) // alignment marks and cut lines
	boardGlue   = draw.RGB(0xe3, 0xea, 0xf2) // glue strip tint
	boardHatch  = draw.RGB(0x9a, 0xa8, 0xb8)
	boardFrame  = draw.RGB(0xb0, 0xb0, 0xb0)
	boardShadow = draw.RGB(0xdd, 0xdd, 0xdd)
)

// Board geometry, in millimetres unless named pt.
const (
	boardGlueSlack  = 1.0  // art printed beyond the cut line on the page beneath
	boardMarkWidth  = 0.2  // stroke of an alignment mark's circle
	boardMarkArm    = 1.5  // how far a mark's cross reaches beyond its circle
	boardHatchPitch = 2.2  // between the hatch lines of a glue strip
	boardLabelPt    = 6.0  // labels in glue strips and cut strips
	boardCaptionPt  = 7.0  // page caption
	boardJoinsPt    = 9.0  // the side's joins text
	boardTextPt     = 10.0 // default size of free text
	boardMinPt      = 6.0  // smallest size a space's label or note shrinks to: no text prints under 6 pt
	boardInset      = 6.0  // from the side's edge to its joins text
)

// buildBoard plans a board's PDF.
func buildBoard(gr *generator.Renderer, p *schema.Pack, b *schema.Board, opts generator.BuildOptions) []generator.Job {
	r := renderer{gr}
	return []generator.Job{generator.FileJob(b.ID+".pdf", func(w io.Writer) (int, error) {
		return r.WriteBoard(w, p, b, opts.Print)
	})}
}

// indexBoard describes a board's PDF in the kit's index: per side its size,
// its pages and how to assemble them, then how the sides go together.
func indexBoard(_ *generator.Renderer, p *schema.Pack, b *schema.Board, opts generator.PrintOptions) []string {
	var out []string
	plans := make([]layout.TilePlan, len(b.Sides))
	planned := true
	for i, side := range b.Sides {
		pl, err := planSide(side, opts)
		if err != nil {
			planned = false
			continue
		}
		plans[i] = pl
		var line string
		switch {
		case pl.Pages() == 1:
			line = fmt.Sprintf("%s: %s at true size on one page%s, no page map; trim along the crop marks", SideTitle(side, i), SizeText(pl), TurnText(pl))
		default:
			line = fmt.Sprintf("%s: %s at true size, a page map and %s", SideTitle(side, i), SizeText(pl), PagesText(pl))
			if pl.Paired() {
				line += "; cut the two pieces of each page apart through the gap between them"
			}
			line += "; cut along the dashed lines, lay each cut edge on its neighbour's hatched glue strip so the crosshairs meet, glue or tape"
		}
		out = append(out, line)
		if side.Joins != "" {
			out = append(out, "  "+strings.TrimSpace(side.Joins))
		}
	}
	if len(b.Sides) > 1 {
		switch d := boardDuplex(b, plans, opts); {
		case planned && d != layout.NoDuplex:
			out = append(out, fmt.Sprintf("one sheet printed double-sided (flip on the %s edge): side 2 is on the back of side 1, registered behind it", d))
		case planned && boardFitsPages(plans):
			out = append(out, "the sides are printed single-sided, each on a page of its own: trim both and glue side 2 behind side 1")
		default:
			out = append(out, "the sides are printed single-sided: assemble each, then glue them back to back")
		}
	}
	return out
}

// WriteBoard writes a board's PDF: for every copy (b.Count), every side in
// turn: a side that fits the paper on one page, a larger side as a page
// map and then the pages of its tiles at true size.
func (r renderer) WriteBoard(w io.Writer, p *schema.Pack, b *schema.Board, opts generator.PrintOptions) (pages int, err error) {
	return r.WriteDocument(w, p, Title(b), "board "+b.ID, opts, func(doc *draw.PDF) error {
		duplex := layout.NoDuplex // tiles and lone sides are printed one-sided
		if plans, err := boardPlans(b, opts); err == nil {
			duplex = boardDuplex(b, plans, opts)
		}
		doc.SetDuplex(duplex)
		return r.imposeBoard(generator.PDFArtOut(doc), b, opts)
	})
}

// boardPrint is one printed side: what its pages need to know.
type boardPrint struct {
	board *schema.Board
	side  *schema.BoardSide
	index int // of the side
	plan  layout.TilePlan
	copy  int
	first int // page number of the side's page map (of its page if it fits one)
	total int // pages in the file
	opts  generator.PrintOptions
	// role says how a side that fits one page goes with the board's other
	// side; it is unused for tiled sides.
	role Role
}

// boardRole is how a side printed on one page goes with the other side.
type Role int

// Board roles.
const (
	// roleAlone: the board's only side, or a side glued back to back with
	// a tiled one. The zero value: boardRoles starts every side alone.
	//lint:ignore U1000 named for the reader; code relies on the zero value
	roleAlone Role = iota
	// roleFront: side 1 of a sheet printed double-sided.
	RoleFront
	// roleBack: side 2 on the back page of side 1, registered behind it.
	RoleBack
	// roleFirst: side 1 of a two-sided board printed single-sided.
	RoleFirst
	// roleGlued: side 2 printed single-sided, to glue behind side 1.
	RoleGlued
)

// imposeBoard adds every page of the board to out.
func (r renderer) imposeBoard(out generator.ArtOut, b *schema.Board, opts generator.PrintOptions) error {
	if b.Count < 1 || len(b.Sides) == 0 {
		return fmt.Errorf("nothing to print (count %d, %d sides)", b.Count, len(b.Sides))
	}
	plans, err := boardPlans(b, opts)
	if err != nil {
		return err
	}
	duplex := boardDuplex(b, plans, opts)
	roles := boardRoles(b, plans, duplex)
	total := 0
	for _, pl := range plans {
		total += boardSidePages(pl) * b.Count
	}
	arts := make([]generator.PlaceArt, len(b.Sides))
	sides := make([]impose.TiledSide, len(plans))
	for i, pl := range plans {
		sides[i] = impose.TiledSide{Tiles: pl.Pages(), W: pl.Paper.W, H: pl.Paper.H}
	}
	page := 0
	var bp *boardPrint
	impose.Draw(out, impose.Tiles(b.Count, sides, opts.Paper.W, opts.Paper.H), func(c draw.Canvas, pg impose.Page) {
		i, side := pg.Lo, b.Sides[pg.Lo]
		if pg.Tile > 0 {
			for _, k := range bp.plan.OnPageOf(pg.Tile - 1) {
				r.drawTilePage(c, bp, k, arts[i])
			}
			return
		}
		bp = &boardPrint{board: b, side: side, index: i, plan: plans[i], copy: pg.Sheet + 1, first: page + 1, total: total, opts: opts, role: roles[i]}
		if bp.plan.Pages() == 1 {
			// One page, no page map: side 2 of a pair goes behind side 1.
			slot := Slot(bp.plan, opts)
			if bp.role == RoleBack || bp.role == RoleGlued {
				slot = BackSlot(slot, duplex, opts)
			}
			page++
			if arts[i] == nil {
				arts[i] = r.sideArt(out, side, opts.Bleed)
			}
			r.drawSidePage(c, bp, slot, arts[i])
			return
		}
		r.drawBoardMap(c, bp)
		if arts[i] == nil {
			arts[i] = r.sideArt(out, side, opts.Bleed)
		}
		page += 1 + bp.plan.Pages()
	})
	return nil
}

// boardPlan tiles a side on the paper.
func Plan(side *schema.BoardSide, opts generator.PrintOptions) (layout.TilePlan, error) {
	return layout.TileBoard(opts.Paper, opts.Margin, layout.DefaultOverlap, side.Width.MM(), side.Height.MM())
}

// boardPairGap is the gap between the two tiles of a shared tile page, mm.
const boardPairGap = 6.0

// planSide tiles a side of a board: as Plan, or two tiles a page when that
// takes fewer pages (the track boards of Run For Your Life on Letter).
func planSide(side *schema.BoardSide, opts generator.PrintOptions) (layout.TilePlan, error) {
	return layout.TileBoardPaired(opts.Paper, opts.Margin, layout.DefaultOverlap, boardPairGap, side.Width.MM(), side.Height.MM())
}

// boardPlans tiles every side of a board.
func boardPlans(b *schema.Board, opts generator.PrintOptions) ([]layout.TilePlan, error) {
	plans := make([]layout.TilePlan, len(b.Sides))
	for i, side := range b.Sides {
		pl, err := planSide(side, opts)
		if err != nil {
			return nil, fmt.Errorf("side %s: %w", side.ID, err)
		}
		plans[i] = pl
	}
	return plans, nil
}

// boardSidePages is the number of pages a side prints: one when it fits
// the paper, else its page map and its tiles.
func boardSidePages(pl layout.TilePlan) int {
	if pl.Pages() == 1 {
		return 1
	}
	return 1 + pl.Pages()
}

// boardFitsPages reports whether there are two sides and both fit one page.
func boardFitsPages(plans []layout.TilePlan) bool {
	return len(plans) == 2 && plans[0].Pages() == 1 && plans[1].Pages() == 1
}

// boardDuplex is how side 2 of a board goes behind side 1: the build's
// duplex flip when the board has two sides that both fit one page,
// layout.NoDuplex (pages of their own, to glue) otherwise.
func boardDuplex(b *schema.Board, plans []layout.TilePlan, opts generator.PrintOptions) layout.Duplex {
	if len(b.Sides) != 2 || !boardFitsPages(plans) {
		return layout.NoDuplex
	}
	return opts.Duplex // layout.NoDuplex when the build prints single-sided
}

// boardRoles says how each side that fits one page goes with the other.
func boardRoles(b *schema.Board, plans []layout.TilePlan, duplex layout.Duplex) []Role {
	roles := make([]Role, len(b.Sides))
	switch {
	case len(b.Sides) != 2 || !boardFitsPages(plans):
	case duplex != layout.NoDuplex:
		roles[0], roles[1] = RoleFront, RoleBack
	default:
		roles[0], roles[1] = RoleFirst, RoleGlued
	}
	return roles
}

// sideArt draws the side once, with bleed around it.
func (r renderer) sideArt(out generator.ArtOut, side *schema.BoardSide, bleed float64) generator.PlaceArt {
	w, h := side.Width.MM(), side.Height.MM()
	return out.Art(w+2*bleed, h+2*bleed, func(c draw.Canvas) {
		c.Push()
		c.Translate(bleed, bleed)
		r.DrawBoardSide(c, side, bleed)
		c.Pop()
	})
}

// ---- sides on one page ----

// boardSlot is where a side that fits the paper goes on its page: centred
// in the printable area, upright or, when only that fits, turned a quarter
// (its top to the left), with as much of the bleed as the margin leaves.
func Slot(pl layout.TilePlan, opts generator.PrintOptions) layout.Slot {
	w, h, turn := pl.BoardW, pl.BoardH, 0.0
	if pl.Landscape {
		w, h, turn = h, w, 270
	}
	pr := layout.Printable(opts.Paper, opts.Margin)
	trim := layout.Rect{X: pr.X + (pr.W-w)/2, Y: pr.Y + (pr.H-h)/2, W: w, H: h}
	return layout.Slot{Trim: trim, Bleed: boardSlotBleed(trim, pr, opts.Bleed), Turn: turn}
}

// boardBackSlot is where the second side goes, given its own centred slot:
// behind the first side after a duplex flip (layout.BackOf: mirrored for
// the flip, turned like a card back, shifted by the back offset), or where
// it is when the sides print on pages of their own (layout.NoDuplex).
func BackSlot(own layout.Slot, d layout.Duplex, opts generator.PrintOptions) layout.Slot {
	if d == layout.NoDuplex {
		return own
	}
	trim, turn := layout.BackOf(opts.Paper, own.Trim, own.Turn, d, opts.BackOffset)
	return layout.Slot{Trim: trim, Bleed: boardSlotBleed(trim, layout.Printable(opts.Paper, opts.Margin), opts.Bleed), Turn: turn}
}

// boardSlotBleed is the bleed around trim, cut short by the printable area.
func boardSlotBleed(trim, pr layout.Rect, bleed float64) layout.Sides {
	room := func(v float64) float64 { return max(0, min(bleed, v)) }
	return layout.Sides{Top: room(trim.Y - pr.Y), Right: room(pr.Right() - trim.Right()),
		Bottom: room(pr.Bottom() - trim.Bottom()), Left: room(trim.X - pr.X)}
}

// drawSidePage prints a side that fits the paper on a page of its own:
// the art in its slot (clipped to its trim and bleed), crop marks in the
// waste, a label saying what the page is and, where there is room, a
// 100 mm scale bar. Nothing is drawn over the side.
func (r renderer) drawSidePage(page draw.Canvas, bp *boardPrint, slot layout.Slot, art generator.PlaceArt) {
	r.drawSlotPage(page, bp.opts, slot, bp.plan.BoardW, bp.plan.BoardH, art, boardPageLabel(bp))
}

// drawSlotPage prints w x h mm of art (with bleed around it) in its slot
// on a page of its own, as drawSidePage says; each label goes where it
// finds room, in turn.
func (r renderer) drawSlotPage(page draw.Canvas, opts generator.PrintOptions, slot layout.Slot, w, h float64, art generator.PlaceArt, labels ...string) {
	clip := slot.Art()
	cx, cy := slot.Trim.X+slot.Trim.W/2, slot.Trim.Y+slot.Trim.H/2
	page.Push()
	page.ClipRect(clip.X, clip.Y, clip.W, clip.H)
	if slot.Turn != 0 {
		page.Rotate(slot.Turn, cx, cy)
	}
	art(page, cx-w/2-opts.Bleed, cy-h/2-opts.Bleed)
	page.Pop()

	c := r.Surface(page)
	pr := layout.Printable(opts.Paper, opts.Margin)
	marks := layout.SheetMarks(pr, []layout.Slot{slot}, layout.MarkOptions{Crop: opts.CropMarks, CutLines: opts.CutLines})
	generator.DrawMarks(c, marks)
	// The label keeps off the trim (over bleed it sits on white and is cut
	// away), the scale bar off the art too.
	labelAvoid := []layout.Rect{slot.Trim.Inset(-generator.MarkClear)}
	barAvoid := []layout.Rect{clip.Inset(-generator.MarkClear)}
	for _, m := range marks {
		ink := m.InkRect().Inset(-generator.MarkClear)
		labelAvoid = append(labelAvoid, ink)
		barAvoid = append(barAvoid, ink)
	}
	for _, label := range labels {
		box, ok := r.boardLabelRoom(pr, labelAvoid, label)
		r.DrawPageLabel(c, pr, labelAvoid, label)
		if ok {
			labelAvoid = append(labelAvoid, box.Inset(-generator.MarkClear))
			barAvoid = append(barAvoid, box.Inset(-generator.MarkClear))
		}
	}
	if box, ok := layout.FindRoom(pr, barAvoid, generator.ScaleBarLen+2*generator.LabelPad, r.ScaleBarHeight()); ok {
		r.DrawScaleBar(c, box)
	}
}

// boardLabelRoom is where drawPageLabel puts label (the first free box,
// upright or else reading upwards), so that the scale bar keeps off it.
func (r renderer) boardLabelRoom(area layout.Rect, avoid []layout.Rect, label string) (layout.Rect, bool) {
	asc, desc := r.Fonts.Ascent(draw.Regular, generator.LabelPt), r.Fonts.Descent(draw.Regular, generator.LabelPt)
	w, h := r.Fonts.Width(label, draw.Regular, generator.LabelPt)+2*generator.LabelPad, asc+desc+2*generator.LabelPad
	if box, ok := layout.FindRoom(area, avoid, w, h); ok {
		return box, true
	}
	return layout.FindRoom(area, avoid, h, w)
}

// boardPageLabel says what the page of a side that fits the paper is:
// the board and side, the page number, where its back is and how to cut.
func boardPageLabel(bp *boardPrint) string {
	name := Title(bp.board)
	if side := SideTitle(bp.side, bp.index); side != name {
		name += " · " + side
	}
	parts := []string{name}
	if bp.board.Count > 1 {
		parts = append(parts, fmt.Sprintf("copy %d of %d", bp.copy, bp.board.Count))
	}
	parts = append(parts, fmt.Sprintf("page %d of %d", bp.first, bp.total))
	switch bp.role {
	case RoleFront:
		parts = append(parts, fmt.Sprintf("print double-sided (flip on the %s edge): page %d is its back", bp.opts.Duplex, bp.first+1))
	case RoleBack:
		parts = append(parts, fmt.Sprintf("the back of page %d (flip on the %s edge)", bp.first-1, bp.opts.Duplex))
	case RoleFirst:
		parts = append(parts, fmt.Sprintf("page %d is its back", bp.first+1))
	case RoleGlued:
		parts = append(parts, fmt.Sprintf("back of page %d: glue it behind it", bp.first-1))
	default:
		if len(bp.board.Sides) > 1 {
			parts = append(parts, "glue it back to back with the other side")
		}
	}
	parts = append(parts, "print at 100%, trim along the crop marks")
	return strings.Join(parts, " · ")
}

// boardTurnText notes a one-page side turned to fit the paper.
func TurnText(pl layout.TilePlan) string {
	if pl.Landscape {
		return " (turned a quarter to fit)"
	}
	return ""
}

func Title(b *schema.Board) string {
	if b.Name != "" {
		return b.Name
	}
	return b.ID
}

func SideTitle(s *schema.BoardSide, i int) string {
	if s.Name != "" {
		return s.Name
	}
	return fmt.Sprintf("Side %d (%s)", i+1, s.ID)
}

func SizeText(pl layout.TilePlan) string {
	return fmt.Sprintf("%s x %s mm", generator.FormatMM(pl.BoardW), generator.FormatMM(pl.BoardH))
}

func PagesText(pl layout.TilePlan) string {
	if pl.Pages() == 1 {
		return "1 page"
	}
	orient := "portrait"
	if pl.Landscape {
		orient = "landscape"
	}
	rows := "rows"
	if pl.Rows == 1 {
		rows = "row"
	}
	if pl.Paired() {
		return fmt.Sprintf("%d pages (%d %s of %d, two a page, %s %s)", pl.Pages(), pl.Rows, rows, pl.Cols, boardPaperName(pl.Paper), orient)
	}
	return fmt.Sprintf("%d pages (%d %s of %d, %s %s)", pl.Pages(), pl.Rows, rows, pl.Cols, boardPaperName(pl.Paper), orient)
}

func boardPaperName(p layout.Paper) string {
	if p.Name == "a4" {
		return "A4"
	}
	if p.Name == "" {
		return "paper"
	}
	return strings.ToUpper(p.Name[:1]) + p.Name[1:]
}

// ---- tile pages ----

// drawTilePage prints tile k of the side: the art clipped to the tile, the
// glue strips, cut lines and alignment marks, crop marks at the board's
// outer edges and the caption.
func (r renderer) drawTilePage(page draw.Canvas, bp *boardPrint, k int, art generator.PlaceArt) {
	pl, t, bleed := bp.plan, bp.plan.Tiles[k], bp.opts.Bleed
	clip := tileArtClip(pl, k, bleed)
	page.Push()
	page.ClipRect(clip.X, clip.Y, clip.W, clip.H)
	art(page, t.Place.X-t.Region.X-bleed, t.Place.Y-t.Region.Y-bleed)
	page.Pop()
	c := r.Surface(page)
	for _, s := range pl.Seams {
		switch k {
		case s.Under:
			r.drawGlue(c, pl, s)
		case s.Over:
			r.drawCut(c, pl, s, !generator.IsLight(r.sideBackground(bp.side)))
		}
	}
	for _, m := range t.Marks {
		drawAlignMark(c, t.ToPage(m))
	}
	if bp.opts.CropMarks {
		for _, l := range boardCropMarks(pl, k, clip) {
			c.Line(l.X1, l.Y1, l.X2, l.Y2, generator.MarkColor, 0.2)
		}
	}
	r.drawTileCaption(c, bp, k)
}

// tileBottom is the lowest y anything of tile k but its caption may reach.
func tileBottom(pl layout.TilePlan, k int) float64 {
	if t := pl.Tiles[k]; t.Caption.H > 0 {
		return t.Caption.Y
	}
	return pl.Tiles[k].Area.Bottom()
}

// tileArtClip is the part of page k the board art covers: the tile, plus bleed
// at the board's outer edges (inside the printable area), minus the glue
// strips beyond the cut lines of the tiles laid on top of it.
func tileArtClip(pl layout.TilePlan, k int, bleed float64) layout.Rect {
	t := pl.Tiles[k]
	r, pr := t.OnPage(), t.Area
	x0, y0 := max(pr.X, r.X-bleed), max(pr.Y, r.Y-bleed)
	x1, y1 := min(pr.Right(), r.Right()+bleed), min(tileBottom(pl, k), r.Bottom()+bleed)
	if t.Overlap.Left {
		x0 = r.X
	}
	if t.Overlap.Top {
		y0 = r.Y
	}
	for _, s := range pl.Seams {
		if s.Under != k {
			continue
		}
		if cut := t.ToPage(layout.Point{X: s.Cut, Y: s.Cut}); s.Vertical {
			x1 = cut.X + boardGlueSlack
		} else {
			y1 = cut.Y + boardGlueSlack
		}
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// seamSpan is the page rectangle of a seam's strip on one of its tiles.
func seamSpan(pl layout.TilePlan, s layout.Seam, k int) layout.Rect {
	t := pl.Tiles[k]
	o := t.ToPage(layout.Point{X: s.Strip.X, Y: s.Strip.Y})
	return layout.Rect{X: o.X, Y: o.Y, W: s.Strip.W, H: s.Strip.H}
}

// cutOnPage is the page coordinate (x for vertical seams, y otherwise) of
// a seam's cut line on tile k.
func cutOnPage(pl layout.TilePlan, s layout.Seam, k int) float64 {
	p := pl.Tiles[k].ToPage(layout.Point{X: s.Cut, Y: s.Cut})
	if s.Vertical {
		return p.X
	}
	return p.Y
}

// seamLabelSpots are the points along a seam between its marks, where its
// labels go, as distances along the strip in board coordinates.
func seamLabelSpots(s layout.Seam) []float64 {
	var out []float64
	for i := 1; i < len(s.Marks); i++ {
		a, b := s.Marks[i-1], s.Marks[i]
		if s.Vertical {
			out = append(out, (a.Y+b.Y)/2)
		} else {
			out = append(out, (a.X+b.X)/2)
		}
	}
	return out
}

// drawGlue tints and hatches the glue strip of the page beneath, the part
// of the shared strip beyond the cut line, and labels it.
func (r renderer) drawGlue(c draw.Canvas, pl layout.TilePlan, s layout.Seam) {
	area := seamSpan(pl, s, s.Under)
	cut := cutOnPage(pl, s, s.Under) + boardGlueSlack
	if s.Vertical {
		area.W, area.X = area.Right()-cut, cut
	} else {
		area.H, area.Y = area.Bottom()-cut, cut
	}
	if !r.InkSaver {
		c.Rect(area.X, area.Y, area.W, area.H, 0, draw.Filled(boardGlue))
	}
	hatchRect(c, area)
	text := "GLUE · " + pl.Tiles[s.Over].Label + " goes on top"
	for _, at := range seamLabelSpots(s) {
		p := pl.Tiles[s.Under].ToPage(layout.Point{X: at, Y: at})
		if s.Vertical {
			r.stripLabel(c, area.X+area.W/2, p.Y, text, true, false)
		} else {
			r.stripLabel(c, p.X, area.Y+area.H/2, text, false, false)
		}
	}
}

// hatchRect fills a rectangle with thin diagonal lines.
func hatchRect(c draw.Canvas, a layout.Rect) {
	c.Push()
	c.ClipRect(a.X, a.Y, a.W, a.H)
	for d := -a.H; d < a.W; d += boardHatchPitch {
		c.Line(a.X+d, a.Bottom(), a.X+d+a.H, a.Y, boardHatch, 0.15)
	}
	c.Pop()
}

// drawCut draws the dashed cut line of the page laid on top, from end to
// end of the tile and into the white margin, with labels in the strip cut
// away. On dark art the line gets a white halo; on light art it has none,
// so no white hairline is left along the seam once the page is cut.
func (r renderer) drawCut(c draw.Canvas, pl layout.TilePlan, s layout.Seam, halo bool) {
	t := pl.Tiles[s.Over]
	span, pr := t.OnPage(), t.Area
	cut := cutOnPage(pl, s, s.Over)
	ext := 8.0
	var a, b layout.Point
	if s.Vertical {
		a = layout.Point{X: cut, Y: max(pr.Y, span.Y-ext)}
		b = layout.Point{X: cut, Y: min(tileBottom(pl, s.Over), span.Bottom()+ext)}
	} else {
		a = layout.Point{X: max(pr.X, span.X-ext), Y: cut}
		b = layout.Point{X: min(pr.Right(), span.Right()+ext), Y: cut}
	}
	if halo {
		c.Line(a.X, a.Y, b.X, b.Y, draw.White, 0.7)
	}
	generator.DashedLine(c, a, b, boardMark, 0.3)
	text := "cut · lay on " + pl.Tiles[s.Under].Label
	strip := seamSpan(pl, s, s.Over)
	for _, at := range seamLabelSpots(s) {
		p := t.ToPage(layout.Point{X: at, Y: at})
		if s.Vertical {
			r.stripLabel(c, (strip.X+cut)/2, p.Y, text, true, true)
		} else {
			r.stripLabel(c, p.X, (strip.Y+cut)/2, text, false, true)
		}
	}
}

// stripLabel draws a small label on a white pill centred at (cx, cy),
// reading upwards when vertical, with scissors before it when cut is set.
func (r renderer) stripLabel(c draw.Canvas, cx, cy float64, text string, vertical, cut bool) {
	tw := r.Fonts.Width(text, draw.Bold, boardLabelPt)
	icon := 0.0
	if cut {
		icon = 4.2
	}
	w, h := tw+icon+2.4, 3.4
	if vertical {
		c.Push()
		c.Rotate(-90, cx, cy)
	}
	c.Rect(cx-w/2, cy-h/2, w, h, h/2, draw.Filled(draw.White))
	x := cx - w/2 + 1.2
	if cut {
		drawScissors(c, x+1.6, cy)
		x += icon
	}
	c.Text(generator.Round2(x), generator.Round2(cy+r.Fonts.CapHeight(draw.Bold, boardLabelPt)/2), text, draw.Bold, boardLabelPt, boardMark)
	if vertical {
		c.Pop()
	}
}

// drawScissors draws small scissors centred at (x, y), blades to the right.
func drawScissors(c draw.Canvas, x, y float64) {
	st := draw.Stroked(boardMark, 0.25)
	c.Ellipse(x-1.9, y-1.45, 1.3, 1.3, st)
	c.Ellipse(x-1.9, y+0.15, 1.3, 1.3, st)
	c.Line(x-0.75, y-0.55, x+2.0, y+0.75, boardMark, 0.3)
	c.Line(x-0.75, y+0.55, x+2.0, y-0.75, boardMark, 0.3)
}

// drawAlignMark draws a crosshair in a circle centred at p, on a thin
// white halo so it shows on dark art.
func drawAlignMark(c draw.Canvas, p layout.Point) {
	rad, arm := layout.MarkRadius, layout.MarkRadius+boardMarkArm
	c.Ellipse(p.X-rad, p.Y-rad, 2*rad, 2*rad, draw.Stroked(draw.White, 0.6))
	c.Line(p.X-arm, p.Y, p.X+arm, p.Y, draw.White, 0.5)
	c.Line(p.X, p.Y-arm, p.X, p.Y+arm, draw.White, 0.5)
	c.Ellipse(p.X-rad, p.Y-rad, 2*rad, 2*rad, draw.Stroked(boardMark, boardMarkWidth))
	c.Line(p.X-arm, p.Y, p.X+arm, p.Y, boardMark, 0.15)
	c.Line(p.X, p.Y-arm, p.X, p.Y+arm, boardMark, 0.15)
}

// boardCropMarks are the marks at the ends of the board's outer edges on
// page k: each continues its edge beyond the art, inside the printable area
// and above the caption.
func boardCropMarks(pl layout.TilePlan, k int, art layout.Rect) []layout.Line {
	t := pl.Tiles[k]
	r, pr := t.OnPage(), t.Area
	lo, hi := min(art.X, r.X), max(art.Right(), r.Right())
	top, bottom := min(art.Y, r.Y), max(art.Bottom(), r.Bottom())
	var out []layout.Line
	tick := func(from, dir, limit float64, mk func(a, b float64) layout.Line) {
		a := from + dir*layout.MarkGap
		b := a + dir*layout.MarkLength
		if dir < 0 {
			b = max(b, limit)
		} else {
			b = min(b, limit)
		}
		if math.Abs(b-a) >= layout.MinMarkLength-1e-9 {
			out = append(out, mk(a, b))
		}
	}
	horiz := func(y float64) {
		tick(lo, -1, pr.X, func(a, b float64) layout.Line { return layout.Line{X1: a, Y1: y, X2: b, Y2: y} })
		tick(hi, 1, pr.Right(), func(a, b float64) layout.Line { return layout.Line{X1: a, Y1: y, X2: b, Y2: y} })
	}
	vert := func(x float64) {
		tick(top, -1, pr.Y, func(a, b float64) layout.Line { return layout.Line{X1: x, Y1: a, X2: x, Y2: b} })
		tick(bottom, 1, tileBottom(pl, k), func(a, b float64) layout.Line { return layout.Line{X1: x, Y1: a, X2: x, Y2: b} })
	}
	if !t.Overlap.Top {
		horiz(r.Y)
	}
	if !t.Overlap.Bottom {
		horiz(r.Bottom())
	}
	if !t.Overlap.Left {
		vert(r.X)
	}
	if !t.Overlap.Right {
		vert(r.Right())
	}
	return out
}

// neighbourHints names the tiles around tile k: "A1 above · B2 right".
func neighbourHints(pl layout.TilePlan, k int) string {
	t := pl.Tiles[k]
	var hints []string
	for _, n := range []struct {
		dr, dc int
		where  string
	}{{-1, 0, "above"}, {0, -1, "left"}, {0, 1, "right"}, {1, 0, "below"}} {
		if j := pl.At(t.Row+n.dr, t.Col+n.dc); j >= 0 {
			hints = append(hints, pl.Tiles[j].Label+" "+n.where)
		}
	}
	if len(hints) == 0 {
		return "one page: trim along the crop marks"
	}
	return strings.Join(hints, " · ")
}

// drawTileCaption writes the page's caption: tile label, page number, the
// board and side, the neighbours and a small locator grid.
func (r renderer) drawTileCaption(c draw.Canvas, bp *boardPrint, k int) {
	pl := bp.plan
	band := pl.Tiles[k].Caption
	if band.H <= 0 {
		return
	}
	base := generator.Round2(band.Y + band.H/2 + r.Fonts.CapHeight(draw.Regular, boardCaptionPt)/2)
	label := pl.Tiles[k].Label
	c.Text(band.X, base, label, draw.Bold, 9, boardInk)
	x := band.X + r.Fonts.Width(label, draw.Bold, 9) + 2
	pageText := fmt.Sprintf("page %d of %d", bp.first+1+pl.Tiles[k].Page, bp.total)
	c.Text(generator.Round2(x), base, pageText, draw.Regular, boardCaptionPt, boardInk)
	x += r.Fonts.Width(pageText, draw.Regular, boardCaptionPt) + 4

	grid := r.drawLocator(c, pl, k, band)
	hints := neighbourHints(pl, k)
	hx := grid - 3 - r.Fonts.Width(hints, draw.Bold, boardCaptionPt)
	c.Text(generator.Round2(hx), base, hints, draw.Bold, boardCaptionPt, boardInk)

	name := Title(bp.board) + " · " + SideTitle(bp.side, bp.index)
	if bp.board.Count > 1 {
		name += fmt.Sprintf(" · copy %d of %d", bp.copy, bp.board.Count)
	}
	name = r.ClipText(name, draw.Regular, boardCaptionPt, hx-4-x)
	c.Text(generator.Round2(x), base, name, draw.Regular, boardCaptionPt, Muted)
}

// drawLocator draws the tile grid at the caption's right end with tile k
// filled, and returns its left edge.
func (r renderer) drawLocator(c draw.Canvas, pl layout.TilePlan, k int, band layout.Rect) float64 {
	cell := min(2.4, (band.H-2)/float64(pl.Rows), 40/float64(pl.Cols))
	x0 := band.Right() - cell*float64(pl.Cols) - 0.1 // inside its stroke
	y0 := band.Y + (band.H-cell*float64(pl.Rows))/2
	for _, t := range pl.Tiles {
		st := draw.Stroked(Muted, 0.12)
		if t.Row == pl.Tiles[k].Row && t.Col == pl.Tiles[k].Col {
			st.Fill = &boardInk
		}
		c.Rect(x0+float64(t.Col)*cell, y0+float64(t.Row)*cell, cell, cell, 0, st)
	}
	return x0
}

// ---- page map ----

// drawBoardMap draws the side's page map: a miniature of the side with its
// tiles and their pages, how to assemble them, the side's joins text and a
// 100 mm bar to check the print scale.
func (r renderer) drawBoardMap(page draw.Canvas, bp *boardPrint) {
	c := r.Surface(page)
	pw, ph := bp.opts.Paper.W, bp.opts.Paper.H
	m := max(bp.opts.Margin, layout.DefaultMargin) + 6
	x0, x1 := m, pw-m
	y := m + 5
	title := Title(bp.board)
	c.Text(x0, y, r.ClipText(title, draw.Bold, 16, x1-x0), draw.Bold, 16, boardInk)
	y += 7
	c.Text(x0, y, r.ClipText(SideTitle(bp.side, bp.index), draw.Bold, 11, x1-x0), draw.Bold, 11, boardInk)
	y += 5.5
	c.Text(x0, y, r.ClipText(r.mapSubtitle(bp), draw.Regular, 8, x1-x0), draw.Regular, 8, Muted)
	y += 5
	// The miniature takes the room the text below it leaves.
	textH := r.drawMapText(draw.Discard(), bp, x0, x1, 0)
	area := layout.Rect{X: x0, Y: y, W: x1 - x0, H: max(40, ph-m-12-textH-10-y)}
	bottom := r.drawMiniature(page, c, bp, area)
	r.drawMapText(c, bp, x0, x1, bottom+10)
	drawBoardScaleBar(c, r, x0, ph-m)
}

// mapSubtitle summarises the side's print: size, pages, their numbers.
func (r renderer) mapSubtitle(bp *boardPrint) string {
	pl := bp.plan
	s := fmt.Sprintf("Page map · %s at true size · %s · ", SizeText(pl), PagesText(pl))
	if pl.Pages() == 1 {
		s += fmt.Sprintf("page %d", bp.first+1)
	} else {
		s += fmt.Sprintf("pages %d–%d", bp.first+1, bp.first+pl.Pages())
	}
	s += fmt.Sprintf(" of %d", bp.total)
	if bp.board.Count > 1 {
		s += fmt.Sprintf(" · copy %d of %d", bp.copy, bp.board.Count)
	}
	return s
}

// Page map geometry: text in the miniature smaller than mapTextMinPt
// once scaled is left out (no text of a kit prints under 6 pt; the tile
// pages show it at true size), and a tile's badge sits mapBadgeGap mm
// outside the miniature, beside the tile.
const (
	mapTextMinPt = 6.0
	mapBadgeGap  = 1.5
)

// drawMiniature draws the side scaled into area, with its tiles, and
// returns the miniature's bottom (its badges included). The side's shapes
// go first, the tiles' outlines over them, then the side's text, so that
// a number on a seam is not cut by the outline; each tile's badge (label
// and page) sits outside the miniature beside the tile, where it covers
// no space: left of the first column, right of the last, above or below
// a middle column's first or last row, and only inside for a tile the
// others surround.
func (r renderer) drawMiniature(page, c draw.Canvas, bp *boardPrint, area layout.Rect) float64 {
	pl := bp.plan
	bw, bh := r.badgeSize(bp)
	padX, padY := bw+mapBadgeGap, 0.0
	if pl.Cols > 2 {
		padY = bh + mapBadgeGap
	}
	inner := layout.Rect{X: area.X + padX, Y: area.Y + padY, W: max(1, area.W-2*padX), H: max(1, area.H-2*padY)}
	s := min(inner.W/pl.BoardW, inner.H/pl.BoardH)
	w, h := pl.BoardW*s, pl.BoardH*s
	ox, oy := inner.X+(inner.W-w)/2, inner.Y+(inner.H-h)/2
	if !r.InkSaver {
		c.Rect(ox+0.8, oy+0.8, w, h, 0, draw.Filled(boardShadow))
	}
	side := func(pass draw.Canvas) {
		page.Push()
		page.ClipRect(ox, oy, w, h)
		r.DrawBoardSide(draw.Scaled(pass, s, ox, oy), bp.side, 0)
		page.Pop()
	}
	side(draw.Shapes(page))
	c.Rect(ox, oy, w, h, 0, draw.Stroked(boardFrame, 0.2))
	for k := range pl.Tiles {
		v := tileVisiblePart(pl, k)
		vr := layout.Rect{X: ox + v.X*s, Y: oy + v.Y*s, W: v.W * s, H: v.H * s}
		c.Rect(vr.X, vr.Y, vr.W, vr.H, 0, draw.Stroked(draw.White, 1.1))
		c.Rect(vr.X, vr.Y, vr.W, vr.H, 0, draw.Stroked(boardInk, 0.35))
	}
	side(draw.TextOnly(page, mapTextMinPt))
	bottom := oy + h
	for k, t := range pl.Tiles {
		v := tileVisiblePart(pl, k)
		cx, cy := ox+(v.X+v.W/2)*s, oy+(v.Y+v.H/2)*s
		switch {
		case t.Col == 0:
			cx = ox - mapBadgeGap - bw/2
		case t.Col == pl.Cols-1:
			cx = ox + w + mapBadgeGap + bw/2
		case t.Row == 0:
			cy = oy - mapBadgeGap - bh/2
		case t.Row == pl.Rows-1:
			cy = oy + h + mapBadgeGap + bh/2
			bottom = max(bottom, cy+bh/2)
		}
		r.tileBadge(c, cx, cy, bw, bh, t.Label, fmt.Sprintf("page %d", bp.first+1+t.Page))
	}
	return bottom
}

// tileVisiblePart is the part of the board tile k shows once assembled: its
// region up to the cut lines it shares with its neighbours.
func tileVisiblePart(pl layout.TilePlan, k int) layout.Rect {
	r := pl.Tiles[k].Region
	x0, y0, x1, y1 := r.X, r.Y, r.Right(), r.Bottom()
	for _, s := range pl.Seams {
		switch {
		case s.Over == k && s.Vertical:
			x0 = s.Cut
		case s.Over == k:
			y0 = s.Cut
		case s.Under == k && s.Vertical:
			x1 = s.Cut
		case s.Under == k:
			y1 = s.Cut
		}
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// Tile badge type: the tile's label over its page.
const (
	badgeLabelPt = 12.0
	badgePagePt  = 7.0
)

// badgeSize is the size of the side's tile badges: one size for all, wide
// enough for the widest.
func (r renderer) badgeSize(bp *boardPrint) (w, h float64) {
	for k, t := range bp.plan.Tiles {
		lw := r.Fonts.Width(t.Label, draw.Bold, badgeLabelPt)
		pw := r.Fonts.Width(fmt.Sprintf("page %d", bp.first+1+k), draw.Regular, badgePagePt)
		w = max(w, lw, pw)
	}
	return generator.Round2(w + 5), 10.5
}

// tileBadge labels a tile on the page map: a w x h badge centred at
// (cx, cy).
func (r renderer) tileBadge(c draw.Canvas, cx, cy, w, h float64, label, page string) {
	lw, pw := r.Fonts.Width(label, draw.Bold, badgeLabelPt), r.Fonts.Width(page, draw.Regular, badgePagePt)
	c.Rect(cx-w/2, cy-h/2, w, h, 1.5, draw.Style{Fill: &draw.White, Stroke: &boardInk, Width: 0.25})
	c.Text(generator.Round2(cx-lw/2), generator.Round2(cy+0.4), label, draw.Bold, badgeLabelPt, boardInk)
	c.Text(generator.Round2(cx-pw/2), generator.Round2(cy+3.9), page, draw.Regular, badgePagePt, Muted)
}

// drawMapText writes the assembly steps, the legend and the joins text
// from y down and returns where it stopped.
func (r renderer) drawMapText(c draw.Canvas, bp *boardPrint, x0, x1, y float64) float64 {
	colW := (x1 - x0) * 0.6
	c.Text(x0, y, "How to assemble", draw.Bold, 11, boardInk)
	left := y + 4
	for i, step := range boardSteps(bp) {
		num := fmt.Sprintf("%d.", i+1)
		c.Text(x0, generator.Round2(left+r.Fonts.Ascent(draw.Regular, 9)), num, draw.Bold, 9, boardInk)
		st := typeset.Style{Font: draw.Regular, Size: 9, LineHeight: 1.25}
		block := typeset.Layout(r.Fonts, step, st, colW-6, 1000)
		typeset.Draw(r.Fonts, c, block, x0+6, left, colW-6, block.Height, boardInk, draw.White)
		left += block.Height + 2.5
	}
	lx := x0 + colW + 8
	right := r.drawLegend(c, lx, x1, y)
	if bp.side.Joins != "" {
		c.Text(lx, right+4, "Joins", draw.Bold, 11, boardInk)
		st := typeset.Style{Font: draw.Italic, Size: 9, LineHeight: 1.25}
		block := typeset.Layout(r.Fonts, bp.side.Joins, st, x1-lx, 1000)
		typeset.Draw(r.Fonts, c, block, lx, right+8, x1-lx, block.Height, boardInk, draw.White)
		right += 8 + block.Height
	}
	return max(left, right)
}

// boardSteps are the assembly instructions of a side.
func boardSteps(bp *boardPrint) []string {
	pl := bp.plan
	steps := []string{`Print every page at 100% ("actual size", not "fit to page"), single-sided. The bar at the bottom of this page must measure 100 mm.`}
	if pl.Pages() == 1 {
		steps = append(steps, "Trim the board along the crop marks.")
	} else {
		steps = append(steps,
			"Lay the pages out as in the map: "+tileLayoutHint(pl)+".",
			cutStep(pl),
			"Lay each cut edge on the hatched glue strip of the page it names, so that the half crosshairs on the edge meet the halves printed beneath. Glue or tape it down. Join each row from left to right, then the rows from top to bottom.")
	}
	if len(bp.board.Sides) > 1 {
		steps = append(steps, "Each side is printed on its own pages and is not mirrored: assemble both sides, then glue them back to back (or each onto card).")
	}
	return steps
}

// cutStep is the step that cuts the pages.
func cutStep(pl layout.TilePlan) string {
	if pl.Paired() {
		return "Cut each page into its two pieces through the gap between them; then cut every piece along its dashed cut lines (marked cut), and trim the board's outer edge along the crop marks."
	}
	return "Cut every page along its dashed cut lines (marked cut), and trim the board's outer edge along the crop marks."
}

func tileLayoutHint(pl layout.TilePlan) string {
	parts := []string{"A1 at the top left"}
	if pl.Cols > 1 {
		parts = append(parts, "A2 to its right")
	}
	if pl.Rows > 1 {
		parts = append(parts, "B1 below it")
	}
	return strings.Join(parts, ", ")
}

// drawLegend explains the marks of the tile pages; it returns its bottom.
func (r renderer) drawLegend(c draw.Canvas, x, x1, y float64) float64 {
	c.Text(x, y, "On the pages", draw.Bold, 11, boardInk)
	row := func(y float64, text string) {
		block := typeset.Layout(r.Fonts, text, typeset.Style{Font: draw.Regular, Size: 8, LineHeight: 1.2}, x1-x-18, 12)
		typeset.Draw(r.Fonts, c, block, x+18, y-3, x1-x-18, 12, boardInk, draw.White)
	}
	y += 8
	c.Line(x, y, x+14, y, draw.White, 0.9)
	generator.DashedLine(c, layout.Point{X: x, Y: y}, layout.Point{X: x + 14, Y: y}, boardMark, 0.3)
	drawScissors(c, x+4, y-2.6)
	row(y, "cut line: cut along it")
	y += 11
	glue := layout.Rect{X: x, Y: y - 3, W: 14, H: 6}
	if !r.InkSaver {
		c.Rect(glue.X, glue.Y, glue.W, glue.H, 0, draw.Filled(boardGlue))
	}
	hatchRect(c, glue)
	row(y, "glue strip: the named page goes on top")
	y += 11
	drawAlignMark(c, layout.Point{X: x + 7, Y: y})
	row(y, "alignment mark: the halves on both pages must meet")
	return y + 6
}

// drawBoardScaleBar draws a 100 mm bar with its baseline at y.
func drawBoardScaleBar(c draw.Canvas, r renderer, x, y float64) {
	c.Line(x, y, x+100, y, boardInk, 0.3)
	for i := 0; i <= 10; i++ {
		tick := 1.5
		if i%5 == 0 {
			tick = 3
		}
		c.Line(x+float64(i)*10, y, x+float64(i)*10, y-tick, boardInk, 0.2)
	}
	c.Text(x+103, generator.Round2(y), "100 mm: measure this bar to check the print scale", draw.Regular, 8, boardInk)
}

// ---- the side ----

// DrawBoardSide draws a board side at true size with its top-left corner
// at the origin: background (reaching bleed beyond the edge), the path
// between spaces, the spaces, free texts and the joins text.
func (r renderer) DrawBoardSide(c draw.Canvas, side *schema.BoardSide, bleed float64) {
	c = r.Surface(c)
	w, h := side.Width.MM(), side.Height.MM()
	bg := r.sideBackground(side)
	c.Rect(-bleed, -bleed, w+2*bleed, h+2*bleed, 0, draw.Filled(bg))
	centres := side.SpaceCentres()
	if side.Path {
		r.drawBoardPath(c, side, centres, bg)
	}
	for i, sp := range side.Spaces {
		r.drawSpace(c, r.layoutSpace(side, sp, centres[i]))
	}
	for _, t := range side.Texts {
		r.drawBoardText(c, side, t, bg)
	}
	if side.Joins != "" {
		box, block := r.joinsBlock(side)
		typeset.Draw(r.Fonts, c, block, box.X, box.Y, box.W, box.H, r.sideInk(side, bg), bg)
	}
}

func (r renderer) sideBackground(side *schema.BoardSide) draw.Color {
	if r.InkSaver {
		return draw.White
	}
	return draw.ColorOr(side.Background, boardPaper)
}

// sideInk is the colour of the side's spaces and text, dark on light paper.
func (r renderer) sideInk(side *schema.BoardSide, paper draw.Color) draw.Color {
	ink := draw.ColorOr(side.Space.Ink, boardInk)
	if r.InkSaver && generator.IsLight(ink) && generator.IsLight(paper) {
		return boardInk
	}
	return ink
}

// drawBoardPath joins each space to the next with a band under the spaces.
func (r renderer) drawBoardPath(c draw.Canvas, side *schema.BoardSide, centres [][2]float64, bg draw.Color) {
	if len(centres) < 2 {
		return
	}
	stroke := draw.ColorOr(side.Space.Stroke, boardInk)
	width, col := 0.3*side.SpaceSize(&schema.Space{}), generator.Blend(bg, stroke, 0.22)
	if r.InkSaver {
		width, col = 0.8, draw.RGB(0x99, 0x99, 0x99)
	}
	for i := 1; i < len(centres); i++ {
		a, b := centres[i-1], centres[i]
		c.Line(a[0], a[1], b[0], b[1], col, width)
	}
	for _, p := range centres {
		c.Ellipse(p[0]-width/2, p[1]-width/2, width, width, draw.Filled(col))
	}
}

// spaceLayout is where the parts of a space go.
type spaceLayout struct {
	sp           *schema.Space
	cx, cy, size float64
	round        bool
	fill, stroke draw.Color
	ink          draw.Color
	// title is the number, or the label when there is none, centred.
	title        string
	titleIsLabel bool
	titleFont    draw.FontStyle
	titlePt      float64
	titleBase    float64
	// top and bottom are the extent of the title (or the lone icon row).
	top, bottom float64
	icons       layout.Rect
	label, note *typeset.Block
	labelBox    layout.Rect
	noteBox     layout.Rect
}

// layoutSpace places the icons, the number (or the label) and the note of
// a space: the number large in the middle, icons above it, label and note
// below, each as wide as the space allows at its height.
func (r renderer) layoutSpace(side *schema.BoardSide, sp *schema.Space, centre [2]float64) spaceLayout {
	s := side.SpaceSize(sp)
	l := spaceLayout{sp: sp, cx: centre[0], cy: centre[1], size: s, round: side.Space.Shape != "square"}
	l.fill = draw.ColorOr(sp.Fill, draw.ColorOr(side.Space.Fill, draw.White))
	l.stroke = draw.ColorOr(side.Space.Stroke, boardInk)
	l.ink = r.sideInk(side, l.fill)
	gap := 0.04 * s
	l.layoutTitle(r)
	if len(sp.Icons) > 0 {
		hi := 0.19 * s
		if l.title == "" {
			l.icons = layout.Rect{Y: l.cy - hi/2, H: hi}
			l.top, l.bottom = l.icons.Y, l.icons.Bottom()
		} else {
			l.icons = layout.Rect{Y: l.top - gap - hi, H: hi}
		}
		w := l.widthAt(l.icons.Y, l.icons.Bottom())
		l.icons.X, l.icons.W = l.cx-w/2, w
	}
	y := l.bottom + gap
	if sp.Label != "" && !l.titleIsLabel {
		st := typeset.Style{Font: draw.Bold, Size: generator.Round2(boardClamp(0.2*s, boardMinPt, 14)), MinSize: boardMinPt, Align: "center"}
		l.label, l.labelBox = r.spaceText(l, sp.Label, st, y, 1)
		y = l.labelBox.Bottom() + gap/2
	}
	if sp.Note != "" {
		st := typeset.Style{Font: draw.Italic, Size: generator.Round2(boardClamp(0.15*s, boardMinPt, 9)), MinSize: boardMinPt, Align: "center"}
		l.note, l.noteBox = r.spaceText(l, sp.Note, st, y, 2)
	}
	return l
}

func boardClamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

// layoutTitle sizes the number (or, without one, the label) to sit
// centred in the space.
func (l *spaceLayout) layoutTitle(r renderer) {
	s, sp := l.size, l.sp
	switch {
	case sp.Number != nil:
		l.title, l.titleFont = strconv.Itoa(*sp.Number), draw.Bold
		capH := 0.26 * s
		if len(sp.Icons) == 0 && sp.Label == "" && sp.Note == "" {
			capH = 0.34 * s
		}
		l.titlePt = capH / r.Fonts.CapHeight(draw.Bold, 1)
	case sp.Label != "":
		l.title, l.titleFont, l.titleIsLabel = sp.Label, draw.Bold, true
		l.titlePt = boardClamp(0.3*s, boardMinPt, 28)
	default:
		l.top, l.bottom = l.cy, l.cy
		return
	}
	for l.titlePt > boardMinPt {
		capH := r.Fonts.CapHeight(l.titleFont, l.titlePt)
		if r.Fonts.Width(l.title, l.titleFont, l.titlePt) <= 0.9*l.widthAt(l.cy-capH/2, l.cy+capH/2) {
			break
		}
		l.titlePt = max(boardMinPt, l.titlePt-0.25)
	}
	l.titlePt = generator.Round2(l.titlePt)
	capH := r.Fonts.CapHeight(l.titleFont, l.titlePt)
	l.top, l.bottom = l.cy-capH/2, l.cy+capH/2
	l.titleBase = generator.Round2(l.cy + capH/2)
}

// titleFits reports whether the title (a label without a number) fits.
func (l *spaceLayout) titleFits(r renderer) bool {
	capH := r.Fonts.CapHeight(l.titleFont, l.titlePt)
	return r.Fonts.Width(l.title, l.titleFont, l.titlePt) <= 0.9*l.widthAt(l.cy-capH/2, l.cy+capH/2)+1e-6
}

// fits reports whether the space's texts fit it.
func (l *spaceLayout) fits(r renderer) bool {
	return !(l.titleIsLabel && !l.titleFits(r)) && (l.label == nil || l.label.Fits) && (l.note == nil || l.note.Fits)
}

// widthAt is how wide a line between y0 and y1 may be inside the space.
func (l *spaceLayout) widthAt(y0, y1 float64) float64 {
	pad := 0.08 * l.size
	if !l.round {
		return l.size - 2*pad
	}
	rad := l.size / 2
	d := max(math.Abs(y0-l.cy), math.Abs(y1-l.cy))
	if d >= rad {
		return 0
	}
	return max(0, 2*math.Sqrt(rad*rad-d*d)-2*pad)
}

// spaceText sets text of a space in a box of the given lines from y.
func (r renderer) spaceText(l spaceLayout, text string, st typeset.Style, y float64, lines int) (*typeset.Block, layout.Rect) {
	lineH := st.Size * 1.15 * draw.PtMM
	h := float64(lines-1)*lineH + r.Fonts.Ascent(st.Font, st.Size) + r.Fonts.Descent(st.Font, st.Size)
	w := l.widthAt(y, y+h)
	box := layout.Rect{X: l.cx - w/2, Y: y, W: w, H: h}
	if w < 1 {
		return &typeset.Block{Fits: false, Overflow: "there is no room left in the space"}, box
	}
	b := typeset.Layout(r.Fonts, text, st, w, h)
	return &b, box
}

// drawSpace draws one space: its shape, icons, number, label and note.
func (r renderer) drawSpace(c draw.Canvas, l spaceLayout) {
	s := l.size
	fill, paper := l.fill, l.fill
	if r.InkSaver {
		fill, paper = draw.White, draw.White
	}
	st := draw.Style{Fill: &fill, Stroke: &l.stroke, Width: max(0.35, 0.012*s)}
	r.spaceShape(c, l, 0, st)
	if r.InkSaver && l.fill != draw.White {
		r.spaceShape(c, l, 1.4, draw.Stroked(l.fill, 1.6))
	}
	if !l.fits(r) {
		// Validate reports it (text/overflow); the build clips it.
		c.Push()
		c.ClipRect(l.cx-s/2, l.cy-s/2, s, s)
		defer c.Pop()
	}
	if len(l.sp.Icons) > 0 {
		drawSpaceIcons(c, l.sp.Icons, l.icons, l.ink, paper)
	}
	if l.title != "" {
		x := l.cx - r.Fonts.Width(l.title, l.titleFont, l.titlePt)/2
		c.Text(generator.Round2(x), l.titleBase, l.title, l.titleFont, l.titlePt, l.ink)
	}
	for _, t := range []struct {
		b   *typeset.Block
		box layout.Rect
	}{{l.label, l.labelBox}, {l.note, l.noteBox}} {
		if t.b != nil && len(t.b.Lines) > 0 {
			typeset.Draw(r.Fonts, c, *t.b, t.box.X, t.box.Y, t.box.W, t.box.H, l.ink, paper)
		}
	}
}

// spaceShape draws the space's outline, inset by d.
func (r renderer) spaceShape(c draw.Canvas, l spaceLayout, d float64, st draw.Style) {
	s := l.size - 2*d
	if l.round {
		c.Ellipse(l.cx-s/2, l.cy-s/2, s, s, st)
		return
	}
	c.Rect(l.cx-s/2, l.cy-s/2, s, s, max(0, 0.06*l.size-d), st)
}

// drawSpaceIcons centres a row of icons in the box.
func drawSpaceIcons(c draw.Canvas, names []string, box layout.Rect, ink, paper draw.Color) {
	n := float64(len(names))
	gap := 0.2
	size := min(box.H, box.W/(n+(n-1)*gap))
	x := box.X + (box.W-(n*size+(n-1)*gap*size))/2
	y := box.Y + (box.H-size)/2
	for _, name := range names {
		icons.Draw(c, name, x, y, size, ink, paper)
		x += size * (1 + gap)
	}
}

// boardTextBlock sets a free text of a side in its box.
func (r renderer) boardTextBlock(t *schema.BoardText) typeset.Block {
	size := t.Size.Pt()
	if size == 0 {
		size = boardTextPt
	}
	st := typeset.Style{Font: r.Fonts.Style(t.Font), Size: generator.Round2(size), Align: t.Align}
	return typeset.Layout(r.Fonts, t.Text, st, t.W.MM(), t.H.MM())
}

// drawBoardText draws a free text, turned about its box's centre.
func (r renderer) drawBoardText(c draw.Canvas, side *schema.BoardSide, t *schema.BoardText, bg draw.Color) {
	if strings.TrimSpace(t.Text) == "" {
		return
	}
	ink := draw.ColorOr(t.Color, r.sideInk(side, bg))
	if r.InkSaver && generator.IsLight(ink) {
		ink = boardInk
	}
	box := layout.Rect{X: t.X.MM(), Y: t.Y.MM(), W: t.W.MM(), H: t.H.MM()}
	block := r.boardTextBlock(t)
	c.Push()
	if t.Rotate != 0 {
		c.Rotate(float64(t.Rotate), box.X+box.W/2, box.Y+box.H/2)
	}
	if !block.Fits {
		c.ClipRect(box.X-1, box.Y-1, box.W+2, box.H+2)
	}
	typeset.Draw(r.Fonts, c, block, box.X, box.Y, box.W, box.H, ink, bg)
	c.Pop()
}

// joinsBlock sets the side's joins text in its bottom-right corner.
func (r renderer) joinsBlock(side *schema.BoardSide) (layout.Rect, typeset.Block) {
	w, h := side.Width.MM(), side.Height.MM()
	bw := max(0, min(110, w*0.5, w-2*boardInset))
	bh := max(0, min(14, h-2*boardInset))
	box := layout.Rect{X: w - boardInset - bw, Y: h - boardInset - bh, W: bw, H: bh}
	st := typeset.Style{Font: draw.Italic, Size: boardJoinsPt, MinSize: 6, Align: "right", VAlign: "bottom"}
	return box, typeset.Layout(r.Fonts, "→ "+side.Joins, st, bw, bh)
}

// ---- text fit ----

// boardOverflows lists the texts of a board that do not fit: a space's
// label or note that does not fit its space even shrunk, a free text
// larger than its box, the joins text.
func boardOverflows(gr *generator.Renderer, p *schema.Pack, b *schema.Board) []schema.TextIssue {
	r := renderer{gr}
	var out []schema.TextIssue
	for _, side := range b.Sides {
		what := fmt.Sprintf("board %q side %q", b.ID, side.ID)
		out = append(out, r.spaceOverflows(side, what)...)
		for i, t := range side.Texts {
			if block := r.boardTextBlock(t); !block.Fits && strings.TrimSpace(t.Text) != "" {
				out = append(out, schema.TextIssue{Ref: t.Ref.Child("text"), What: fmt.Sprintf("%s text %d", what, i+1),
					Detail: fmt.Sprintf("does not fit its %sx%smm box: %s", generator.FormatMM(t.W.MM()), generator.FormatMM(t.H.MM()), block.Overflow)})
			}
		}
		if side.Joins != "" {
			if box, block := r.joinsBlock(side); !block.Fits {
				out = append(out, schema.TextIssue{Ref: side.Ref.Child("joins"), What: what + " joins",
					Detail: fmt.Sprintf("does not fit the %sx%smm corner of the side: %s", generator.FormatMM(box.W), generator.FormatMM(box.H), block.Overflow)})
			}
		}
	}
	return out
}

// spaceOverflows reports the labels and notes that do not fit their space.
func (r renderer) spaceOverflows(side *schema.BoardSide, what string) []schema.TextIssue {
	var out []schema.TextIssue
	centres := side.SpaceCentres()
	for i, sp := range side.Spaces {
		l := r.layoutSpace(side, sp, centres[i])
		sw := fmt.Sprintf("%s space %d", what, i+1)
		size := generator.FormatMM(l.size)
		if l.titleIsLabel && !l.titleFits(r) {
			out = append(out, schema.TextIssue{Ref: sp.Ref.Child("label"), What: sw + " label",
				Detail: fmt.Sprintf("is wider than its %smm space even at %gpt", size, boardMinPt)})
		}
		if l.label != nil && !l.label.Fits {
			out = append(out, schema.TextIssue{Ref: sp.Ref.Child("label"), What: sw + " label",
				Detail: fmt.Sprintf("does not fit its %smm space: %s", size, l.label.Overflow)})
		}
		if l.note != nil && !l.note.Fits {
			out = append(out, schema.TextIssue{Ref: sp.Ref.Child("note"), What: sw + " note",
				Detail: fmt.Sprintf("does not fit its %smm space: %s", size, l.note.Overflow)})
		}
	}
	return out
}

// renderer is the generator's renderer with the board's drawing methods.
type renderer struct{ *generator.Renderer }

// Kind is how boards (kind: Board) are built, checked and indexed: a line of
// the generator's shared kinds.
func Kind() generator.KindRenderer {
	return generator.Kind[*schema.Board]{
		Build: buildBoard, Fit: boardOverflows, Index: indexBoard,
		Backs: func(b *schema.Board, opts generator.PrintOptions) bool {
			plans, err := boardPlans(b, opts)
			return err == nil && boardDuplex(b, plans, opts) != layout.NoDuplex
		},
	}.Renderer()
}

// DrawSlotPage prints w x h mm of art (with bleed around it) in its slot on
// a page of its own, with crop marks; each label goes where it finds room,
// in turn.
func DrawSlotPage(r *generator.Renderer, page draw.Canvas, opts generator.PrintOptions, slot layout.Slot, w, h float64, art generator.PlaceArt, labels ...string) {
	renderer{r}.drawSlotPage(page, opts, slot, w, h, art, labels...)
}

// DrawMapPage draws, on page, the page map of side i of board b tiled by
// plan (the page map of a side of several tiles, laid out by impose.Tiles):
// first is its page number and total the pages of the file.
func DrawMapPage(r *generator.Renderer, page draw.Canvas, b *schema.Board, i int, plan layout.TilePlan, first, total int, opts generator.PrintOptions) {
	renderer{r}.drawBoardMap(page, tiledPrint(b, i, plan, first, total, opts))
}

// DrawTilePage draws, on page, tile k (0-based) of side i of board b tiled
// by plan, on which art places the side's art; first is the page number of
// the side's page map and total the pages of the file.
func DrawTilePage(r *generator.Renderer, page draw.Canvas, b *schema.Board, i int, plan layout.TilePlan, k, first, total int, opts generator.PrintOptions, art generator.PlaceArt) {
	renderer{r}.drawTilePage(page, tiledPrint(b, i, plan, first, total, opts), k, art)
}

// tiledPrint is one copy of side i of b tiled by plan, its page map the
// page first of total.
func tiledPrint(b *schema.Board, i int, plan layout.TilePlan, first, total int, opts generator.PrintOptions) *boardPrint {
	return &boardPrint{board: b, side: b.Sides[i], index: i, plan: plan, copy: 1, first: first, total: total, opts: opts}
}
