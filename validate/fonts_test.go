package validate_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// brokenGlyphFont is Go Regular with the glyph of r corrupted in its glyf
// table: a composite of a glyph index the font does not have. The file
// parses; embedding r in a PDF panics in the PDF library.
func brokenGlyphFont(r rune) string {
	src := bytes.Clone(goregular.TTF)
	f, err := sfnt.Parse(src)
	if err != nil {
		panic(err)
	}
	gi, _ := f.GlyphIndex(&sfnt.Buffer{}, r)
	be := binary.BigEndian
	tables := map[string][]byte{}
	for i := range int(be.Uint16(src[4:])) {
		rec := src[12+16*i:]
		off, size := be.Uint32(rec[8:]), be.Uint32(rec[12:])
		tables[string(rec[:4])] = src[off : off+size]
	}
	var start int
	if be.Uint16(tables["head"][50:]) == 1 {
		start = int(be.Uint32(tables["loca"][4*int(gi):]))
	} else {
		start = 2 * int(be.Uint16(tables["loca"][2*int(gi):]))
	}
	g := tables["glyf"][start:]
	be.PutUint16(g[0:], 0xffff)  // a composite glyph
	be.PutUint16(g[10:], 0x0000) // its one component, byte arguments
	be.PutUint16(g[12:], 0xfff0) // of a glyph index past the last glyph
	return string(src)
}

// realFitter is the generator's fitter for a test pack, fonts included.
func realFitter(f files) validate.TextFitter {
	p, probs := schematest.LoadPack(f.fs(), packRoot)
	if p == nil {
		panic(fmt.Sprint(probs))
	}
	r, err := generator.NewRenderer(false, kinds.Shared())
	if err != nil {
		panic(err)
	}
	pr, err := r.ForPack(p)
	if err != nil {
		panic(err)
	}
	return pr
}

// fontPack is the generic pack whose card names are set in a pack font.
func fontPack(font string) files {
	return genericPack(
		"game.yaml", gameYAML("generic", genericComponents+"fonts:\n  - {name: fancy, file: fonts/fancy.ttf}\n"),
		"fonts/fancy.ttf", font,
		"templates.yaml", fancyTemplate("{id: name, font: fancy}"),
		"cards.yaml", edit(genericCards, "count: 2\n", "count: 2\n    name: Horde\n"))
}

func fontCases() []ruleCase {
	const rule = "pack/font"
	sound, broken := fontPack(string(goregular.TTF)), fontPack(brokenGlyphFont('H'))
	unused := fontPack(brokenGlyphFont('Q'))
	return []ruleCase{
		{rule: rule, name: "quiet-sound-font", files: sound, fitter: realFitter(sound)},
		{rule: rule, name: "quiet-broken-glyph-the-pack-never-sets", files: unused, fitter: realFitter(unused)},
		{rule: rule, name: "fires-broken-glyph-data", files: broken, fitter: realFitter(broken),
			want: []want{{file: "game.yaml", at: "file: |fonts/fancy.ttf",
				msg:  []string{`font "fancy" (fonts/fancy.ttf): embedding it in a PDF fails`, "glyph data is broken"},
				hint: []string{"damaged"}}}},
	}
}

// TestMisspeltOverrideBoxOverflowsOnce: a template override whose box id
// misspells the box it means is drawn as a new box; its text overflowing on
// every card is one finding at the box's id, with the did-you-mean, not one
// per card and a template/override warning besides.
func TestMisspeltOverrideBoxOverflowsOnce(t *testing.T) {
	f := genericPack("templates.yaml", fancyTemplate("{id: txet, field: text, x: 5mm, y: 40mm, w: 4mm, h: 3mm, size: 12pt}"))
	got := check(t, f, validate.Options{Fitter: realFitter(f)})
	overflows := ofRule(got, "text/overflow")
	if len(overflows) != 1 || len(ofRule(got, "template/override")) != 0 {
		t.Fatalf("want one text/overflow finding and no template/override, got:\n%s", dump(got))
	}
	d := overflows[0]
	if d.Pos.File != "pack/templates.yaml" || !strings.Contains(d.Message, `box "txet" is not in the template it extends ("generic")`) ||
		!strings.Contains(d.Message, "does not fit on 2 cards (card-a and card-b)") || !strings.HasPrefix(d.Hint, `did you mean "text"?`) {
		t.Errorf("got %s: %s (hint %q)", d.Pos, d.Message, d.Hint)
	}
}
