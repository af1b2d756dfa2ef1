package generator

import (
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// CardDrawer draws one side of a card in its slot (clipped to its art).
type CardDrawer func(c draw.Canvas, cd *CardData, back bool, s layout.Slot)

// GridSide is which side of the paper a page of a grid shows.
type GridSide int

// Sides of grid pages.
const (
	SideFront   GridSide = iota
	SideBack             // behind its front page, mirrored for the flip and shifted by the back offset
	SideOwnBack          // duplex none: a page of its own, in the fronts' order
)

// gridPageKey names a page geometry: a side with n items.
type gridPageKey struct {
	side GridSide
	n    int
}

// GridPageGeom is what a page of n cards on one side holds besides the
// cards: computed once for all the full sheets of a deck.
type GridPageGeom struct {
	Slots []layout.Slot
	Marks []layout.Mark
	Bar   *layout.Rect // the scale bar's place, if there is room
	// obstacles are what a label must not cover: trims, marks, the bar.
	Obstacles []layout.Rect
}

// GridPages draws the pages of items laid n-up on a grid (a deck's cards, a
// sheet's card-sized leaves): each page's slots, crop marks, scale bar and
// label, its geometry computed once per side and count. FaceWhite and
// BackWhite outline the trims of white fronts and backs.
type GridPages struct {
	r                    *Renderer
	grid                 layout.Grid
	opts                 PrintOptions
	card                 CardDrawer
	cache                map[gridPageKey]*GridPageGeom
	FaceWhite, BackWhite bool
}

// NewGridPages draws pages of grid for the print options, each item's side
// drawn by card (nil for a caller that draws its items itself).
func NewGridPages(r *Renderer, grid layout.Grid, opts PrintOptions, card CardDrawer) *GridPages {
	return &GridPages{r: r, grid: grid, opts: opts, card: card, cache: map[gridPageKey]*GridPageGeom{}}
}

// Geom is the geometry of a page of n items on side.
func (dp *GridPages) Geom(side GridSide, n int) *GridPageGeom {
	return dp.pageGeom(gridPageKey{side: side, n: n})
}

// pageGeom is the geometry of the page k, computed once.
func (dp *GridPages) pageGeom(k gridPageKey) *GridPageGeom {
	if g, ok := dp.cache[k]; ok {
		return g
	}
	opts := dp.opts
	g := &GridPageGeom{}
	white := dp.BackWhite
	switch k.side {
	case SideFront:
		g.Slots, white = dp.grid.Slots(k.n), dp.FaceWhite
	case SideBack:
		g.Slots = dp.grid.BackSlots(k.n, opts.Duplex, opts.BackOffset)
	case SideOwnBack:
		g.Slots = dp.grid.BackSlots(k.n, layout.NoDuplex, layout.Point{})
	}
	g = dp.r.SlotPageGeom(dp.grid.Printable(), g.Slots, opts, white)
	dp.cache[k] = g
	return g
}

// SlotPageGeom is the geometry of a page whose pieces lie in slots inside
// area (the printable part of the paper): the marks of every trim (crop
// marks, cut lines and trim outlines as opts and white ask), the scale
// bar's place when there is room for it, and what a label must not cover.
func (r *Renderer) SlotPageGeom(area layout.Rect, slots []layout.Slot, opts PrintOptions, white bool) *GridPageGeom {
	g := &GridPageGeom{Slots: slots}
	g.Marks = layout.SheetMarks(area, g.Slots, layout.MarkOptions{Crop: opts.CropMarks, CutLines: opts.CutLines, TrimOutline: white})
	// The scale bar keeps off the cards' art; labels only off their trims
	// (a label over bleed sits on a white ground and is cut away).
	var arts []layout.Rect
	for _, s := range g.Slots {
		arts = append(arts, s.Art().Inset(-MarkClear))
		g.Obstacles = append(g.Obstacles, s.Trim.Inset(-MarkClear))
	}
	for _, m := range g.Marks {
		rect := m.InkRect().Inset(-MarkClear)
		arts = append(arts, rect)
		g.Obstacles = append(g.Obstacles, rect)
	}
	if rect, ok := layout.FindRoom(area, arts, ScaleBarLen+2*LabelPad, r.ScaleBarHeight()); ok {
		g.Bar = &rect
		g.Obstacles = append(g.Obstacles, rect)
	}
	return g
}

// Draw draws sheet's cards on page, on the given side; on a back
// page, only the cards whose shown entry is true (all when shown is nil).
// The first of labels that finds room is written on the page.
func (dp *GridPages) Draw(page draw.Canvas, sheet []*CardData, shown []bool, side GridSide, labels ...string) {
	k := gridPageKey{side: side, n: len(sheet)}
	g := dp.pageGeom(k)
	for i, cd := range sheet {
		if shown == nil || shown[i] {
			dp.card(page, cd, k.side != SideFront, g.Slots[i])
		}
	}
	c := dp.r.Surface(page)
	DrawMarks(c, g.Marks)
	if g.Bar != nil {
		dp.r.DrawScaleBar(c, *g.Bar)
	}
	for _, label := range labels {
		if dp.r.DrawPageLabel(c, dp.grid.Printable(), g.Obstacles, label) {
			break
		}
	}
}
