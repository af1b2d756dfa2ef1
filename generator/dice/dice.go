// Package dice prints custom dice (kind: Dice), one PDF per dice set: first
// sticker pages, where every copy of every die gets a block of its six faces
// as 14 mm squares with rounded corners, to cut out and stick on a blank 16
// mm die; then cube-net pages, one cross-shaped net with 20 mm faces and
// glue tabs per copy, to cut out and fold into a die of its own.
//
// Faces are placed so that faces 1 and 6, 2 and 5, 3 and 4 of the die's
// face list end up opposite each other, as on a standard die: in a sticker
// block the faces run 1 2 3 over 4 5 6, so opposite stickers are those
// opposite each other through the block's centre; on a net the column holds
// faces 1, 2, 6 and 5 from the top and faces 3 and 4 sit left and right of
// face 2 (see netFaces).
//
// A face whose id is an icon the generator draws prints as the icon with a
// small word under it; any other face prints as a word: its label, or its id
// in capitals with hyphens as spaces. Dice print single-sided; a die counted
// towards a component marked printed: false is left out.
package dice

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Dice geometry, in millimetres unless named pt.
const (
	stickerSize   = 14.0 // side of a sticker, for a 16 mm blank die
	stickerRadius = 1.6  // corner radius of a sticker
	stickerGap    = 4.0  // between the cut lines of two stickers of a block
	stickerBleed  = 1.0  // colour past a sticker's cut line
	stickerCols   = 3    // stickers per row of a block: faces 1 2 3 over 4 5 6

	netFace  = 20.0 // side of a face of a cube net
	netTab   = 6.0  // depth of a glue tab
	netTabIn = 4.5  // how far a tab's outer edge is inset at each end
	netCols  = 3    // faces across a net
	netRows  = 4    // faces down a net; the tab under the last adds netTab

	diceBlockGapX = 8.0  // between blocks side by side
	diceBlockGapY = 6.0  // between rows of blocks
	diceLabelH    = 4.2  // a block's label line, above it
	diceLabelPt   = 6.5  // a block's label
	diceTitlePt   = 10.0 // a page's title
	diceNotePt    = 6.5  // a page's instructions
	diceHeadGap   = 3.0  // between a page's head and its blocks
	diceFootGap   = 3.0  // between the blocks and the scale bar
	diceRingShare = 0.07 // ink-saver colour band, as a share of the face
	diceWordPt    = 10.0 // a word face's largest size on a 14 mm sticker
	diceWordMinPt = 6.0  // a word face's smallest size on a 14 mm sticker: no text prints under 6 pt
	diceIconWord  = 6.0  // the word under an icon on a 14 mm sticker: never smaller
	diceIconLines = 2    // the most lines it may take; the icon shrinks to make room
	diceGluePt    = 6.0  // the word on a net's glue tabs
	diceCutWidth  = 0.25 // cut lines of nets, and of stickers on a dark die
	diceFoldWidth = 0.25 // fold lines
	diceLineWidth = 0.2  // a sticker's cut line on a light die
)

// Dice colours.
var (
	diceCut       = draw.RGB(0x33, 0x33, 0x33) // cut lines
	diceCutLight  = draw.RGB(0xf2, 0xf2, 0xf2) // cut lines over a dark die
	diceFold      = draw.RGB(0x55, 0x55, 0x55) // dashed fold lines
	diceFoldLight = draw.RGB(0xa8, 0xa8, 0xa8) // fold lines on a dark die
	diceTabFill   = draw.RGB(0xe4, 0xe4, 0xe4) // glue tabs
	diceText      = draw.RGB(0x1a, 0x1a, 0x1a) // labels and instructions
)

// stickerBlock is the size of the block of one die copy's stickers, label
// included.
func stickerBlock() (w, h float64) {
	rows := (schema.DieFaces + stickerCols - 1) / stickerCols
	return stickerCols*stickerSize + (stickerCols-1)*stickerGap, diceLabelH + float64(rows)*stickerSize + float64(rows-1)*stickerGap
}

// netBlock is the size of the block of one cube net, label included.
func netBlock() (w, h float64) {
	return netCols * netFace, diceLabelH + netRows*netFace + netTab
}

// dieCopy is one printed copy of a die.
type dieCopy struct {
	die  *schema.Die
	n, m int // copy n of m
}

// label names the copy in its block: "door-die (1 of 1)".
func (dc dieCopy) label() string {
	return fmt.Sprintf("%s (%d of %d)", dc.die.ID, dc.n, dc.m)
}

// printedDice lists the dice of the set that print (schema.Pack.PrintsDie).
func printedDice(p *schema.Pack, ds *schema.DiceSet) []*schema.Die {
	var out []*schema.Die
	for _, d := range ds.Dice {
		if p.PrintsDie(d) {
			out = append(out, d)
		}
	}
	return out
}

