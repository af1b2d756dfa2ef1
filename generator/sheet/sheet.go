// Package sheet prints reference sheets (kind: Sheet): player aids and rules
// summaries set from blocks of headings, paragraphs, bullet lists and tables
// that flow into one or two columns. A sheet is a page (the printable area
// of the paper), a half page (two to a page, cut apart) or a card (imposed
// n-up like a deck, with bleed, crop marks and mirrored backs). Page and
// half-page sheets flow onto further pages; a card-size sheet has one side
// each way and clips what does not fit (validate reports it as an overflow).
package sheet

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Sheet typography: sizes in points, spacing in body ems unless named mm.
const (
	sheetBodySize   = 9.0  // default body size
	sheetMinSize    = 4.0  // smallest body size honoured
	sheetMaxSize    = 72.0 // largest body size honoured
	sheetLineHeight = 1.22 // body line height, multiple of the size
	sheetH1Scale    = 1.45 // level-1 heading size, multiple of the body size
	sheetH2Scale    = 1.2  // level-2 heading size
	sheetParaGap    = 0.55 // space above a paragraph, bullet list or table
	sheetItemGap    = 0.25 // space between two bullets
	sheetH1Gap      = 1.0  // space above a level-1 heading
	sheetH2Gap      = 0.8  // space above a level-2 heading
	sheetCellPadX   = 1.3  // mm, left and right inside a table cell
	sheetCellPadY   = 0.8  // mm, above and below the text of a table cell
	sheetCardSafe   = 4.0  // mm from a card-size sheet's trim to its text
	sheetPanelPad   = 4.0  // mm from a page sheet's background panel to its text
	sheetPageGutter = 6.0  // mm between columns on page and half-page sheets
	sheetCardGutter = 3.0  // mm between columns on card-size sheets
	sheetEps        = 1e-6 // tolerance of the flow's comparisons, mm
)

// Sheet colours; the accent defaults to a dark red.
var (
	sheetInk    = draw.RGB(0x1a, 0x1a, 0x1a)
	sheetAccent = draw.RGB(0x6b, 0x14, 0x10)
	sheetBorder = draw.RGB(0x8c, 0x8c, 0x8c)
	sheetCut    = draw.RGB(0x99, 0x99, 0x99)
)

// sheetCutWidth is the width of the cut line between half pages, mm.
const sheetCutWidth = 0.2

// buildSheet plans a sheet's PDF; a sheet printed with another
// (printWith:) has none of its own.
func buildSheet(gr *generator.Renderer, p *schema.Pack, s *schema.Sheet, opts generator.BuildOptions) []generator.Job {
	r := renderer{gr}
	if s.PrintWith != "" {
		return nil
	}
	return []generator.Job{generator.FileJob(s.ID+".pdf", func(w io.Writer) (int, error) {
		return r.WriteSheet(w, p, s, opts.Print)
	})}
}

// WriteSheet writes the PDF of one sheet: all its copies, each front page
// followed by its back page for duplex (mirrored for the flip), or, with
// duplex none, every back page after the fronts: a reference sheet's back is
// content, not decoration, so it is never dropped.
//
// The sheets that print with s (printWith: s) share its pages, after its
// own copies, in pack order.
func (r renderer) WriteSheet(w io.Writer, p *schema.Pack, s *schema.Sheet, opts generator.PrintOptions) (pages int, err error) {
	sheets := []*schema.Sheet{s}
	if p != nil {
		sheets = append(sheets, p.SheetsPrintedWith(s.ID)...)
	}
	return r.WriteDocument(w, p, sheetTitle(s), "sheet "+s.ID, opts, func(doc *draw.PDF) error {
		if !slices.ContainsFunc(sheets, func(s *schema.Sheet) bool { return len(s.Back) > 0 }) {
			doc.SetDuplex(layout.NoDuplex)
		}
		return r.imposeSheets(generator.PDFSink(doc), sheets, opts)
	})
}

// sheetTitle is the sheet's name, or its id.
func sheetTitle(s *schema.Sheet) string {
	if s.Name != "" {
		return s.Name
	}
	return s.ID
}

// sheetGeom is where the sides of a sheet go on the paper. Every size is an
// imposition grid: a page is one slot the size of the paper, a half page
// two slots (top and bottom halves), a card size the n-up grid of a deck.
// Page PDFs are always portrait paper; a sheet that lies sideways on it is
// drawn turned, so duplex mirroring is the same as for every other page of
// the kit and nothing depends on a printer's auto-rotation.
type sheetGeom struct {
	grid layout.Grid
	// card is set for card sizes: bleed, crop marks, one page per side.
	card bool
	// half is set for half-page sheets: a cut line between the halves.
	half bool
	// turn is the rotation of the content in its slot, clockwise degrees:
	// -90 (top towards the paper's left edge) for a sideways sheet.
	turn float64
	// readW and readH are the slot's size as the sheet is read.
	readW, readH float64
	// clip is how far inside the slot's edge drawing stops (the printer
	// margin for page sizes); inset is where the text starts.
	clip, inset float64
	// panel is set when a background panel is painted inside the clip.
	panel bool
	// label names the size in messages ("poker-size").
	label string
}

