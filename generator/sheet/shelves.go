package sheet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Card-size sheets of mixed sizes (a status tile, a single card and action
// tiles, say) share sheets packed in shelves (impose.Shelves) rather than on
// one size's grid: every piece at true size with its full bleed, a gutter
// between every two, crop marks on the waste beside each trim, and each
// back registered behind its front (mirrored for the flip, shifted by the
// back offset).

// shelfGap is the clear paper between the bleeds of two pieces of mixed
// sizes, mm: a piece's cut never grazes its neighbour's art, and the crop
// marks across the gutter show on white.
const shelfGap = 4.0

// shelfSpec is the packing request for pieces of the given trim sizes.
func shelfSpec(pieces []impose.Piece, opts generator.PrintOptions) impose.ShelfSpec {
	return impose.ShelfSpec{Area: layout.Printable(opts.Paper, opts.Margin), Bleed: opts.Bleed,
		Gutter: 2*opts.Bleed + shelfGap, Pieces: pieces}
}

// planShelves plans sheets of mixed card sizes: every copy of every sheet
// as a leaf with its front and back, packed in shelves; with duplex each
// front page is followed by its back page, without it the backs (content)
// print on pages of their own after the fronts, where their fronts are.
func (r renderer) planShelves(sheets []*schema.Sheet, layouts []*sheetLayout, opts generator.PrintOptions) (sheetPlan, error) {
	var leaves []sheetLeaf
	var pieces []impose.Piece
	anyBack := false
	for i, s := range sheets {
		anyBack = anyBack || len(s.Back) > 0
		for _, lf := range layouts[i].duplexLeaves(max(s.Count, 1)) {
			leaves = append(leaves, lf)
			pieces = append(pieces, impose.Piece{W: lf.l.geom.readW, H: lf.l.geom.readH})
		}
	}
	sp, err := impose.Shelves(shelfSpec(pieces, opts))
	if err != nil {
		return sheetPlan{}, fmt.Errorf("sheet %q and the sheets printed with it: %w", sheets[0].ID, err)
	}
	ordered := make([]sheetLeaf, 0, len(leaves))
	for _, i := range sp.Order() {
		ordered = append(ordered, leaves[i])
	}
	counts := sp.Counts()
	starts := []int{0}
	for _, n := range counts {
		starts = append(starts, starts[len(starts)-1]+n)
	}
	spec := impose.Spec{Items: len(ordered), Counts: counts, W: opts.Paper.W, H: opts.Paper.H,
		HasBack: func(k int) bool {
			return slices.ContainsFunc(ordered[starts[k]:starts[k+1]], func(lf sheetLeaf) bool { return lf.back != nil })
		}}
	switch {
	case anyBack && opts.Duplex != layout.NoDuplex:
		spec.Backs = impose.Duplex
	case anyBack:
		spec.Backs = impose.OwnPages
	}
	return sheetPlan{host: layouts[0], duplex: spec.Backs == impose.Duplex, fronts: ordered, shelves: &sp, plan: impose.Sheets(spec)}, nil
}

// imposeShelves draws the pages of a shelf plan: each piece's side in its
// slot, the marks and scale bar of the page, and a label naming the
// pieces of the sheet (on a page of backs, the page it goes behind).
func (r renderer) imposeShelves(sink generator.PageSink, pl sheetPlan, opts generator.PrintOptions) {
	area := layout.Printable(opts.Paper, opts.Margin)
	faceWhite, backWhite := true, true
	for _, lf := range pl.fronts {
		faceWhite = faceWhite && lf.l.style.paper == draw.White
		backWhite = backWhite && lf.l.backStyle.paper == draw.White
	}
	impose.Draw(sink, pl.plan, func(c draw.Canvas, pg impose.Page) {
		placed := pl.shelves.Sheets[pg.Sheet]
		batch := pl.fronts[pg.Lo:pg.Hi]
		page := r.Surface(c)
		var g *generator.GridPageGeom
		switch pg.Side {
		case impose.Back:
			g = r.SlotPageGeom(area, impose.BackSlots(opts.Paper, placed, opts.Bleed, opts.Duplex, opts.BackOffset), opts, backWhite)
		case impose.OwnBack:
			g = r.SlotPageGeom(area, impose.BackSlots(opts.Paper, placed, opts.Bleed, layout.NoDuplex, layout.Point{}), opts, backWhite)
		default:
			g = r.SlotPageGeom(area, impose.FrontSlots(placed, opts.Bleed), opts, faceWhite)
		}
		for i, lf := range batch {
			side := lf.front
			if pg.Side != impose.Front {
				side = lf.back
			}
			r.drawLeafSide(page, lf.l, side, g.Slots[i], 0, opts.Bleed)
		}
		generator.DrawMarks(page, g.Marks)
		if g.Bar != nil {
			r.DrawScaleBar(page, *g.Bar)
		}
		label := "pieces of this sheet, top to bottom, left to right: " + shelfNames(batch)
		if pg.Side == impose.OwnBack {
			label = fmt.Sprintf("backs of page %d, each where its front is: cut them out and glue each behind its front", pg.Front)
		}
		if pg.Side != impose.Back {
			r.DrawPageLabel(page, area, g.Obstacles, label)
		}
	})
}

// shelfNames names the pieces of a sheet in order, a run of one sheet's
// copies once with its count: "Action tile: Scan row, Runner status tile (2)".
func shelfNames(batch []sheetLeaf) string {
	var names []string
	for i := 0; i < len(batch); {
		j := i + 1
		for j < len(batch) && batch[j].l == batch[i].l {
			j++
		}
		name := batch[i].l.title
		if j-i > 1 {
			name += fmt.Sprintf(" (%d)", j-i)
		}
		names = append(names, name)
		i = j
	}
	return strings.Join(names, ", ")
}

// shelfIndexLines describe a shelf plan in the kit's index: its pieces by
// size, its sheets and the order to cut.
func shelfIndexLines(pl sheetPlan, pages int) []string {
	var sizes []string
	n := map[string]int{}
	for _, lf := range pl.fronts {
		k := fmt.Sprintf("%gx%gmm", generator.Round2(lf.l.geom.readW), generator.Round2(lf.l.geom.readH))
		if n[k] == 0 {
			sizes = append(sizes, k)
		}
		n[k]++
	}
	for i, k := range sizes {
		sizes[i] = fmt.Sprintf("%d of %s", n[k], k)
	}
	sheets := len(pl.shelves.Sheets)
	return []string{
		fmt.Sprintf("%d %s of mixed sizes (%s) packed in rows on %d %s, %d %s", len(pl.fronts), generator.PluralOf(len(pl.fronts), "piece", "pieces"),
			strings.Join(sizes, ", "), sheets, generator.PluralOf(sheets, "sheet", "sheets"), pages, generator.PluralOf(pages, "page", "pages")),
		"every piece has its full bleed and a gutter around it: cut the rows apart first, straight across the sheet through the gutters between them, then each piece of a row apart, then trim each piece along the marks beside its edges",
	}
}

// gangSheet is how a card-size sheet may share sheets with other
// card-size sheets (see generator/kit's gang step): pieces of one size on
// its grid, of mixed sizes packed in shelves. Page and half-page sheets
// never share.
func gangSheet(gr *generator.Renderer, _ *schema.Pack, s *schema.Sheet, opts generator.PrintOptions) (generator.Gang, bool) {
	r := renderer{gr}
	l, err := r.layoutSheet(s, opts)
	if err != nil || !l.geom.card {
		return generator.Gang{}, false
	}
	piece := impose.Piece{W: l.geom.readW, H: l.geom.readH}
	pieces := make([]impose.Piece, max(s.Count, 1))
	for i := range pieces {
		pieces[i] = piece
	}
	backs := "none"
	if len(s.Back) > 0 {
		backs = opts.Duplex.String()
	}
	return generator.Gang{
		Class:  "card-size sheet, backs " + backs,
		Stock:  generator.CardStock,
		Host:   s.PrintWith,
		Pieces: pieces,
		Sheets: func(ps []impose.Piece) int { return sheetCount(ps, opts) },
	}, true
}

// sheetCount is how many sheets card-size pieces take: on their grid when
// they are one size, else packed in shelves; a huge number when they do
// not fit (so that nothing gangs with them).
func sheetCount(ps []impose.Piece, opts generator.PrintOptions) int {
	const never = 1 << 30
	if !slices.ContainsFunc(ps, func(p impose.Piece) bool { return p != ps[0] }) {
		grid, err := layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
			CardW: ps[0].W, CardH: ps[0].H, Bleed: opts.Bleed, CropMarks: opts.CropMarks, MayTurn: true})
		if err != nil {
			return never
		}
		return (len(ps) + grid.PerPage() - 1) / grid.PerPage()
	}
	sp, err := impose.Shelves(shelfSpec(ps, opts))
	if err != nil {
		return never
	}
	return len(sp.Sheets)
}

// printSheetWith is a copy of s that prints on host's sheets.
func printSheetWith(s *schema.Sheet, host string) *schema.Sheet {
	c := *s
	c.PrintWith = host
	return &c
}
