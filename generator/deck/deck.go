// Package deck prints decks (kind: Deck): cards laid n-up on sheets with
// bleed, crop marks and duplex backs (the sheet layout), folded over with
// their backs beside them (gutterfold), or one card per page and a PNG per
// card for a print shop (press). Decks that print with another (printWith:)
// share its sheets, ganged. Previews are a PNG per card face and contact
// sheets.
package deck

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// buildDeck plans a deck's PDF and previews. A deck that prints with
// another (printWith:) has previews only: its cards are in the host's PDF,
// and in press its images are made with the host's.
func buildDeck(gr *generator.Renderer, p *schema.Pack, d *schema.Deck, opts generator.BuildOptions) []generator.Job {
	r := renderer{gr}
	faceID, backID := d.Sides()
	face, back, _, err := Sides(p, d, faceID, backID)
	if err != nil {
		return []generator.Job{generator.ErrorJob(err)}
	}
	if d.PrintWith != "" {
		var jobs []generator.Job
		if opts.Previews {
			jobs = r.deckPreviewJobs(p, d, face, back)
		}
		return append(jobs, r.pngJobs(p, d, face, back, opts.PNGDPI)...)
	}
	write := r.WriteDeck
	switch opts.Print.Layout {
	case generator.LayoutGutterfold:
		write = r.WriteDeckGutterfold
	case generator.LayoutPress:
		write = r.WriteDeckPress
	}
	jobs := []generator.Job{generator.FileJob(d.ID+".pdf", func(w io.Writer) (int, error) {
		return write(w, p, d, face, back, opts.Print)
	})}
	if opts.Print.Layout == generator.LayoutPress {
		parts, err := deckGang(p, d, face, back)
		if err != nil {
			return []generator.Job{generator.ErrorJob(err)}
		}
		for _, part := range parts {
			jobs = append(jobs, r.pressPNGJobs(p, part.deck, part.face, part.back)...)
		}
	}
	if opts.Previews {
		jobs = append(jobs, r.deckPreviewJobs(p, d, face, back)...)
	}
	return append(jobs, r.pngJobs(p, d, face, back, opts.PNGDPI)...)
}

// indexDeck describes a deck's PDF in the kit's index: how the cards are
// imposed, where the bleed is and where it is not (butted cut lines), the
// order to cut, and what happens to the backs.
func indexDeck(gr *generator.Renderer, p *schema.Pack, d *schema.Deck, opts generator.PrintOptions) []string {
	faceID, backID := d.Sides()
	face, back, size, err := Sides(p, d, faceID, backID)
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
	if opts.Layout == generator.LayoutPress {
		for _, part := range parts {
			lines = append(lines, renderer{gr}.pressIndexLine(p, part))
		}
	}
	return lines
}

// indexDeckLayout describes how the cards of a deck's PDF (its gang) are
// imposed.
func indexDeckLayout(parts []deckPart, size schema.Size, opts generator.PrintOptions) []string {
	total := len(gangCopies(parts))
	switch opts.Layout {
	case generator.LayoutPress:
		var dirs []string
		for _, part := range parts {
			dirs = append(dirs, "press/"+part.deck.ID+"/")
		}
		return []string{fmt.Sprintf("%s, one per page of %gx%gmm (trim + 1/8 in bleed; TrimBox and BleedBox set), each front followed by its back: for print shops; "+
			"300 dpi PNGs of every face and back with bleed are in %s", generator.Plural(total, "card"), generator.Round2(size.W.MM()+2*press.Bleed), generator.Round2(size.H.MM()+2*press.Bleed), andList(dirs))}
	case generator.LayoutGutterfold:
		gf, err := layout.NewGutterfold(gutterfoldSpec(opts, size))
		if err != nil {
			return nil
		}
		return []string{fmt.Sprintf("%s, %d a page, each front beside its back: print one-sided, fold along the dashed fold line, glue the halves together, then cut along the marks", generator.Plural(total, "card"), gf.PerPage()),
			gutterfoldIndexNote(gf)}
	}
	grid, err := deckGrid(opts, size)
	if err != nil {
		return nil
	}
	sheets := (total + grid.PerPage() - 1) / grid.PerPage()
	lines := []string{fmt.Sprintf("%s, %gx%gmm, %d a sheet", generator.Plural(total, "card"), size.W.MM(), size.H.MM(), grid.PerPage())}
	if grid.Turned {
		lines[0] += fmt.Sprintf(", turned sideways (%d x %d): upright they would butt on %s paper", grid.Cols, grid.Rows, opts.Paper.Name)
	}
	if l := generator.BleedNote(grid, opts); l != "" {
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
func deckBacksNote(mode generator.Backs, gang bool, sheets, backPages int, d layout.Duplex) string {
	switch mode {
	case generator.BacksDuplex:
		return fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge)", d)
	case generator.BacksOwnPages:
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
	case generator.BacksLeftOut:
		if gang {
			return "the backs are the same on every card of each deck and are left out (--duplex none)"
		}
		return "the backs are the same on every card and are left out (--duplex none)"
	}
	return ""
}

// deckGrid is the sheet grid of a deck's cards.
func deckGrid(opts generator.PrintOptions, size schema.Size) (layout.Grid, error) {
	return layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: size.W.MM(), CardH: size.H.MM(), Bleed: opts.Bleed, CropMarks: opts.CropMarks, MayTurn: true})
}