// sheetGeometry places a sheet of the given size on the paper.
func sheetGeometry(s *schema.Sheet, opts generator.PrintOptions) (sheetGeom, error) {
	pw, ph := opts.Paper.W, opts.Paper.H
	switch s.Size {
	case schema.SheetPage, schema.SheetHalfPage:
		g := sheetGeom{half: s.Size == schema.SheetHalfPage, clip: opts.Margin, label: s.Size}
		spec := layout.GridSpec{Paper: opts.Paper, CardW: pw, CardH: ph}
		// A page is upright unless landscape; half a page lies sideways
		// unless landscape (half of a portrait sheet is wider than tall).
		sideways := s.Landscape
		if g.half {
			spec.CardH = ph / 2
			sideways = !s.Landscape
		}
		grid, err := layout.NewGrid(spec)
		if err != nil {
			return sheetGeom{}, err
		}
		g.grid, g.readW, g.readH = grid, spec.CardW, spec.CardH
		if sideways {
			g.turn, g.readW, g.readH = -90, spec.CardH, spec.CardW
		}
		g.inset = g.clip
		if s.Background != "" || s.BackBackground != "" {
			g.panel, g.inset = true, g.clip+sheetPanelPad
		}
		return g, nil
	}
	size, err := sheetCardSize(s)
	if err != nil {
		return sheetGeom{}, err
	}
	grid, err := layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed, CropMarks: opts.CropMarks, MayTurn: true})
	if err != nil {
		return sheetGeom{}, err
	}
	label := s.Size + "-size"
	if s.Size == "custom" {
		label = fmt.Sprintf("custom-size (%gx%gmm)", math.Round(size.W.MM()*10)/10, math.Round(size.H.MM()*10)/10)
	}
	return sheetGeom{grid: grid, card: true, readW: size.W.MM(), readH: size.H.MM(),
		inset: sheetCardSafe, panel: s.Background != "" || s.BackBackground != "", label: label}, nil
}

// sheetCardSize is the trim size of a card-size sheet: width and height
// when both are given, else the named size.
func sheetCardSize(s *schema.Sheet) (schema.Size, error) {
	if s.Width != nil && s.Height != nil {
		return schema.Size{W: *s.Width, H: *s.Height}, nil
	}
	if size, ok := schema.CardSizes[s.Size]; ok {
		return size, nil
	}
	if s.Size == "custom" {
		return schema.Size{}, fmt.Errorf("a custom size needs width and height")
	}
	return schema.Size{}, fmt.Errorf("unknown size %q", s.Size)
}

// columns is the number of columns of the sheet (1 or 2) and the gutter.
func (g sheetGeom) columns(s *schema.Sheet) (n int, gutter float64) {
	n = min(max(s.Columns, 1), 2)
	gutter = sheetPageGutter
	if g.card {
		gutter = sheetCardGutter
	}
	return n, gutter
}

// flowBox is the text area of a sheet side as the flow sees it.
func (g sheetGeom) flowBox(s *schema.Sheet) flowBox {
	n, gutter := g.columns(s)
	w, h := g.readW-2*g.inset, g.readH-2*g.inset
	fb := flowBox{cols: n, gutter: gutter, colW: (w - float64(n-1)*gutter) / float64(n), colH: h}
	if g.card {
		fb.maxPages = 1
	}
	return fb
}

// sheetStyle is the look of a sheet: body size and colours.
type sheetStyle struct {
	size     float64    // body size, points
	ink      draw.Color // body text
	accent   draw.Color // headings, rules, bullets, table headers
	paper    draw.Color // behind the text
	zebra    draw.Color // every other table row
	inkSaver bool       // no fills
}

// em is the body size in millimetres.
func (st sheetStyle) em() float64 { return st.size * draw.PtMM }

// styleOf is the style of a sheet's front, or of its back, as this
// renderer prints it.
func (r renderer) styleOf(s *schema.Sheet, back bool) sheetStyle {
	size := sheetBodySize
	if s.FontSize != nil {
		size = min(max(s.FontSize.Pt(), sheetMinSize), sheetMaxSize)
	}
	background, accent := s.Background, s.Accent
	if back && s.BackBackground != "" {
		background = s.BackBackground
	}
	if back && s.BackAccent != "" {
		accent = s.BackAccent
	}
	st := sheetStyle{size: generator.Round2(size), ink: sheetInk, accent: draw.ColorOr(accent, sheetAccent),
		paper: draw.ColorOr(background, draw.White), inkSaver: r.InkSaver}
	if r.InkSaver {
		st.paper = draw.White
	}
	if !generator.IsLight(st.paper) {
		st.ink = draw.RGB(0xf4, 0xf4, 0xf4)
	}
	st.zebra = mix(st.accent, st.paper, 0.08)
	return st
}

// mix blends a into b: t of a, 1-t of b.
func mix(a, b draw.Color, t float64) draw.Color {
	m := func(x, y uint8) uint8 { return uint8(math.Round(t*float64(x) + (1-t)*float64(y))) }
	return draw.RGB(m(a.R, b.R), m(a.G, b.G), m(a.B, b.B))
}

// sheetLayout is a sheet set in its geometry: both sides flowed.
type sheetLayout struct {
	geom sheetGeom
	// style is the front's look, backStyle the back's.
	style, backStyle sheetStyle
	box              flowBox
	front, back      sideFlow
}

// layoutSheet sets both sides of a sheet.
func (r renderer) layoutSheet(s *schema.Sheet, opts generator.PrintOptions) (*sheetLayout, error) {
	g, err := sheetGeometry(s, opts)
	if err != nil {
		return nil, err
	}
	l := &sheetLayout{geom: g, style: r.styleOf(s, false), backStyle: r.styleOf(s, true), box: g.flowBox(s)}
	set := &sheetSetter{fonts: r.Fonts, st: l.style, colW: l.box.colW}
	l.front = flowItems(set.items(s.Front), l.box)
	if len(s.Back) > 0 {
		backSet := &sheetSetter{fonts: r.Fonts, st: l.backStyle, colW: l.box.colW}
		l.back = flowItems(backSet.items(s.Back), l.box)
		for i := range l.back.pages {
			l.back.pages[i].back = true
		}
	}
	return l, nil
}

// imposeSheet lays the sheet out and draws every page of its PDF.
func (r renderer) imposeSheet(sink generator.PageSink, s *schema.Sheet, opts generator.PrintOptions) error {
	return r.imposeSheets(sink, []*schema.Sheet{s}, opts)
}

