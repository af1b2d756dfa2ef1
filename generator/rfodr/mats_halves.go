package rfodr

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/rfod"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
)

// A mat prints in two halves cut across its height, top and bottom, each
// matW x matSeam mm: small enough for one page of Letter or A4 (turned a
// quarter, with its full bleed inside the margin). Each side is drawn once
// and every half is that drawing clipped to the half and its bleed, so the
// bleed at the seam shows the art carrying on. A half prints on one sheet
// like a two-sided board that fits one page (board.Slot,
// board.BackSlot): side A's half on the front page, side B's matching half
// on the back page, placed by layout.BackOf for the build's duplex flip and
// back offset. A mat is turned over about its long (vertical) axis, so side
// B's top half lies behind side A's top half, and B's point (x, y) behind
// A's point (matW-x, y). Under --duplex none the half of side B prints
// upright on the page after side A's, to glue behind it.
//
// Join ticks cross the seam at the same x on both halves, with a note on
// each half saying what to butt it against; titles, card slots, captions
// and the three-card edges keep matJoinClear off the seam.

// Geometry of the halves and their join, in millimetres.
const (
	// matSeam is where the halves meet: the height of each half.
	matSeam = matH / 2
	// matJoinTick is how far a join tick reaches either side of the seam.
	matJoinTick = 4.0
	// matJoinClear is how far content other than the join keeps off the
	// seam.
	matJoinClear = 10.0
	// matJoinNoteGap is from the seam to the nearer edge of a join note,
	// more than the bleed so that neither half's bleed shows the other's
	// note.
	matJoinNoteGap = 3.5
	matJoinPt      = 6.5
)

// matJoinTicks are the x of the join ticks: symmetric, so each tick of
// side B lies behind one of side A.
var matJoinTicks = [...]float64{15, matPad + matCardW/2, matW - matPad - matCardW/2, matW - 15}

// matHalf is a half of a mat: top or bottom.
type matHalf int

// The halves of a mat.
const (
	halfTop matHalf = iota
	halfBottom
)

func (h matHalf) String() string { return [...]string{"top", "bottom"}[h] }

// top is the y of the half's top edge on the mat.
func (h matHalf) top() float64 { return float64(h) * matSeam }

// other is the half it is butted against.
func (h matHalf) other() matHalf { return 1 - h }

// matHalfPlan places half a mat on one page of the paper; ok is false when
// it does not fit (it would be tiled).
func matHalfPlan(opts generator.PrintOptions) (layout.TilePlan, bool) {
	pl, err := layout.TileBoard(opts.Paper, opts.Margin, layout.DefaultOverlap, matW, matSeam)
	return pl, err == nil && pl.Pages() == 1
}

// matsDuplex is how the back of a half goes behind its front: the build's
// flip when the halves fit the paper and a mat has two sides,
// layout.NoDuplex (one-sided pages) otherwise.
func matsDuplex(s *rfodrschema.MatSet, opts generator.PrintOptions) layout.Duplex {
	if _, ok := matHalfPlan(opts); !ok {
		return layout.NoDuplex
	}
	for _, m := range s.Mats {
		if len(matSides(m)) == 2 {
			return opts.Duplex
		}
	}
	return layout.NoDuplex
}

// matHalfRoles says how the half of each of a mat's sides goes with the
// other: front and back of a duplex sheet, first and glued on pages of
// their own, or alone.
func matHalfRoles(sides int, d layout.Duplex) []board.Role {
	roles := make([]board.Role, sides)
	switch {
	case sides != 2:
	case d != layout.NoDuplex:
		roles[0], roles[1] = board.RoleFront, board.RoleBack
	default:
		roles[0], roles[1] = board.RoleFirst, board.RoleGlued
	}
	return roles
}

// matHalfSheet is a sheet of mats printed in halves: a half of a mat.
type matHalfSheet struct {
	mat  *rfodrschema.Mat
	half matHalf
}

// matHalvesPlan plans the pages of the set printed in halves: for each mat
// with a side, its top half and then its bottom half, a sheet each (sheet
// k is sheets[k]; the halves of a mat are sheets 2j and 2j+1): side A's
// page, then side B's on its back (duplex d) or on the page after it, to
// glue behind it. Under duplex a one-sided mat's half has a blank back, so
// that every front that follows is still a front. A mat prints at most two
// sides (the schema's limit).
func matHalvesPlan(s *rfodrschema.MatSet, d layout.Duplex, opts generator.PrintOptions) ([]matHalfSheet, impose.Plan) {
	var sheets []matHalfSheet
	for _, m := range s.Mats {
		if len(matSides(m)) > 0 {
			sheets = append(sheets, matHalfSheet{m, halfTop}, matHalfSheet{m, halfBottom})
		}
	}
	spec := impose.Spec{Items: len(sheets), PerSheet: 1, W: opts.Paper.W, H: opts.Paper.H, Backs: impose.Glued,
		HasBack: func(k int) bool { return len(matSides(sheets[k].mat)) > 1 }}
	if d != layout.NoDuplex {
		spec.Backs = impose.Duplex
	}
	return sheets, impose.Sheets(spec)
}

