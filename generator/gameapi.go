package generator

import (
	"io"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// What the game packages (generator/<game>) use of the renderer: exported
// wrappers of its unexported helpers.

// Job is one unit of a build's work, planned by a kind's Build: it writes
// one or more files of the kit.
type Job struct{ j job }

// FileJob is the job that writes the file at path (relative to the kit's
// folder) with write, which returns its PDF pages (0 for others).
func FileJob(path string, write func(io.Writer) (pages int, err error)) Job {
	return Job{fileJob(path, write)}
}

// PageSink takes the pages an imposition draws: a PDF document (PDFSink) or
// a test's recording.
type PageSink interface {
	AddPage(w, h float64) draw.Canvas
}

// PDFSink adds the pages to the PDF document doc.
func PDFSink(doc *draw.PDF) PageSink { return pdfSink{doc} }

// PreviewItem is one picture of a contact sheet (ContactSheetJob).
type PreviewItem struct {
	// Label says what is drawn, for errors.
	Label string
	// Path is where its own PNG goes; "" for none.
	Path string
	// Draw draws it at its trim size.
	Draw func(draw.Canvas)
}

// ContactSheetJob is the job that renders items of cw x ch mm, writes each
// one's own PNG and pastes it into its cell of a contact sheet written as
// name; it renders in parallel on the build's idle slots.
func (r *Renderer) ContactSheetJob(name string, cw, ch float64, items []PreviewItem) Job {
	in := make([]previewItem, len(items))
	for i, it := range items {
		in[i] = previewItem{label: it.Label, path: it.Path, draw: it.Draw}
	}
	return Job{job{name: name, parallel: func(env jobEnv) ([]Artifact, error) {
		return r.writeContactSheet(env, name, cw, ch, in)
	}}}
}

// Images holds the pictures of the pack the renderer was made for
// (ForPack); nil draws none.
func (r *Renderer) Images() *draw.ImageStore { return r.images }

// ImposeDeck draws copies on sheets of grid on sink as a deck's cards are:
// each sheet of fronts followed, for duplex, by its back page, with crop
// marks and labels; card draws one side of a copy in its slot.
func (r *Renderer) ImposeDeck(sink PageSink, grid layout.Grid, copies []*CardData, face, back *schema.Template, opts PrintOptions, card func(c draw.Canvas, cd *CardData, back bool, s layout.Slot)) {
	r.imposeDeck(sink, grid, copies, face, back, opts, card)
}

// Colours and sizes the games' pages share with the generic ones.
var (
	// BoardMuted is the grey of the notes on board pages.
	BoardMuted = boardMuted
)

// BoardRole is how a side printed on one page goes with the other side.
type BoardRole = boardRole

// Board roles.
const (
	// RoleFront is side 1 of a sheet printed double-sided.
	RoleFront = roleFront
	// RoleBack is side 2 on the back page of side 1, registered behind it.
	RoleBack = roleBack
	// RoleFirst is side 1 of a two-sided board printed single-sided.
	RoleFirst = roleFirst
	// RoleGlued is side 2 printed single-sided, to glue behind side 1.
	RoleGlued = roleGlued
)

// BoardPlan is how a board side tiles the paper of opts.
func BoardPlan(side *schema.BoardSide, opts PrintOptions) (layout.TilePlan, error) {
	return boardPlan(side, opts)
}

// BoardSlot is the slot of a side that fits one page: centred on the
// paper, turned when the plan says so, with the bleed the printable area
// allows.
func BoardSlot(pl layout.TilePlan, opts PrintOptions) layout.Slot { return boardSlot(pl, opts) }

// BoardBackSlot is the slot behind own on the back page for duplex d.
func BoardBackSlot(own layout.Slot, d layout.Duplex, opts PrintOptions) layout.Slot {
	return boardBackSlot(own, d, opts)
}

// DrawSlotPage prints w x h mm of art (with bleed around it) in its slot on
// a page of its own, with crop marks; each label goes where it finds room,
// in turn.
func (r *Renderer) DrawSlotPage(page draw.Canvas, opts PrintOptions, slot layout.Slot, w, h float64, art PlaceArt, labels ...string) {
	r.drawSlotPage(page, opts, slot, w, h, art, labels...)
}

// DrawTiledBoardSide adds the pages of side i of board b, tiled by plan, to
// out: its page map, then its tile pages, on which art (made after the map
// page) places the side's art. first is the page number of the map and
// total the pages of the file.
func (r *Renderer) DrawTiledBoardSide(out ArtOut, b *schema.Board, i int, plan layout.TilePlan, first, total int, opts PrintOptions, art func() PlaceArt) {
	bp := &boardPrint{board: b, side: b.Sides[i], index: i, plan: plan, copy: 1, first: first, total: total, opts: opts}
	r.drawBoardMap(out.AddPage(opts.Paper.W, opts.Paper.H), bp)
	a := art()
	for k := range plan.Tiles {
		r.drawTilePage(out.AddPage(plan.Paper.W, plan.Paper.H), bp, k, a)
	}
}

// BoardTitle is a board's name, or its id.
func BoardTitle(b *schema.Board) string { return boardTitle(b) }

// SideTitle is the name of side i of a board, or "Side 2 (id)".
func SideTitle(s *schema.BoardSide, i int) string { return sideTitle(s, i) }

// BoardTurnText notes a one-page side turned to fit the paper.
func BoardTurnText(pl layout.TilePlan) string { return boardTurnText(pl) }

// BoardSizeText is a side's size as the kit's index writes it.
func BoardSizeText(pl layout.TilePlan) string { return boardSizeText(pl) }

// BoardPagesText is how many pages a side prints on, as the kit's index
// writes it.
func BoardPagesText(pl layout.TilePlan) string { return boardPagesText(pl) }

// CardData prepares a card of the pack p for rendering as DrawCard fills
// its template: its fields and those the renderer's games derive.
func (r *Renderer) CardData(p *schema.Pack, deck *schema.Deck, card *schema.Card) *CardData {
	return r.withDerived(NewCardData(p, deck, card))
}

// Visible reports whether the box b shows for the card (its when: field
// is set, or it has none).
func (d *CardData) Visible(b *schema.Box) bool { return d.visible(b) }

// BoxText is the text the box b shows for the card.
func (d *CardData) BoxText(b *schema.Box) string { return d.boxText(b) }

// NeedsCalibration reports whether the kit of p printed with opts has back
// pages registered for duplex, and so a calibration sheet to register them.
func (r *Renderer) NeedsCalibration(p *schema.Pack, opts PrintOptions) bool {
	return r.needsCalibration(p, opts)
}
