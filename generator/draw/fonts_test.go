package draw

import (
	"bytes"
	"reflect"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The proportional faces print an unslashed zero (the font's zero.empty),
// with the advance unchanged; Go Mono keeps its slashed zero.
func TestPlainZero(t *testing.T) {
	data := builtinFontData()
	for i, orig := range builtinFonts {
		st := FontStyle(i)
		if st == Mono {
			if !bytes.Equal(data[i], orig) {
				t.Errorf("%s: the mono font changed", st)
			}
			continue
		}
		before, err := sfnt.Parse(orig)
		if err != nil {
			t.Fatal(err)
		}
		after, err := sfnt.Parse(data[i])
		if err != nil {
			t.Fatalf("%s: the patched font does not parse: %v", st, err)
		}
		var buf sfnt.Buffer
		zero, _ := after.GlyphIndex(&buf, '0')
		empty := sfnt.GlyphIndex(0)
		for g := 0; g < before.NumGlyphs(); g++ {
			if n, _ := before.GlyphName(&buf, sfnt.GlyphIndex(g)); n == "zero.empty" {
				empty = sfnt.GlyphIndex(g)
			}
		}
		if empty == 0 {
			t.Fatalf("%s: no zero.empty glyph", st)
		}
		ppem := fixed.I(1000)
		want, err := before.LoadGlyph(&buf, empty, ppem, nil)
		if err != nil {
			t.Fatal(err)
		}
		want = append(sfnt.Segments(nil), want...)
		got, err := after.LoadGlyph(&buf, zero, ppem, nil)
		if err != nil {
			t.Fatalf("%s: the new zero does not load: %v", st, err)
		}
		if !reflect.DeepEqual([]sfnt.Segment(got), []sfnt.Segment(want)) {
			t.Errorf("%s: the zero is not the unslashed zero.empty outline", st)
		}
		slashed, _ := before.LoadGlyph(&buf, zero, ppem, nil)
		if reflect.DeepEqual([]sfnt.Segment(slashed), []sfnt.Segment(want)) {
			t.Errorf("%s: the original zero was already unslashed: the test proves nothing", st)
		}
		a1, _ := before.GlyphAdvance(&buf, zero, ppem, font.HintingNone)
		a2, _ := after.GlyphAdvance(&buf, zero, ppem, font.HintingNone)
		if a1 != a2 {
			t.Errorf("%s: the zero's advance changed from %v to %v", st, a1, a2)
		}
		for _, r := range "123456789O" {
			g, _ := after.GlyphIndex(&buf, r)
			s1, _ := before.LoadGlyph(&buf, g, ppem, nil)
			s1 = append(sfnt.Segments(nil), s1...)
			s2, _ := after.LoadGlyph(&buf, g, ppem, nil)
			if !reflect.DeepEqual([]sfnt.Segment(s1), []sfnt.Segment(s2)) {
				t.Errorf("%s: glyph %q changed", st, r)
			}
		}
	}
}