// diceCopies lists every printed copy, die by die.
func diceCopies(dice []*schema.Die) []dieCopy {
	var out []dieCopy
	for _, d := range dice {
		n := min(d.Count, schema.MaxDieCopies)
		for i := range n {
			out = append(out, dieCopy{die: d, n: i + 1, m: n})
		}
	}
	return out
}

// diceGrid is how many blocks of w x h fit on a page: across, down, and
// where the first goes.
type diceGrid struct {
	cols, rows int
	x, y       float64 // top-left of the first block
	w, h       float64 // block size
	bottom     float64 // the lowest a block may reach
	bar        layout.Rect
}

// perPage is the number of blocks on a page.
func (g diceGrid) perPage() int { return g.cols * g.rows }

// at is the top-left of the k-th block of a page.
func (g diceGrid) at(k int) (x, y float64) {
	return generator.Round2(g.x + float64(k%g.cols)*(g.w+diceBlockGapX)), generator.Round2(g.y + float64(k/g.cols)*(g.h+diceBlockGapY))
}

// errDiceNoRoom is returned when not one block fits the paper.
var errDiceNoRoom = errors.New("the printable area is too small for one die")

// diceHeadHeight is the height of a page's title and instructions.
func (r renderer) diceHeadHeight() float64 {
	return r.Fonts.Ascent(draw.Bold, diceTitlePt) + r.Fonts.Descent(draw.Bold, diceTitlePt) + 1 +
		2*(r.Fonts.Ascent(draw.Regular, diceNotePt)+r.Fonts.Descent(draw.Regular, diceNotePt))
}

// diceGridFor places blocks of w x h in the printable area, under the
// head and over the scale bar, centred across.
func (r renderer) diceGridFor(opts generator.PrintOptions, w, h float64) (diceGrid, error) {
	area := layout.Printable(opts.Paper, opts.Margin)
	barH := r.ScaleBarHeight()
	top := area.Y + r.diceHeadHeight() + diceHeadGap
	bottom := area.Bottom() - barH - diceFootGap
	g := diceGrid{w: w, h: h, bottom: bottom}
	g.cols = int((area.W + diceBlockGapX) / (w + diceBlockGapX))
	g.rows = int((bottom - top + diceBlockGapY) / (h + diceBlockGapY))
	if g.cols < 1 || g.rows < 1 {
		return diceGrid{}, errDiceNoRoom
	}
	used := float64(g.cols)*w + float64(g.cols-1)*diceBlockGapX
	g.x, g.y = area.X+(area.W-used)/2, top
	g.bar = layout.Rect{X: area.X, Y: area.Bottom() - barH, W: generator.ScaleBarLen + 2*generator.LabelPad, H: barH}
	return g, nil
}

// dicePlan is the pages of a dice set: the sticker pages, then the net
// pages. When the room under the stickers of the last sticker page takes
// enough nets to save a page, the first shared nets print there, under a
// head of their own at netTop (their grid is net moved down); the rest are
// spread evenly over their pages, netsPer to a page at most, so that no
// page is left with a lone net that another page had room for.
type dicePlan struct {
	copies       []dieCopy
	sticker, net diceGrid
	stickerPages int
	netPages     int // pages of nets of their own
	netsPer      int // the most nets on a net page
	shared       int // nets under the stickers of the last sticker page
	netTop       float64
	title        string
}

// planDice lays out a dice set on the paper.
func (r renderer) planDice(p *schema.Pack, ds *schema.DiceSet, opts generator.PrintOptions) (dicePlan, error) {
	pl := dicePlan{copies: diceCopies(printedDice(p, ds)), title: diceTitle(ds)}
	var err error
	sw, sh := stickerBlock()
	if pl.sticker, err = r.diceGridFor(opts, sw, sh); err != nil {
		return dicePlan{}, err
	}
	nw, nh := netBlock()
	if pl.net, err = r.diceGridFor(opts, nw, nh); err != nil {
		return dicePlan{}, err
	}
	n := len(pl.copies)
	pl.stickerPages = pages(n, pl.sticker.perPage())
	pl.netPages = pages(n, pl.net.perPage())
	// The room under the last sticker page's blocks, below a head for
	// the nets.
	last := n - (pl.stickerPages-1)*pl.sticker.perPage()
	rows := pages(last, pl.sticker.cols)
	pl.netTop = pl.sticker.y + float64(rows)*(sh+diceBlockGapY)
	under := pl.net
	under.y = pl.netTop + r.diceHeadHeight() + diceHeadGap
	under.rows = int((under.bottom - under.y + diceBlockGapY) / (nh + diceBlockGapY))
	if k := min(max(under.rows, 0)*under.cols, n); k > 0 && pages(n-k, pl.net.perPage()) < pl.netPages {
		pl.shared, pl.netPages = k, pages(n-k, pl.net.perPage())
	}
	pl.netsPer = pl.net.perPage()
	if pl.netPages > 0 {
		pl.netsPer = pages(n-pl.shared, pl.netPages)
	}
	return pl, nil
}

