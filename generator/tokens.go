package generator

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

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
func (r *Renderer) DrawToken(c Canvas, t *schema.Token, x, y float64, bleed float64) {
	c = r.surface(c)
	s := t.Size.MM()
	fill := colorOr(t.Fill, Color{0xdd, 0xdd, 0xdd})
	ink := colorOr(t.Ink, Black)
	paper := fill
	cut := Stroked(Color{0x55, 0x55, 0x55}, 0.2)
	if !r.InkSaver && !isLight(fill) {
		cut = Stroked(Color{0xf2, 0xf2, 0xf2}, 0.25)
	}
	shape := c.Ellipse
	if t.Shape == "square" {
		shape = func(x, y, w, h float64, st Style) { c.Rect(x, y, w, h, 0, st) }
	}
	if r.InkSaver {
		paper = White
		if isLight(ink) {
			ink = fill
		}
		if isLight(ink) {
			ink = Color{0x1a, 0x1a, 0x1a}
		}
		ring := round2(s * tokenRing)
		shape(x+ring/2, y+ring/2, s-ring, s-ring, Stroked(fill, ring))
	} else {
		shape(x-bleed, y-bleed, s+2*bleed, s+2*bleed, Filled(fill))
	}
	shape(x, y, s, s, cut)
	iconSize := s * 0.6
	iy := y + (s-iconSize)/2
	if t.Label != "" {
		iconSize = s * 0.44
		iy = y + s*0.11
	}
	if t.Icon != "" {
		DrawIcon(c, t.Icon, x+(s-iconSize)/2, iy, iconSize, ink, paper)
	}
	if t.Label != "" {
		// The label's box sits low on the disc under an icon, or across
		// its middle without one, narrow enough to stay clear of the ring
		// and the cut. It shrinks to a third of its size before a word
		// would break ("ACTIO-N" on a small token).
		size := round2(s * 0.3 / ptMM)
		bx, by, bw, bh := x+s*0.2, y+s*0.57, s*0.6, s*0.3
		if t.Icon == "" {
			bx, by, bw, bh = x+s*0.14, y+s*0.2, s*0.72, s*0.6
		}
		block := r.Fonts.LayoutText(t.Label, TextStyle{Font: Bold, Size: size, MinSize: round2(size / 3), Align: "center", VAlign: "middle"}, bw, bh)
		r.Fonts.DrawText(c, block, bx, by, bw, bh, ink, paper)
	}
}

// tokenRing is the width of the ink-saver colour ring, as a share of the
// token's size.
const tokenRing = 0.1

// tokenCopies lists every token copy of a pack, largest first.
func tokenCopies(p *schema.Pack) []*schema.Token {
	var all []*schema.Token
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			for i := 0; i < t.Count; i++ {
				all = append(all, t)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Size > all[j].Size })
	return all
}

// tokenBacksOf decides what becomes of the token backs, as deckBacksOf
// does for a deck: none without a back on any token; with duplex each
// front page is followed by its back page; under --duplex none backs that
// differ from token to token (or a back some tokens lack) carry
// information and print on pages of their own, while one back shared by
// every token is left out.
func tokenBacksOf(all []*schema.Token, d layout.Duplex) deckBacks {
	if !slices.ContainsFunc(all, func(t *schema.Token) bool { return t.BackFace() != nil }) {
		return backsNone
	}
	if d != layout.NoDuplex {
		return backsDuplex
	}
	first := all[0].BackFace()
	for _, t := range all[1:] {
		if b := t.BackFace(); (b == nil) != (first == nil) || (b != nil && *b != *first) {
			return backsOwnPages
		}
	}
	return backsLeftOut
}

// tokenPlan lays out every token copy of the pack: the copies (largest
// first), where each goes and on how many sheets.
func tokenPlan(p *schema.Pack, opts PrintOptions) ([]*schema.Token, []layout.Placement, int, error) {
	all := tokenCopies(p)
	if len(all) == 0 {
		return nil, nil, 0, nil
	}
	sizes := make([][2]float64, len(all))
	for i, t := range all {
		d := t.Size.MM() + 2*tokenBleed
		sizes[i] = [2]float64{d, d}
	}
	placements, pages, err := layout.PackShelves(opts.Paper, opts.Margin, tokenGap, sizes)
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

// WriteTokens writes every token of the pack on as few sheets as fit, and
// the backs of two-sided tokens as tokenBacksOf decides.
func (r *Renderer) WriteTokens(w io.Writer, p *schema.Pack, opts PrintOptions) (int, error) {
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return 0, err
	}
	duplex := layout.NoDuplex
	if tokenBacksOf(all, opts.Duplex) == backsDuplex {
		duplex = opts.Duplex
	}
	doc := NewPDF(PDFInfo{Title: p.Game.Title + " - Tokens", Created: opts.Created, Duplex: duplex}, r.Fonts)
	n := r.imposeTokens(pdfSink{doc}, all, placements, opts)
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("tokens: %w", err)
	}
	return n, nil
}

