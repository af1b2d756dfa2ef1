package generator

import (
	"fmt"
	"slices"
	"sort"

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

// builtinFonts are the embedded Go fonts (BSD licence), in FontStyle order.
var builtinFonts = [...][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF, gomono.TTF}

// cachedRunes is how many leading code points have precomputed advances.
const cachedRunes = 0x2100

// face is one font with its metrics in em.
type face struct {
	name                  string
	data                  []byte
	parsed                *sfnt.Font
	advance               []float32 // by rune below cachedRunes
	missing               []bool    // by rune below cachedRunes: no glyph
	ascent, descent, capH float64
	builtin               bool
}

// Fonts measures text in the embedded fonts and any fonts a pack adds. It
// is safe for concurrent use.
type Fonts struct {
	faces  []*face
	byName map[string]FontStyle
}

// NewFonts parses the embedded fonts and precomputes their advances.
func NewFonts() (*Fonts, error) {
	f := &Fonts{byName: map[string]FontStyle{}}
	for i, src := range builtinFonts {
		fc, err := newFace(FontStyle(i).String(), src)
		if err != nil {
			return nil, fmt.Errorf("embedded font %s: %w", FontStyle(i), err)
		}
		fc.builtin = true
		f.add(fc)
	}
	return f, nil
}

func (f *Fonts) add(fc *face) {
	f.byName[fc.name] = FontStyle(len(f.faces))
	f.faces = append(f.faces, fc)
}

// WithPackFonts returns fonts with the pack's TrueType fonts added under
// their names, sharing the parsed built-in ones.
func (f *Fonts) WithPackFonts(data map[string][]byte) (*Fonts, error) {
	if len(data) == 0 {
		return f, nil
	}
	out := &Fonts{faces: append([]*face(nil), f.faces...), byName: map[string]FontStyle{}}
	for name, st := range f.byName {
		out.byName[name] = st
	}
	names := make([]string, 0, len(data))
	for n := range data {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fc, err := newFace(n, data[n])
		if err != nil {
			return nil, fmt.Errorf("font %s: %w", n, err)
		}
		out.add(fc)
	}
	return out, nil
}

func newFace(name string, src []byte) (*face, error) {
	p, err := sfnt.Parse(src)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	upem := fixed.Int26_6(p.UnitsPerEm())
	m, err := p.Metrics(&buf, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	em := float64(upem)
	fc := &face{name: name, data: src, parsed: p,
		ascent: float64(m.Ascent) / em, descent: float64(m.Descent) / em, capH: float64(m.CapHeight) / em}
	if fc.capH == 0 {
		fc.capH = fc.ascent * 0.7
	}
	fc.advance = make([]float32, cachedRunes)
	fc.missing = make([]bool, cachedRunes)
	for r := rune(0); r < cachedRunes; r++ {
		fc.advance[r] = float32(runeAdvance(p, &buf, r))
		gi, err := p.GlyphIndex(&buf, r)
		fc.missing[r] = err != nil || gi == 0
	}
	return fc, nil
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

// face returns the face of a style, the regular one for an unknown style.
func (f *Fonts) face(st FontStyle) *face {
	if int(st) < 0 || int(st) >= len(f.faces) {
		return f.faces[Regular]
	}
	return f.faces[st]
}

// Style returns the style of a template font name: a built-in name or a
// pack font. Unknown names fall back to regular (validate reports them).
func (f *Fonts) Style(name string) FontStyle {
	if st, ok := f.byName[name]; ok {
		return st
	}
	return Regular
}

// MissingRunes returns the characters of s the font cannot draw (spaces and
// control characters aside), each once, in order.
func (f *Fonts) MissingRunes(s string, st FontStyle) []rune {
	fc := f.face(st)
	var out []rune
	var buf *sfnt.Buffer
	for _, r := range s {
		if r <= ' ' || slices.Contains(out, r) {
			continue
		}
		missing := false
		if r < cachedRunes {
			missing = fc.missing[r]
		} else {
			if buf == nil {
				buf = &sfnt.Buffer{}
			}
			gi, err := fc.parsed.GlyphIndex(buf, r)
			missing = err != nil || gi == 0
		}
		if missing {
			out = append(out, r)
		}
	}
	return out
}

// Width is the advance width of s in millimetres.
func (f *Fonts) Width(s string, st FontStyle, sizePt float64) float64 {
	fc := f.face(st)
	em := 0.0
	var buf *sfnt.Buffer
	for _, r := range s {
		if r >= 0 && r < cachedRunes {
			em += float64(fc.advance[r])
			continue
		}
		if buf == nil {
			buf = &sfnt.Buffer{}
		}
		em += runeAdvance(fc.parsed, buf, r)
	}
	return em * sizePt * ptMM
}

// Ascent is the font's ascent at the size, in millimetres.
func (f *Fonts) Ascent(st FontStyle, sizePt float64) float64 {
	return f.face(st).ascent * sizePt * ptMM
}

// Descent is the font's descent at the size, in millimetres (positive).
func (f *Fonts) Descent(st FontStyle, sizePt float64) float64 {
	return f.face(st).descent * sizePt * ptMM
}

// CapHeight is the height of capitals at the size, in millimetres.
func (f *Fonts) CapHeight(st FontStyle, sizePt float64) float64 {
	return f.face(st).capH * sizePt * ptMM
}

// Data returns the TrueType bytes of a style, for embedding.
func (f *Fonts) Data(st FontStyle) []byte { return f.face(st).data }

// Builtin reports whether a style is one of the embedded Go fonts.
func (f *Fonts) Builtin(st FontStyle) bool { return f.face(st).builtin }

// Count is the number of font styles.
func (f *Fonts) Count() int { return len(f.faces) }
