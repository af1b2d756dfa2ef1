package draw

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// PtMM is millimetres per typographic point.
const PtMM = 25.4 / 72

// builtinFonts are the embedded Go fonts (BSD licence), in FontStyle order.
var builtinFonts = [...][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF, gomono.TTF}

// builtinFontData is builtinFonts as printed: the proportional faces draw
// their digit zero without the slash (see plainZero); Go Mono keeps it.
var builtinFontData = sync.OnceValue(func() [][]byte {
	out := make([][]byte, len(builtinFonts))
	for i, src := range builtinFonts {
		if FontStyle(i) == Mono {
			out[i] = src
			continue
		}
		out[i] = plainZero(src)
	}
	return out
})

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
	psName                string // PostScript name, for the PDF's BaseFont
	// glyphs keeps the font's glyphs rasterised for the PNG canvases
	// that draw it.
	glyphs glyphCache
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
	for i, src := range builtinFontData() {
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
	fc := &face{name: name, data: src, parsed: p, psName: postScriptName(p, &buf, name),
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
		if gi, err = p.GlyphIndex(buf, '?'); err != nil {
			gi = 0 // no '?' either: the font's missing glyph
		}
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

// Lookup returns the style of a template font name and whether the name is
// known (a built-in name or a loaded pack font).
func (f *Fonts) Lookup(name string) (FontStyle, bool) {
	st, ok := f.byName[name]
	return st, ok
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
	return em * sizePt * PtMM
}

// Ascent is the font's ascent at the size, in millimetres.
func (f *Fonts) Ascent(st FontStyle, sizePt float64) float64 {
	return f.face(st).ascent * sizePt * PtMM
}

// Descent is the font's descent at the size, in millimetres (positive).
func (f *Fonts) Descent(st FontStyle, sizePt float64) float64 {
	return f.face(st).descent * sizePt * PtMM
}

// CapHeight is the height of capitals at the size, in millimetres.
func (f *Fonts) CapHeight(st FontStyle, sizePt float64) float64 {
	return f.face(st).capH * sizePt * PtMM
}

// glyphs returns the rasterised glyphs of a style at px pixels per em.
func (f *Fonts) glyphs(st FontStyle, px float64) *sizedGlyphs {
	return f.face(st).glyphs.size(px)
}

// Data returns the TrueType bytes of a style, for embedding.
func (f *Fonts) Data(st FontStyle) []byte { return f.face(st).data }

// Builtin reports whether a style is one of the embedded Go fonts.
func (f *Fonts) Builtin(st FontStyle) bool { return f.face(st).builtin }

// Count is the number of font styles.
func (f *Fonts) Count() int { return len(f.faces) }

// PostScriptName is the font's PostScript name (e.g. Go-Bold), as a PDF
// name may carry it: the BaseFont of the embedded subset after its tag.
func (f *Fonts) PostScriptName(st FontStyle) string { return f.face(st).psName }

// postScriptName reads a font's PostScript name, keeping only the printable
// ASCII a PDF name may hold without escapes; fallback names a font without.
func postScriptName(p *sfnt.Font, buf *sfnt.Buffer, fallback string) string {
	n, err := p.Name(buf, sfnt.NameIDPostScript)
	if err != nil {
		n = "" // no name: the fallback below
	}
	clean := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if r <= ' ' || r > '~' || strings.ContainsRune("()<>[]{}/%#", r) {
				return -1
			}
			return r
		}, s)
		return s[:min(len(s), 63)]
	}
	if c := clean(n); c != "" {
		return c
	}
	if c := clean(fallback); c != "" {
		return c
	}
	return "Font"
}

// plainZero returns a copy of a Go font whose digit zero is drawn as the
// font's own zero.empty glyph: the Go fonts slash their zero, which makes a
// 10 on a card read like typewriter code and sets it apart from the rest of
// the card's face. The unslashed outline is copied over the slashed one (it
// is smaller; the rest is padding) with its side bearing; the advance, and
// so every measurement, stays the same. A font without the glyphs, or with
// tables this does not expect, is returned unchanged.
func plainZero(src []byte) []byte {
	p, err := sfnt.Parse(src)
	if err != nil {
		return src
	}
	var buf sfnt.Buffer
	zero, err := p.GlyphIndex(&buf, '0')
	if err != nil || zero == 0 {
		return src
	}
	empty := -1
	for i := 0; i < p.NumGlyphs(); i++ {
		if n, err := p.GlyphName(&buf, sfnt.GlyphIndex(i)); err == nil && n == "zero.empty" {
			empty = i
			break
		}
	}
	if empty < 0 {
		return src
	}
	tables := sfntTables(src)
	head, loca, glyf, hhea, hmtx := tables["head"], tables["loca"], tables["glyf"], tables["hhea"], tables["hmtx"]
	if len(head) < 54 || len(hhea) < 36 || loca == nil || glyf == nil || hmtx == nil {
		return src
	}
	be := binary.BigEndian
	longLoca := be.Uint16(head[50:]) == 1
	glyph := func(g int) (start, end int, ok bool) {
		if longLoca {
			if 4*g+8 > len(loca) {
				return 0, 0, false
			}
			start, end = int(be.Uint32(loca[4*g:])), int(be.Uint32(loca[4*g+4:]))
		} else {
			if 2*g+4 > len(loca) {
				return 0, 0, false
			}
			start, end = 2*int(be.Uint16(loca[2*g:])), 2*int(be.Uint16(loca[2*g+2:]))
		}
		return start, end, start <= end && end <= len(glyf)
	}
	za, zb, ok1 := glyph(int(zero))
	ea, eb, ok2 := glyph(empty)
	nh := int(be.Uint16(hhea[34:]))
	if !ok1 || !ok2 || eb-ea < 10 || eb-ea > zb-za || int(zero) >= nh || 4*nh > len(hmtx) {
		return src
	}
	out := slices.Clone(src)
	// The tables are subslices of src: the same offsets address out.
	at := func(t []byte) []byte {
		off := cap(src) - cap(t)
		return out[off : off+len(t)]
	}
	dst := at(glyf)[za:zb]
	clear(dst[copy(dst, glyf[ea:eb]):])
	copy(at(hmtx)[4*int(zero)+2:], glyf[ea+2:ea+4]) // lsb = the outline's xMin
	return out
}

// sfntTables maps each table tag of a TrueType file to its bytes (subslices
// of src); nil when the directory does not fit the file.
func sfntTables(src []byte) map[string][]byte {
	be := binary.BigEndian
	if len(src) < 12 {
		return nil
	}
	tables := map[string][]byte{}
	for i, n := 0, int(be.Uint16(src[4:])); i < n; i++ {
		if 12+16*i+16 > len(src) {
			return nil
		}
		rec := src[12+16*i:]
		off, size := uint64(be.Uint32(rec[8:])), uint64(be.Uint32(rec[12:]))
		if off+size > uint64(len(src)) {
			return nil
		}
		tables[string(rec[:4])] = src[off : off+size] // cap reaches the end of src
	}
	return tables
}
