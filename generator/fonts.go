package generator

import (
	"fmt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// ptMM is millimetres per typographic point.
const ptMM = 25.4 / 72

// fontSources are the embedded Go fonts (BSD licence), by style.
var fontSources = [...][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF, gomono.TTF}

// cachedRunes is how many leading code points have precomputed advances.
const cachedRunes = 0x2100

// Fonts measures text in the embedded fonts. It is safe for concurrent use.
type Fonts struct {
	parsed  [len(fontSources)]*sfnt.Font
	advance [len(fontSources)][]float32 // in em, by rune below cachedRunes
	ascent  [len(fontSources)]float64   // in em
	descent [len(fontSources)]float64
	capH    [len(fontSources)]float64
}

// NewFonts parses the embedded fonts and precomputes their advances.
func NewFonts() (*Fonts, error) {
	f := &Fonts{}
	var buf sfnt.Buffer
	for i, src := range fontSources {
		p, err := sfnt.Parse(src)
		if err != nil {
			return nil, fmt.Errorf("embedded font %s: %w", FontStyle(i), err)
		}
		f.parsed[i] = p
		upem := fixed.Int26_6(p.UnitsPerEm())
		m, err := p.Metrics(&buf, upem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("embedded font %s: %w", FontStyle(i), err)
		}
		em := float64(upem)
		f.ascent[i], f.descent[i], f.capH[i] = float64(m.Ascent)/em, float64(m.Descent)/em, float64(m.CapHeight)/em
		adv := make([]float32, cachedRunes)
		for r := rune(0); r < cachedRunes; r++ {
			adv[r] = float32(runeAdvance(p, &buf, r))
		}
		f.advance[i] = adv
	}
	return f, nil
}

func runeAdvance(p *sfnt.Font, buf *sfnt.Buffer, r rune) float64 {
	gi, err := p.GlyphIndex(buf, r)
	if err != nil || gi == 0 {
		gi, _ = p.GlyphIndex(buf, '?')
	}
	upem := fixed.Int26_6(p.UnitsPerEm())
	a, err := p.GlyphAdvance(buf, gi, upem, font.HintingNone)
	if err != nil {
		return 0.5
	}
	return float64(a) / float64(upem)
}

// Width is the advance width of s in millimetres.
func (f *Fonts) Width(s string, st FontStyle, sizePt float64) float64 {
	em := 0.0
	var buf *sfnt.Buffer
	for _, r := range s {
		if r >= 0 && r < cachedRunes {
			em += float64(f.advance[st][r])
			continue
		}
		if buf == nil {
			buf = &sfnt.Buffer{}
		}
		em += runeAdvance(f.parsed[st], buf, r)
	}
	return em * sizePt * ptMM
}

// Ascent is the font's ascent at the size, in millimetres.
func (f *Fonts) Ascent(st FontStyle, sizePt float64) float64 { return f.ascent[st] * sizePt * ptMM }

// Descent is the font's descent at the size, in millimetres (positive).
func (f *Fonts) Descent(st FontStyle, sizePt float64) float64 { return f.descent[st] * sizePt * ptMM }

// CapHeight is the height of capitals at the size, in millimetres.
func (f *Fonts) CapHeight(st FontStyle, sizePt float64) float64 { return f.capH[st] * sizePt * ptMM }

// FontData returns the TrueType bytes of a style, for embedding.
func FontData(st FontStyle) []byte { return fontSources[st] }
