package draw

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

func testFace(t *testing.T, fonts *Fonts, st FontStyle, px float64) font.Face {
	t.Helper()
	otf, err := opentype.Parse(fonts.Data(st))
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	return face
}

// TestCachedGlyphIsFaceGlyph holds every glyph the cache gives, first
// rasterised or found again, to what Face.Glyph gives at the same dot.
func TestCachedGlyphIsFaceGlyph(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		st   FontStyle
		px   float64
		dot  fixed.Point26_6
		r    rune
	}{
		{"whole pixel", Regular, 12, fixed.P(10, 20), 'A'},
		{"fractions", Bold, 12.25, fixed.Point26_6{X: 10*64 + 17, Y: 20*64 + 45}, 'g'},
		{"same fractions elsewhere", Bold, 12.25, fixed.Point26_6{X: 200*64 + 17, Y: 3*64 + 45}, 'g'},
		{"negative dot", Italic, 30, fixed.Point26_6{X: -5*64 + 3, Y: -64 + 63}, 'W'},
		{"space", Regular, 12, fixed.Point26_6{X: 7*64 + 31, Y: 9*64 + 1}, ' '},
		{"not in the font", Regular, 12, fixed.Point26_6{X: 7*64 + 31, Y: 9*64 + 1}, '\U0001F600'},
		{"mono", Mono, 9.5, fixed.Point26_6{X: 1, Y: 2}, '0'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref := testFace(t, fonts, tt.st, tt.px)
			wantR, wantM, wantP, wantA, wantOK := ref.Glyph(tt.dot, tt.r)
			var want []byte
			if wantM != nil {
				a := wantM.(*image.Alpha)
				for y := 0; y < wantR.Dy(); y++ {
					o := a.PixOffset(wantP.X, wantP.Y+y)
					want = append(want, a.Pix[o:o+wantR.Dx()]...)
				}
			}
			f := newPNGFace(testFace(t, fonts, tt.st, tt.px), fonts.glyphs(tt.st, tt.px))
			for pass := range 2 { // rasterised, then from the cache
				g := f.glyph(tt.dot, tt.r)
				if g.rect != wantR || g.advance != wantA || g.ok != wantOK {
					t.Fatalf("pass %d: got %v %v %v, want %v %v %v", pass, g.rect, g.advance, g.ok, wantR, wantA, wantOK)
				}
				if !bytes.Equal(g.pix, want) {
					t.Fatalf("pass %d: mask differs from the face's", pass)
				}
			}
		})
	}
}

// TestTextAsDrawer holds the canvas's text, drawn with cached glyphs by
// two canvases at once, to font.Drawer's pixels.
func TestTextAsDrawer(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	lines := []struct {
		x, y float64
		s    string
		st   FontStyle
		pt   float64
	}{
		{3.1, 5.2, "Search your discard pile: AVAWAY 0 10", Regular, 9},
		{3.37, 11.9, "Each opponent loses 1 health.", Italic, 8.5},
		{2.9, 17.43, "Broken Barricade", Bold, 12},
		{4.111, 23.07, "x := 10 // mono", Mono, 7},
	}
	want := image.NewRGBA(image.Rect(0, 0, 250, 120))
	for i := range want.Pix {
		want.Pix[i] = 255
	}
	ink := Color{0x1a, 0x30, 0x7f}
	const dpi, k = 100, 100 / 25.4
	for _, l := range lines {
		// The size and the dot as the canvas rounds them.
		px := math.Round(l.pt*PtMM*k*4) / 4
		d := font.Drawer{Dst: want, Src: image.NewUniform(color.RGBA{ink.R, ink.G, ink.B, 255}), Face: testFace(t, fonts, l.st, px),
			Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(l.x * k * 64)), Y: fixed.Int26_6(math.Round(l.y * k * 64))}}
		d.DrawString(l.s)
	}
	var wg sync.WaitGroup
	got := make([]*image.RGBA, 4)
	for i := range got {
		wg.Go(func() {
			c, err := NewPNGCanvas(fonts, 250*25.4/dpi, 120*25.4/dpi, dpi)
			if err != nil {
				t.Error(err)
				return
			}
			for range 2 {
				c.Reset()
				for _, l := range lines {
					c.Text(l.x, l.y, l.s, l.st, l.pt, ink)
				}
			}
			got[i] = c.Image()
		})
	}
	wg.Wait()
	for i, g := range got {
		if g == nil || !bytes.Equal(g.Pix, want.Pix) {
			t.Errorf("canvas %d: text differs from font.Drawer's", i)
		}
	}
}

