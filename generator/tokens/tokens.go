// Package tokens prints the tokens of a pack's token sets (kind: Tokens) on
// the kit's one tokens.pdf, and with them the pawns of its figure sets
// (kind: Figures, faces drawn by generator/figures): as few sheets as fit,
// two-sided tokens with their backs registered behind them, and a PNG
// preview of one of each.
package tokens

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/figures"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// tokenGap separates neighbouring tokens on a sheet, bleed included.
const tokenGap = layout.TokenGap

// tokenBleed is how far a token's colour reaches past its cut line.
const tokenBleed = layout.TokenBleed

// DrawToken draws a token centred in a size x size square at (x, y): its
// colour with bleed, its icon and label, and a thin cut line — light over a
// dark colour, so that it shows where the scissors go. With ink-saver the
// colour is a ring inside the cut line instead of a full disc, so tokens
// told apart by colour still are (their labels tell them apart in grey).
func (r renderer) DrawToken(c draw.Canvas, t *schema.Token, x, y float64, bleed float64) {
	if t.Pawn != nil {
		figures.DrawPawn(r.Renderer, c, t.Pawn, x, y, bleed)
		return
	}
	c = r.Surface(c)
	s := t.Size.MM()
	fill := draw.ColorOr(t.Fill, draw.RGB(0xdd, 0xdd, 0xdd))
	ink := draw.ColorOr(t.Ink, draw.Black)
	paper := fill
	cut := draw.Stroked(draw.RGB(0x55, 0x55, 0x55), 0.2)
	if !r.InkSaver && !generator.IsLight(fill) {
		cut = draw.Stroked(draw.RGB(0xf2, 0xf2, 0xf2), 0.25)
	}
	shape := c.Ellipse
	if t.Shape == "square" {
		shape = func(x, y, w, h float64, st draw.Style) { c.Rect(x, y, w, h, 0, st) }
	}
	if r.InkSaver {
		// The label goes on the paper: in the token's colour where the
		// token's ink was light and the colour reads on white, else dark.
		paper = draw.White
		if generator.IsLight(ink) {
			ink = fill
		}
		ink = r.ReadableInk(ink, paper)
		ring := generator.Round2(s * tokenRing)
		shape(x+ring/2, y+ring/2, s-ring, s-ring, draw.Stroked(fill, ring))
	} else {
		ink = r.VariantInk(ink, fill)
		shape(x-bleed, y-bleed, s+2*bleed, s+2*bleed, draw.Filled(fill))
	}
	shape(x, y, s, s, cut)
	iconSize := s * 0.6
	iy := y + (s-iconSize)/2
	var label tokenLabel
	if t.Label != "" {
		label = r.layoutTokenLabel(t, x, y)
		iconSize, iy = label.iconSize, label.iconY
	}
	if t.Icon != "" {
		icons.Draw(c, t.Icon, x+(s-iconSize)/2, iy, iconSize, ink, paper)
	}
	if t.Label != "" {
		b := label.box
		typeset.Draw(r.Fonts, c, label.block, b.X, b.Y, b.W, b.H, ink, paper)
	}
}

// tokenLabelMinPt is the smallest size a token's label shrinks to: no
// text of a kit prints under 6 pt.
const tokenLabelMinPt = 6.0

// tokenLabel is a token's label set in its box, and the icon's size and
// top that leave the box free.
type tokenLabel struct {
	block           typeset.Block
	box             layout.Rect
	iconSize, iconY float64
}

