package generator

import (
	"io"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// PreviewDPI is the resolution of single-card previews.
const PreviewDPI = 150

// sheetDPI is the resolution of contact sheets.
const sheetDPI = 60

// WriteCardPreview renders one side of a card at its trim size as PNG.
func (r *Renderer) WriteCardPreview(w io.Writer, t *schema.Template, d *CardData, dpi float64) error {
	size, _ := t.TrimSize()
	c, err := NewPNGCanvas(size.W.MM(), size.H.MM(), dpi)
	if err != nil {
		return err
	}
	r.DrawCard(c, t, d, layout.Sides{})
	return c.Encode(w)
}

// WriteContactSheet renders every distinct card of a deck, and its back when
// it is shared, on one PNG.
func (r *Renderer) WriteContactSheet(w io.Writer, d *schema.Deck, face, back *schema.Template) error {
	size, _ := face.TrimSize()
	cw, ch := size.W.MM(), size.H.MM()
	const gap = 3.0
	n := len(d.Cards)
	withBack := back != nil && !perCard(back)
	if withBack {
		n++
	}
	cols := min(n, 8)
	rows := (n + cols - 1) / cols
	c, err := NewPNGCanvas(float64(cols)*(cw+gap)+gap, float64(rows)*(ch+gap)+gap, sheetDPI)
	if err != nil {
		return err
	}
	c.Rect(0, 0, float64(cols)*(cw+gap)+gap, float64(rows)*(ch+gap)+gap, 0, Filled(Color{0x9a, 0x9a, 0x9a}))
	place := func(i int, t *schema.Template, cd *CardData) {
		x := gap + float64(i%cols)*(cw+gap)
		y := gap + float64(i/cols)*(ch+gap)
		c.Push()
		c.Translate(x, y)
		r.DrawCard(c, t, cd, layout.Sides{})
		c.Pop()
	}
	for i, card := range d.Cards {
		place(i, face, NewCardData(d, card))
	}
	if withBack {
		place(len(d.Cards), back, &CardData{Deck: d, Card: &schema.Card{}})
	}
	return c.Encode(w)
}

// WriteTokenSheetPreview renders one of each token on a PNG.
func (r *Renderer) WriteTokenSheetPreview(w io.Writer, p *schema.Pack) error {
	var tokens []*schema.Token
	for _, ts := range p.TokenSets {
		tokens = append(tokens, ts.Tokens...)
	}
	if len(tokens) == 0 {
		return nil
	}
	const gap = 4.0
	width, height := gap, 0.0
	for _, t := range tokens {
		width += t.Size.MM() + gap
		height = max(height, t.Size.MM())
	}
	c, err := NewPNGCanvas(width, height+2*gap, 100)
	if err != nil {
		return err
	}
	x := gap
	for _, t := range tokens {
		r.DrawToken(c, t, x, gap+(height-t.Size.MM())/2, 0)
		x += t.Size.MM() + gap
	}
	return c.Encode(w)
}
