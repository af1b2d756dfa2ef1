// Package impose plans which item goes on which page of a print: pages of
// placed items, front and back pages paired for duplex, backs on pages of
// their own when the printer has no duplex. A plan is plain values; Draw is
// the one loop that adds a plan's pages to a document and hands each page
// to the caller, which draws the items (the drawing of an item stays with
// its renderer).
package impose

import "github.com/runforge/runforge/generator/draw"

// Side is which side of the paper a page shows.
type Side int

const (
	// Front is a page of fronts.
	Front Side = iota
	// Back is the back page right behind its front page, mirrored for the
	// duplex flip and shifted by the back offset.
	Back
	// OwnBack is a page of backs on a sheet of its own (duplex none):
	// after all the fronts, or right after its front page to glue behind
	// it; each item where its front is on the front page.
	OwnBack
)

// Page is one page of a plan: the items [Lo, Hi) of the caller's list, on
// one side of the paper, W x H mm.
type Page struct {
	W, H float64
	Side Side
	// Sheet is the 0-based sheet of items the page shows.
	Sheet int
	// Lo and Hi bound the items on the page, indices into the caller's
	// list, in slot order.
	Lo, Hi int
	// Front is the 1-based page number of the front page a back page goes
	// behind; 0 on a front page.
	Front int
	// Blank is set on a back page that shows no item: it is there so that
	// the next sheet's fronts print on a front.
	Blank bool
	// Tile is the 1-based tile a page of a tiled board shows; 0 on every
	// other page (see Tiles).
	Tile int
}

// Len is the number of items on the page.
func (p Page) Len() int { return p.Hi - p.Lo }

// Plan is the pages of a print, in order.
type Plan struct {
	Pages []Page
}

// Append adds the pages of more after those of pl.
func (pl Plan) Append(more Plan) Plan {
	return Plan{Pages: append(pl.Pages[:len(pl.Pages):len(pl.Pages)], more.Pages...)}
}

// Sink receives the pages of a plan: a PDF document, or a recording in
// tests.
type Sink interface {
	// AddPage adds a w x h mm page and returns its canvas.
	AddPage(w, h float64) draw.Canvas
}

// Draw adds the pages of pl to sink in order, calls page with each new
// page's canvas, and returns the number of pages.
func Draw(sink Sink, pl Plan, page func(c draw.Canvas, pg Page)) int {
	for _, pg := range pl.Pages {
		page(sink.AddPage(pg.W, pg.H), pg)
	}
	return len(pl.Pages)
}

// Backs is how the backs of items print.
type Backs int

const (
	// NoBacks prints fronts only.
	NoBacks Backs = iota
	// Duplex puts each sheet's back page right after its front page.
	Duplex
	// OwnPages puts a back page for each sheet with a back after all the
	// fronts (duplex none, for backs that carry information).
	OwnPages
	// Glued puts the back page of each sheet with a back right after its
	// front page (duplex none, to glue behind it); a sheet without a back
	// has none.
	Glued
)

// Spec asks for a plan of items laid n-up on sheets.
type Spec struct {
	// Items is the number of items; PerSheet how many fit on a sheet.
	Items, PerSheet int
	// Counts, when set, is how many items each sheet holds (pieces of
	// mixed sizes, see Shelves), in place of PerSheet.
	Counts []int
	// W and H are the page size, mm.
	W, H float64
	// Side is the side of each sheet's first page: Front, or OwnBack for
	// a list of backs printed on pages of their own.
	Side Side
	// Backs is how the backs print.
	Backs Backs
	// HasBack reports whether sheet k holds an item with a back; nil is
	// every sheet.
	HasBack func(k int) bool
	// DropBlankLast leaves out, under Duplex, the last sheet's back page
	// when it would be blank (the back pages before it keep the next
	// sheet's fronts on a front).
	DropBlankLast bool
}

// Sheets is the plan of spec: the items in order, PerSheet (or Counts) to a sheet,
// each sheet's front page followed, under Duplex, by its back page, and
// under Glued by its back page when it has one; under OwnPages, the back
// pages of the sheets with backs follow all the fronts.
func Sheets(spec Spec) Plan {
	per := max(spec.PerSheet, 1)
	sheets := (spec.Items + per - 1) / per
	lo := func(k int) int { return min(k*per, spec.Items) }
	if spec.Counts != nil {
		starts := []int{0}
		for _, n := range spec.Counts {
			starts = append(starts, starts[len(starts)-1]+n)
		}
		sheets = len(spec.Counts)
		lo = func(k int) int { return starts[k] }
	}
	has := func(k int) bool { return spec.HasBack == nil || spec.HasBack(k) }
	page := func(k int, side Side) Page {
		return Page{W: spec.W, H: spec.H, Side: side, Sheet: k, Lo: lo(k), Hi: lo(k + 1)}
	}
	var pl Plan
	for k := 0; k < sheets; k++ {
		pl.Pages = append(pl.Pages, page(k, spec.Side))
		front, h := len(pl.Pages), has(k)
		switch {
		case spec.Backs == Glued && h:
			b := page(k, OwnBack)
			b.Front = front
			pl.Pages = append(pl.Pages, b)
		case spec.Backs == Duplex && (h || k < sheets-1 || !spec.DropBlankLast):
			b := page(k, Back)
			b.Front, b.Blank = front, !h
			pl.Pages = append(pl.Pages, b)
		}
	}
	if spec.Backs == OwnPages {
		for k := 0; k < sheets; k++ {
			if has(k) {
				b := page(k, OwnBack)
				b.Front = k + 1
				pl.Pages = append(pl.Pages, b)
			}
		}
	}
	return pl
}

// TiledSide is one side of a board as it tiles on the paper: Tiles pages
// of W x H mm, or one page when it fits on one.
type TiledSide struct {
	Tiles int
	W, H  float64
}

// Tiles plans the pages of a board printed in copies, each copy's sides
// in turn: a side of one tile is one page of paperW x paperH; a side of
// several is its page map (paperW x paperH) followed by a page per tile.
// Each page's Sheet is the 0-based copy, Lo the side (Hi = Lo+1) and Tile
// the 1-based tile (0 on a page map or a one-page side).
func Tiles(copies int, sides []TiledSide, paperW, paperH float64) Plan {
	var pl Plan
	for cp := 0; cp < copies; cp++ {
		for i, s := range sides {
			pl.Pages = append(pl.Pages, Page{W: paperW, H: paperH, Sheet: cp, Lo: i, Hi: i + 1})
			if s.Tiles == 1 {
				continue
			}
			for k := 1; k <= s.Tiles; k++ {
				pl.Pages = append(pl.Pages, Page{W: s.W, H: s.H, Sheet: cp, Lo: i, Hi: i + 1, Tile: k})
			}
		}
	}
	return pl
}