// matSheetPages are the numbers of the first (front) and last pages of
// each of the plan's sheets.
func matSheetPages(plan impose.Plan, sheets int) (first, last []int) {
	first, last = make([]int, sheets), make([]int, sheets)
	for n, pg := range plan.Pages {
		if first[pg.Sheet] == 0 {
			first[pg.Sheet] = n + 1
		}
		last[pg.Sheet] = n + 1
	}
	return first, last
}

// matHalfSlot is where side i's half goes on its page: side A's centred
// (turned as board.Slot turns it), side B's behind it
// (board.BackSlot).
func matHalfSlot(pl layout.TilePlan, i int, d layout.Duplex, opts generator.PrintOptions) layout.Slot {
	slot := board.Slot(pl, opts)
	if i == 1 {
		slot = board.BackSlot(slot, d, opts)
	}
	return slot
}

// halfArt places a side's art so that the half's top-left corner lands
// where the half's would: the side shifted up by the half's top.
func halfArt(art generator.PlaceArt, h matHalf) generator.PlaceArt {
	return func(page draw.Canvas, x, y float64) { art(page, x, y-h.top()) }
}

// matHalfPage is one page of a mat's half: what its labels say.
type matHalfPage struct {
	board  *schema.Board
	side   int // index of the side in board.Sides
	half   matHalf
	role   board.Role
	duplex layout.Duplex
	page   int // this page's number
	butt   int // the page of side A's other half, this half's neighbour
	total  int
	// blankBack is set when the next page is left blank: the back of a
	// side printed duplex with none behind it.
	blankBack bool
}

// imposeMatHalves adds the pages of every mat in halves, as
// matHalvesPlan orders them.
func imposeMatHalves(r *generator.Renderer, out generator.ArtOut, s *rfodrschema.MatSet, pl layout.TilePlan, opts generator.PrintOptions) {
	duplex := matsDuplex(s, opts)
	sheets, plan := matHalvesPlan(s, duplex, opts)
	total := len(plan.Pages)
	fronts, _ := matSheetPages(plan, len(sheets))
	slotY := matSlotTop([]matBand{{matSeam - matJoinClear, matSeam + matJoinClear}})
	var arts []generator.PlaceArt
	page := 0
	impose.Draw(out, plan, func(c draw.Canvas, pg impose.Page) {
		page++
		sh := sheets[pg.Sheet]
		sides := matSides(sh.mat)
		b := matBoard(sh.mat, false)
		if pg.Blank {
			drawBlankBack(r, c, b, page, total, opts)
			return
		}
		if pg.Side == impose.Front && sh.half == halfTop {
			// A mat's first page: draw each of its sides once.
			arts = make([]generator.PlaceArt, len(sides))
			for i := range sides {
				arts[i] = matArt(r, out, sides, i, opts.Bleed, slotY, true)
			}
		}
		i := 0 // side A on the front page, side B on its back
		if pg.Side != impose.Front {
			i = 1
		}
		next := page < total && plan.Pages[page].Blank
		mp := matHalfPage{board: b, side: i, half: sh.half, role: matHalfRoles(len(sides), duplex)[i], duplex: duplex,
			page: page, butt: fronts[pg.Sheet^1], total: total, blankBack: next}
		slot := matHalfSlot(pl, i, duplex, opts)
		board.DrawSlotPage(r, c, opts, slot, matW, matSeam, halfArt(arts[i], sh.half), mp.labels()...)
	})
}