// sharedNets is the grid of the nets under the stickers of the last
// sticker page.
func (pl dicePlan) sharedNets(r renderer) diceGrid {
	g := pl.net
	g.y = pl.netTop + r.diceHeadHeight() + diceHeadGap
	return g
}

// pages is the number of pages n blocks take, per to a page.
func pages(n, per int) int { return (n + per - 1) / per }

// diceTitle is the set's name, or its id.
func diceTitle(ds *schema.DiceSet) string {
	if ds.Name != "" {
		return ds.Name
	}
	return ds.ID
}

// buildDice plans a dice set's PDF and, with previews, its PNG.
func buildDice(gr *generator.Renderer, p *schema.Pack, ds *schema.DiceSet, opts generator.BuildOptions) []generator.Job {
	r := renderer{gr}
	jobs := []generator.Job{generator.FileJob(ds.ID+".pdf", func(w io.Writer) (int, error) {
		return r.WriteDice(w, p, ds, opts.Print)
	})}
	if opts.Previews {
		jobs = append(jobs, generator.FileJob(schema.DicePreviewPath(ds), func(w io.Writer) (int, error) {
			return 0, r.WriteDicePreview(w, p, ds)
		}))
	}
	return jobs
}

// indexDice describes a dice set's PDF in the kit's index: its pages, how
// to cut, stick and fold, and each die's faces.
func indexDice(gr *generator.Renderer, p *schema.Pack, ds *schema.DiceSet, opts generator.PrintOptions) []string {
	r := renderer{gr}
	pl, err := r.planDice(p, ds, opts)
	if err != nil || len(pl.copies) == 0 {
		return nil
	}
	nets := pagesText(pl.stickerPages+1, pl.netPages)
	switch {
	case pl.shared > 0 && pl.netPages == 0:
		nets = fmt.Sprintf("page %d, under the stickers", pl.stickerPages)
	case pl.shared > 0:
		nets = fmt.Sprintf("%s (the first %d under the stickers of page %d)", pagesText(pl.stickerPages, pl.netPages+1), pl.shared, pl.stickerPages)
	}
	out := []string{
		fmt.Sprintf("%s: stickers for %s (14 mm squares for blank 16 mm dice); cut out each square and stick the six of a block on one die, the stickers opposite each other through the block's centre on opposite faces",
			pagesText(1, pl.stickerPages), copiesText(len(pl.copies))),
		fmt.Sprintf("%s: a cube net with 20 mm faces for each copy; cut along the solid lines, fold every dashed line, glue the grey tabs inside", nets),
	}
	for _, d := range printedDice(p, ds) {
		out = append(out, fmt.Sprintf("%s x%d: %s (faces 1-6, 2-5 and 3-4 opposite)", d.ID, d.Count, strings.Join(d.Faces, ", ")))
	}
	for _, d := range ds.Dice {
		if d.Component != "" && !containsDie(printedDice(p, ds), d) {
			out = append(out, fmt.Sprintf("%s: not printed (component %q is marked printed: false)", d.ID, d.Component))
		}
	}
	return out
}

func containsDie(dice []*schema.Die, d *schema.Die) bool {
	for _, x := range dice {
		if x == d {
			return true
		}
	}
	return false
}

// pagesText is "page 2" or "pages 2-3".
func pagesText(first, n int) string {
	if n == 1 {
		return fmt.Sprintf("page %d", first)
	}
	return fmt.Sprintf("pages %d-%d", first, first+n-1)
}