// TestDrawGlyphAsDrawMask holds drawGlyph to draw.DrawMask's pixels: masks
// of every coverage, over every background, in and partly out of the
// image.
func TestDrawGlyphAsDrawMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mask := make([]byte, 9*7)
	for i := range mask {
		mask[i] = uint8(rng.UintN(256))
	}
	mask[0], mask[1], mask[2] = 0, 255, 1
	tests := []struct {
		name string
		at   image.Point
		col  Color
	}{
		{"inside", image.Pt(5, 6), Color{0x1a, 0x1a, 0x1a}},
		{"white ink", image.Pt(10, 2), White},
		{"off the top left", image.Pt(-4, -3), Color{200, 10, 90}},
		{"off the bottom right", image.Pt(26, 17), Color{0, 128, 255}},
		{"outside", image.Pt(40, 40), Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := image.NewRGBA(image.Rect(0, 0, 30, 20))
			for i := range got.Pix {
				got.Pix[i] = uint8(rng.UintN(256))
			}
			want := image.NewRGBA(got.Rect)
			copy(want.Pix, got.Pix)
			g := glyphMask{rect: image.Rectangle{Min: tt.at, Max: tt.at.Add(image.Pt(9, 7))}, pix: mask, ok: true}
			drawGlyph(got, g, tt.col)
			src := image.NewUniform(color.RGBA{tt.col.R, tt.col.G, tt.col.B, 255})
			draw.DrawMask(want, g.rect, src, image.Point{}, g.alpha(), image.Point{}, draw.Over)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Error("drawGlyph differs from draw.DrawMask")
			}
		})
	}
}

// TestGlyphCacheBudget draws many glyphs (many slabs of masks) into caches
// of several budgets: every glyph, first drawn or found again, is the
// face's, and the cache keeps no more than its budget.
func TestGlyphCacheBudget(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const px = 40
	ref := testFace(t, fonts, Bold, px)
	tests := []struct {
		name  string
		limit int64
	}{
		{"everything kept", 64 << 20},
		{"budget spent midway", 40 << 10},
		{"nothing kept", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := &glyphCache{limit: tt.limit}
			shared := cache.size(px)
			for pass := range 2 {
				// A fresh canvas face each pass: the second finds the
				// glyphs in the shared cache, not its own.
				f := newPNGFace(testFace(t, fonts, Bold, px), shared)
				for r := rune('!'); r <= '~'; r++ {
					for _, frac := range []fixed.Int26_6{0, 13, 32, 63} {
						dot := fixed.Point26_6{X: 100*64 + frac, Y: 50*64 + 63 - frac}
						g := f.glyph(dot, r)
						wantR, wantM, wantP, wantA, wantOK := ref.Glyph(dot, r)
						if g.rect != wantR || g.advance != wantA || g.ok != wantOK {
							t.Fatalf("pass %d, %q at %v: got %v %v %v, want %v %v %v", pass, r, dot, g.rect, g.advance, g.ok, wantR, wantA, wantOK)
						}
						a := wantM.(*image.Alpha)
						for y := 0; y < wantR.Dy(); y++ {
							o := a.PixOffset(wantP.X, wantP.Y+y)
							if !bytes.Equal(g.pix[y*wantR.Dx():(y+1)*wantR.Dx()], a.Pix[o:o+wantR.Dx()]) {
								t.Fatalf("pass %d, %q at %v: row %d of the mask differs", pass, r, dot, y)
							}
						}
					}
				}
				if n := cache.bytes.Load(); n > tt.limit {
					t.Errorf("pass %d: cache holds %d bytes, over its budget of %d", pass, n, tt.limit)
				}
			}
			if tt.limit > 1<<20 && len(shared.slabs) < 2 {
				t.Errorf("all glyphs fit in %d slab: the test does not reach a second", len(shared.slabs))
			}
		})
	}
}