// labels say what the page is and where its back is, then how to put it
// together.
func (mp matHalfPage) labels() []string {
	side := mp.board.Sides[mp.side]
	what := []string{board.Title(mp.board), fmt.Sprintf("%s, %s half", board.SideTitle(side, mp.side), mp.half), fmt.Sprintf("page %d of %d", mp.page, mp.total)}
	assemble := fmt.Sprintf("print at 100%%, trim along the crop marks, butt the seam edge against the %s half (page %d) so the join ticks meet, tape on both sides", mp.half.other(), mp.butt)
	switch mp.role {
	case board.RoleFront:
		what = append(what, fmt.Sprintf("print double-sided (flip on the %s edge): page %d is its back", mp.duplex, mp.page+1))
	case board.RoleBack:
		what = append(what, fmt.Sprintf("the back of page %d (flip on the %s edge)", mp.page-1, mp.duplex))
		assemble = fmt.Sprintf("print at 100%%; it is trimmed with page %d", mp.page-1)
	case board.RoleFirst:
		what = append(what, fmt.Sprintf("page %d is its back", mp.page+1))
		assemble = fmt.Sprintf("print at 100%%, trim along the crop marks, glue page %d behind it, then butt the seam edge against the %s half (page %d) so the join ticks meet, tape on both sides", mp.page+1, mp.half.other(), mp.butt)
	case board.RoleGlued:
		what = append(what, fmt.Sprintf("back of page %d: glue it behind it, top edges together", mp.page-1))
		assemble = "print at 100%, trim along the crop marks"
	default:
		if mp.blankBack {
			what = append(what, fmt.Sprintf("page %d, its back, is left blank", mp.page+1))
		}
	}
	return []string{strings.Join(what, " · "), assemble}
}

// drawBlankBack prints the blank back of a half with no side behind it,
// with a label saying so.
func drawBlankBack(r *generator.Renderer, page draw.Canvas, b *schema.Board, n, total int, opts generator.PrintOptions) {
	label := fmt.Sprintf("%s · page %d of %d · left blank: the back of page %d, which has no side behind it", board.Title(b), n, total, n-1)
	r.DrawPageLabel(r.Surface(page), layout.Printable(opts.Paper, opts.Margin), nil, label)
}

// drawMatJoins draws the join between the halves of a side: ticks across
// the seam, which meet when the halves are butted, and a note on each half.
func drawMatJoins(r *generator.Renderer, c draw.Canvas) {
	c = r.Surface(c)
	for _, x := range matJoinTicks {
		c.Line(x, matSeam-matJoinTick, x, matSeam+matJoinTick, rfod.Ink, 0.35)
	}
	asc, desc := r.Fonts.Ascent(draw.Italic, matJoinPt), r.Fonts.Descent(draw.Italic, matJoinPt)
	rfod.CentredText(r, c, matW/2, generator.Round2(matSeam-matJoinNoteGap-desc), "butt against the bottom half here; tape on both sides", draw.Italic, matJoinPt, rfod.Muted)
	rfod.CentredText(r, c, matW/2, generator.Round2(matSeam+matJoinNoteGap+asc), "butt against the top half here; tape on both sides", draw.Italic, matJoinPt, rfod.Muted)
}

// indexMatHalves describes mats printed in halves for the kit's index.
func indexMatHalves(s *rfodrschema.MatSet, opts generator.PrintOptions) []string {
	pl, _ := matHalfPlan(opts)
	duplex := matsDuplex(s, opts)
	sheets, plan := matHalvesPlan(s, duplex, opts)
	total := len(plan.Pages)
	first, last := matSheetPages(plan, len(sheets))
	size := fmt.Sprintf("%s x %s mm at true size in two halves (top and bottom) of %s x %s mm%s",
		generator.FormatMM(matW), generator.FormatMM(matH), generator.FormatMM(matW), generator.FormatMM(matSeam), board.TurnText(pl))
	var out []string
	for k := 0; k < len(sheets); k += 2 { // a mat's top half, then its bottom half
		m := sheets[k].mat
		sides := matSides(m)
		b := matBoard(m, false)
		pages := fmt.Sprintf("pages %d–%d", first[k], last[k+1])
		switch {
		case len(sides) == 2 && duplex != layout.NoDuplex:
			out = append(out, fmt.Sprintf("%s: %s, each on one sheet printed double-sided (flip on the %s edge): %s on the front, %s on the back, registered behind it; %s",
				m.ID, size, duplex, board.SideTitle(b.Sides[0], 0), board.SideTitle(b.Sides[1], 1), pages))
		case len(sides) == 2:
			out = append(out, fmt.Sprintf("%s: %s, each half on a page of its own: %s, then the matching half of %s to glue behind it, top edges together; %s",
				m.ID, size, board.SideTitle(b.Sides[0], 0), board.SideTitle(b.Sides[1], 1), pages))
		default:
			blank := ""
			if duplex != layout.NoDuplex {
				blank = ", with a blank back"
			}
			out = append(out, fmt.Sprintf("%s: %s, each half on a page of its own%s: %s; %s", m.ID, size, blank, board.SideTitle(b.Sides[0], 0), pages))
		}
	}
	steps := "trim each half along the crop marks"
	if duplex == layout.NoDuplex {
		steps = "trim each half along the crop marks, glue the half of side B behind the matching half of side A"
	}
	out = append(out, fmt.Sprintf("%d pages; assemble each mat: %s, butt its top half against its bottom half so the join ticks meet, and tape the seam on both sides", total, steps))
	return out
}
