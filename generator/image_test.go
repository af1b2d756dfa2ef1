package generator

import (
	"bytes"
	"image"
	"image/color"
	"io"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// imagePackDir is a generic pack with pictures of every kind, one deck per
// fit (contain, cover, stretch), and a back showing one faded picture.
const imagePackDir = "testdata/images/pack"

// loadImagePack loads the image pack as the CLI does (os.Root) and returns
// a renderer made for it.
func loadImagePack(t *testing.T) (*schema.Pack, *Renderer) {
	t.Helper()
	p := rendertest.LoadPackRoot(t, imagePackDir, "images")
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := r.ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, pr
}

// The image box places the picture per fit and clips to the box; the grey
// variant and opacity name the embedded picture; ink saver keeps pictures
// unless the box says hide or outline.
func TestImageBoxDrawing(t *testing.T) {
	p, r := loadImagePack(t)
	deck := p.Decks()[0]
	card := deck.Cards[0] // art/wide.png, 480 x 240
	half := 0.5
	for _, c := range []struct {
		name string
		r    *Renderer
		box  schema.Box
		want string
	}{
		{"contain", r, schema.Box{Type: "image", Field: "art", W: 40, H: 40},
			"image art/wide.png 0.00 10.00 40.00 20.00 clip 0.00 0.00 40.00 40.00"},
		{"cover", r, schema.Box{Type: "image", Field: "art", W: 40, H: 40, Fit: "cover"},
			"image art/wide.png -20.00 0.00 80.00 40.00 clip 0.00 0.00 40.00 40.00"},
		{"stretch-file-faded", r, schema.Box{Type: "image", File: "art/tall.jpg", W: 40, H: 40, Fit: "stretch", Opacity: &half},
			"image art/tall.jpg#alpha0.5 0.00 0.00 40.00 40.00 clip 0.00 0.00 40.00 40.00"},
		{"grayscale", r.WithOptions(false, true), schema.Box{Type: "image", Field: "art", W: 40, H: 40, Fit: "stretch"},
			"image art/wide.png#gray 0.00 0.00 40.00 40.00 clip 0.00 0.00 40.00 40.00"},
		{"ink-saver-keeps", r.WithOptions(true, false), schema.Box{Type: "image", Field: "art", W: 40, H: 40, Fit: "stretch"},
			"image art/wide.png 0.00 0.00 40.00 40.00 clip 0.00 0.00 40.00 40.00"},
		{"ink-saver-hide", r.WithOptions(true, false), schema.Box{Type: "image", Field: "art", W: 40, H: 40, InkSaver: "hide"}, ""},
		{"ink-saver-outline", r.WithOptions(true, false), schema.Box{Type: "image", Field: "art", W: 40, H: 40, InkSaver: "outline"},
			"rect 0.00 0.00 40.00 40.00 r=0.00 stroke=#808080/0.30"},
		{"card-without-field", r, schema.Box{Type: "image", Field: "portrait", W: 40, H: 40}, ""},
		{"invisible", r, schema.Box{Type: "image", Field: "art", W: 40, H: 40, Opacity: new(float64)}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := &draw.Recorder{}
			b := c.box
			c.r.drawBox(c.r.Surface(rec), &b, layout.Rect{W: b.W.MM(), H: b.H.MM()}, NewCardData(p, deck, card), draw.White)
			if got := strings.Join(rec.Ops, "\n"); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// previewPixels renders one card of the image pack as a PNG preview at
// 100 dpi (about 4 pixels a millimetre).
func previewPixels(t *testing.T, r *Renderer, p *schema.Pack, deckID, cardID string) *image.RGBA {
	t.Helper()
	for _, d := range p.Decks() {
		for _, card := range d.Cards {
			if d.ID == deckID && card.ID == cardID {
				face, _ := d.Sides()
				var b bytes.Buffer
				if err := r.WriteCardPreview(&b, p.Templates[face], NewCardData(p, d, card), 100); err != nil {
					t.Fatal(err)
				}
				m, err := (&schema.Image{Path: "preview.png", Format: schema.PNG, Data: b.Bytes()}).Decode()
				if err != nil {
					t.Fatal(err)
				}
				rgba := image.NewRGBA(m.Bounds())
				for y := range m.Bounds().Dy() {
					for x := range m.Bounds().Dx() {
						rgba.Set(x, y, m.At(x, y))
					}
				}
				return rgba
			}
		}
	}
	t.Fatalf("no card %s in deck %s", cardID, deckID)
	return nil
}

// at is the colour of the pixel at (x, y) mm.
func at(m *image.RGBA, x, y float64) color.RGBA {
	k := 100 / 25.4
	return m.RGBAAt(int(x*k), int(y*k))
}

func near(c color.RGBA, r, g, b uint8) bool {
	return channelDiff(c.R, r) < 24 && channelDiff(c.G, g) < 24 && channelDiff(c.B, b) < 24
}

// In PNG previews the art box (x 5mm, y 21mm, 53.5 x 41mm) shows the wide
// picture (a red ring with a white centre, yellow and magenta end bands)
// per fit: contain leaves white above and below, cover crops the bands,
// stretch widens the ring to the box.
func TestPreviewFits(t *testing.T) {
	p, r := loadImagePack(t)
	cx, cy := 5+53.5/2, 21+41.0/2
	for _, c := range []struct {
		deck  string
		check func(m *image.RGBA) string
	}{
		{"contain", func(m *image.RGBA) string {
			if c := at(m, cx, 22); !near(c, 255, 255, 255) {
				return "no white band above the picture"
			}
			if c := at(m, 7, cy); !near(c, 250, 210, 40) {
				return "no yellow band on the left"
			}
			return ""
		}},
		{"cover", func(m *image.RGBA) string {
			if c := at(m, 7, cy); near(c, 250, 210, 40) {
				return "the yellow band is not cropped"
			}
			if c := at(m, cx, 25); near(c, 255, 255, 255) {
				return "the picture does not fill the box"
			}
			return ""
		}},
		{"stretch", func(m *image.RGBA) string {
			if c := at(m, 7, cy); !near(c, 250, 210, 40) {
				return "no yellow band on the left"
			}
			if c := at(m, cx, 27); !near(c, 210, 40, 40) {
				return "the ring does not reach up the box"
			}
			return ""
		}},
	} {
		m := previewPixels(t, r, p, c.deck, c.deck+"-wide")
		if got := at(m, cx, cy); !near(got, 255, 255, 255) {
			t.Errorf("%s: centre %v, want the ring's white centre", c.deck, got)
		}
		if got := at(m, cx-8, cy); !near(got, 210, 40, 40) {
			t.Errorf("%s: left of the centre %v, want the red ring", c.deck, got)
		}
		if msg := c.check(m); msg != "" {
			t.Errorf("%s: %s", c.deck, msg)
		}
	}
	gray := previewPixels(t, r.WithOptions(false, true), p, "stretch", "stretch-wide")
	if c := at(gray, cx-8, cy); c.R != c.G || c.G != c.B {
		t.Errorf("grayscale preview: ring %v is not grey", c)
	}
}

// A box turned a quarter draws its picture turned (the PNG canvas's
// transform path): the wide picture stretched into a turned 40 x 20mm box
// has its yellow band at the top.
func TestPreviewRotatedImage(t *testing.T) {
	p, r := loadImagePack(t)
	tpl := &schema.Template{Size: "poker", Boxes: []*schema.Box{{ID: "art", Type: "image", File: "art/wide.png", Fit: "stretch",
		X: 11.5, Y: 34, W: 40, H: 20, Rotate: 90}}}
	c, err := draw.NewPNGCanvas(r.Fonts, 63.5, 88.9, 100)
	if err != nil {
		t.Fatal(err)
	}
	r.DrawCard(c, tpl, NewCardData(p, p.Decks()[0], p.Decks()[0].Cards[0]), layout.Sides{})
	m := c.Image()
	// Turned clockwise about the centre (31.5, 44): the box's left end
	// (yellow) is now at the top, its right end (magenta) at the bottom.
	if got := at(m, 31.5, 27); !near(got, 250, 210, 40) {
		t.Errorf("top of the turned box %v, want yellow", got)
	}
	if got := at(m, 31.5, 61); !near(got, 220, 40, 200) {
		t.Errorf("bottom of the turned box %v, want magenta", got)
	}
	if got := at(m, 15, 44); !near(got, 255, 255, 255) {
		t.Errorf("beside the turned box %v, want the white card", got)
	}
}

// A renderer not made for the pack cannot draw pictures: the PDF fails
// with a clear error, a PNG shows a crossed-out box.
func TestImageWithoutPackStore(t *testing.T) {
	p, _ := loadImagePack(t)
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Decks()[0]
	tpl := p.Templates["art-contain"]
	doc := draw.NewPDF(draw.PDFInfo{Title: "t"}, r.Fonts)
	r.DrawCard(doc.AddPage(63.5, 88.9), tpl, NewCardData(p, d, d.Cards[0]), layout.Sides{})
	if err := doc.Write(io.Discard); err == nil || !strings.Contains(err.Error(), "Renderer.ForPack") {
		t.Errorf("PDF: got %v", err)
	}
	m := previewPixels(t, r, p, d.ID, d.Cards[0].ID)
	if c := at(m, 20, 25); !near(c, 0xc0, 0xc0, 0xc0) {
		t.Errorf("PNG: %v, want the grey of a broken picture", c)
	}
}

func channelDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