// imposeSheets lays out sheets that share one PDF (the first, and those
// printed with it, all of one card size) and draws every page: the copies
// of each sheet in turn, n-up on shared pages.
func (r renderer) imposeSheets(sink generator.PageSink, sheets []*schema.Sheet, opts generator.PrintOptions) error {
	pl, err := r.planSheets(sheets, opts)
	if err != nil {
		return err
	}
	if pl.duplex {
		r.imposeLeaves(sink, pl.host, pl.fronts, generator.SideFront, true, opts)
		return nil
	}
	r.imposeLeaves(sink, pl.host, pl.fronts, generator.SideFront, false, opts)
	if len(pl.backs) > 0 {
		// Duplex none: the backs print after the fronts anyway, unmirrored
		// on pages of their own (a reference sheet's back is content).
		r.imposeLeaves(sink, pl.host, pl.backs, generator.SideOwnBack, false, opts)
	}
	return nil
}

// sheetPlan is what sheets sharing one PDF print: the leaves in order,
// n-up on the host's grid.
type sheetPlan struct {
	host *sheetLayout
	// duplex is set when fronts holds front and back of every leaf, each
	// front page followed by its back page.
	duplex bool
	// fronts are the leaves; backs, without duplex, the backs that print
	// on pages of their own after the fronts.
	fronts, backs []sheetLeaf
}

// pages is the number of pages the plan prints.
func (pl sheetPlan) pages() int {
	per := pl.host.geom.grid.PerPage()
	n := func(leaves []sheetLeaf) int { return (len(leaves) + per - 1) / per }
	if pl.duplex {
		return 2 * n(pl.fronts)
	}
	return n(pl.fronts) + n(pl.backs)
}

// planSheets lays out each sheet and lists the leaves they print.
func (r renderer) planSheets(sheets []*schema.Sheet, opts generator.PrintOptions) (sheetPlan, error) {
	layouts := make([]*sheetLayout, len(sheets))
	for i, s := range sheets {
		l, err := r.layoutSheet(s, opts)
		if err != nil {
			return sheetPlan{}, fmt.Errorf("sheet %q: %w", s.ID, err)
		}
		if i > 0 && (!l.geom.card || l.geom.readW != layouts[0].geom.readW || l.geom.readH != layouts[0].geom.readH) {
			return sheetPlan{}, fmt.Errorf("sheet %q prints with %q but is not a card-size sheet of the same size", s.ID, sheets[0].ID)
		}
		layouts[i] = l
	}
	pl := sheetPlan{host: layouts[0]}
	var anyBack bool
	for _, s := range sheets {
		anyBack = anyBack || len(s.Back) > 0
	}
	if anyBack && opts.Duplex != layout.NoDuplex {
		pl.duplex = true
		for i, s := range sheets {
			pl.fronts = append(pl.fronts, layouts[i].duplexLeaves(max(s.Count, 1))...)
		}
		return pl, nil
	}
	for i, s := range sheets {
		l := layouts[i]
		pl.fronts = append(pl.fronts, l.repeatLeaves(l.front, max(s.Count, 1))...)
		if len(s.Back) > 0 {
			pl.backs = append(pl.backs, l.repeatLeaves(l.back, max(s.Count, 1))...)
		}
	}
	return pl, nil
}

// sheetLeaf is one piece of paper of a sheet copy: a page of its front
// flow and the page of its back flow behind it; nil is a blank side. l is
// the layout of the sheet it belongs to.
type sheetLeaf struct {
	l           *sheetLayout
	front, back *flowPage
}

// sidePages are the pages of a side: only the first for a card size.
func sidePages(f sideFlow, card bool) []flowPage {
	if card && len(f.pages) > 1 {
		return f.pages[:1]
	}
	return f.pages
}

// repeatLeaves is every page of one side of the sheet, copy after copy, as
// single-sided leaves.
func (l *sheetLayout) repeatLeaves(f sideFlow, copies int) []sheetLeaf {
	pages := sidePages(f, l.geom.card)
	var out []sheetLeaf
	for c := 0; c < copies; c++ {
		for i := range pages {
			out = append(out, sheetLeaf{l: l, front: &pages[i]})
		}
	}
	return out
}

// duplexLeaves pairs front page i with back page i, copy after copy; the
// longer side leaves the other blank on its last leaves.
func (l *sheetLayout) duplexLeaves(copies int) []sheetLeaf {
	front, back := sidePages(l.front, l.geom.card), sidePages(l.back, l.geom.card)
	n := max(len(front), len(back))
	var out []sheetLeaf
	for c := 0; c < copies; c++ {
		for i := 0; i < n; i++ {
			lf := sheetLeaf{l: l}
			if i < len(front) {
				lf.front = &front[i]
			}
			if i < len(back) {
				lf.back = &back[i]
			}
			out = append(out, lf)
		}
	}
	return out
}