// copiesText is "1 die" or "7 dice".
func copiesText(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// WriteDice writes the PDF of a dice set: the sticker pages, then the
// cube-net pages, single-sided. Each die's stickers and net are drawn once
// as PDF templates and placed for every copy.
func (r renderer) WriteDice(w io.Writer, p *schema.Pack, ds *schema.DiceSet, opts generator.PrintOptions) (int, error) {
	return r.WriteDocument(w, p, diceTitle(ds), "dice "+ds.ID, opts, func(doc *draw.PDF) error {
		doc.SetDuplex(layout.NoDuplex)
		_, err := r.imposeDice(generator.PDFArtOut(doc), p, ds, opts)
		return err
	})
}

// dieArt is a die's art, drawn once and placed for every copy: its six
// stickers (without the block's label) and its net.
type dieArt struct {
	stickers, net generator.PlaceArt
}

// diceArtPad is the room around a net's art for the half of its cut lines
// that lies outside; stickers have their bleed.
const diceArtPad = 0.5

// dieArts draws the art of every printed die once.
func (r renderer) dieArts(out generator.ArtOut, dice []*schema.Die) map[*schema.Die]dieArt {
	arts := map[*schema.Die]dieArt{}
	w, h := stickerBlock()
	h -= diceLabelH
	nw, nh := netBlock()
	nh -= diceLabelH
	for _, d := range dice {
		arts[d] = dieArt{
			stickers: out.Art(w+2*stickerBleed, h+2*stickerBleed, func(c draw.Canvas) {
				r.drawStickers(r.Surface(c), d, stickerBleed, stickerBleed)
			}),
			net: out.Art(nw+2*diceArtPad, nh+2*diceArtPad, func(c draw.Canvas) {
				r.drawNet(r.Surface(c), d, diceArtPad, diceArtPad)
			}),
		}
	}
	return arts
}

// imposeDice draws every page of a dice set on out and returns how many
// there are.
func (r renderer) imposeDice(out generator.ArtOut, p *schema.Pack, ds *schema.DiceSet, opts generator.PrintOptions) (int, error) {
	pl, err := r.planDice(p, ds, opts)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", ds.Ref.Pos(), err)
	}
	if len(pl.copies) == 0 {
		return 0, fmt.Errorf("%s: dice set %q has nothing to print", ds.Ref.Pos(), ds.ID)
	}
	arts := r.dieArts(out, printedDice(p, ds))
	sw, _ := stickerBlock()
	nw, _ := netBlock()
	placeNet := func(page draw.Canvas, dc dieCopy, x, y float64) {
		arts[dc.die].net(page, generator.Round2(x-diceArtPad), generator.Round2(y+diceLabelH-diceArtPad))
	}
	netTitle := pl.title + ": cube nets to fold (20 mm dice)"
	netHow := "Cut along the solid lines, crease every dashed line with the print outside, and glue each grey tab under the face it meets."
	netOpposite := "Faces 1 and 6, 2 and 5, 3 and 4 of each die end up opposite each other, as on a standard die."
	netParts := pl.netPages
	if pl.shared > 0 {
		netParts++
	}
	stickers := diceBlocks{grid: pl.sticker, pages: pl.stickerPages, perPage: pl.sticker.perPage(), blockW: sw,
		title:    pl.title + ": stickers for 16 mm blank dice",
		how:      "Cut out each 14 mm square along its outline and stick the six squares of a block on one blank 16 mm die.",
		opposite: "Squares opposite each other through the centre of a block (1 and 6, 2 and 5, 3 and 4) go on opposite faces.",
		place: func(page draw.Canvas, dc dieCopy, x, y float64) {
			arts[dc.die].stickers(page, generator.Round2(x-stickerBleed), generator.Round2(y+diceLabelH-stickerBleed))
		},
	}
	if pl.shared > 0 {
		// The first nets under the last page's stickers, headed as the
		// first part of the nets.
		grid := pl.sharedNets(r)
		stickers.more = func(c draw.Canvas, page draw.Canvas, sheet int) {
			if sheet != pl.stickerPages-1 {
				return
			}
			r.diceHeadAt(c, opts, pl.netTop, netTitle, pagePart(0, netParts), netHow, netOpposite)
			for k, dc := range pl.copies[:pl.shared] {
				x, y := grid.at(k)
				r.drawBlockLabel(c, dc, x, y, nw)
				placeNet(page, dc, x, y)
			}
		}
	}
	n := r.imposeDicePages(out, opts, pl.copies, stickers)
	n += r.imposeDicePages(out, opts, pl.copies[pl.shared:], diceBlocks{grid: pl.net, pages: pl.netPages, perPage: pl.netsPer, blockW: nw,
		title: netTitle, how: netHow, opposite: netOpposite, place: placeNet, partOffset: netParts - pl.netPages, parts: netParts})
	return n, nil
}

// diceBlocks is one kind of block (sticker blocks or cube nets) to lay out
// on pages of their own.
type diceBlocks struct {
	grid    diceGrid
	pages   int // the pages they take
	perPage int // the most on a page
	blockW  float64
	// title, how and opposite are each page's head.
	title, how, opposite string
	// place draws a copy's art at the block's top-left corner (x, y).
	place func(page draw.Canvas, dc dieCopy, x, y float64)
	// more, when set, adds to each page (c is page as a surface) after its
	// blocks; sheet counts the pages from 0.
	more func(c, page draw.Canvas, sheet int)
	// The pages are parts partOffset+1 to partOffset+pages of parts in
	// the heads' "(page i of n)" (parts 0: pages).
	partOffset, parts int
}

// imposeDicePages adds the pages of one kind of block, b, for the copies:
// each page with its heading and instructions, every copy's labelled
// block, and a scale bar. It returns the number of pages.
func (r renderer) imposeDicePages(out generator.ArtOut, opts generator.PrintOptions, copies []dieCopy, b diceBlocks) int {
	if len(copies) == 0 {
		return 0
	}
	parts := b.parts
	if parts == 0 {
		parts = b.pages
	}
	plan := impose.Sheets(impose.Spec{Items: len(copies), PerSheet: b.perPage, W: opts.Paper.W, H: opts.Paper.H})
	return impose.Draw(out, plan, func(page draw.Canvas, pg impose.Page) {
		c := r.Surface(page)
		r.diceHead(c, opts, b.title, pagePart(b.partOffset+pg.Sheet, parts), b.how, b.opposite)
		for k, dc := range copies[pg.Lo:pg.Hi] {
			x, y := b.grid.at(k)
			r.drawBlockLabel(c, dc, x, y, b.blockW)
			b.place(page, dc, x, y)
		}
		if b.more != nil {
			b.more(c, page, pg.Sheet)
		}
		r.DrawScaleBar(c, b.grid.bar)
	})
}

