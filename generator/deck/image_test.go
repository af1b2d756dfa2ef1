package deck

import (
	"bytes"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// buildImagePack builds the image pack's kit with options and returns its
// folder.
func buildImagePack(t *testing.T, r *generator.Renderer, p *schema.Pack, lay generator.Layout) string {
	t.Helper()
	out := t.TempDir()
	opts := generator.BuildOptions{OutDir: out, Previews: true, Print: generator.PrintOptions{Paper: layout.Papers["letter"],
		Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed, CropMarks: true, Layout: lay,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}
	if _, err := kit.Build(r, p, opts); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(out, p.Game.ID)
}

// The deck PDFs embed each picture once however many cards show it (the
// wide picture is on three cards, two of them drawn from one template; the
// back's on every card), pass strict validation, and a second build gives
// the same bytes.
func TestImagePackPDF(t *testing.T) {
	p, r := loadImagePack(t)
	first := buildImagePack(t, r, p, generator.LayoutSheet)
	again := buildImagePack(t, r, p, generator.LayoutSheet)
	for _, deck := range []string{"contain", "cover", "stretch"} {
		pdf, err := os.ReadFile(filepath.Join(first, deck+".pdf"))
		if err != nil {
			t.Fatal(err)
		}
		got := pdftest.ImageXObjects(t, pdf)
		// wide, tall, four 300 x 300 pictures, the back's faded palette.
		want := map[string]int{"480x240": 1, "240x480": 1, "300x300": 5}
		if len(got) != len(want) || got["480x240"] != 1 || got["240x480"] != 1 || got["300x300"] != 5 {
			t.Errorf("%s: image XObjects %v, want %v", deck, got, want)
		}
		second, err := os.ReadFile(filepath.Join(again, deck+".pdf"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pdf, second) {
			t.Errorf("%s: a second build differs", deck)
		}
		renderWithPoppler(t, pdf, deck)
	}
}

// renderWithPoppler renders the first page as pdftoppm -png -r 60 (when
// poppler is installed; RUNFORGE_IMAGE_PAGES=dir keeps the pages to look
// at) and checks that the pictures show: the red ring is on the page.
func renderWithPoppler(t *testing.T, pdf []byte, name string) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Log("pdftoppm not installed; pages not rendered")
		return
	}
	dir := os.Getenv("RUNFORGE_IMAGE_PAGES")
	if dir == "" {
		dir = t.TempDir()
	}
	in := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, name)
	if out, err := exec.Command("pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", in, base).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	matches, _ := filepath.Glob(base + "-*.png")
	if len(matches) != 1 {
		t.Fatalf("pdftoppm wrote %v", matches)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	m, err := (&schema.Image{Path: matches[0], Format: schema.PNG, Data: data}).Decode()
	if err != nil {
		t.Fatal(err)
	}
	red := 0
	for y := range m.Bounds().Dy() {
		for x := range m.Bounds().Dx() {
			c := color.RGBAModel.Convert(m.At(x, y)).(color.RGBA)
			if near(c, 210, 40, 40) {
				red++
			}
		}
	}
	if red < 500 {
		t.Errorf("%s: %d red pixels on page 1; the pictures do not show", name, red)
	}
}

// Every layout and variant builds the image pack, twice to the same bytes.
func TestImagePackLayoutsDeterministic(t *testing.T) {
	p, r := loadImagePack(t)
	for _, c := range []struct {
		name   string
		r      *generator.Renderer
		layout generator.Layout
	}{
		{"gutterfold", r, generator.LayoutGutterfold},
		{"press", r, generator.LayoutPress},
		{"grayscale", r.WithOptions(false, true), generator.LayoutSheet},
		{"ink-saver", r.WithOptions(true, false), generator.LayoutSheet},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := buildImagePack(t, c.r, p, c.layout), buildImagePack(t, c.r, p, c.layout)
			err := filepath.WalkDir(a, func(path string, e os.DirEntry, err error) error {
				if err != nil || e.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(a, path)
				x, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				y, err := os.ReadFile(filepath.Join(b, rel))
				if err != nil {
					return err
				}
				if !bytes.Equal(x, y) {
					t.Errorf("%s differs between two builds", rel)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// imagePackDir is the generator's generic pack with pictures of every
// kind, one deck per fit (contain, cover, stretch), and a back showing one
// faded picture.
const imagePackDir = "../testdata/images/pack"

// loadImagePack loads the image pack as the CLI does (os.Root) and returns
// a renderer of decks made for it.
func loadImagePack(t *testing.T) (*schema.Pack, *generator.Renderer) {
	t.Helper()
	p := rendertest.LoadPackRoot(t, imagePackDir, "images")
	r, err := generator.NewRenderer(false, generator.Game{Kinds: map[string]generator.KindRenderer{"Deck": Kind()}})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := r.ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, pr
}

// near reports whether c is within 24 of (r, g, b) in every channel.
func near(c color.RGBA, r, g, b uint8) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(c.R, r) < 24 && d(c.G, g) < 24 && d(c.B, b) < 24
}
