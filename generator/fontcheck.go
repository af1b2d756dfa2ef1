package generator

import (
	"fmt"
	"image"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// FontIssues loads every font of the pack the way a build uses it, with
// every character the pack sets in it (printable ASCII for a font no text
// uses yet): embedded and subset into a PDF by
// fpdf, and drawn by x/image/font/opentype as the PNG previews draw it. A
// font whose file parses but whose glyph data is broken fails there, as an
// error or a panic of the font library; each is returned at the font's file
// in the manifest, so that validate refuses what the build would crash on.
// With the TextFitter methods it makes a Renderer a validate.FontChecker.
func (r *Renderer) FontIssues(p *schema.Pack) []schema.TextIssue {
	if p == nil || p.Game == nil {
		return nil
	}
	used := r.packFontText(p)
	var out []schema.TextIssue
	for _, f := range p.Game.Fonts {
		st, ok := r.Fonts.Lookup(f.Name)
		if !ok || r.Fonts.Builtin(st) {
			continue // not loaded: the loader reported it
		}
		text := used[st]
		if text == "" {
			// No text is set in it yet: a damaged file is found before
			// any is.
			text = printableASCII
		}
		what := fmt.Sprintf("font %q (%s)", f.Name, f.File)
		for _, check := range []func(draw.FontStyle, string) error{r.checkPDFFont, r.checkRasterFont} {
			if err := check(st, text); err != nil {
				out = append(out, schema.TextIssue{Ref: f.Ref.Child("file"), What: what, Detail: err.Error()})
				break
			}
		}
	}
	return out
}

// printableASCII is what a pack font no text uses is checked with.
const printableASCII = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// packFontText collects, for each pack font, the characters the pack's
// cards and boards set in it, each once, sorted.
func (r *Renderer) packFontText(p *schema.Pack) map[draw.FontStyle]string {
	sets := map[draw.FontStyle]map[rune]bool{}
	add := func(st draw.FontStyle, text string) {
		if r.Fonts.Builtin(st) {
			return
		}
		if sets[st] == nil {
			sets[st] = map[rune]bool{}
		}
		for _, c := range plainText(text) {
			if c > ' ' {
				sets[st][c] = true
			}
		}
	}
	for _, d := range p.Decks() {
		for _, card := range d.Cards {
			r.eachTextBox(p, d, card, func(_ string, b *schema.Box, text string) {
				add(r.Fonts.Style(b.Font), text)
			})
		}
	}
	for _, b := range p.Boards() {
		for _, side := range b.Sides {
			for _, t := range side.Texts {
				add(r.Fonts.Style(t.Font), t.Text)
			}
		}
	}
	out := map[draw.FontStyle]string{}
	for st, set := range sets {
		runes := make([]rune, 0, len(set))
		for c := range set {
			runes = append(runes, c)
		}
		sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
		out[st] = string(runes)
	}
	return out
}

// plainText is rich text without its inline icons.
func plainText(s string) string {
	var b strings.Builder
	for _, para := range parseRich(s) {
		for _, w := range para {
			for _, seg := range w {
				b.WriteString(seg.text)
			}
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// checkPDFFont embeds the font in a PDF and draws text in it, as the build
// does, recovering a panic of the PDF library.
func (r *Renderer) checkPDFFont(st draw.FontStyle, text string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("embedding it in a PDF fails: the font's glyph data is broken (%v)", p)
		}
	}()
	doc := draw.NewPDF(draw.PDFInfo{Title: "font check"}, r.Fonts)
	page := doc.AddPage(210, 297)
	for line := range chunks(text, 60) {
		page.Text(10, 10, line, st, 10, draw.Black)
	}
	if err := doc.Write(io.Discard); err != nil {
		return fmt.Errorf("embedding it in a PDF fails: %v", err)
	}
	return nil
}

// checkRasterFont draws every character in the font as the previews do,
// recovering a panic of the font library; a glyph the font maps but cannot
// draw is an error too.
func (r *Renderer) checkRasterFont(st draw.FontStyle, text string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("drawing it fails: the font's glyph data is broken (%v)", p)
		}
	}()
	otf, err := opentype.Parse(r.Fonts.Data(st))
	if err != nil {
		return fmt.Errorf("drawing it fails: %v", err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: 24, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return fmt.Errorf("drawing it fails: %v", err)
	}
	defer face.Close()
	var buf sfnt.Buffer
	dot := fixed.P(4, 28)
	for _, c := range text {
		if gi, err := otf.GlyphIndex(&buf, c); err != nil || gi == 0 {
			continue // a missing glyph is text/glyph's finding
		}
		if _, _, _, _, ok := face.Glyph(dot, c); !ok {
			return fmt.Errorf("drawing %s fails: the font's glyph data for it is broken", strconv.QuoteRune(c))
		}
	}
	d := font.Drawer{Dst: image.NewAlpha(image.Rect(0, 0, 64, 32)), Src: image.Opaque, Face: face, Dot: dot}
	d.DrawString(text)
	return nil
}

// chunks splits s into pieces of at most n characters.
func chunks(s string, n int) func(func(string) bool) {
	return func(yield func(string) bool) {
		runes := []rune(s)
		for len(runes) > 0 {
			k := min(n, len(runes))
			if !yield(string(runes[:k])) {
				return
			}
			runes = runes[k:]
		}
	}
}