// imposeLeaves puts the leaves n-up on pages: a front page per grid full
// and, for duplex, the back page behind it, mirrored for the flip.
// frontSide is sideOwnBack when the leaves are backs printed on pages of
// their own (duplex none), in the order of their fronts.
//
// Card sizes are placed, bled and marked exactly as deck cards are (see
// deckPages): full bleed on the open edges of a sheet that is not full,
// crop and edge marks (with white knockouts) inside the printer margin on
// fronts and backs, a trim outline on white (or ink-saver) sheets and a
// 100 mm scale bar where there is room. Page and half-page sheets are
// clipped to the printable area of their slot; half pages get a cut line
// between the halves, inside the margin, on both sides.
func (r renderer) imposeLeaves(sink generator.PageSink, l *sheetLayout, leaves []sheetLeaf, frontSide generator.GridSide, duplex bool, opts generator.PrintOptions) {
	g := l.geom
	per := g.grid.PerPage()
	// A trim outline is drawn on white sheets; ganged sheets all must be.
	faceWhite, backWhite := true, true
	for _, lf := range leaves {
		faceWhite = faceWhite && lf.l.style.paper == draw.White
		backWhite = backWhite && lf.l.backStyle.paper == draw.White
	}
	dp := generator.NewGridPages(r.Renderer, g.grid, opts, nil)
	dp.FaceWhite, dp.BackWhite = faceWhite, backWhite
	// geom is the layout of a page of n leaves on one side: the deck's for
	// card sizes; the grid's slots (no bleed) for page sizes.
	geom := func(side generator.GridSide, n int) *generator.GridPageGeom {
		if g.card {
			return dp.Geom(side, n)
		}
		if side == generator.SideBack {
			return &generator.GridPageGeom{Slots: g.grid.BackSlots(n, opts.Duplex, opts.BackOffset)}
		}
		return &generator.GridPageGeom{Slots: g.grid.Slots(n)}
	}
	spec := impose.Spec{Items: len(leaves), PerSheet: per, W: opts.Paper.W, H: opts.Paper.H}
	if frontSide == generator.SideOwnBack {
		spec.Side = impose.OwnBack
	}
	if duplex {
		spec.Backs = impose.Duplex
	}
	impose.Draw(sink, impose.Sheets(spec), func(c draw.Canvas, pg impose.Page) {
		batch := leaves[pg.Lo:pg.Hi]
		page := r.Surface(c)
		if pg.Side == impose.Back {
			bg := geom(generator.SideBack, len(batch))
			for i, lf := range batch {
				r.drawLeafSide(page, lf.l, lf.back, bg.Slots[i], g.turn, opts.Bleed)
			}
			r.drawSheetGuides(page, g, bg, opts)
			return
		}
		fg := geom(frontSide, len(batch))
		for i, lf := range batch {
			r.drawLeafSide(page, lf.l, lf.front, fg.Slots[i], g.turn, opts.Bleed)
		}
		r.drawSheetGuides(page, g, fg, opts)
		if frontSide == generator.SideOwnBack && g.card {
			// The backs' pages follow the fronts' pages one for one.
			r.DrawPageLabel(page, g.grid.Printable(), fg.Obstacles,
				fmt.Sprintf("backs of page %d, in the order of its fronts: cut them out and glue each behind its front", pg.Sheet+1))
		}
	})
}

// drawSheetGuides draws the cutting guides of a page: for card sizes the
// marks and scale bar of a deck page (layout.SheetMarks), for half pages
// the cut line between the halves, from margin to margin.
func (r renderer) drawSheetGuides(c draw.Canvas, g sheetGeom, pg *generator.GridPageGeom, opts generator.PrintOptions) {
	if g.card {
		generator.DrawMarks(c, pg.Marks)
		if pg.Bar != nil {
			r.DrawScaleBar(c, *pg.Bar)
		}
		return
	}
	if g.half && len(pg.Slots) > 1 {
		y := pg.Slots[1].Trim.Y
		if pg.Slots[0].Trim.Y > y {
			y = pg.Slots[0].Trim.Y
		}
		area := layout.Printable(opts.Paper, opts.Margin)
		if y-sheetCutWidth/2 >= area.Y && y+sheetCutWidth/2 <= area.Bottom() {
			c.Line(area.X, y, area.Right(), y, sheetCut, sheetCutWidth)
		}
	}
}

// drawLeafSide draws one side of a leaf in its slot: clipped to the slot's
// art, trim and bleed (card sizes) or printable area (page sizes), turned by turn degrees
// about the slot's centre. A nil page is a blank side.
func (r renderer) drawLeafSide(c draw.Canvas, l *sheetLayout, pg *flowPage, s layout.Slot, turn, fullBleed float64) {
	if pg == nil {
		return
	}
	g := l.geom
	trim := s.Trim
	turn += s.Turn
	c.Push()
	if g.card {
		art := s.Art()
		c.ClipRect(art.X, art.Y, art.W, art.H)
	} else {
		in := trim.Inset(g.clip)
		c.ClipRect(in.X, in.Y, in.W, in.H)
	}
	cx, cy := trim.X+trim.W/2, trim.Y+trim.H/2
	if d := math.Mod(turn+360, 360); d != 0 {
		c.Rotate(d, cx, cy)
	}
	ox, oy := cx-g.readW/2, cy-g.readH/2
	r.drawSheetPanel(c, l, pg.back, ox, oy, fullBleed)
	x0, y0 := ox+g.inset, oy+g.inset
	for _, p := range pg.items {
		p.it.draw(c, x0+p.x, y0+p.y)
	}
	c.Pop()
}

// drawSheetPanel paints the sheet's background, with the sheet read from
// (ox, oy): to the bleed on card sizes, the printable area on page sizes.
func (r renderer) drawSheetPanel(c draw.Canvas, l *sheetLayout, back bool, ox, oy, fullBleed float64) {
	g, st := l.geom, l.style
	if back {
		st = l.backStyle
	}
	if !g.panel || st.inkSaver {
		return
	}
	if g.card {
		c.Rect(ox-fullBleed, oy-fullBleed, g.readW+2*fullBleed, g.readH+2*fullBleed, 0, draw.Filled(st.paper))
		return
	}
	c.Rect(ox+g.clip, oy+g.clip, g.readW-2*g.clip, g.readH-2*g.clip, 0, draw.Filled(st.paper))
}