// layoutTokenLabel sets the label of the token drawn at (x, y). The
// label's box sits low on the disc under an icon, or across its middle
// without one, narrow enough to stay clear of the ring and the cut. It
// shrinks (to a third of its size, and never under tokenLabelMinPt)
// before a word would break ("ACTIO-N" on a small token). A label that
// needs more room under its icon gets a smaller icon and a wider, taller
// box, higher on the disc, where the disc is wider.
func (r renderer) layoutTokenLabel(t *schema.Token, x, y float64) tokenLabel {
	s := t.Size.MM()
	size := generator.Round2(s * 0.3 / draw.PtMM)
	st := typeset.Style{Font: draw.Bold, Size: size, MinSize: max(tokenLabelMinPt, generator.Round2(size/3)), Align: "center", VAlign: "middle"}
	if t.Icon == "" {
		box := layout.Rect{X: x + s*0.14, Y: y + s*0.2, W: s * 0.72, H: s * 0.6}
		return tokenLabel{block: typeset.Layout(r.Fonts, t.Label, st, box.W, box.H), box: box, iconSize: s * 0.6, iconY: y + s*0.2}
	}
	box := layout.Rect{X: x + s*0.2, Y: y + s*0.57, W: s * 0.6, H: s * 0.3}
	l := tokenLabel{block: typeset.Layout(r.Fonts, t.Label, st, box.W, box.H), box: box, iconSize: s * 0.44, iconY: y + s*0.11}
	if l.block.Fits {
		return l
	}
	box = layout.Rect{X: x + s*0.16, Y: y + s*0.47, W: s * 0.68, H: s * 0.36}
	return tokenLabel{block: typeset.Layout(r.Fonts, t.Label, st, box.W, box.H), box: box, iconSize: s * 0.34, iconY: y + s*0.1}
}

// tokenRing is the width of the ink-saver colour ring, as a share of the
// token's size.
const tokenRing = 0.1

// pawnTokens are the pack's printed pawns as tokens of the token sheets.
func pawnTokens(p *schema.Pack) []*schema.Token {
	var out []*schema.Token
	for _, f := range p.PrintedFigures(false) {
		out = append(out, f.PawnToken())
	}
	return out
}

// tokenCopies lists every token copy of a pack, the pawns of its figures
// after its tokens: the two-sided ones first, so that their backs share as
// few back pages as they can, each group largest first.
func tokenCopies(p *schema.Pack) []*schema.Token {
	var all []*schema.Token
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			for i := 0; i < t.Count; i++ {
				all = append(all, t)
			}
		}
	}
	for _, t := range pawnTokens(p) {
		for range t.Count {
			all = append(all, t)
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if bi, bj := all[i].BackFace() != nil, all[j].BackFace() != nil; bi != bj {
			return bi
		}
		return all[i].Size > all[j].Size
	})
	return all
}

// tokenBacksOf decides what becomes of the token backs, as deckBacksOf
// does for a deck: none without a back on any token; with duplex each
// front page is followed by its back page; under --duplex none backs that
// differ from token to token (or a back some tokens lack) carry
// information and print on pages of their own, while one back shared by
// every token is left out.
func tokenBacksOf(all []*schema.Token, d layout.Duplex) generator.Backs {
	if !slices.ContainsFunc(all, func(t *schema.Token) bool { return t.BackFace() != nil }) {
		return generator.BacksNone
	}
	if d != layout.NoDuplex {
		return generator.BacksDuplex
	}
	first := all[0].BackFace()
	for _, t := range all[1:] {
		if b := t.BackFace(); (b == nil) != (first == nil) || (b != nil && *b != *first) {
			return generator.BacksOwnPages
		}
	}
	return generator.BacksLeftOut
}

// tokenPlan lays out every token copy of the pack: the copies (largest
// first), where each goes and on how many sheets.
func tokenPlan(p *schema.Pack, opts generator.PrintOptions) ([]*schema.Token, []layout.Placement, int, error) {
	all := tokenCopies(p)
	if len(all) == 0 {
		return nil, nil, 0, nil
	}
	sizes := tokenSizes(all)
	placements, pages, err := layout.PackFirstFit(opts.Paper, opts.Margin, tokenGap, sizes)
	if err != nil {
		for i, s := range sizes {
			if _, _, e := layout.PackShelves(opts.Paper, opts.Margin, tokenGap, [][2]float64{s}); e != nil {
				// validate reports it (pack/limit); say where, should a
				// build get here with paper it did not check.
				return nil, nil, 0, fmt.Errorf("%s: token %q: %w", all[i].Ref.Child("size").Pos(), all[i].ID, e)
			}
		}
		return nil, nil, 0, fmt.Errorf("tokens: %w", err)
	}
	return all, placements, pages, nil
}

// tokenSizes are the places the token copies take on a sheet, bleed
// included.
func tokenSizes(all []*schema.Token) [][2]float64 {
	sizes := make([][2]float64, len(all))
	for i, t := range all {
		d := t.Size.MM() + 2*tokenBleed
		sizes[i] = [2]float64{d, d}
	}
	return sizes
}