// deckBacksOf decides what becomes of the backs. A back that shows card
// fields (a Blood card's countdown) is content: without duplex it prints on
// pages of its own rather than disappear.
func deckBacksOf(back *schema.Template, d layout.Duplex) generator.Backs {
	switch {
	case back == nil:
		return generator.BacksNone
	case d != layout.NoDuplex:
		return generator.BacksDuplex
	case perCard(back):
		return generator.BacksOwnPages
	}
	return generator.BacksLeftOut
}

// DeckSides returns the face and back templates of a deck and its trim size.
func Sides(p *schema.Pack, d *schema.Deck, face, back string) (*schema.Template, *schema.Template, schema.Size, error) {
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
func (r renderer) WriteDeck(w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts generator.PrintOptions) (pages int, err error) {
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
	doc := r.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - " + gangTitle(p, d), Created: opts.Created, Duplex: opts.Duplex})
	r.imposeGang(generator.PDFSink(doc), grid, parts, opts, gangDrawer(r, doc, parts, opts.Bleed))
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("deck %s: %w", d.ID, err)
	}
	return doc.PageCount(), nil
}

// deckCards lists every copy of every card of the pack's deck, in deck
// order.
func deckCards(p *schema.Pack, d *schema.Deck) []*generator.CardData {
	var copies []*generator.CardData
	for _, card := range d.Cards {
		cd := generator.NewCardData(p, d, card)
		for i := 0; i < card.Count; i++ {
			copies = append(copies, cd)
		}
	}
	return copies
}

// imposeDeck draws the pages of a deck on sink.
func (r renderer) imposeDeck(sink generator.PageSink, grid layout.Grid, copies []*generator.CardData, face, back *schema.Template, opts generator.PrintOptions, card generator.CardDrawer) {
	r.imposeGang(sink, grid, []deckPart{{face: face, back: back, copies: copies}}, opts, card)
}

// imposeGang draws the pages of the decks of one PDF on sink: their cards
// in order, n-up, each back (drawn by card with its own deck's template)
// behind its front.
func (r renderer) imposeGang(sink generator.PageSink, grid layout.Grid, parts []deckPart, opts generator.PrintOptions, card generator.CardDrawer) {
	copies := gangCopies(parts)
	mode, shown := gangBacks(parts, opts.Duplex)
	per := grid.PerPage()
	pages := generator.NewGridPages(r.Renderer, grid, opts, card)
	for _, part := range parts {
		pages.FaceWhite = pages.FaceWhite || r.whiteCard(part.face)
		pages.BackWhite = pages.BackWhite || r.whiteCard(part.back)
	}
	spec := impose.Spec{Items: len(copies), PerSheet: per, W: opts.Paper.W, H: opts.Paper.H}
	switch mode {
	case generator.BacksDuplex:
		spec.Backs = impose.Duplex
	case generator.BacksOwnPages:
		spec.Backs = impose.OwnPages
		with := sheetsWithBacks(shown, per)
		spec.HasBack = func(k int) bool { return slices.Contains(with, k) }
	}
	impose.Draw(sink, impose.Sheets(spec), func(page draw.Canvas, pg impose.Page) {
		cards, backs := copies[pg.Lo:pg.Hi], shown[pg.Lo:pg.Hi]
		switch pg.Side {
		case impose.Front:
			pages.Draw(page, cards, nil, generator.SideFront, gangSheetLabels(parts, cards)...)
		case impose.Back:
			pages.Draw(page, cards, backs, generator.SideBack)
		case impose.OwnBack:
			label := fmt.Sprintf("backs of sheet %d (page %d), in the order of its fronts", pg.Sheet+1, pg.Sheet+1)
			pages.Draw(page, cards, backs, generator.SideOwnBack, label)
		}
	})
}

