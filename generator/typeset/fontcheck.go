package typeset

import (
	"errors"
	"fmt"
	"image"
	"io"
	"strconv"

	"github.com/runforge/runforge/generator/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// CheckPDFFont embeds the font st of f in a PDF and draws text in it, as the build
// does, recovering a panic of the PDF library. The error says what is wrong
// with the file, not what the library's panic said (an index out of range
// means nothing to whoever made the font).
func CheckPDFFont(f *draw.Fonts, st draw.FontStyle, text string) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("embedding it in a PDF fails: the font's glyph data is broken")
		}
	}()
	doc := draw.NewPDF(draw.PDFInfo{Title: "font check"}, f)
	page := doc.AddPage(210, 297)
	for line := range chunks(text, 60) {
		page.Text(10, 10, line, st, 10, draw.Black)
	}
	if err := doc.Write(io.Discard); err != nil {
		return fmt.Errorf("embedding it in a PDF fails: %v", err)
	}
	return nil
}

// CheckRasterFont draws every character of text in the font st of f as the previews do,
// recovering a panic of the font library; a glyph the font maps but cannot
// draw is an error too.
func CheckRasterFont(f *draw.Fonts, st draw.FontStyle, text string) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("drawing it fails: the font's glyph data is broken")
		}
	}()
	otf, err := opentype.Parse(f.Data(st))
	if err != nil {
		return fmt.Errorf("drawing it fails: %v", err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: 24, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return fmt.Errorf("drawing it fails: %v", err)
	}
	defer func() {
		if cerr := face.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("closing the font face: %w", cerr))
		}
	}()
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