// WriteTokens writes every token of the pack on as few sheets as fit, and
// the backs of two-sided tokens as tokenBacksOf decides.
func (r renderer) WriteTokens(w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return 0, err
	}
	duplex := layout.NoDuplex
	if tokenBacksOf(all, opts.Duplex) == generator.BacksDuplex {
		duplex = opts.Duplex
	}
	doc := r.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - Tokens", Created: opts.Created, Duplex: duplex})
	var shared *sharedBand
	if sb, ok := standeeBand(p, opts); ok {
		shared = &sb
	}
	n := r.imposeSheets(generator.PDFSink(doc), all, placements, shared, opts)
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("tokens: %w", err)
	}
	return n, nil
}

// tokenPage is one page of tokens.pdf: the fronts of a sheet, or its
// back page.
type tokenPage struct {
	sheet int  // the sheet, from 0
	back  bool // the back page of the sheet
	front int  // the page number of the sheet's fronts, from 1
	blank bool // a back page with no token back on it
}

// tokenPageOf is the token page of a page of the plan tokenPages makes.
func tokenPageOf(pg impose.Page) tokenPage {
	return tokenPage{sheet: pg.Sheet, back: pg.Side != impose.Front, front: pg.Front, blank: pg.Blank}
}

// tokenSheets groups placements by sheet.
func tokenSheets(placements []layout.Placement) [][]layout.Placement {
	var sheets [][]layout.Placement
	for _, pl := range placements {
		for pl.Page >= len(sheets) {
			sheets = append(sheets, nil)
		}
		sheets[pl.Page] = append(sheets[pl.Page], pl)
	}
	return sheets
}

// sheetHasBacks reports whether a token on the sheet has a back.
func sheetHasBacks(all []*schema.Token, sheet []layout.Placement) bool {
	return slices.ContainsFunc(sheet, func(pl layout.Placement) bool { return all[pl.Item].BackFace() != nil })
}

// tokenPages lists the pages of tokens.pdf in order. With duplex, each
// sheet of fronts is followed by its back page, blank for a sheet of
// one-sided tokens, so that the next sheet's fronts print on a front; the
// last sheet goes without a blank back. Under --duplex none with backs
// that carry information, the fronts come first, then a back page for
// each sheet that holds a two-sided token.
func tokenPages(all []*schema.Token, sheets [][]layout.Placement, opts generator.PrintOptions) impose.Plan {
	spec := impose.Spec{Items: len(sheets), PerSheet: 1, W: opts.Paper.W, H: opts.Paper.H, DropBlankLast: true,
		HasBack: func(k int) bool { return sheetHasBacks(all, sheets[k]) }}
	switch tokenBacksOf(all, opts.Duplex) {
	case generator.BacksDuplex:
		spec.Backs = impose.Duplex
	case generator.BacksOwnPages:
		spec.Backs = impose.OwnPages
	}
	return impose.Sheets(spec)
}

// label names a back page: which front page it goes behind, and how.
func (tp tokenPage) label(d layout.Duplex) string {
	switch {
	case !tp.back:
		return ""
	case d == layout.NoDuplex:
		return fmt.Sprintf("token backs of sheet %d (page %d), in the order of its fronts", tp.sheet+1, tp.front)
	case tp.blank:
		return fmt.Sprintf("back of page %d (flip on the %s edge): blank, so that the next sheet's tokens print on a front", tp.front, d)
	}
	return fmt.Sprintf("back of page %d (flip on the %s edge): token backs, each behind its front", tp.front, d)
}

// imposeTokens draws the pages tokenPages lists on sink and returns how
// many there are. Every back page is labelled, and every page has a scale
// bar where there is room: both clear of the tokens, and by an edge of the
// printable area when there is room there.
func (r renderer) imposeTokens(sink generator.PageSink, all []*schema.Token, placements []layout.Placement, opts generator.PrintOptions) int {
	return r.imposeSheets(sink, all, placements, nil, opts)
}

