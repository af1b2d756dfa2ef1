package generator

import (
	"fmt"
	"io"
	"sort"

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
		// The label's box sits low on the disc, narrow enough to stay
		// clear of the ring and the cut.
		size := round2(s * 0.3 / ptMM)
		bx, by, bw, bh := x+s*0.2, y+s*0.57, s*0.6, s*0.3
		block := r.Fonts.LayoutText(t.Label, TextStyle{Font: Bold, Size: size, MinSize: round2(size / 2), Align: "center", VAlign: "middle"}, bw, bh)
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

// WriteTokens writes every token of the pack on as few sheets as fit.
func (r *Renderer) WriteTokens(w io.Writer, p *schema.Pack, opts PrintOptions) (int, error) {
	all := tokenCopies(p)
	if len(all) == 0 {
		return 0, nil
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
				return 0, fmt.Errorf("%s: token %q: %w", all[i].Ref.Child("size").Pos(), all[i].ID, e)
			}
		}
		return 0, fmt.Errorf("tokens: %w", err)
	}
	// Token sheets are one-sided.
	doc := NewPDF(PDFInfo{Title: p.Game.Title + " - Tokens", Created: opts.Created, Duplex: layout.NoDuplex}, r.Fonts)
	var page *PDFCanvas
	current := -1
	for _, pl := range placements {
		if pl.Page != current {
			page = doc.AddPage(opts.Paper.W, opts.Paper.H)
			current = pl.Page
		}
		r.DrawToken(page, all[pl.Item], pl.Trim.X+tokenBleed, pl.Trim.Y+tokenBleed, tokenBleed)
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("tokens: %w", err)
	}
	return pages, nil
}