// sheetItem is an unbreakable piece of a side's flow: a heading, one line
// of a paragraph or bullet, a table row; or a break.
type sheetItem struct {
	block  int     // index of its block in the side
	before float64 // space above it, dropped at the top of a column
	h      float64 // height, mm
	keep   bool    // no column break between it and the next item
	brk    string  // "column" or "page" for a break block
	// head is the table's header row, repeated above a row that starts a
	// column.
	head *sheetItem
	// what names the item in messages ("table row 3").
	what string
	draw func(c draw.Canvas, x, y float64)
}

// flowBox is the text area the flow fills: cols columns of colW x colH mm.
type flowBox struct {
	cols       int
	colW, colH float64
	gutter     float64
	maxPages   int // 0: as many pages as it takes
}

// placedItem is an item at (x, y) from the top-left of the text area.
type placedItem struct {
	it   *sheetItem
	x, y float64
}

// flowPage is the items of one page of a side.
type flowPage struct {
	items []placedItem
	// back is set on the pages of a sheet's back.
	back bool
}

// sideFlow is a side flowed into pages.
type sideFlow struct {
	pages []flowPage
	// left are the items that found no room (card sizes).
	left []*sheetItem
	// cut are items placed but running past the column's foot (taller
	// than a whole column); excess is how far the worst one runs past.
	cut    []*sheetItem
	excess float64
}

// flowState is the flow's cursor.
type flowState struct {
	box     flowBox
	out     sideFlow
	col     int
	y       float64
	fresh   bool   // nothing placed in the column yet
	pending string // a break waiting for the next item
}

// flowItems fills the columns of the box top to bottom, column after column,
// page after page, keeping items marked keep with the next one and
// repeating a table's header at the top of a column.
func flowItems(items []*sheetItem, box flowBox) sideFlow {
	f := &flowState{box: box, fresh: true, out: sideFlow{pages: []flowPage{{}}}}
	for i, it := range items {
		if it.brk != "" {
			f.pending = it.brk
			continue
		}
		if !f.place(items, i) {
			for _, rest := range items[i:] {
				if rest.brk == "" {
					f.out.left = append(f.out.left, rest)
				}
			}
			break
		}
	}
	return f.out
}

// place puts item i in the flow; false when the side has no room left.
func (f *flowState) place(items []*sheetItem, i int) bool {
	it := items[i]
	if !f.takeBreak() {
		return false
	}
	need := f.need(it)
	chain := need + chainAfter(items, i)
	fits := f.y+need <= f.box.colH+sheetEps
	keepFits := chain > f.box.colH || f.y+chain <= f.box.colH+sheetEps
	if !f.fresh && (!fits || !keepFits) {
		if !f.nextColumn() {
			return false
		}
	}
	x := float64(f.col) * (f.box.colW + f.box.gutter)
	page := &f.out.pages[len(f.out.pages)-1]
	switch {
	case f.fresh && it.head != nil:
		page.items = append(page.items, placedItem{it.head, x, f.y})
		f.y += it.head.h
	case !f.fresh:
		f.y += it.before
	}
	page.items = append(page.items, placedItem{it, x, f.y})
	f.y += it.h
	if over := f.y - f.box.colH; over > sheetEps {
		f.out.cut = append(f.out.cut, it)
		f.out.excess = max(f.out.excess, over)
	}
	f.fresh = false
	return true
}

// takeBreak acts on a pending break: a column break moves on unless the
// column is still empty, a page break unless the page is.
func (f *flowState) takeBreak() bool {
	brk := f.pending
	f.pending = ""
	switch {
	case brk == "column" && !f.fresh:
		return f.nextColumn()
	case brk == "page" && len(f.out.pages[len(f.out.pages)-1].items) > 0:
		return f.nextPage()
	}
	return true
}

// need is the height an item takes at the cursor.
func (f *flowState) need(it *sheetItem) float64 {
	switch {
	case !f.fresh:
		return it.before + it.h
	case it.head != nil:
		return it.head.h + it.h
	}
	return it.h
}

// chainAfter is the height of the items kept with item i.
func chainAfter(items []*sheetItem, i int) float64 {
	h := 0.0
	for j := i; j+1 < len(items) && items[j].keep && items[j+1].brk == ""; j++ {
		h += items[j+1].before + items[j+1].h
	}
	return h
}

// nextColumn moves the cursor to the top of the next column, or page.
func (f *flowState) nextColumn() bool {
	if f.col+1 < f.box.cols {
		f.col, f.y, f.fresh = f.col+1, 0, true
		return true
	}
	return f.nextPage()
}

// nextPage starts a page; false when the side may have no more.
func (f *flowState) nextPage() bool {
	if f.box.maxPages > 0 && len(f.out.pages) >= f.box.maxPages {
		return false
	}
	f.out.pages = append(f.out.pages, flowPage{})
	f.col, f.y, f.fresh = 0, 0, true
	return true
}

// sheetSetter turns blocks into flow items set at the column width.
type sheetSetter struct {
	fonts *draw.Fonts
	st    sheetStyle
	colW  float64
}

// items sets the blocks of one side.
func (ss *sheetSetter) items(blocks []*schema.Block) []*sheetItem {
	var out []*sheetItem
	for i, b := range blocks {
		var its []*sheetItem
		switch {
		case b.Heading != "":
			its = ss.heading(b)
		case b.Paragraph != "":
			its = ss.lines(b.Paragraph, draw.Regular, 0, "paragraph line")
			its[0].before = ss.st.em() * sheetParaGap
		case len(b.Bullets) > 0:
			its = ss.bullets(b.Bullets)
		case b.Table != nil && len(b.Table.Rows) > 0:
			its = ss.table(b.Table)
		case b.Break != "":
			its = []*sheetItem{{brk: b.Break}}
		}
		for _, it := range its {
			it.block = i
		}
		out = append(out, its...)
	}
	return out
}

