package draw

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/internal/pdftext"
	"github.com/runforge/runforge/layout"
)

func TestCMYKRule(t *testing.T) {
	for _, c := range []struct {
		in   Color
		want color.CMYK
	}{
		{Black, color.CMYK{K: 255}},
		{White, color.CMYK{}},
		{Color{0x80, 0x80, 0x80}, color.CMYK{K: 127}},  // grey: black ink alone
		{Color{255, 0, 0}, color.CMYK{M: 255, Y: 255}}, // 200%
		{Color{0, 255, 255}, color.CMYK{C: 255}},
		// 255+255+127 = 637: M and Y cut together to 612-127.
		{Color{0x80, 0, 0}, color.CMYK{M: 242, Y: 242, K: 127}},
		// M = 32/64, Y = 48/64 of full, K 191: 510, under the limit.
		{Color{0x40, 0x20, 0x10}, color.CMYK{M: 128, Y: 191, K: 191}},
	} {
		if got := CMYKRule(c.in); got != c.want {
			t.Errorf("%v: %v, want %v", c.in, got, c.want)
		}
	}
}

// No colour, by the rule or the palette, prints more than MaxInk; the
// palette's greys are black ink alone.
func TestCMYKWithinInkLimit(t *testing.T) {
	for r := 0; r < 256; r += 5 {
		for g := 0; g < 256; g += 5 {
			for b := 0; b < 256; b += 5 {
				c := Color{uint8(r), uint8(g), uint8(b)}
				if k := CMYKRule(c); TAC(k) > MaxInk {
					t.Fatalf("%v: %v is %d", c, k, TAC(k))
				}
			}
		}
	}
	if len(cmykPalette) == 0 {
		t.Fatal("empty palette")
	}
	for rgb, k := range cmykPalette {
		if TAC(k) > MaxInk {
			t.Errorf("palette %06x: %v is %d", rgb, k, TAC(k))
		}
		if r, g, b := rgb>>16, rgb>>8&0xff, rgb&0xff; r == g && g == b && (k.C != 0 || k.M != 0 || k.Y != 0) {
			t.Errorf("palette grey %06x: %v, want black ink alone", rgb, k)
		}
	}
	// A colour of the palette takes its value; another the rule's.
	if got, want := DarkInk.CMYK(), cmykPalette[0x1a1a1a]; got != want {
		t.Errorf("DarkInk: %v, want the palette's %v", got, want)
	}
	odd := Color{0x12, 0x34, 0x57}
	if _, ok := cmykPalette[0x123457]; !ok && odd.CMYK() != CMYKRule(odd) {
		t.Errorf("%v: %v, want the rule's %v", odd, odd.CMYK(), CMYKRule(odd))
	}
}

// The operands read back to 8 bits give the value written: the ink limit
// holds in what a reader gets.
func TestCMYKOperandsRoundTrip(t *testing.T) {
	for v := 0; v < 256; v++ {
		c := color.CMYK{C: uint8(v), M: uint8(255 - v), Y: uint8(v / 2), K: 0}
		f := strings.Fields(cmykOperands(c))
		if len(f) != 4 {
			t.Fatalf("%v: %q", c, f)
		}
		got := [4]uint8{}
		for i, s := range f {
			var x float64
			if _, err := fmt.Sscan(s, &x); err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			got[i] = uint8(math.Round(x * 255))
		}
		if got != [4]uint8{c.C, c.M, c.Y, c.K} {
			t.Errorf("%v -> %q -> %v", c, f, got)
		}
	}
}

