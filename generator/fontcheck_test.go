package generator

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema/schematest"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// brokenFont is Go Regular with the glyph of r corrupted: its glyf entry
// claims to be a composite of a glyph index the font does not have. The
// file still parses; only drawing or embedding r finds the damage.
func brokenFont(t testing.TB, r rune) []byte {
	t.Helper()
	src := bytes.Clone(goregular.TTF)
	f, err := sfnt.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	gi, err := f.GlyphIndex(&sfnt.Buffer{}, r)
	if err != nil || gi == 0 {
		t.Fatalf("no glyph for %q", r)
	}
	tables := testFontTables(src)
	head, loca, glyf := tables["head"], tables["loca"], tables["glyf"]
	be := binary.BigEndian
	var start int
	if be.Uint16(head[50:]) == 1 {
		start = int(be.Uint32(loca[4*int(gi):]))
	} else {
		start = 2 * int(be.Uint16(loca[2*int(gi):]))
	}
	g := glyf[start:]
	be.PutUint16(g[0:], 0xffff)  // numberOfContours -1: a composite glyph
	be.PutUint16(g[10:], 0x0000) // component flags: last component, byte args
	be.PutUint16(g[12:], 0xfff0) // component glyph index: past the last glyph
	if _, err := sfnt.Parse(src); err != nil {
		t.Fatalf("the broken font no longer parses, so it tests nothing: %v", err)
	}
	return src
}

// overlongGlyph is Go Regular whose loca table makes the glyph of r run
// far past the end of the glyf table: the PDF library copies what it can,
// the raster path cannot load the glyph.
func overlongGlyph(t testing.TB, r rune) []byte {
	t.Helper()
	src := bytes.Clone(goregular.TTF)
	f, _ := sfnt.Parse(src)
	gi, _ := f.GlyphIndex(&sfnt.Buffer{}, r)
	tables := testFontTables(src)
	be := binary.BigEndian
	if be.Uint16(tables["head"][50:]) == 1 {
		be.PutUint32(tables["loca"][4*int(gi)+4:], 0x7ffffff0)
	} else {
		be.PutUint16(tables["loca"][2*int(gi)+2:], 0xfff0)
	}
	if _, err := sfnt.Parse(src); err != nil {
		t.Fatalf("the broken font no longer parses, so it tests nothing: %v", err)
	}
	return src
}

// fontPack is a generic pack whose template sets the card names in a pack
// font read from font.ttf.
func fontPack(font []byte, name string) fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: fonts\ntitle: Fonts\nsystem: generic\ncomponents: []\nfonts:\n  - {name: fancy, file: font.ttf}\n")},
		"font.ttf":  {Data: font},
		"templates.yaml": {Data: []byte("kind: Templates\ntemplates:\n  - id: generic\n    extends: generic\n    boxes:\n" +
			"      - {id: name, font: fancy}\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: one, name: " + name + ", text: Run.}\n")},
	}
}

func TestFontIssues(t *testing.T) {
	base, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, font, card string
		unused           bool     // no box sets text in the font
		want             []string // words of the detail; none: no issue
	}{
		{"sound font", string(goregular.TTF), "Hello", false, nil},
		{"broken glyph the pack uses", string(brokenFont(t, 'H')), "Hello", false, []string{"embedding it in a PDF fails", "glyph data is broken"}},
		{"broken glyph the pack does not use", string(brokenFont(t, 'Q')), "Hello", false, nil},
		{"glyph past the glyf table", string(overlongGlyph(t, 'H')), "Hello", false, []string{"drawing", "'H'", "broken"}},
		{"sound font no text uses", string(goregular.TTF), "Hello", true, nil},
		{"broken font no text uses yet", string(brokenFont(t, 'Q')), "Hello", true, []string{"glyph data is broken"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fontPack([]byte(c.font), c.card)
			if c.unused {
				delete(fsys, "templates.yaml")
			}
			p, probs := schematest.LoadPack(fsys, "pack")
			if len(probs) > 0 {
				t.Fatalf("load: %v", probs)
			}
			r, err := base.ForPack(p)
			if err != nil {
				t.Fatal(err)
			}
			got := r.FontIssues(p)
			if len(c.want) == 0 {
				if len(got) != 0 {
					t.Fatalf("want no issue, got %+v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one issue, got %+v", got)
			}
			if pos := got[0].Ref.Pos(); pos.File != "pack/game.yaml" || pos.Line != 7 || got[0].What != `font "fancy" (font.ttf)` {
				t.Errorf("issue at %s for %s, want pack/game.yaml:7 for the font", pos, got[0].What)
			}
			for _, w := range c.want {
				if !strings.Contains(got[0].Detail, w) {
					t.Errorf("detail %q lacks %q", got[0].Detail, w)
				}
			}
			for _, w := range []string{"runtime error", "index out of range", "nil pointer", "goroutine"} {
				if strings.Contains(got[0].Detail, w) {
					t.Errorf("detail %q has Go's own words %q", got[0].Detail, w)
				}
			}
		})
	}
}

// TestBrokenFontBreaksTheBuild shows what FontIssues guards against: the
// broken font panics in the PDF library when a card is written with it.
func TestBrokenFontBreaksTheBuild(t *testing.T) {
	base, _ := NewRenderer(false)
	p, _ := schematest.LoadPack(fontPack(brokenFont(t, 'H'), "Hello"), "pack")
	r, err := base.ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Decks()[0]
	face := p.Templates["generic"]
	defer func() {
		if recover() == nil {
			t.Error("writing the card did not panic: the broken font fixture tests nothing")
		}
	}()
	_, _ = r.WriteDocument(io.Discard, p, "deck", "deck "+d.ID, PrintOptions{Paper: layout.Papers["letter"]}, func(doc *draw.PDF) error {
		r.DrawCard(doc.AddPage(63, 88), face, NewCardData(p, d, d.Cards[0]), layout.Sides{})
		return nil
	})
}

// testFontTables maps each table tag of a TrueType file to its bytes (subslices
// of src), as the font loader reads them, to break fonts on purpose.
func testFontTables(src []byte) map[string][]byte {
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