// heading sets a heading in bold accent, larger than the body, with a thin
// rule under a level-1 heading. It keeps with what follows it.
func (ss *sheetSetter) heading(b *schema.Block) []*sheetItem {
	scale, gap := sheetH1Scale, sheetH1Gap
	if b.Level == 2 {
		scale, gap = sheetH2Scale, sheetH2Gap
	}
	ts := typeset.Style{Font: draw.Bold, Size: generator.Round2(ss.st.size * scale), LineHeight: 1.1}
	tb := typeset.Layout(ss.fonts, b.Heading, ts, ss.colW, generator.Unbounded)
	ruleGap, ruleW := 0.25*ss.st.em(), 0.3
	h := tb.Height + 0.3*ss.st.em()
	rule := b.Level != 2
	if rule {
		h += ruleGap + ruleW
	}
	st, w := ss.st, ss.colW
	paint := func(c draw.Canvas, x, y float64) {
		typeset.Draw(ss.fonts, c, tb, x, y, w, tb.Height, st.accent, st.paper)
		if rule {
			ry := generator.Round2(y + tb.Height + ruleGap + ruleW/2)
			c.Line(generator.Round2(x), ry, generator.Round2(x+w), ry, st.accent, ruleW)
		}
	}
	return []*sheetItem{{before: gap * st.em(), h: h, keep: true, what: "heading", draw: paint}}
}

// lines sets text at the column width less indent and returns one item per
// line, so that a paragraph can break between lines; the first and last
// two lines stay together (no single line at a column's foot or head).
func (ss *sheetSetter) lines(text string, font draw.FontStyle, indent float64, what string) []*sheetItem {
	ts := typeset.Style{Font: font, Size: ss.st.size, LineHeight: sheetLineHeight}
	w := ss.colW - indent
	tb := typeset.Layout(ss.fonts, text, ts, w, generator.Unbounded)
	lineH := ss.st.size * sheetLineHeight * draw.PtMM
	lead := (lineH - ss.fonts.Ascent(font, ss.st.size) - ss.fonts.Descent(font, ss.st.size)) / 2
	n := len(tb.Lines)
	out := make([]*sheetItem, n)
	st := ss.st
	for i, ln := range tb.Lines {
		one := typeset.Block{Lines: []typeset.Line{ln}, Size: tb.Size, Style: tb.Style}
		out[i] = &sheetItem{h: lineH, keep: i < n-1 && (i == 0 || i >= n-2), what: what,
			draw: func(c draw.Canvas, x, y float64) {
				typeset.Draw(ss.fonts, c, one, x+indent, y+lead, w, lineH, st.ink, st.paper)
			}}
	}
	return out
}

// bullets sets a bullet list: a disc in the accent colour, the text on a
// hanging indent.
func (ss *sheetSetter) bullets(list []string) []*sheetItem {
	em := ss.st.em()
	indent := max(1.25*em, 2.5)
	disc := generator.Round2(0.36 * em)
	lineH := ss.st.size * sheetLineHeight * draw.PtMM
	asc, desc := ss.fonts.Ascent(draw.Regular, ss.st.size), ss.fonts.Descent(draw.Regular, ss.st.size)
	// The disc sits on the middle of the x-height of the first line.
	dy := (lineH-asc-desc)/2 + asc - 0.36*ss.fonts.CapHeight(draw.Regular, ss.st.size) - disc/2
	dx := 0.3*indent - disc/2
	var out []*sheetItem
	for i, text := range list {
		its := ss.lines(text, draw.Regular, indent, "bullet line")
		first := its[0]
		first.before = sheetItemGap * em
		if i == 0 {
			first.before = sheetParaGap * em
		}
		drawLine, accent := first.draw, ss.st.accent
		first.draw = func(c draw.Canvas, x, y float64) {
			c.Ellipse(generator.Round2(x+dx), generator.Round2(y+dy), disc, disc, draw.Filled(accent))
			drawLine(c, x, y)
		}
		out = append(out, its...)
	}
	return out
}

// table sets a table: one item per row, the header kept with the first row
// and repeated at the top of a column the table continues in.
func (ss *sheetSetter) table(t *schema.Table) []*sheetItem {
	widths := ss.tableWidths(t)
	var out []*sheetItem
	var head *sheetItem
	if len(t.Header) > 0 {
		head = ss.row(t.Header, widths, -1)
		head.keep, head.what = true, "table header"
		out = append(out, head)
	}
	for i, cells := range t.Rows {
		it := ss.row(cells, widths, i)
		it.head, it.what = head, fmt.Sprintf("table row %d", i+1)
		out = append(out, it)
	}
	out[0].before = sheetParaGap * ss.st.em()
	return out
}

// tableColumns is the number of columns of a table: its widest row.
func tableColumns(t *schema.Table) int {
	n := len(t.Header)
	for _, r := range t.Rows {
		n = max(n, len(r))
	}
	return n
}

// tableWidths are the column widths of a table filling the column: the
// relative widths given (columns without one get their mean), or, by
// default, widths from the content: no column narrower than its longest
// word, the room left shared by how much text each column holds.
func (ss *sheetSetter) tableWidths(t *schema.Table) []float64 {
	n := tableColumns(t)
	rel := make([]float64, n)
	if len(t.Widths) > 0 {
		mean := 0.0
		for _, w := range t.Widths {
			mean += w / float64(len(t.Widths))
		}
		for i := range rel {
			rel[i] = mean
			if i < len(t.Widths) && t.Widths[i] > 0 {
				rel[i] = t.Widths[i]
			}
		}
		return scaleTo(rel, ss.colW)
	}
	minW, wantW := ss.columnNeeds(t, n)
	return autoWidths(minW, wantW, ss.colW)
}

