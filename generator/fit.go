package generator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/schema"
)

// MissingGlyphs returns the text boxes of the card's templates holding
// characters their font has no glyph for. With Overflows it makes a
// Renderer a validate.TextFitter.
func (r *Renderer) MissingGlyphs(p *schema.Pack, d *schema.Deck, card *schema.Card) []schema.BoxIssue {
	var out []schema.BoxIssue
	r.eachTextBox(p, d, card, func(id string, b *schema.Box, text string) {
		st := typeset.StyleOf(r.Fonts, b)
		if len(r.Fonts.MissingRunes(text, st.Font)) == 0 && len(r.Fonts.MissingRunes(text, st.Font.Strong())) == 0 {
			// Both fonts have every character of the text as written,
			// markup and icon names included: nothing its runs set is
			// missing, and the text need not be parsed.
			return
		}
		// Strong runs (**...**) are set in the font's strong variant.
		plain := map[draw.FontStyle]*strings.Builder{st.Font: {}, st.Font.Strong(): {}}
		for _, wd := range typeset.Words(text, st.Font) {
			for _, run := range wd {
				plain[run.Font].WriteString(run.Text)
			}
		}
		miss := r.Fonts.MissingRunes(plain[st.Font].String(), st.Font)
		if strong := st.Font.Strong(); strong != st.Font {
			for _, m := range r.Fonts.MissingRunes(plain[strong].String(), strong) {
				if !slices.Contains(miss, m) {
					miss = append(miss, m)
				}
			}
		}
		if len(miss) > 0 {
			var quoted []string
			for _, m := range miss {
				quoted = append(quoted, strconv.QuoteRune(m))
			}
			out = append(out, schema.BoxIssue{Template: id, Box: b.ID, Field: boxField(b),
				Detail: fmt.Sprintf("the font %q has no glyph for %s", fontName(b), strings.Join(quoted, ", "))})
		}
	})
	return out
}

// Overflows lays out every text box of the card's face and back templates
// and returns those that overflow even at their minimum size.
func (r *Renderer) Overflows(p *schema.Pack, d *schema.Deck, card *schema.Card) []schema.BoxIssue {
	var out []schema.BoxIssue
	r.eachTextBox(p, d, card, func(id string, b *schema.Box, text string) {
		block := typeset.Layout(r.Fonts, text, typeset.StyleOf(r.Fonts, b), b.W.MM(), b.H.MM())
		if !block.Fits {
			out = append(out, schema.BoxIssue{Template: id, Box: b.ID, Field: boxField(b), Detail: block.Overflow})
		}
	})
	return out
}

// eachTextBox calls fn for every visible, non-empty text box of the card's
// templates with the text it shows.
func (r *Renderer) eachTextBox(p *schema.Pack, d *schema.Deck, card *schema.Card, fn func(id string, b *schema.Box, text string)) {
	cd := r.withDerived(NewCardData(p, d, card))
	face, back := d.Sides()
	for _, id := range []string{face, back} {
		t, ok := p.Templates[id]
		if !ok {
			continue
		}
		for _, b := range t.Boxes {
			if b.Kind() != "text" || !cd.visible(b) || !fontSizesInRange(b) {
				continue
			}
			if text := cd.boxText(b); strings.TrimSpace(text) != "" {
				fn(id, b, text)
			}
		}
	}
}

// fontSizesInRange reports whether the font sizes a box sets are within
// schema.FontSizeRange: validate refuses the others as a hard limit (rule
// pack/limit), and fitting text at them would only repeat that finding.
func fontSizesInRange(b *schema.Box) bool {
	r := schema.FontSizeRange
	return (b.Size == 0 || r.Contains(b.Size)) && (b.MinSize == 0 || r.Contains(b.MinSize))
}

// boxField is the card field a box shows: its field, or the first ${field}
// of its text.
func boxField(b *schema.Box) string {
	if b.Field != "" {
		return b.Field
	}
	if m := interpolation.FindStringSubmatch(b.Text); m != nil {
		return m[1]
	}
	return ""
}

func fontName(b *schema.Box) string {
	if b.Font == "" {
		return "regular"
	}
	return b.Font
}

// ElementIssues checks the texts of an element that is not a deck (decks
// are checked card by card): the kind's own fitter finds what does not fit,
// and every text is checked for characters the regular font cannot draw.
// With Overflows and MissingGlyphs it makes a Renderer a validate.TextFitter.
func (r *Renderer) ElementIssues(p *schema.Pack, e schema.Element) (overflows, glyphs []schema.TextIssue) {
	kr, ok := r.KindOf(e.Kind())
	if !ok || kr.fit == nil {
		return nil, nil
	}
	overflows = kr.fit(r, p, e)
	for _, t := range e.Facts().Texts {
		var plain strings.Builder
		for _, wd := range typeset.Words(t.Text, draw.Regular) {
			for _, run := range wd {
				plain.WriteString(run.Text)
			}
		}
		if miss := r.Fonts.MissingRunes(plain.String(), draw.Regular); len(miss) > 0 {
			var quoted []string
			for _, m := range miss {
				quoted = append(quoted, strconv.QuoteRune(m))
			}
			glyphs = append(glyphs, schema.TextIssue{Ref: t.Ref, What: t.What,
				Detail: "the font has no glyph for " + strings.Join(quoted, ", ")})
		}
	}
	return overflows, glyphs
}

// ClipText shortens s with an ellipsis until it is no wider than w.
func (r *Renderer) ClipText(s string, f draw.FontStyle, size, w float64) string {
	if r.Fonts.Width(s, f, size) <= w {
		return s
	}
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		t := strings.TrimSpace(string(runes[:n])) + "…"
		if r.Fonts.Width(t, f, size) <= w {
			return t
		}
	}
	return ""
}

// Unbounded is a box height that never overflows, in mm: for measuring
// text that may take any height.
const Unbounded = 1e6
