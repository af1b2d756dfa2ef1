package generator

import (
	"strings"

	"github.com/runforge/runforge/schema"
)

// Overflow is a text box whose text does not fit at its minimum size.
type Overflow struct {
	Template string
	Box      string
	Field    string
	Detail   string
}

// Overflows lays out every text box of the card's face and back templates
// and returns those that overflow even at their minimum size.
func (r *Renderer) Overflows(p *schema.Pack, d *schema.Deck, card *schema.Card, templateIDs ...string) []Overflow {
	cd := NewCardData(d, card)
	var out []Overflow
	for _, id := range templateIDs {
		t, ok := p.Templates[id]
		if !ok {
			continue
		}
		for _, b := range t.Boxes {
			if b.Kind() != "text" || !cd.visible(b) {
				continue
			}
			text := cd.boxText(b)
			if strings.TrimSpace(text) == "" {
				continue
			}
			block := r.Fonts.LayoutText(text, r.Fonts.TextStyleOf(b), b.W.MM(), b.H.MM())
			if !block.Fits {
				field := b.Field
				if field == "" {
					if m := interpolation.FindStringSubmatch(b.Text); m != nil {
						field = m[1]
					}
				}
				out = append(out, Overflow{Template: id, Box: b.ID, Field: field, Detail: block.Overflow})
			}
		}
	}
	return out
}