// columnNeeds measures each column of a table: the widest word (the
// narrowest the column may be) and the widest cell on one line (what it
// would like), padding included.
func (ss *sheetSetter) columnNeeds(t *schema.Table, n int) (minW, wantW []float64) {
	minW, wantW = make([]float64, n), make([]float64, n)
	measure := func(cells []string, header bool) {
		for j, text := range cells {
			font := draw.Regular
			if header || (j == 0 && n > 1) {
				font = draw.Bold
			}
			word, line := ss.measure(text, font)
			minW[j] = max(minW[j], word+2*sheetCellPadX)
			wantW[j] = max(wantW[j], line+2*sheetCellPadX)
		}
	}
	measure(t.Header, true)
	for _, r := range t.Rows {
		measure(r, false)
	}
	return minW, wantW
}

// measure returns the widest word and the widest line of text set on one
// line, in mm.
func (ss *sheetSetter) measure(text string, font draw.FontStyle) (word, line float64) {
	return typeset.Measure(ss.fonts, text, font, ss.st.size)
}

// autoWidths shares total between columns: each its wish when all fit,
// else at least its minimum and the rest by how much more each wants.
func autoWidths(minW, wantW []float64, total float64) []float64 {
	sumMin, sumWant := 0.0, 0.0
	for i := range minW {
		wantW[i] = max(wantW[i], minW[i], 1)
		sumMin += minW[i]
		sumWant += wantW[i]
	}
	if sumWant <= total || sumMin >= total {
		if sumWant <= total {
			return scaleTo(wantW, total)
		}
		return scaleTo(minW, total)
	}
	out := make([]float64, len(minW))
	extra := (total - sumMin) / (sumWant - sumMin)
	for i := range out {
		out[i] = minW[i] + (wantW[i]-minW[i])*extra
	}
	return out
}

// scaleTo scales relative widths to add up to total.
func scaleTo(rel []float64, total float64) []float64 {
	sum := 0.0
	for _, w := range rel {
		sum += w
	}
	out := make([]float64, len(rel))
	for i, w := range rel {
		out[i] = w / sum * total
	}
	return out
}

// row sets one table row; index -1 is the header. The first column of a
// table of several is bold, as it usually labels the row.
func (ss *sheetSetter) row(cells []string, widths []float64, index int) *sheetItem {
	blocks := make([]typeset.Block, len(widths))
	h := 0.0
	for j, w := range widths {
		text := ""
		if j < len(cells) {
			text = cells[j]
		}
		font := draw.Regular
		if index < 0 || (j == 0 && len(widths) > 1) {
			font = draw.Bold
		}
		ts := typeset.Style{Font: font, Size: ss.st.size, MinSize: generator.Round2(ss.st.size * 0.8), LineHeight: 1.15, VAlign: "middle"}
		blocks[j] = typeset.Layout(ss.fonts, text, ts, w-2*sheetCellPadX, generator.Unbounded)
		h = max(h, blocks[j].Height)
	}
	h += 2 * sheetCellPadY
	return &sheetItem{h: h, draw: func(c draw.Canvas, x, y float64) {
		ss.drawRow(c, x, y, h, blocks, widths, index)
	}}
}

// drawRow draws a table row: the header filled with the accent and set in
// white (outlined and dark with ink-saver), light zebra stripes, thin cell
// borders.
func (ss *sheetSetter) drawRow(c draw.Canvas, x, y, h float64, cells []typeset.Block, widths []float64, index int) {
	st := ss.st
	ink, paper := st.ink, st.paper
	border := draw.Stroked(sheetBorder, 0.15)
	switch {
	case index < 0 && st.inkSaver:
		border = draw.Stroked(st.accent, 0.3)
	case index < 0:
		c.Rect(generator.Round2(x), generator.Round2(y), generator.Round2(ss.colW), generator.Round2(h), 0, draw.Filled(st.accent))
		ink, paper = draw.White, st.accent
	case index%2 == 1 && !st.inkSaver:
		c.Rect(generator.Round2(x), generator.Round2(y), generator.Round2(ss.colW), generator.Round2(h), 0, draw.Filled(st.zebra))
		paper = st.zebra
	}
	cx := x
	for j, w := range widths {
		typeset.Draw(ss.fonts, c, cells[j], cx+sheetCellPadX, y+sheetCellPadY, w-2*sheetCellPadX, h-2*sheetCellPadY, ink, paper)
		cx += w
	}
	cx = x
	for _, w := range widths {
		c.Rect(generator.Round2(cx), generator.Round2(y), generator.Round2(w), generator.Round2(h), 0, border)
		cx += w
	}
}

// sheetOverflows lists the blocks of a sheet that do not print whole, for
// the validator, laid out on the pack's paper with the default margin. A
// card-size sheet cannot grow: every block that falls (even partly) outside
// a side is reported. Page and half-page sheets flow onto further pages, so
// only a piece that cannot be split (a table row, a heading) taller than a
// whole column is.
func sheetOverflows(gr *generator.Renderer, p *schema.Pack, s *schema.Sheet) []schema.TextIssue {
	r := renderer{gr}
	what := fmt.Sprintf("sheet %q", s.ID)
	l, err := r.layoutSheet(s, packSheetOptions(p))
	if err != nil {
		return []schema.TextIssue{{Ref: s.Ref.Child("size"), What: what, Detail: "cannot be printed: " + err.Error()}}
	}
	out := l.issues(s, s.Front, l.front, "front")
	return append(out, l.issues(s, s.Back, l.back, "back")...)
}

// packSheetOptions are the print options the validator lays sheets out
// with: the pack's paper (default letter), bleed and crop marks, and the
// default margin.
func packSheetOptions(p *schema.Pack) generator.PrintOptions {
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin,
		Bleed: layout.DefaultBleed, CropMarks: true}
	if p == nil || p.Game == nil {
		return opts
	}
	if paper, err := layout.PaperByName(p.Game.Print.Paper); err == nil {
		opts.Paper = paper
	}
	if b := p.Game.Print.Bleed; b != nil {
		opts.Bleed = b.MM()
	}
	if c := p.Game.Print.CropMarks; c != nil {
		opts.CropMarks = *c
	}
	return opts
}