// cmykDoc writes a page with shapes, lines, text, a path, a template and
// state changes (Push/Pop, clips), and pictures when pics names any.
func cmykDoc(t *testing.T, info PDFInfo, store *ImageStore, pics ...string) ([]byte, error) {
	t.Helper()
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	doc := NewPDF(info, fonts)
	red, blue := Color{0xc0, 0x10, 0x10}, Color{0x10, 0x30, 0xa0}
	tpl := doc.Template(20, 10, func(c Canvas) {
		c.Rect(0, 0, 20, 10, 0, Filled(blue))
		c.Text(1, 5, "template", Italic, 8, White)
		for _, p := range pics {
			DrawImage(c, store, p, 1, layout.Rect{W: 5, H: 5}, "contain", "pack/deck.yaml:3:9")
		}
	})
	var page *PDFCanvas
	if info.PDFX {
		page = doc.AddPressPage(60, 90, 3)
	} else {
		page = doc.AddPage(100, 100)
	}
	page.Rect(0, 0, 100, 100, 0, Filled(Color{0x20, 0x10, 0x10}))
	page.Push()
	page.ClipRect(5, 5, 50, 50)
	page.Rect(5, 5, 40, 40, 2, Style{Fill: &red, Stroke: &blue, Width: 0.5})
	page.Pop()
	page.Text(10, 60, "after pop", Bold, 10, White)
	page.Line(0, 0, 50, 50, Black, 0.2)
	page.Ellipse(20, 20, 10, 10, Filled(Color{0xff, 0xff, 0}))
	page.Path(&Path{Ops: []PathOp{{Kind: MoveTo}, {Kind: LineTo, P: [3][2]float64{{10, 0}}}, {Kind: LineTo, P: [3][2]float64{{0, 10}}}, {Kind: Close}}}, red)
	page.UseTemplate(tpl, 10, 70)
	for _, p := range pics {
		DrawImage(page, store, p, 1, layout.Rect{X: 30, Y: 30, W: 20, H: 20}, "cover", "pack/deck.yaml:3:9")
	}
	var b bytes.Buffer
	err = doc.Write(&b)
	return b.Bytes(), err
}