// pagePart is " (page 2 of 3)" for a part of several pages, else "".
func pagePart(i, n int) string {
	if n <= 1 {
		return ""
	}
	return fmt.Sprintf(" (page %d of %d)", i+1, n)
}

// diceHead writes a page's title and two lines of instructions at the top
// of the printable area.
func (r renderer) diceHead(c draw.Canvas, opts generator.PrintOptions, title, part, note1, note2 string) {
	r.diceHeadAt(c, opts, layout.Printable(opts.Paper, opts.Margin).Y, title, part, note1, note2)
}

// diceHeadAt writes a title and two lines of instructions from top down.
func (r renderer) diceHeadAt(c draw.Canvas, opts generator.PrintOptions, top float64, title, part, note1, note2 string) {
	area := layout.Printable(opts.Paper, opts.Margin)
	y := top + r.Fonts.Ascent(draw.Bold, diceTitlePt)
	c.Text(generator.Round2(area.X), generator.Round2(y), fitLine(r, title+part, draw.Bold, diceTitlePt, area.W), draw.Bold, diceTitlePt, diceText)
	y += r.Fonts.Descent(draw.Bold, diceTitlePt) + 1 + r.Fonts.Ascent(draw.Regular, diceNotePt)
	c.Text(generator.Round2(area.X), generator.Round2(y), fitLine(r, note1, draw.Regular, diceNotePt, area.W), draw.Regular, diceNotePt, diceText)
	y += r.Fonts.Descent(draw.Regular, diceNotePt) + r.Fonts.Ascent(draw.Regular, diceNotePt)
	c.Text(generator.Round2(area.X), generator.Round2(y), fitLine(r, note2, draw.Regular, diceNotePt, area.W), draw.Regular, diceNotePt, diceText)
}