// issues reports the blocks of one side that do not print whole.
func (l *sheetLayout) issues(s *schema.Sheet, blocks []*schema.Block, f sideFlow, side string) []schema.TextIssue {
	if l.geom.card {
		return l.cardIssues(s, blocks, f, side)
	}
	var out []schema.TextIssue
	seen := map[int]bool{}
	for _, it := range f.cut {
		if seen[it.block] {
			continue
		}
		seen[it.block] = true
		out = append(out, schema.TextIssue{Ref: blocks[it.block].Ref, What: blockWhat(s, blocks[it.block]),
			Detail: fmt.Sprintf("a %s is %.0fmm tall but a column of the %s %s holds %.0fmm: it cannot be split and is cut off",
				it.what, it.h, l.geom.label, side, l.box.colH)})
	}
	return out
}

// cardIssues reports every block of a card-size side that is left over or
// cut off, in order.
func (l *sheetLayout) cardIssues(s *schema.Sheet, blocks []*schema.Block, f sideFlow, side string) []schema.TextIssue {
	bad := make([]bool, len(blocks))
	more := 0.0
	for _, it := range f.left {
		bad[it.block] = true
		more += it.before + it.h
	}
	for _, it := range f.cut {
		bad[it.block] = true
	}
	more = more/float64(l.box.cols) + f.excess
	total, over := 0, 0
	for i, b := range blocks {
		if b.Break == "" {
			total++
		}
		if bad[i] {
			over++
		}
	}
	if over == 0 {
		return nil
	}
	detail := fmt.Sprintf("does not fit on the %s %s: %d of %d blocks left over (needs ~%.0fmm more)",
		l.geom.label, side, over, total, math.Ceil(more))
	// One warning, at the first block left over: the detail counts the rest.
	var out []schema.TextIssue
	for i, b := range blocks {
		if bad[i] {
			out = append(out, schema.TextIssue{Ref: b.Ref, What: blockWhat(s, b), Detail: detail})
			break
		}
	}
	return out
}

// blockWhat names a block in messages: `sheet "aid" table`.
func blockWhat(s *schema.Sheet, b *schema.Block) string {
	kind := "break"
	switch {
	case b.Heading != "":
		kind = "heading"
	case b.Paragraph != "":
		kind = "paragraph"
	case len(b.Bullets) > 0:
		kind = "bullets"
	case b.Table != nil:
		kind = "table"
	}
	return fmt.Sprintf("sheet %q %s", s.ID, kind)
}

// indexSheet describes a sheet's PDF in the kit index: its size, how many
// a page, its pages and how its back prints, and the sheets printed on its
// pages (printWith:).
func indexSheet(gr *generator.Renderer, p *schema.Pack, s *schema.Sheet, opts generator.PrintOptions) []string {
	r := renderer{gr}
	sheets := append([]*schema.Sheet{s}, p.SheetsPrintedWith(s.ID)...)
	pl, err := r.planSheets(sheets, opts)
	if err != nil {
		return nil
	}
	g := pl.host.geom
	pages := pl.pages()
	var lines []string
	switch {
	case g.card:
		line := fmt.Sprintf("%d %s, %gx%gmm, %d a sheet, %d %s", len(pl.fronts), generator.PluralOf(len(pl.fronts), "piece", "pieces"),
			generator.Round2(g.readW), generator.Round2(g.readH), g.grid.PerPage(), pages, generator.PluralOf(pages, "page", "pages"))
		if g.grid.Turned {
			line += fmt.Sprintf(", turned sideways (%d x %d)", g.grid.Cols, g.grid.Rows)
		}
		lines = append(lines, line)
		if note := generator.BleedNote(g.grid, opts); note != "" {
			lines = append(lines, note)
		}
	default:
		line := fmt.Sprintf("%d full %s", pages, generator.PluralOf(pages, "page", "pages"))
		if g.half {
			line = fmt.Sprintf("%d %s of half-page sheets, two to a page: cut along the line between them", pages, generator.PluralOf(pages, "page", "pages"))
		}
		lines = append(lines, line)
	}
	switch {
	case pl.duplex:
		lines = append(lines, fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge)", opts.Duplex))
	case len(pl.backs) > 0:
		lines = append(lines, "the back is content: --duplex none prints it on pages of its own after the fronts (not mirrored); glue each behind its front")
	}
	if len(sheets) > 1 {
		names := make([]string, 0, len(sheets)-1)
		for _, g := range sheets[1:] {
			names = append(names, fmt.Sprintf("%s (%d)", sheetTitle(g), max(g.Count, 1)))
		}
		lines = append(lines, fmt.Sprintf("%s (%d), then on the same pages: %s", sheetTitle(s), max(s.Count, 1), strings.Join(names, ", ")))
	}
	return lines
}

// renderer is the generator's renderer with the sheets' drawing methods.
type renderer struct{ *generator.Renderer }

// Kind is how sheets (kind: Sheet) are built, checked and indexed: a line of
// the generator's shared kinds.
func Kind() generator.KindRenderer {
	return generator.Kind[*schema.Sheet]{
		Build: buildSheet, Fit: sheetOverflows, Index: indexSheet, Stock: sheetStock,
	}.Renderer()
}

// sheetStock is the paper a sheet prints on: a page or half a page is read
// at the table (plain paper); a card-size sheet is a piece handled in play.
func sheetStock(s *schema.Sheet, _ generator.PrintOptions) generator.Stock {
	if s.Size == "page" || s.Size == "half-page" {
		return generator.PlainPaper
	}
	return generator.CardStock
}