// whiteCard reports whether a side prints without a background (white, or
// ink-saver), so that only an outline shows its trim.
func (r renderer) whiteCard(t *schema.Template) bool {
	return t != nil && (r.InkSaver || draw.ColorOr(t.Background, draw.White) == draw.White)
}

// deckArt draws card sides in their slots: as PDF templates where a drawing
// is placed more than once (a card with copies, a shared back), directly
// otherwise.
type deckArt struct {
	r            renderer
	doc          *draw.PDF
	deck         *schema.Deck
	face, back   *schema.Template
	bleed        float64
	faces, backs map[*generator.CardData]*draw.PDFTemplate
	shared       *draw.PDFTemplate
}

// template returns the PDF template of a side placed more than once, or nil.
func (a *deckArt) template(cd *generator.CardData, back bool) *draw.PDFTemplate {
	switch {
	case back && !perCard(a.back):
		if a.shared == nil {
			a.shared = a.record(a.back, &generator.CardData{Deck: a.deck, Card: &schema.Card{}})
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

func (a *deckArt) record(t *schema.Template, cd *generator.CardData) *draw.PDFTemplate {
	return recordCardArt(a.r, a.doc, t, cd, a.bleed)
}

// recordCardArt draws one side of a card with bleed on every side once, as
// a PDF template, its top-left corner at the bleed's.
func recordCardArt(r renderer, doc *draw.PDF, t *schema.Template, cd *generator.CardData, b float64) *draw.PDFTemplate {
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
func (a *deckArt) draw(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
	t := a.face
	if back {
		t = a.back
	}
	generator.DrawInSlot(c, s, a.bleed, func() *draw.PDFTemplate { return a.template(cd, back) },
		func(c draw.Canvas, bleed layout.Sides) { a.r.DrawCard(c, t, cd, bleed) })
}

func deckTitle(d *schema.Deck) string {
	if d.Name != "" {
		return d.Name
	}
	return d.ID
}

// deckPreviewJobs renders the previews of a deck: one PNG per distinct card
// face, and contact sheets of up to ContactSheetCards faces (the shared
// back, if any, last), each sheet built from the card images as they are
// rendered.
func (r renderer) deckPreviewJobs(p *schema.Pack, d *schema.Deck, face, back *schema.Template) []generator.Job {
	withBack := back != nil && !perCard(back)
	n := len(d.Cards)
	if withBack {
		n++
	}
	size, _ := face.TrimSize()
	bounds := previewSheets(n)
	var jobs []generator.Job
	for s, b := range bounds {
		name := fmt.Sprintf("preview/%s.png", d.ID)
		if len(bounds) > 1 {
			name = fmt.Sprintf("preview/%s-%d.png", d.ID, s+1)
		}
		jobs = append(jobs, r.ContactSheetJob(name, size.W.MM(), size.H.MM(), r.previewItems(p, d, face, back, b[0], b[1])))
	}
	return jobs
}

// previewSheets splits n preview items into contact sheets of ContactSheetCards:
// the [lo, hi) of each. A last sheet of less than a row (200 cards and
// their back) joins the sheet before it as one more row.
func previewSheets(n int) [][2]int {
	sheets := max(1, (n+generator.ContactSheetCards-1)/generator.ContactSheetCards)
	if sheets > 1 && n-(sheets-1)*generator.ContactSheetCards < generator.ContactSheetCols {
		sheets--
	}
	out := make([][2]int, sheets)
	for s := range out {
		out[s] = [2]int{s * generator.ContactSheetCards, min((s+1)*generator.ContactSheetCards, n)}
	}
	out[sheets-1][1] = n
	return out
}

// previewItems are the card previews of items lo..hi of a deck (the item
// after the last card is the shared back).
func (r renderer) previewItems(p *schema.Pack, d *schema.Deck, face, back *schema.Template, lo, hi int) []generator.PreviewItem {
	items := make([]generator.PreviewItem, 0, hi-lo)
	for i := lo; i < hi; i++ {
		if i < len(d.Cards) {
			c := d.Cards[i]
			items = append(items, generator.PreviewItem{
				Label: fmt.Sprintf("previewing card %q of deck %q", c.ID, d.ID),
				Path:  fmt.Sprintf("preview/%s/%s.png", d.ID, c.ID),
				Draw:  func(cv draw.Canvas) { r.DrawCard(cv, face, generator.NewCardData(p, d, c), layout.Sides{}) },
			})
			continue
		}
		items = append(items, generator.PreviewItem{
			Label: fmt.Sprintf("previewing the back of deck %q", d.ID),
			Draw: func(cv draw.Canvas) {
				r.DrawCard(cv, back, &generator.CardData{Deck: d, Card: &schema.Card{}}, layout.Sides{})
			},
		})
	}
	return items
}

// pngJobs write every card face of the deck, and its backs, as PNGs at
// dpi under png/<deck>/ (build --png): <card>.png, and <card>-back.png
// for a back that differs card by card, else the deck's _back.png. None
// when dpi is 0.
func (r renderer) pngJobs(p *schema.Pack, d *schema.Deck, face, back *schema.Template, dpi int) []generator.Job {
	if dpi <= 0 {
		return nil
	}
	png := func(path string, t *schema.Template, cd *generator.CardData) generator.Job {
		return generator.FileJob(path, func(w io.Writer) (int, error) {
			return 0, r.WriteCardPreview(w, t, cd, float64(dpi))
		})
	}
	var jobs []generator.Job
	for _, c := range d.Cards {
		jobs = append(jobs, png(fmt.Sprintf("png/%s/%s.png", d.ID, c.ID), face, r.CardData(p, d, c)))
		if back != nil && perCard(back) {
			jobs = append(jobs, png(fmt.Sprintf("png/%s/%s-back.png", d.ID, c.ID), back, r.CardData(p, d, c)))
		}
	}
	if back != nil && !perCard(back) {
		jobs = append(jobs, png(fmt.Sprintf("png/%s/_back.png", d.ID), back, &generator.CardData{Deck: d, Card: &schema.Card{}}))
	}
	return jobs
}

// renderer is the generator's renderer with the decks' drawing methods.
type renderer struct{ *generator.Renderer }

// Kind is how decks (kind: Deck) are built and indexed: a line of the
// generator's shared kinds.
func Kind() generator.KindRenderer {
	return generator.Kind[*schema.Deck]{
		Build: buildDeck, Index: indexDeck, Gang: gangDeck, PrintWith: printDeckWith, Stock: deckStock,
	}.Renderer()
}

// Impose draws copies on sheets of grid on sink as a deck's cards are:
// each sheet of fronts followed, for duplex, by its back page, with crop
// marks and labels; card draws one side of a copy in its slot.
func Impose(r *generator.Renderer, sink generator.PageSink, grid layout.Grid, copies []*generator.CardData, face, back *schema.Template, opts generator.PrintOptions, card func(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot)) {
	renderer{r}.imposeDeck(sink, grid, copies, face, back, opts, card)
}

// Write writes the PDF of the deck d of p, its cards drawn with the face and
// back templates, laid out as opts says, and returns its pages.
func Write(r *generator.Renderer, w io.Writer, p *schema.Pack, d *schema.Deck, face, back *schema.Template, opts generator.PrintOptions) (int, error) {
	rr := renderer{r}
	switch opts.Layout {
	case generator.LayoutGutterfold:
		return rr.WriteDeckGutterfold(w, p, d, face, back, opts)
	case generator.LayoutPress:
		return rr.WriteDeckPress(w, p, d, face, back, opts)
	}
	return rr.WriteDeck(w, p, d, face, back, opts)
}

// deckStock is the paper a deck prints on: card stock, or under the press
// layout pages for a print shop.
func deckStock(_ *schema.Deck, opts generator.PrintOptions) generator.Stock {
	if opts.Layout == generator.LayoutPress {
		return generator.PrintShop
	}
	return generator.CardStock
}