// imposeSheets is imposeTokens with the pack's standees, when they share
// the token sheets (shared not nil): on the front of their sheet, under
// the tokens; the place behind them on its back page is left blank and
// clear of the page's label.
func (r renderer) imposeSheets(sink generator.PageSink, all []*schema.Token, placements []layout.Placement, shared *sharedBand, opts generator.PrintOptions) int {
	sheets := tokenSheets(placements)
	return impose.Draw(sink, tokenPages(all, sheets, opts), func(page draw.Canvas, pg impose.Page) {
		tp := tokenPageOf(pg)
		var obstacles []layout.Rect
		band := shared != nil && shared.at.Page == tp.sheet
		if tp.back {
			obstacles = r.drawTokenBacks(page, all, sheets[tp.sheet], opts, tp)
			if band && opts.Duplex != layout.NoDuplex {
				behind, _ := layout.BackOf(opts.Paper, shared.rect(), 0, opts.Duplex, opts.BackOffset)
				obstacles = append(obstacles, behind.Inset(-generator.MarkClear))
			}
		} else {
			for _, pl := range sheets[tp.sheet] {
				r.DrawToken(page, all[pl.Item], pl.Trim.X+tokenBleed, pl.Trim.Y+tokenBleed, tokenBleed)
				obstacles = append(obstacles, pl.Trim.Inset(-generator.MarkClear))
			}
			if band {
				at := shared.rect()
				obstacles = append(obstacles, shared.band.Draw(r.Renderer, page, at.X, at.Y)...)
			}
		}
		c := r.Surface(page)
		area := layout.Printable(opts.Paper, opts.Margin)
		if label := tp.label(opts.Duplex); label != "" {
			if box, ok := r.drawEdgeLabel(c, area, obstacles, label); ok {
				obstacles = append(obstacles, box.Inset(-generator.MarkClear))
			}
		}
		r.PlaceScaleBar(c, area, obstacles)
	})
}

// drawEdgeLabel writes a page label in the first free place by an edge of
// area (edgeRoom), else reading upwards where there is room, and returns
// its box.
func (r renderer) drawEdgeLabel(c draw.Canvas, area layout.Rect, obstacles []layout.Rect, label string) (layout.Rect, bool) {
	asc, desc := r.Fonts.Ascent(draw.Regular, generator.LabelPt), r.Fonts.Descent(draw.Regular, generator.LabelPt)
	w, h := r.Fonts.Width(label, draw.Regular, generator.LabelPt)+2*generator.LabelPad, asc+desc+2*generator.LabelPad
	box, ok := generator.EdgeRoom(area, obstacles, w, h)
	if !ok {
		box, ok = layout.FindRoom(area, obstacles, h, w)
	}
	if !ok {
		return layout.Rect{}, false
	}
	// The box is free: drawPageLabel, given it alone, fills it.
	return box, r.DrawPageLabel(c, box, nil, label)
}

// drawTokenBacks draws the back page tp of one sheet's tokens, each placed
// by layout.BackOf so that it lands behind its front after the flip
// (mirrored, turned 180 degrees for a short-edge flip, shifted by the back
// offset), or in its front's place under --duplex none; a one-sided token
// leaves its place blank. It returns what the label and scale bar keep
// clear of, with room to spare: under duplex the place of every token
// (behind a one-sided front too), under --duplex none the backs drawn.
func (r renderer) drawTokenBacks(page draw.Canvas, all []*schema.Token, sheet []layout.Placement, opts generator.PrintOptions, tp tokenPage) []layout.Rect {
	d, offset := opts.Duplex, opts.BackOffset
	if d == layout.NoDuplex {
		offset = layout.Point{}
	}
	var obstacles []layout.Rect
	for _, pl := range sheet {
		t := all[pl.Item]
		trim, turn := layout.BackOf(opts.Paper, pl.Trim, 0, d, offset)
		b := t.BackFace()
		if d != layout.NoDuplex || b != nil {
			// Under duplex, a label behind a front would be cut out with it.
			obstacles = append(obstacles, trim.Inset(-generator.MarkClear))
		}
		if b == nil || tp.blank {
			continue
		}
		back := t.WithFace(b)
		if turn == 0 {
			r.DrawToken(page, back, trim.X+tokenBleed, trim.Y+tokenBleed, tokenBleed)
			continue
		}
		page.Push()
		page.Rotate(turn, trim.X+trim.W/2, trim.Y+trim.H/2)
		r.DrawToken(page, back, trim.X+tokenBleed, trim.Y+tokenBleed, tokenBleed)
		page.Pop()
	}
	return obstacles
}