// fitLine shortens s with an ellipsis until it is no wider than w.
func fitLine(r renderer, s string, st draw.FontStyle, size, w float64) string {
	if r.Fonts.Width(s, st, size) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && r.Fonts.Width(string(rs)+"…", st, size) > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// drawBlockLabel writes a block's label over it.
func (r renderer) drawBlockLabel(c draw.Canvas, dc dieCopy, x, y, w float64) {
	base := y + diceLabelH - stickerBleed - 1.0 // clear of a sticker's bleed
	c.Text(x, generator.Round2(base), fitLine(r, dc.label(), draw.Regular, diceLabelPt, w), draw.Regular, diceLabelPt, diceText)
}

// drawStickers draws the six stickers of a die with the top-left cut line
// at (x, y): faces 1 2 3 over 4 5 6.
func (r renderer) drawStickers(c draw.Canvas, d *schema.Die, x, y float64) {
	for i, face := range d.Faces {
		sx := generator.Round2(x + float64(i%stickerCols)*(stickerSize+stickerGap))
		sy := generator.Round2(y + float64(i/stickerCols)*(stickerSize+stickerGap))
		r.drawSticker(c, d, face, sx, sy)
	}
}

// dieColours are the colour, ink and paper (what knocks out icon details)
// of a die as printed: with ink-saver the face stays white and the colour
// is a band inside the edge.
func (r renderer) dieColours(d *schema.Die) (fill, ink, paper draw.Color) {
	fill = draw.ColorOr(d.ColorHex(), draw.White)
	if h := d.InkHex(); h != "" {
		ink = draw.ColorOr(h, draw.Black)
	} else if generator.IsLight(fill) {
		ink = diceText
	} else {
		ink = draw.White
	}
	paper = fill
	if r.InkSaver {
		paper = draw.White
		if generator.IsLight(ink) {
			ink = diceText
		}
	}
	return fill, ink, paper
}

// drawSticker draws one 14 mm sticker at (x, y): its colour with bleed
// (or a band inside the edge with ink-saver), the face, and the rounded cut
// line, light over a dark die.
func (r renderer) drawSticker(c draw.Canvas, d *schema.Die, face string, x, y float64) {
	fill, _, _ := r.dieColours(d)
	s := stickerSize
	cut := draw.Stroked(diceCut, diceLineWidth)
	if r.InkSaver {
		band := generator.Round2(s * diceRingShare)
		c.Rect(x+band/2, y+band/2, s-band, s-band, max(stickerRadius-band/2, 0), draw.Stroked(fill, band))
	} else {
		c.Rect(x-stickerBleed, y-stickerBleed, s+2*stickerBleed, s+2*stickerBleed, stickerRadius+stickerBleed, draw.Filled(fill))
		if !generator.IsLight(fill) {
			cut = draw.Stroked(diceCutLight, diceCutWidth)
		}
	}
	r.drawFace(c, d, face, x, y, s)
	c.Rect(x, y, s, s, stickerRadius, cut)
}

// drawFace draws what a face shows in an s x s square at (x, y): the icon
// with a small word under it, or a word filling the face. Sizes scale with
// s from a 14 mm sticker.
func (r renderer) drawFace(c draw.Canvas, d *schema.Die, face string, x, y, s float64) {
	_, ink, paper := r.dieColours(d)
	k := s / stickerSize
	word := d.FaceWord(face)
	if icons.Has(face) {
		f := r.iconFace(word, s)
		icons.Draw(c, face, generator.Round2(x+(s-f.icon)/2), generator.Round2(y+s*0.1), f.icon, ink, paper)
		bx, by := generator.Round2(x+s*0.1), generator.Round2(y+f.wordY)
		typeset.Draw(r.Fonts, c, f.word, bx, by, f.wordW, f.wordH, ink, paper)
		return
	}
	bw, bh := wordBox(s)
	bx, by := generator.Round2(x+s*0.1), generator.Round2(y+s*0.12)
	st := faceWordStyle(k)
	st.Size = generator.Round2(r.dieWordSize(d) * k)
	typeset.Draw(r.Fonts, c, typeset.Layout(r.Fonts, word, st, bw, bh), bx, by, bw, bh, ink, paper)
}

// dieWordSize is the size, on a 14 mm sticker, of the word faces of a
// die: the largest at which every one of them fits, so that the words of
// one die match.
func (r renderer) dieWordSize(d *schema.Die) float64 {
	size := diceWordPt
	st := faceWordStyle(1)
	for _, face := range d.Faces {
		if icons.Has(face) {
			continue
		}
		bw, bh := wordBox(stickerSize)
		b := typeset.Layout(r.Fonts, d.FaceWord(face), st, bw, bh)
		size = min(size, b.Size)
	}
	return size
}

// iconWordStyle is the style of the word under an icon, scaled by k from a
// 14 mm sticker: one size, never shrunk.
func iconWordStyle(k float64) typeset.Style {
	size := generator.Round2(diceIconWord * k)
	return typeset.Style{Font: draw.Bold, Size: size, MinSize: size, Align: "center", VAlign: "middle", LineHeight: 1}
}

// iconFaceLayout is how an icon face is laid out on an s x s face: the
// icon's side, and the word under it, set in its box from wordY below the
// face's top.
type iconFaceLayout struct {
	icon                float64
	word                typeset.Block
	wordY, wordW, wordH float64
}

// iconFace lays out an icon face on an s x s face: the word at its one
// size (diceIconWord, scaled with the face) on as many lines as it needs,
// up to diceIconLines, its box ending at 0.89 s; the icon keeps 0.56 s
// when the word takes one line and shrinks to leave room for more.
func (r renderer) iconFace(word string, s float64) iconFaceLayout {
	k := s / stickerSize
	st := iconWordStyle(k)
	w := generator.Round2(s * 0.8)
	// The height the word needs, held to diceIconLines lines: a longer
	// word does not fit (diceOverflows reports it).
	free := typeset.Layout(r.Fonts, word, st, w, generator.Unbounded)
	need := free.Height
	if n := len(free.Lines); n > diceIconLines {
		need = need * diceIconLines / float64(n)
	}
	h := generator.Round2(max(s*0.2, need+0.05))
	b := typeset.Layout(r.Fonts, word, st, w, h)
	wordY := s*0.89 - h
	return iconFaceLayout{icon: generator.Round2(min(s*0.56, wordY-s*0.13)), word: b, wordY: wordY, wordW: w, wordH: h}
}

// wordBox is the size of the box of a word face on an s x s face.
func wordBox(s float64) (w, h float64) { return generator.Round2(s * 0.8), generator.Round2(s * 0.76) }

// faceWordStyle is the style of a word face, scaled by k from a 14 mm
// sticker.
func faceWordStyle(k float64) typeset.Style {
	return typeset.Style{Font: draw.Bold, Size: generator.Round2(diceWordPt * k), MinSize: generator.Round2(diceWordMinPt * k), Align: "center", VAlign: "middle", LineHeight: 1.05}
}

// ---- cube nets ----

// netCell is a face of the net: its grid cell and which of the die's faces
// it shows.
type netCell struct {
	col, row, face int
}

// netFaces places the die's faces (0-based) on the cross: a column of
// faces 1, 2, 6, 5 from the top, with 3 left and 4 right of face 2. Folded
// with face 2 in front, 1 is the top, 6 the bottom, 5 the back, 3 the left
// and 4 the right: 1-6, 2-5 and 3-4 are opposite.
var netFaces = [schema.DieFaces]netCell{
	{1, 0, 0}, {1, 1, 1}, {0, 1, 2}, {2, 1, 3}, {1, 3, 4}, {1, 2, 5},
}

// netEdge is a side of a face: 0 top, 1 right, 2 bottom, 3 left.
type netEdge struct{ col, row, side int }

// netTabs are the edges that carry a glue tab, one for each of the seven
// edge pairs that meet when the net is folded: face 1's left and right
// (under the tops of faces 3 and 4), the bottoms of faces 3 and 4 (under
// face 6's sides) and face 5's left, right and bottom (under faces 3, 4
// and 1).
var netTabs = [...]netEdge{
	{1, 0, 3}, {1, 0, 1}, {0, 1, 2}, {2, 1, 2}, {1, 3, 3}, {1, 3, 1}, {1, 3, 2},
}

// hasNetFace reports whether a face of the net lies in cell (col, row).
func hasNetFace(col, row int) bool {
	for _, f := range netFaces {
		if f.col == col && f.row == row {
			return true
		}
	}
	return false
}

// hasNetTab reports whether the edge carries a glue tab.
func hasNetTab(e netEdge) bool {
	for _, t := range netTabs {
		if t == e {
			return true
		}
	}
	return false
}

// edgeEnds are the ends of a side of the face at (fx, fy), clockwise.
func edgeEnds(fx, fy float64, side int) (a, b layout.Point) {
	s := netFace
	switch side {
	case 0:
		return layout.Point{X: fx, Y: fy}, layout.Point{X: fx + s, Y: fy}
	case 1:
		return layout.Point{X: fx + s, Y: fy}, layout.Point{X: fx + s, Y: fy + s}
	case 2:
		return layout.Point{X: fx + s, Y: fy + s}, layout.Point{X: fx, Y: fy + s}
	}
	return layout.Point{X: fx, Y: fy + s}, layout.Point{X: fx, Y: fy}
}

// tabCorners are the four corners of the glue tab on side of the face at
// (fx, fy): the edge's ends, then the outer edge, inset.
func tabCorners(fx, fy float64, side int) [4]layout.Point {
	a, b := edgeEnds(fx, fy, side)
	// The outward normal of a clockwise edge, y down, is (dy, -dx)/len.
	dx, dy := (b.X-a.X)/netFace, (b.Y-a.Y)/netFace
	nx, ny := dy, -dx
	p := func(q layout.Point, along, out float64) layout.Point {
		return layout.Point{X: generator.Round2(q.X + dx*along + nx*out), Y: generator.Round2(q.Y + dy*along + ny*out)}
	}
	return [4]layout.Point{a, b, p(b, -netTabIn, netTab), p(a, netTabIn, netTab)}
}

// drawNet draws the cross-shaped net of a die with its top-left at (x, y):
// the glue tabs, the faces, then the dashed fold lines between faces and at
// the tabs and the solid cut lines around it all.
func (r renderer) drawNet(c draw.Canvas, d *schema.Die, x, y float64) {
	fill, _, _ := r.dieColours(d)
	origin := func(col, row int) (float64, float64) {
		return generator.Round2(x + float64(col)*netFace), generator.Round2(y + float64(row)*netFace)
	}
	tabFill := diceTabFill
	if r.InkSaver {
		tabFill = draw.White
	}
	for _, t := range netTabs {
		fx, fy := origin(t.col, t.row)
		q := tabCorners(fx, fy, t.side)
		path := &draw.Path{Ops: []draw.PathOp{
			{Kind: draw.MoveTo, P: [3][2]float64{{q[0].X, q[0].Y}}},
			{Kind: draw.LineTo, P: [3][2]float64{{q[1].X, q[1].Y}}},
			{Kind: draw.LineTo, P: [3][2]float64{{q[2].X, q[2].Y}}},
			{Kind: draw.LineTo, P: [3][2]float64{{q[3].X, q[3].Y}}},
			{Kind: draw.Close},
		}}
		c.Path(path, tabFill)
		cx, cy := (q[0].X+q[1].X+q[2].X+q[3].X)/4, (q[0].Y+q[1].Y+q[2].Y+q[3].Y)/4
		gw := r.Fonts.Width("glue", draw.Regular, diceGluePt)
		c.Text(generator.Round2(cx-gw/2), generator.Round2(cy+r.Fonts.CapHeight(draw.Regular, diceGluePt)/2), "glue", draw.Regular, diceGluePt, diceFold)
	}
	for _, f := range netFaces {
		fx, fy := origin(f.col, f.row)
		if r.InkSaver {
			band := generator.Round2(netFace * diceRingShare)
			c.Rect(fx+band/2, fy+band/2, netFace-band, netFace-band, 0, draw.Stroked(fill, band))
		} else {
			c.Rect(fx, fy, netFace, netFace, 0, draw.Filled(fill))
		}
		r.drawFace(c, d, d.Faces[f.face], fx, fy, netFace)
	}
	// Fold lines first, cut lines over them; folds are light on a dark die.
	fold := diceFold
	if !r.InkSaver && !generator.IsLight(fill) {
		fold = diceFoldLight
	}
	var cuts [][2]layout.Point
	for _, f := range netFaces {
		fx, fy := origin(f.col, f.row)
		for side := range 4 {
			a, b := edgeEnds(fx, fy, side)
			ncol, nrow := f.col+[4]int{0, 1, 0, -1}[side], f.row+[4]int{-1, 0, 1, 0}[side]
			switch {
			case hasNetFace(ncol, nrow):
				if side == 0 || side == 3 { // each shared edge once
					generator.DashedLine(c, a, b, fold, diceFoldWidth)
				}
			case hasNetTab(netEdge{f.col, f.row, side}):
				generator.DashedLine(c, a, b, fold, diceFoldWidth)
				q := tabCorners(fx, fy, side)
				cuts = append(cuts, [2]layout.Point{q[1], q[2]}, [2]layout.Point{q[2], q[3]}, [2]layout.Point{q[3], q[0]})
			default:
				cuts = append(cuts, [2]layout.Point{a, b})
			}
		}
	}
	for _, s := range cuts {
		c.Line(s[0].X, s[0].Y, s[1].X, s[1].Y, diceCut, diceCutWidth)
	}
}

// ---- preview and fit ----

// WriteDicePreview writes a PNG with one row per die of the set: its name
// and its six faces as stickers.
func (r renderer) WriteDicePreview(w io.Writer, p *schema.Pack, ds *schema.DiceSet) error {
	dice := printedDice(p, ds)
	if len(dice) == 0 {
		dice = ds.Dice
	}
	const pad, labelW = 4.0, 28.0
	rowH := stickerSize + stickerGap
	width := pad + labelW + float64(schema.DieFaces)*(stickerSize+stickerGap) - stickerGap + pad
	height := 2*pad + float64(max(len(dice), 1))*rowH - stickerGap
	c, err := draw.NewPNGCanvas(r.Fonts, width, height, 100)
	if err != nil {
		return fmt.Errorf("dice %s: %w", ds.ID, err)
	}
	cv := r.Surface(c)
	cv.Rect(0, 0, width, height, 0, draw.Filled(draw.White))
	for i, d := range dice {
		y := pad + float64(i)*rowH
		label := fitLine(r, fmt.Sprintf("%s x%d", d.ID, d.Count), draw.Regular, diceLabelPt, labelW-2)
		cv.Text(pad, generator.Round2(y+stickerSize/2+r.Fonts.CapHeight(draw.Regular, diceLabelPt)/2), label, draw.Regular, diceLabelPt, diceText)
		for j, face := range d.Faces {
			r.drawSticker(cv, d, face, generator.Round2(pad+labelW+float64(j)*(stickerSize+stickerGap)), y)
		}
	}
	if err := c.Encode(w); err != nil {
		return fmt.Errorf("dice %s: %w", ds.ID, err)
	}
	return nil
}

// diceOverflows reports the faces whose word does not fit a 14 mm sticker
// even at the smallest size.
func diceOverflows(gr *generator.Renderer, p *schema.Pack, ds *schema.DiceSet) []schema.TextIssue {
	r := renderer{gr}
	var out []schema.TextIssue
	for _, d := range ds.Dice {
		seen := map[string]bool{}
		for i, face := range d.Faces {
			if seen[face] {
				continue
			}
			seen[face] = true
			minPt := diceWordMinPt
			bw, bh := wordBox(stickerSize)
			b := typeset.Layout(r.Fonts, d.FaceWord(face), faceWordStyle(1), bw, bh)
			if icons.Has(face) {
				minPt, b = diceIconWord, r.iconFace(d.FaceWord(face), stickerSize).word
			}
			if b.Fits {
				continue
			}
			ref, what := d.FaceRef(i), fmt.Sprintf("die %q face %q", d.ID, face)
			if _, ok := d.Labels[face]; ok {
				ref, what = d.LabelRef(face), fmt.Sprintf("die %q label of face %q", d.ID, face)
			}
			out = append(out, schema.TextIssue{Ref: ref, What: what, Detail: fmt.Sprintf("does not fit a 14 mm sticker even at %gpt: %s", minPt, b.Overflow)})
		}
	}
	return out
}

// renderer is the generator's renderer with the dice's drawing methods.
type renderer struct{ *generator.Renderer }

// Kind is how dice sets (kind: Dice) are built, checked and indexed: a line
// of the generator's shared kinds.
func Kind() generator.KindRenderer {
	return generator.Kind[*schema.DiceSet]{
		Build: buildDice, Fit: diceOverflows, Index: indexDice,
	}.Renderer()
}
