package generator

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// buildDeck plans a deck's PDF and previews. A deck that prints with
// another (printWith:) has previews only: its cards are in the host's PDF,
// and in press its images are made with the host's.
func buildDeck(r *Renderer, p *schema.Pack, d *schema.Deck, opts BuildOptions) []job {
	faceID, backID := d.Sides()
	face, back, _, err := DeckSides(p, d, faceID, backID)
	if err != nil {
		return []job{{run: func(string) ([]Artifact, error) { return nil, err }}}
	}
	if d.PrintWith != "" {
		if opts.Previews {
			return r.deckPreviewJobs(p, d, face, back)
		}
		return nil
	}
	write := r.WriteDeck
	switch opts.Print.Layout {
	case LayoutGutterfold:
		write = r.WriteDeckGutterfold
	case LayoutPress:
		write = r.WriteDeckPress
	}
	jobs := []job{fileJob(d.ID+".pdf", func(w io.Writer) (int, error) {
		return write(w, p, d, face, back, opts.Print)
	})}
	if opts.Print.Layout == LayoutPress {
		parts, err := deckGang(p, d, face, back)
		if err != nil {
			return []job{{run: func(string) ([]Artifact, error) { return nil, err }}}
		}
		for _, part := range parts {
			jobs = append(jobs, r.pressPNGJobs(p, part.deck, part.face, part.back, opts.Print)...)
		}
	}
	if opts.Previews {
		jobs = append(jobs, r.deckPreviewJobs(p, d, face, back)...)
	}
	return jobs
}

// indexDeck describes a deck's PDF in the kit's index: how the cards are
// imposed, where the bleed is and where it is not (butted cut lines), the
// order to cut, and what happens to the backs.
func indexDeck(r *Renderer, p *schema.Pack, d *schema.Deck, opts PrintOptions) []string {
	faceID, backID := d.Sides()
	face, back, size, err := DeckSides(p, d, faceID, backID)
	if err != nil {
		return nil
	}
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return nil
	}
	var lines []string
	if l := gangIndexLine(parts); l != "" {
		lines = append(lines, l)
	}
	lines = append(lines, indexDeckLayout(parts, size, opts)...)
	if opts.Layout == LayoutPress {
		for _, part := range parts {
			lines = append(lines, pressIndexLine(p, part))
		}
	}
	return lines
}

// indexDeckLayout describes how the cards of a deck's PDF (its gang) are
// imposed.
func indexDeckLayout(parts []deckPart, size schema.Size, opts PrintOptions) []string {
	total := len(gangCopies(parts))
	switch opts.Layout {
	case LayoutPress:
		var dirs []string
		for _, part := range parts {
			dirs = append(dirs, "press/"+part.deck.ID+"/")
		}
		return []string{fmt.Sprintf("%d cards, one per page of %gx%gmm (trim + 1/8 in bleed; TrimBox and BleedBox set), each front followed by its back: for print shops; "+
			"300 dpi PNGs of every face and back with bleed are in %s", total, Round2(size.W.MM()+2*PressBleed), Round2(size.H.MM()+2*PressBleed), andList(dirs))}
	case LayoutGutterfold:
		gf, err := layout.NewGutterfold(gutterfoldSpec(opts, size))
		if err != nil {
			return nil
		}
		return []string{fmt.Sprintf("%d cards, %d a page, each front beside its back: print one-sided, fold along the dashed fold line, glue the halves together, then cut along the marks", total, gf.PerPage()),
			gutterfoldIndexNote(gf)}
	}
	grid, err := deckGrid(opts, size)
	if err != nil {
		return nil
	}
	sheets := (total + grid.PerPage() - 1) / grid.PerPage()
	lines := []string{fmt.Sprintf("%d cards, %gx%gmm, %d a sheet", total, size.W.MM(), size.H.MM(), grid.PerPage())}
	if grid.Turned {
		lines[0] += fmt.Sprintf(", turned sideways (%d x %d): upright they would butt on %s paper", grid.Cols, grid.Rows, opts.Paper.Name)
	}
	if l := BleedNote(grid, opts); l != "" {
		lines = append(lines, l)
	}
	mode, shown := gangBacks(parts, opts.Duplex)
	if l := deckBacksNote(mode, len(parts) > 1, sheets, len(sheetsWithBacks(shown, grid.PerPage())), opts.Duplex); l != "" {
		lines = append(lines, l)
	}
	return lines
}