// A CMYK document paints in DeviceCMYK alone, within the ink limit, and
// its text after a Pop is in the colour asked for.
func TestCMYKDocument(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b, err := cmykDoc(t, PDFInfo{Title: "cmyk", Created: created, CMYK: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pdftest.Read(t, b)
	u, err := pdftext.Colours(b)
	if err != nil {
		t.Fatal(err)
	}
	for op, n := range u.Operators {
		if op != "k" && op != "K" {
			t.Errorf("%d %s operators", n, op)
		}
	}
	if len(u.Spaces) > 0 || u.MaxInk > MaxInk || u.Operators["k"] == 0 || u.Operators["K"] == 0 {
		t.Errorf("colours %+v", u)
	}
	if bytes.Contains(b, []byte("GTS_PDFX")) {
		t.Error("a CMYK document that is not PDF/X declares PDF/X")
	}
	// Without CMYK, the same drawing is RGB.
	rgb, err := cmykDoc(t, PDFInfo{Title: "cmyk", Created: created}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if u, err := pdftext.Colours(rgb); err != nil || u.Operators["rg"] == 0 || u.Operators["k"] > 0 {
		t.Errorf("RGB document: %+v %v", u, err)
	}
}

// A PDF/X document is PDF 1.3 with its output intent, information keys,
// identifier and boxes, and is written the same twice.
func TestPDFXDocument(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	info := PDFInfo{Title: "press", Created: created, PDFX: true}
	b, err := cmykDoc(t, info, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-1.3\n")) {
		t.Errorf("header %q", b[:9])
	}
	ctx := pdftest.Read(t, b)
	for _, want := range []string{"/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX", "/OutputConditionIdentifier (CGATS TR 001)",
		"/RegistryName (http://www.color.org)", "/GTS_PDFXVersion (PDF/X-1:2001)", "/GTS_PDFXConformance (PDF/X-1a:2001)", "/Trapped /False", "/ID [<"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("no %s", want)
		}
	}
	if bytes.Contains(b, []byte("/ViewerPreferences")) {
		t.Error("PDF/X document with ViewerPreferences (PDF 1.6 and 1.7 keys)")
	}
	if ctx.XRefTable.ID == nil {
		t.Error("pdfcpu reads no /ID")
	}
	// Written twice, it is the same but for the order of the page boxes
	// (fpdf writes them in map order; press.go sorts them): the file
	// identifier included.
	again, err := cmykDoc(t, info, nil)
	if err != nil || !bytes.Equal(withoutPageBoxes(b), withoutPageBoxes(again)) || len(b) != len(again) {
		t.Errorf("written twice: differs (%v)", err)
	}
	if _, err := cmykDoc(t, PDFInfo{Created: created, PDFX: true}, nil); err == nil || !strings.Contains(err.Error(), "title") {
		t.Errorf("PDF/X without a title: %v", err)
	}
}

// Under CMYK an opaque picture becomes a DeviceCMYK image converted by the
// rule; a picture with transparent pixels is refused with the position
// that names it.
func TestCMYKPictures(t *testing.T) {
	opaque := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	holey := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	for i := range opaque.Pix {
		opaque.Pix[i] = 0xff
		holey.Pix[i] = 0xff
	}
	opaque.SetNRGBA(1, 1, color.NRGBA{0x40, 0, 0, 0xff})
	holey.SetNRGBA(2, 2, color.NRGBA{0, 0, 0, 0x80})
	enc := func(m image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	store := NewImageStore(fstest.MapFS{
		"art/opaque.png": &fstest.MapFile{Data: enc(opaque)},
		"art/holey.png":  &fstest.MapFile{Data: enc(holey)},
	})
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b, err := cmykDoc(t, PDFInfo{Title: "pictures", Created: created, PDFX: true}, store, "art/opaque.png")
	if err != nil {
		t.Fatal(err)
	}
	pdftest.Read(t, b)
	u, err := pdftext.Colours(b)
	if err != nil {
		t.Fatal(err)
	}
	if u.Spaces["DeviceCMYK"] != 1 || len(u.Spaces) != 1 || len(u.Transparency) > 0 {
		t.Errorf("colour spaces %v, transparency %v: want one DeviceCMYK image", u.Spaces, u.Transparency)
	}
	// The dark red pixel's ink, by the rule, is the most of the page.
	if want := TAC(CMYKRule(Color{0x40, 0, 0})); u.MaxInk != want {
		t.Errorf("max ink %d, want %d (the dark red pixel)", u.MaxInk, want)
	}
	_, err = cmykDoc(t, PDFInfo{Title: "pictures", Created: created, CMYK: true}, store, "art/holey.png")
	if err == nil || !strings.Contains(err.Error(), "pack/deck.yaml:3:9: image art/holey.png has transparent pixels") {
		t.Errorf("transparent picture: %v", err)
	}
	// In RGB the same picture embeds with its soft mask.
	if _, err := cmykDoc(t, PDFInfo{Title: "pictures", Created: created}, store, "art/holey.png"); err != nil {
		t.Errorf("RGB: %v", err)
	}
}

// withoutPageBoxes is a PDF without its page-box lines but the MediaBox.
func withoutPageBoxes(pdf []byte) []byte {
	var out []byte
	for _, line := range bytes.SplitAfter(pdf, []byte("\n")) {
		if !isPageBoxLine(line) {
			out = append(out, line...)
		}
	}
	return out
}

// Every picture validate accepts either embeds as a DeviceCMYK image of
// its size, each pixel the rule's conversion of the picture's, or, when
// it has transparent pixels, is refused.
func TestEveryAcceptedPictureInCMYK(t *testing.T) {
	for name, img := range decodedFixtures(t) {
		t.Run(name, func(t *testing.T) {
			src, err := img.Decode()
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{name: &fstest.MapFile{Data: img.Data}}
			v := imageVariant{cmyk: true, alpha: 1}
			form, err := NewImageStore(fsys).get(name).pdfForm(v)
			if !opaque(src) {
				if err == nil || !strings.Contains(err.Error(), "has transparent pixels") {
					t.Errorf("a picture with transparency: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b := src.Bounds()
			if form.typ != "cmyk" || form.w != b.Dx() || form.h != b.Dy() || len(form.data) != 4*form.w*form.h {
				t.Fatalf("form %s %d x %d, %d bytes, want cmyk %v", form.typ, form.w, form.h, len(form.data), b.Size())
			}
			for _, pt := range []image.Point{{0, 0}, {b.Dx() / 2, b.Dy() / 3}, {b.Dx() - 1, b.Dy() - 1}} {
				c := color.NRGBAModel.Convert(src.At(b.Min.X+pt.X, b.Min.Y+pt.Y)).(color.NRGBA)
				want := CMYKRule(Color{c.R, c.G, c.B})
				i := 4 * (pt.Y*form.w + pt.X)
				if got := (color.CMYK{C: form.data[i], M: form.data[i+1], Y: form.data[i+2], K: form.data[i+3]}); got != want {
					t.Errorf("pixel %v: %v, want %v", pt, got, want)
				}
			}
		})
	}
}
