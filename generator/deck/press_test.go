package deck

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// pressTestOpts are print options a press build ignores but for the date: its
// bleed is always press.Bleed, and it has no marks.
func pressTestOpts(paper string) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		CropMarks: true, Layout: generator.LayoutPress, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// layoutDeck returns a bundled deck with its sized face and back templates.
func layoutDeck(t testing.TB, p *schema.Pack, id string) (*schema.Deck, *schema.Template, *schema.Template) {
	t.Helper()
	d, face, back, _ := deckOf(t, p, id)
	return d, face, back
}

// layoutFirstCards is a copy of the deck holding only its first n cards.
func layoutFirstCards(d *schema.Deck, n int) *schema.Deck {
	c := *d
	c.Cards = d.Cards[:n]
	return &c
}

// layoutPageBoxes reads a PDF back with pdfcpu, validating it strictly, and
// returns every page's boxes in millimetres as [llx lly urx ury]: its own
// (or inherited) MediaBox, and the other boxes only where the page sets them.
func layoutPageBoxes(t *testing.T, pdf []byte) []map[string][4]float64 {
	t.Helper()
	return pdftest.PageBoxes(t, pdf)
}

// boxNear compares boxes to 0.01 mm (fpdf writes points with two decimals).
func boxNear(a, b [4]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 0.01 {
			return false
		}
	}
	return true
}

func TestPressPagesAndBoxes(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	for _, c := range []struct {
		deck     string
		withBack bool
	}{
		{"blood", true},  // a back per card (the countdown)
		{"events", true}, // one shared back
		{"events", false},
	} {
		d, face, back := layoutDeck(t, p, c.deck)
		d = layoutFirstCards(d, 4)
		if !c.withBack {
			back = nil
		}
		var buf bytes.Buffer
		pages, err := r.WriteDeckPress(&buf, p, d, face, back, pressTestOpts("letter"))
		if err != nil {
			t.Fatal(err)
		}
		want := d.Total()
		if c.withBack {
			want *= 2
		}
		boxes := layoutPageBoxes(t, buf.Bytes())
		if pages != want || len(boxes) != want {
			t.Fatalf("%s (backs %v): %d pages, pdfcpu reads %d; want %d (front then back for each of %d copies)",
				c.deck, c.withBack, pages, len(boxes), want, d.Total())
		}
		// Poker plus 1/8 in on every side: 69.85 x 95.25 mm.
		media := [4]float64{0, 0, 63.5 + 2*press.Bleed, 88.9 + 2*press.Bleed}
		trim := [4]float64{press.Bleed, press.Bleed, 63.5 + press.Bleed, 88.9 + press.Bleed}
		for i, b := range boxes {
			if !boxNear(b["MediaBox"], media) {
				t.Errorf("%s page %d: MediaBox %v, want %v", c.deck, i+1, b["MediaBox"], media)
			}
			if !boxNear(b["BleedBox"], b["MediaBox"]) {
				t.Errorf("%s page %d: BleedBox %v, want the MediaBox %v", c.deck, i+1, b["BleedBox"], b["MediaBox"])
			}
			if !boxNear(b["TrimBox"], trim) {
				t.Errorf("%s page %d: TrimBox %v, want %v", c.deck, i+1, b["TrimBox"], trim)
			}
		}
	}
}

func TestPressBleedIsAnEighthInchWhateverTheOptions(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	d, face, back := layoutDeck(t, p, "events")
	d = layoutFirstCards(d, 1)
	for _, bleed := range []float64{0, 3, 5} {
		opts := pressTestOpts("a4")
		opts.Bleed = bleed
		var buf bytes.Buffer
		if _, err := r.WriteDeckPress(&buf, p, d, face, back, opts); err != nil {
			t.Fatal(err)
		}
		for i, b := range layoutPageBoxes(t, buf.Bytes()) {
			m, tr := b["MediaBox"], b["TrimBox"]
			if math.Abs(tr[0]-m[0]-3.175) > 0.01 || math.Abs(m[2]-tr[2]-3.175) > 0.01 {
				t.Errorf("bleed option %g, page %d: bleed %.3f/%.3f mm, want 3.175", bleed, i+1, tr[0]-m[0], m[2]-tr[2])
			}
		}
	}
}

func TestPressIsByteIdentical(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	d, face, back := layoutDeck(t, p, "blood")
	var a, b bytes.Buffer
	if _, err := r.WriteDeckPress(&a, p, d, face, back, pressTestOpts("letter")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.WriteDeckPress(&b, p, d, face, back, pressTestOpts("letter")); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two writes of the same deck differ")
	}
	// fpdf writes page boxes in map order; every page must have them in
	// the fixed order (84 pages: unsorted, some would differ).
	if n, m := bytes.Count(a.Bytes(), []byte("/BleedBox [0.00 0.00 198.00 270.00]\n/TrimBox [9.00 9.00 189.00 261.00]\n")), 2*d.Total(); n != m {
		t.Errorf("%d of %d pages have BleedBox then TrimBox", n, m)
	}
}

func TestPressPNGs(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	stage := t.TempDir()
	var jobs []generator.Job
	blood, bf, bb := layoutDeck(t, p, "blood")
	events, ef, eb := layoutDeck(t, p, "events")
	blood, events = layoutFirstCards(blood, 2), layoutFirstCards(events, 3)
	jobs = append(jobs, r.pressPNGJobs(p, blood, bf, bb)...)
	jobs = append(jobs, r.pressPNGJobs(p, events, ef, eb)...)
	arts, err := runJobs(stage, jobs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range arts {
		got = append(got, a.Path)
	}
	var want []string
	for _, c := range blood.Cards {
		want = append(want, "press/blood/"+c.ID+".png", "press/blood/"+c.ID+"_back.png")
	}
	for _, c := range events.Cards {
		want = append(want, "press/events/"+c.ID+".png")
	}
	want = append(want, "press/events/_back.png", "press/blood/manifest.csv", "press/events/manifest.csv")
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("images\n%v\nwant\n%v", got, want)
	}
	for _, path := range got {
		if !strings.HasSuffix(path, ".png") {
			continue // the manifest: TestPressManifest
		}
		f, err := os.Open(filepath.Join(stage, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// 63.5 + 2 x 3.175 = 69.85 mm = 825 px, 88.9 + 6.35 = 95.25 mm = 1125 px at 300 dpi.
		if cfg.Width != 825 || cfg.Height != 1125 {
			t.Errorf("%s: %dx%d px, want 825x1125", path, cfg.Width, cfg.Height)
		}
	}
	// The bleed is drawn: the near-black blood back reaches the image's corner.
	f, err := os.Open(filepath.Join(stage, "press", "blood", blood.Cards[0].ID+"_back.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if cr, cg, cb, _ := img.At(0, 0).RGBA(); cr > 0x8000 || cg > 0x8000 || cb > 0x8000 {
		t.Errorf("the corner of the blood back is light (%x %x %x): no bleed", cr>>8, cg>>8, cb>>8)
	}
}