// deckBacksNote says what becomes of the backs of a PDF of sheets of
// cards; gang is set when the cards are of several decks, and backPages is
// the number of pages of backs of their own under duplex none.
func deckBacksNote(mode Backs, gang bool, sheets, backPages int, d layout.Duplex) string {
	switch mode {
	case BacksDuplex:
		return fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge)", d)
	case BacksOwnPages:
		pages := fmt.Sprintf("pages %d-%d", sheets+1, sheets+backPages)
		if backPages == 1 {
			pages = fmt.Sprintf("page %d", sheets+1)
		}
		note := fmt.Sprintf("the backs carry information, so --duplex none prints them on pages of their own after the fronts "+
			"(%s), each labelled with its sheet, in the order of its fronts (not mirrored): cut them out and glue each behind its front", pages)
		if gang {
			note += "; the slots of cards whose backs are the same on every card of their deck stay blank, and a sheet without backs that carry information has no page of backs"
		}
		return note
	case BacksLeftOut:
		if gang {
			return "the backs are the same on every card of each deck and are left out (--duplex none)"
		}
		return "the backs are the same on every card and are left out (--duplex none)"
	}
	return ""
}

// BleedNote says where the cards have bleed and how to cut them.
func BleedNote(g layout.Grid, opts PrintOptions) string {
	if opts.Bleed <= 0 {
		return "no bleed: cut exactly on the marks"
	}
	cols, rows := g.Butted()
	switch {
	case cols && rows:
		return fmt.Sprintf("%gmm bleed around the sheet only: on %s paper the cards butt on shared cut lines both ways (no room for gutters); cut straight across the sheet along the marks", opts.Bleed, opts.Paper.Name)
	case rows:
		return fmt.Sprintf("%gmm bleed on every side except between rows: on %s paper the rows butt on one shared cut line (no room for gutters); "+
			"cut the rows apart first, straight across the sheet along the marks in the gutters, then each strip along the marks beside its edges", opts.Bleed, opts.Paper.Name)
	case cols:
		return fmt.Sprintf("%gmm bleed on every side except between columns: on %s paper the columns butt on one shared cut line (no room for gutters); "+
			"cut the columns apart first, straight across the sheet along the marks above, below and between the rows, then each strip along the marks beside its edges", opts.Bleed, opts.Paper.Name)
	}
	return fmt.Sprintf("%gmm bleed on every side of every card; marks in the gutters and beside every edge guide each cut, in any order", opts.Bleed)
}

// deckGrid is the sheet grid of a deck's cards.
func deckGrid(opts PrintOptions, size schema.Size) (layout.Grid, error) {
	return layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed, CropMarks: opts.CropMarks, MayTurn: true})
}

// deckBacksOf decides what becomes of the backs. A back that shows card
// fields (a Blood card's countdown) is content: without duplex it prints on
// pages of its own rather than disappear.
func deckBacksOf(back *schema.Template, d layout.Duplex) Backs {
	switch {
	case back == nil:
		return BacksNone
	case d != layout.NoDuplex:
		return BacksDuplex
	case perCard(back):
		return BacksOwnPages
	}
	return BacksLeftOut
}

// DeckSides returns the face and back templates of a deck and its trim size.
func DeckSides(p *schema.Pack, d *schema.Deck, face, back string) (*schema.Template, *schema.Template, schema.Size, error) {
	ft, ok := p.Templates[face]
	if !ok {
		return nil, nil, schema.Size{}, fmt.Errorf("deck %s: no template %q", d.ID, face)
	}
	var bt *schema.Template
	if back != "" {
		if bt, ok = p.Templates[back]; !ok {
			return nil, nil, schema.Size{}, fmt.Errorf("deck %s: no back template %q", d.ID, back)
		}
	}
	size, ok := ft.TrimSize()
	if s, named := schema.CardSizes[d.Size]; named {
		size = s
		ok = true
	}
	if d.Width != nil && d.Height != nil {
		size, ok = schema.Size{W: *d.Width, H: *d.Height}, true
	}
	if !ok {
		return nil, nil, schema.Size{}, fmt.Errorf("deck %s: template %q has no card size", d.ID, face)
	}
	if bt != nil {
		bt = sized(bt, size)
	}
	return sized(ft, size), bt, size, nil
}