// indexTokens describes tokens.pdf in the kit's index: which tokens are
// two-sided and how their backs were printed, and where the pawns of the
// pack's figures are, and its standees when they share the token sheets. One-sided tokens say nothing more than the file
// line.
func indexTokens(p *schema.Pack, opts generator.PrintOptions) []string {
	lines := indexTokenBacks(p, opts)
	pages, err := pawnPages(p, opts)
	if err != nil {
		return lines
	}
	for _, f := range p.PrintedFigures(false) {
		lines = append(lines, pawnLine(f, pages[f])+"; one-sided: cut along the outline")
	}
	if sb, ok := standeeBand(p, opts); ok {
		// standeeBand has planned the tokens without an error.
		if all, placements, _, err := tokenPlan(p, opts); err == nil {
			front, _ := sheetPages(tokenPages(all, tokenSheets(placements), opts))
			lines = append(lines, figures.BandIndex(p, front[sb.at.Page])...)
		}
	}
	return lines
}

// indexTokenBacks says which tokens are two-sided and how their backs were
// printed.
func indexTokenBacks(p *schema.Pack, opts generator.PrintOptions) []string {
	all, placements, sheets, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return nil
	}
	mode := tokenBacksOf(all, opts.Duplex)
	if mode == generator.BacksNone {
		return nil
	}
	pages := tokenPages(all, tokenSheets(placements), opts).Pages
	var two []string
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Count > 0 && t.BackFace() != nil {
				two = append(two, fmt.Sprintf("%q", t.ID))
			}
		}
	}
	lines := []string{"two-sided tokens: " + strings.Join(two, ", ")}
	switch mode {
	case generator.BacksDuplex:
		l := fmt.Sprintf("each front page is followed by its back page, labelled with the page it goes behind (duplex, flip on the %s edge)", opts.Duplex)
		if slices.ContainsFunc(all, func(t *schema.Token) bool { return t.BackFace() == nil }) {
			l += "; one-sided tokens are blank on the back"
		}
		if last := pages[len(pages)-1]; last.Side == impose.Front {
			l += fmt.Sprintf("; page %d holds one-sided tokens only and has no back page", len(pages))
		}
		lines = append(lines, l)
	case generator.BacksOwnPages:
		lines = append(lines, fmt.Sprintf("the token backs carry information, so --duplex none prints them on pages of their own after the fronts "+
			"(%s), each labelled with its sheet, in the order of its fronts (not mirrored): cut them out and glue each behind its front",
			generator.PageRange(sheets+1, len(pages))))
	case generator.BacksLeftOut:
		lines = append(lines, "the token backs are the same on every token and are left out (--duplex none)")
	}
	return lines
}

// WriteTokenSheetPreview renders one of each token on a PNG, its front on
// the "fronts" row and, for a two-sided token, its back right under it on
// the "backs" row: tokens told apart only by their backs (values hidden
// on the back) look alike from the front.
func (r renderer) WriteTokenSheetPreview(w io.Writer, p *schema.Pack) error {
	var tokens []*schema.Token
	for _, ts := range p.TokenSets() {
		tokens = append(tokens, ts.Tokens...)
	}
	tokens = append(tokens, pawnTokens(p)...)
	if len(tokens) == 0 {
		return nil
	}
	tp := r.tokenPreview(tokens)
	c, err := draw.NewPNGCanvas(r.Fonts, tp.w, tp.h, 100)
	if err != nil {
		return err
	}
	tp.draw(r, c, tokens)
	return c.Encode(w)
}

// Token preview spacing: the gap around each token, and the row captions'
// size.
const (
	tokenPreviewGap = 4.0
	tokenCaptionPt  = 7.0
)

// tokenPreviewLayout is the token preview's size and rows: a row of
// fronts, and a row of backs when some token has one, captioned.
type tokenPreviewLayout struct {
	w, h    float64
	rowH    float64 // the largest token
	caption float64 // the width of the row captions, 0 without backs
	rows    int
}

