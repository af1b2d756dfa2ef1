package draw

import (
	"bytes"
	"image"
	"image/color"
	"io"
	"os"
	"testing"
	"testing/fstest"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

func TestFitRect(t *testing.T) {
	box := layout.Rect{X: 10, Y: 20, W: 40, H: 20}
	for _, c := range []struct {
		fit  string
		w, h int
		want layout.Rect
	}{
		{"contain", 200, 200, layout.Rect{X: 20, Y: 20, W: 20, H: 20}},
		{"contain", 400, 100, layout.Rect{X: 10, Y: 25, W: 40, H: 10}},
		{"cover", 200, 200, layout.Rect{X: 10, Y: 10, W: 40, H: 40}},
		{"cover", 400, 100, layout.Rect{X: -10, Y: 20, W: 80, H: 20}},
		{"stretch", 200, 200, box},
		{"contain", 0, 0, box},
	} {
		if got := fitRect(box, c.w, c.h, c.fit); got != c.want {
			t.Errorf("%s %dx%d: got %+v, want %+v", c.fit, c.w, c.h, got, c.want)
		}
	}
}

// decodedFixtures are the pictures of schema/testdata/images that load:
// every kind of PNG and JPEG a pack may hold.
func decodedFixtures(t *testing.T) map[string]*schema.Image {
	t.Helper()
	dir := "../../schema/testdata/images"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*schema.Image{}
	for _, e := range entries {
		if im, err := schema.LoadImage(os.DirFS(dir), e.Name()); err == nil {
			out[e.Name()] = im
		}
	}
	if len(out) < 11 {
		t.Fatalf("only %d pictures load", len(out))
	}
	return out
}

// Every picture validate accepts embeds in a PDF in every variant: fpdf
// reads the form (no interlaced or 16-bit PNG reaches it), and the pixels
// it embeds are the picture's, to rounding.
func TestEveryAcceptedPictureEmbeds(t *testing.T) {
	for name, img := range decodedFixtures(t) {
		for _, v := range []imageVariant{{alpha: 1}, {gray: true, alpha: 1}, {alpha: 0.5}} {
			t.Run(name+v.suffix(), func(t *testing.T) {
				fsys := fstest.MapFS{name: &fstest.MapFile{Data: img.Data}}
				pic := picture{img: NewImageStore(fsys).get(name), variant: v}
				form, err := pic.img.pdfForm(v)
				if err != nil {
					t.Fatal(err)
				}
				if form.typ == "png" {
					checkFlattened(t, img, form.data, v)
				} else if !img.PassThrough() || v != (imageVariant{alpha: 1}) {
					t.Errorf("%s passed through as %s", name, form.typ)
				}
				f := fpdf.New("P", "mm", "A4", "")
				f.AddPage()
				if _, err := registerImage(f, pic); err != nil {
					t.Fatal(err)
				}
				f.ImageOptions(pic.name(), 10, 10, 40, 30, false, fpdf.ImageOptions{}, 0, "")
				if err := f.Output(io.Discard); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// checkFlattened compares the PNG a PDF embeds with the decoded picture.
func checkFlattened(t *testing.T, img *schema.Image, data []byte, v imageVariant) {
	t.Helper()
	src, err := img.Decode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := (&schema.Image{Path: "form.png", Format: schema.PNG, Data: data}).Decode()
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds().Size() != src.Bounds().Size() {
		t.Fatalf("size %v, want %v", got.Bounds().Size(), src.Bounds().Size())
	}
	for _, pt := range []image.Point{{0, 0}, {24, 16}, {10, 5}, {40, 30}} {
		w := color.NRGBAModel.Convert(src.At(pt.X, pt.Y)).(color.NRGBA)
		g := color.NRGBAModel.Convert(got.At(pt.X, pt.Y)).(color.NRGBA)
		if v.gray {
			y := luminance(w.R, w.G, w.B)
			w.R, w.G, w.B = y, y, y
		}
		w.A = uint8((int(w.A)*alpha8(v.alpha) + 127) / 255)
		if w.A == 0 {
			w.R, w.G, w.B, g.R, g.G, g.B = 0, 0, 0, 0, 0, 0
		}
		if diff(w.R, g.R) > 1 || diff(w.G, g.G) > 1 || diff(w.B, g.B) > 1 || diff(w.A, g.A) > 1 {
			t.Errorf("pixel %v: %v, want %v", pt, g, w)
		}
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// The pictures of a PDF are written in an order of their own, whatever the
// order fpdf met them in: fpdf orders pictures of one width by map order.
func TestPDFPictureOrderIsCanonical(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	fixtures := decodedFixtures(t)
	fsys := fstest.MapFS{}
	var names []string
	for _, n := range []string{"rgb8.png", "gray8.png", "photo.jpg", "rgba8.png"} { // all 48 pixels wide
		fsys[n] = &fstest.MapFile{Data: fixtures[n].Data}
		names = append(names, n)
	}
	write := func(order []int) []byte {
		store := NewImageStore(fsys)
		var pics []picture
		for _, i := range order {
			pics = append(pics, picture{img: store.get(names[i]), variant: imageVariant{alpha: 1}})
		}
		doc := NewPDF(PDFInfo{Title: "order", Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}, fonts) // a fixed date: only the pictures may differ
		doc.registerImages(pics)
		tpl := doc.Template(20, 20, func(c Canvas) {
			for i := range names {
				c.(imageCanvas).placeImage(picture{img: store.get(names[i]), variant: imageVariant{alpha: 1}},
					layout.Rect{X: 1, Y: float64(i), W: 10, H: 5}, layout.Rect{W: 20, H: 20})
			}
		})
		page := doc.AddPage(100, 100)
		page.UseTemplate(tpl, 10, 10)
		page.UseTemplate(tpl, 50, 50)
		var b bytes.Buffer
		if err := doc.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want := write([]int{0, 1, 2, 3})
	if got := pdftest.ImageXObjects(t, want); got["48x32"] != 4 {
		t.Fatalf("image XObjects %v, want 4 of 48x32", got)
	}
	for _, order := range [][]int{{3, 2, 1, 0}, {2, 0, 3, 1}, {1, 3, 0, 2}} {
		for range 3 {
			if got := write(order); !bytes.Equal(got, want) {
				t.Fatalf("registered in the order %v: other bytes", order)
			}
		}
	}
}