// sized returns the template with the deck's trim size.
func sized(t *schema.Template, s schema.Size) *schema.Template {
	c := *t
	c.Width, c.Height = &s.W, &s.H
	return &c
}

// perCard reports whether a template shows card fields (so each card needs
// its own drawing rather than one shared template).
func perCard(t *schema.Template) bool {
	for _, b := range t.Boxes {
		if b.Field != "" || b.When != "" || strings.Contains(b.Text, "${") {
			return true
		}
	}
	return false
}

// WriteDeck imposes a deck n-up (layout.Grid) and writes the PDF: for every
// sheet a front page and, for duplex, its back page mirrored for the flip;
// under duplex none, backs that carry information follow all the fronts on
// pages of their own. Every page has its marks (see layout.SheetMarks), a
// 100 mm scale bar where there is room, and nothing inside the printer
// margin but bleed. Art used more than once is drawn once as a PDF template.
//
// The decks that print with d (printWith: d) follow its own cards on the
// same sheets, each card with its own deck's back; each front page then
// names the decks of its cards.
func (r *Renderer) WriteDeck(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts PrintOptions) (pages int, err error) {
	size, _ := face.TrimSize()
	face = sized(face, size)
	if back != nil {
		back = sized(back, size)
	}
	grid, err := deckGrid(opts, size)
	if err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	parts, err := deckGang(p, d, face, back)
	if err != nil {
		return 0, err
	}
	doc := draw.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - " + gangTitle(p, d), Created: opts.Created, Duplex: opts.Duplex}, r.Fonts)
	r.imposeGang(pdfSink{doc}, grid, parts, opts, gangDrawer(r, doc, parts, opts.Bleed))
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// deckCards lists every copy of every card of the pack's deck, in deck
// order.
func deckCards(p *schema.Pack, d *schema.Deck) []*CardData {
	var copies []*CardData
	for _, card := range d.Cards {
		cd := NewCardData(p, d, card)
		for i := 0; i < card.Count; i++ {
			copies = append(copies, cd)
		}
	}
	return copies
}

// cardDrawer draws one side of a card in its slot (clipped to its art).
type cardDrawer func(c draw.Canvas, cd *CardData, back bool, s layout.Slot)

// imposeDeck draws the pages of a deck on sink.
func (r *Renderer) imposeDeck(sink pageSink, grid layout.Grid, copies []*CardData, face, back *schema.Template, opts PrintOptions, card cardDrawer) {
	r.imposeGang(sink, grid, []deckPart{{face: face, back: back, copies: copies}}, opts, card)
}

// imposeGang draws the pages of the decks of one PDF on sink: their cards
// in order, n-up, each back (drawn by card with its own deck's template)
// behind its front.
func (r *Renderer) imposeGang(sink pageSink, grid layout.Grid, parts []deckPart, opts PrintOptions, card cardDrawer) {
	copies := gangCopies(parts)
	mode, shown := gangBacks(parts, opts.Duplex)
	per := grid.PerPage()
	pages := &deckPages{r: r, grid: grid, opts: opts, card: card, cache: map[deckPageKey]*deckPageGeom{}}
	for _, part := range parts {
		pages.faceWhite = pages.faceWhite || r.whiteCard(part.face)
		pages.backWhite = pages.backWhite || r.whiteCard(part.back)
	}
	spec := impose.Spec{Items: len(copies), PerSheet: per, W: opts.Paper.W, H: opts.Paper.H}
	switch mode {
	case BacksDuplex:
		spec.Backs = impose.Duplex
	case BacksOwnPages:
		spec.Backs = impose.OwnPages
		with := sheetsWithBacks(shown, per)
		spec.HasBack = func(k int) bool { return slices.Contains(with, k) }
	}
	impose.Draw(sink, impose.Sheets(spec), func(page draw.Canvas, pg impose.Page) {
		cards, backs := copies[pg.Lo:pg.Hi], shown[pg.Lo:pg.Hi]
		switch pg.Side {
		case impose.Front:
			pages.draw(page, cards, nil, deckPageKey{side: sideFront}, gangSheetLabels(parts, cards)...)
		case impose.Back:
			pages.draw(page, cards, backs, deckPageKey{side: sideBack})
		case impose.OwnBack:
			label := fmt.Sprintf("backs of sheet %d (page %d), in the order of its fronts", pg.Sheet+1, pg.Sheet+1)
			pages.draw(page, cards, backs, deckPageKey{side: sideOwnBack}, label)
		}
	})
}

// whiteCard reports whether a side prints without a background (white, or
// ink-saver), so that only an outline shows its trim.
func (r *Renderer) whiteCard(t *schema.Template) bool {
	return t != nil && (r.InkSaver || draw.ColorOr(t.Background, draw.White) == draw.White)
}

// deckSide is which side a deck page shows.
type deckSide int

const (
	sideFront   deckSide = iota
	sideBack             // behind its front page, mirrored for the flip and shifted by the back offset
	sideOwnBack          // duplex none: a page of its own, in the fronts' order
)

type deckPageKey struct {
	side deckSide
	n    int
}

// deckPageGeom is what a page of n cards on one side holds besides the
// cards: computed once for all the full sheets of a deck.
type deckPageGeom struct {
	slots []layout.Slot
	marks []layout.Mark
	bar   *layout.Rect // the scale bar's place, if there is room
	// obstacles are what a label must not cover: trims, marks, the bar.
	obstacles []layout.Rect
}

type deckPages struct {
	r                    *Renderer
	grid                 layout.Grid
	opts                 PrintOptions
	card                 cardDrawer
	cache                map[deckPageKey]*deckPageGeom
	faceWhite, backWhite bool
}

func (dp *deckPages) geom(k deckPageKey) *deckPageGeom {
	if g, ok := dp.cache[k]; ok {
		return g
	}
	opts := dp.opts
	g := &deckPageGeom{}
	white := dp.backWhite
	switch k.side {
	case sideFront:
		g.slots, white = dp.grid.Slots(k.n), dp.faceWhite
	case sideBack:
		g.slots = dp.grid.BackSlots(k.n, opts.Duplex, opts.BackOffset)
	case sideOwnBack:
		g.slots = dp.grid.BackSlots(k.n, layout.NoDuplex, layout.Point{})
	}
	area := dp.grid.Printable()
	g.marks = layout.SheetMarks(area, g.slots, layout.MarkOptions{Crop: opts.CropMarks, CutLines: opts.CutLines, TrimOutline: white})
	// The scale bar keeps off the cards' art; labels only off their trims
	// (a label over bleed sits on a white ground and is cut away).
	var arts []layout.Rect
	for _, s := range g.slots {
		arts = append(arts, s.Art().Inset(-MarkClear))
		g.obstacles = append(g.obstacles, s.Trim.Inset(-MarkClear))
	}
	for _, m := range g.marks {
		r := m.InkRect().Inset(-MarkClear)
		arts = append(arts, r)
		g.obstacles = append(g.obstacles, r)
	}
	if r, ok := layout.FindRoom(area, arts, ScaleBarLen+2*LabelPad, dp.r.ScaleBarHeight()); ok {
		g.bar = &r
		g.obstacles = append(g.obstacles, r)
	}
	dp.cache[k] = g
	return g
}

// draw draws sheet's cards on page, on the given side; on a back
// page, only the cards whose shown entry is true (all when shown is nil).
// The first of labels that finds room is written on the page.
func (dp *deckPages) draw(page draw.Canvas, sheet []*CardData, shown []bool, k deckPageKey, labels ...string) {
	k.n = len(sheet)
	g := dp.geom(k)
	for i, cd := range sheet {
		if shown == nil || shown[i] {
			dp.card(page, cd, k.side != sideFront, g.slots[i])
		}
	}
	c := dp.r.Surface(page)
	DrawMarks(c, g.marks)
	if g.bar != nil {
		dp.r.DrawScaleBar(c, *g.bar)
	}
	for _, label := range labels {
		if dp.r.DrawPageLabel(c, dp.grid.Printable(), g.obstacles, label) {
			break
		}
	}
}

// deckArt draws card sides in their slots: as PDF templates where a drawing
// is placed more than once (a card with copies, a shared back), directly
// otherwise.
type deckArt struct {
	r            *Renderer
	doc          *draw.PDF
	deck         *schema.Deck
	face, back   *schema.Template
	bleed        float64
	faces, backs map[*CardData]*draw.PDFTemplate
	shared       *draw.PDFTemplate
}

// template returns the PDF template of a side placed more than once, or nil.
func (a *deckArt) template(cd *CardData, back bool) *draw.PDFTemplate {
	switch {
	case back && !perCard(a.back):
		if a.shared == nil {
			a.shared = a.record(a.back, &CardData{Deck: a.deck, Card: &schema.Card{}})
		}
		return a.shared
	case cd.Card.Count < 2:
		return nil
	}
	cache, t := a.faces, a.face
	if back {
		cache, t = a.backs, a.back
	}
	tpl, ok := cache[cd]
	if !ok {
		tpl = a.record(t, cd)
		cache[cd] = tpl
	}
	return tpl
}

func (a *deckArt) record(t *schema.Template, cd *CardData) *draw.PDFTemplate {
	return recordCardArt(a.r, a.doc, t, cd, a.bleed)
}

// recordCardArt draws one side of a card with bleed on every side once, as
// a PDF template, its top-left corner at the bleed's.
func recordCardArt(r *Renderer, doc *draw.PDF, t *schema.Template, cd *CardData, b float64) *draw.PDFTemplate {
	size, _ := t.TrimSize()
	full := layout.Sides{Top: b, Right: b, Bottom: b, Left: b}
	return doc.Template(size.W.MM()+2*b, size.H.MM()+2*b, func(c draw.Canvas) {
		c.Push()
		c.Translate(b, b)
		r.DrawCard(c, t, cd, full)
		c.Pop()
	})
}

// draw implements cardDrawer: the side clipped to the slot's art, turned
// by the slot's turn about the trim's centre (a short-edge back, or the
// cards of a turned grid).
func (a *deckArt) draw(c draw.Canvas, cd *CardData, back bool, s layout.Slot) {
	t := a.face
	if back {
		t = a.back
	}
	DrawInSlot(c, s, a.bleed, func() *draw.PDFTemplate { return a.template(cd, back) },
		func(c draw.Canvas, bleed layout.Sides) { a.r.DrawCard(c, t, cd, bleed) })
}

// DrawInSlot draws one side of a card in its slot: clipped to the slot's
// art and turned by the slot's turn about the trim's centre. On a PDF page
// it places the side's recorded template when there is one (drawn with
// the full bleed, its top-left at the bleed's); otherwise draw paints the
// side from the upright trim's top-left corner.
func DrawInSlot(c draw.Canvas, s layout.Slot, bleed float64, template func() *draw.PDFTemplate, paint func(c draw.Canvas, bleed layout.Sides)) {
	art, trim := s.Art(), s.Trim
	c.Push()
	defer c.Pop()
	c.ClipRect(art.X, art.Y, art.W, art.H)
	if s.Turn != 0 {
		c.Rotate(s.Turn, trim.X+trim.W/2, trim.Y+trim.H/2)
	}
	card := uprightTrim(s)
	if pc, ok := c.(*draw.PDFCanvas); ok {
		if tpl := template(); tpl != nil {
			pc.UseTemplate(tpl, card.X-bleed, card.Y-bleed)
			return
		}
	}
	c.Translate(card.X, card.Y)
	paint(c, layout.Sides{Top: bleed, Right: bleed, Bottom: bleed, Left: bleed})
}

// uprightTrim is the card's trim as it is drawn before the slot's turn:
// the slot's trim, its width and height swapped about its centre when the
// card lies sideways.
func uprightTrim(s layout.Slot) layout.Rect {
	t := s.Trim
	if !s.Quarter() {
		return t
	}
	cx, cy := t.X+t.W/2, t.Y+t.H/2
	return layout.Rect{X: cx - t.H/2, Y: cy - t.W/2, W: t.H, H: t.W}
}

func deckTitle(d *schema.Deck) string {
	if d.Name != "" {
		return d.Name
	}
	return d.ID
}