// tokenPreview lays out the preview of tokens.
func (r renderer) tokenPreview(tokens []*schema.Token) tokenPreviewLayout {
	const gap = tokenPreviewGap
	tp := tokenPreviewLayout{rows: 1}
	if slices.ContainsFunc(tokens, func(t *schema.Token) bool { return t.BackFace() != nil }) {
		tp.rows = 2
		tp.caption = max(r.Fonts.Width("fronts", draw.Bold, tokenCaptionPt), r.Fonts.Width("backs", draw.Bold, tokenCaptionPt)) + gap
	}
	tp.w = gap + tp.caption
	for _, t := range tokens {
		tp.w += t.Size.MM() + gap
		tp.rowH = max(tp.rowH, t.Size.MM())
	}
	tp.h = float64(tp.rows)*(tp.rowH+gap) + gap
	return tp
}

// draw draws the preview's rows on c: each token's front, and its back
// (if any) under it.
func (tp tokenPreviewLayout) draw(r renderer, c draw.Canvas, tokens []*schema.Token) {
	const gap = tokenPreviewGap
	if tp.rows > 1 {
		for row, name := range []string{"fronts", "backs"} {
			top := gap + float64(row)*(tp.rowH+gap)
			c.Text(gap, generator.Round2(top+tp.rowH/2+r.Fonts.Ascent(draw.Bold, tokenCaptionPt)/2), name, draw.Bold, tokenCaptionPt, generator.MarkColor)
		}
	}
	for row := range tp.rows {
		top := gap + float64(row)*(tp.rowH+gap)
		x := gap + tp.caption
		for _, t := range tokens {
			face := t
			if row == 1 {
				face = nil
				if b := t.BackFace(); b != nil {
					face = t.WithFace(b)
				}
			}
			if face != nil {
				r.DrawToken(c, face, x, top+(tp.rowH-t.Size.MM())/2, 0)
			}
			x += t.Size.MM() + gap
		}
	}
}

// renderer is the generator's renderer with the tokens' drawing methods.
type renderer struct{ *generator.Renderer }

// KitOutputs are the kit's token sheet and its preview: every token set of
// a pack prints on the one tokens.pdf.
func KitOutputs() []generator.KitOutput {
	return []generator.KitOutput{
		{
			Path:   "tokens.pdf",
			Wanted: func(p *schema.Pack, _ generator.PrintOptions, _ bool) bool { return printsTokens(p) },
			Write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
				return renderer{r}.WriteTokens(w, p, opts)
			},
			What:  "every token of the kit; cut along the grey outlines",
			Index: indexTokens,
			Pages: setPages,
		},
		{
			Path:   "preview/tokens.png",
			Wanted: func(p *schema.Pack, _ generator.PrintOptions, previews bool) bool { return previews && printsTokens(p) },
			Write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, _ generator.PrintOptions) (int, error) {
				return 0, renderer{r}.WriteTokenSheetPreview(w, p)
			},
		},
	}
}

// printsTokens reports whether the pack prints a token or a pawn: its
// token sets and the pawns of its figure sets share the kit's tokens.pdf.
func printsTokens(p *schema.Pack) bool {
	return slices.ContainsFunc(p.TokenSets(), p.PrintsToken) || len(p.PrintedFigures(false)) > 0
}

// pawnPages lists, for each pawn of the pack (by figure), the pages of
// tokens.pdf that hold its copies.
func pawnPages(p *schema.Pack, opts generator.PrintOptions) (map[*schema.Figure][]int, error) {
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	front := map[int]int{} // sheet -> page number of its fronts
	for i, pg := range tokenPages(all, tokenSheets(placements), opts).Pages {
		if pg.Side == impose.Front {
			front[pg.Sheet] = i + 1
		}
	}
	out := map[*schema.Figure][]int{}
	for _, pl := range placements {
		if f := all[pl.Item].Pawn; f != nil && !slices.Contains(out[f], front[pl.Page]) {
			out[f] = append(out[f], front[pl.Page])
		}
	}
	return out, nil
}

// pawnForm is a pawn's size and shape: "16 mm square".
func pawnForm(f *schema.Figure) string {
	return fmt.Sprintf("%s mm %s", generator.FormatMM(f.Set.Pawn.Size.MM()), f.Set.Pawn.Shape)
}

// pawnLine describes a pawn's copies for the index: "pawns zombie-babe x30
// (Zombie, 15 mm square): page 1".
func pawnLine(f *schema.Figure, pages []int) string {
	name := f.Name
	if name == "" {
		name = f.ID
	}
	return fmt.Sprintf("pawns %s x%d (%s, %s): %s", f.ID, f.Count, name, pawnForm(f), figures.PagesText(pages))
}