// imposeTokens draws the token pages on sink and returns how many there
// are: each sheet of fronts, followed by its back page (duplex), or all
// fronts then the backs' own pages (--duplex none, backs that carry
// information).
func (r *Renderer) imposeTokens(sink pageSink, all []*schema.Token, placements []layout.Placement, opts PrintOptions) int {
	var sheets [][]layout.Placement
	for _, pl := range placements {
		if pl.Page == len(sheets) {
			sheets = append(sheets, nil)
		}
		sheets[pl.Page] = append(sheets[pl.Page], pl)
	}
	mode := tokenBacksOf(all, opts.Duplex)
	pages := 0
	for _, sheet := range sheets {
		page := sink.AddPage(opts.Paper.W, opts.Paper.H)
		pages++
		for _, pl := range sheet {
			r.DrawToken(page, all[pl.Item], pl.Trim.X+tokenBleed, pl.Trim.Y+tokenBleed, tokenBleed)
		}
		if mode == backsDuplex {
			r.drawTokenBacks(sink.AddPage(opts.Paper.W, opts.Paper.H), all, sheet, opts, opts.Duplex, opts.BackOffset, "")
			pages++
		}
	}
	if mode == backsOwnPages {
		for k, sheet := range sheets {
			label := fmt.Sprintf("token backs of sheet %d (page %d), in the order of its fronts", k+1, k+1)
			r.drawTokenBacks(sink.AddPage(opts.Paper.W, opts.Paper.H), all, sheet, opts, layout.NoDuplex, layout.Point{}, label)
			pages++
		}
	}
	return pages
}

// drawTokenBacks draws the backs of one sheet's tokens, each placed by
// layout.BackOf so that it lands behind its front after the flip d
// (mirrored, turned 180 degrees for a short-edge flip, shifted by offset);
// a one-sided token leaves its place blank. label, if set, names the page.
func (r *Renderer) drawTokenBacks(page Canvas, all []*schema.Token, sheet []layout.Placement, opts PrintOptions, d layout.Duplex, offset layout.Point, label string) {
	var obstacles []layout.Rect
	for _, pl := range sheet {
		t := all[pl.Item]
		trim, turn := layout.BackOf(opts.Paper, pl.Trim, 0, d, offset)
		obstacles = append(obstacles, trim.Inset(-deckMarkClear))
		b := t.BackFace()
		if b == nil {
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
	if label != "" {
		r.drawPageLabel(r.surface(page), layout.Printable(opts.Paper, opts.Margin), obstacles, label)
	}
}

// indexTokens describes tokens.pdf in the kit's index: which tokens are
// two-sided and how their backs were printed. One-sided tokens say
// nothing more than the file line.
func indexTokens(p *schema.Pack, opts PrintOptions) []string {
	all, _, sheets, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return nil
	}
	mode := tokenBacksOf(all, opts.Duplex)
	if mode == backsNone {
		return nil
	}
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
	case backsDuplex:
		l := fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge)", opts.Duplex)
		if slices.ContainsFunc(all, func(t *schema.Token) bool { return t.BackFace() == nil }) {
			l += "; one-sided tokens are blank on the back"
		}
		lines = append(lines, l)
	case backsOwnPages:
		lines = append(lines, fmt.Sprintf("the token backs carry information, so --duplex none prints them on pages of their own after the fronts "+
			"(%s), each labelled with its sheet, in the order of its fronts (not mirrored): cut them out and glue each behind its front",
			pageRange(sheets+1, 2*sheets)))
	case backsLeftOut:
		lines = append(lines, "the token backs are the same on every token and are left out (--duplex none)")
	}
	return lines
}

// pageRange names pages a to b: "page 2", "pages 3-4".
func pageRange(a, b int) string {
	if a == b {
		return fmt.Sprintf("page %d", a)
	}
	return fmt.Sprintf("pages %d-%d", a, b)
}
