package figures

import (
	"bytes"
	"image"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// standeeFS is a pack of two standee sets: two player zombies with base
// tabs, and a runner on a slotted base.
func standeeFS() fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents:\n" +
			"  - {id: zombies, name: Player zombies, expected: 2}\n  - {id: runner, name: Runner, expected: 1}\n")},
		"zombies.yaml": {Data: []byte("kind: Figures\nid: zombies\nstandee: {width: 22mm, height: 34mm}\nfigures:\n" +
			"  - {id: red, component: zombies, name: Red zombie, count: 1, icon: zombie, label: ZOMBIE, color: \"#c1121f\", mark: R}\n" +
			"  - {id: plain, component: zombies, count: 1, icon: zombie, label: ZOMBIE}\n")},
		"runner.yaml": {Data: []byte("kind: Figures\nid: runner\nstandee: {width: 25mm, height: 40mm, base: slot}\nfigures:\n" +
			"  - {id: runner, component: runner, name: Runner, count: 1, icon: survivor-m, label: RUNNER}\n")},
	}
}

func loadPack(t *testing.T, fsys fstest.MapFS) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(fsys, "pack")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

func testRenderer(t *testing.T, inkSaver, grayscale bool) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return r.WithOptions(inkSaver, grayscale)
}

func letter() generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
}

// TestStandeePageGolden pins a page of standees: tabs, faces (the back
// turned), fold lines, cut outlines, crop marks, a slotted base, the
// instructions and the scale bar.
func TestStandeePageGolden(t *testing.T) {
	p := loadPack(t, standeeFS())
	pls, pages, err := plan(p, letter())
	if err != nil {
		t.Fatal(err)
	}
	if pages != 1 || len(pls) != 4 {
		t.Fatalf("%d pieces on %d pages, want 4 (3 standees, 1 base) on 1", len(pls), pages)
	}
	sink := &rendertest.PageLog{}
	renderer{testRenderer(t, false, false)}.drawPages(sink, pls, pages, letter())
	if !strings.Contains(sink.Rec.String(), "this bar must measure 100 mm") {
		t.Error("no scale bar")
	}
	golden.CheckNamed(t, "standees.txt", sink.Rec.String())
}

// TestFoldRegisters folds each standee in software: the back half,
// mirrored across the head's fold line, must cover the front within 0.1
// mm, its face outline and its ink (icon, mark and label) alike, the ink
// reading the right way up from behind (the front's ink mirrored left to
// right, as through the paper). The figure is drawn as a PNG at 20 pixels
// a millimetre.
func TestFoldRegisters(t *testing.T) {
	p := loadPack(t, standeeFS())
	r := testRenderer(t, false, false)
	for _, f := range p.PrintedFigures(true) {
		s := standeeOf(f.Set.Standee)
		const pad, dpmm = 6.0, 20.0
		c, err := draw.NewPNGCanvas(r.Fonts, s.w+2*pad, s.height()+2*pad, dpmm*25.4)
		if err != nil {
			t.Fatal(err)
		}
		drawStandee(r, c, f, s, pad, pad)
		fill := coloursOf(f, nil).fill
		img := c.Image()
		px := func(mm float64) int { return int(math.Round(mm * dpmm)) }
		fold := pad + s.fold()
		// The faces, and the ink inside them clear of the cut and fold
		// lines.
		front := measure(img, fill, px(pad-2), px(fold), px(pad+s.w+2), px(fold+s.h), px(pad+0.5), px(pad+s.w-0.5), px(fold+0.5), px(fold+s.h-0.5))
		back := measure(img, fill, px(pad-2), px(fold-s.h), px(pad+s.w+2), px(fold), px(pad+0.5), px(pad+s.w-0.5), px(fold-s.h+0.5), px(fold-0.5))
		if front.ink == 0 || back.ink == 0 || front.face.Empty() {
			t.Fatalf("%s: nothing measured: %+v %+v", f.ID, front, back)
		}
		foldY := func(y float64) float64 { return 2*fold*dpmm - y }
		mirrorX := func(x float64) float64 { return 2*(pad+s.w/2)*dpmm - x }
		// Fold the back: its face outline must land on the front's.
		got := [4]float64{float64(back.face.Min.X), foldY(float64(back.face.Max.Y)), float64(back.face.Max.X), foldY(float64(back.face.Min.Y))}
		want := [4]float64{float64(front.face.Min.X), float64(front.face.Min.Y), float64(front.face.Max.X), float64(front.face.Max.Y)}
		for i := range got {
			if d := math.Abs(got[i]-want[i]) / dpmm; d > 0.1 {
				t.Errorf("%s: folded face outline %v px, front %v px: off by %.2f mm", f.ID, got, want, d)
				break
			}
		}
		// The folded back's ink, seen from behind, on the front's.
		bx, by := mirrorX(back.cx), foldY(back.cy)
		if d := math.Hypot(bx-front.cx, by-front.cy) / dpmm; d > 0.1 {
			t.Errorf("%s: folded ink centre (%.1f, %.1f) px, front (%.1f, %.1f) px: off by %.2f mm", f.ID, bx, by, front.cx, front.cy, d)
		}
		if d := math.Abs(float64(back.ink-front.ink)) / float64(front.ink); d > 0.02 {
			t.Errorf("%s: %d ink pixels on the back, %d on the front", f.ID, back.ink, front.ink)
		}
	}
}

// measured is what measure finds: the bounding box of the face's fill and
// the count and centre of the ink pixels.
type measured struct {
	face   image.Rectangle
	ink    int
	cx, cy float64
}

// measure finds the face of colour fill in the box x0,y0-x1,y1 (pixels),
// and the ink (pixels neither fill nor white) in the box ix0,iy0-ix1,iy1.
func measure(img *image.RGBA, fill draw.Color, x0, y0, x1, y1, ix0, ix1, iy0, iy1 int) measured {
	var m measured
	near := func(x, y int, c draw.Color) bool {
		p := img.RGBAAt(x, y)
		d := func(a, b uint8) int { return int(a) - int(b) }
		return abs(d(p.R, c.R))+abs(d(p.G, c.G))+abs(d(p.B, c.B)) < 40
	}
	first := true
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if !near(x, y, fill) {
				continue
			}
			pt := image.Rect(x, y, x+1, y+1)
			if first {
				m.face, first = pt, false
			} else {
				m.face = m.face.Union(pt)
			}
		}
	}
	for y := iy0; y < iy1; y++ {
		for x := ix0; x < ix1; x++ {
			if !near(x, y, fill) {
				m.ink++
				m.cx += float64(x) + 0.5
				m.cy += float64(y) + 0.5
			}
		}
	}
	if m.ink > 0 {
		m.cx /= float64(m.ink)
		m.cy /= float64(m.ink)
	}
	return m
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestFiguresPDF: figures.pdf holds every standee on as few pages as the
// plan says, on Letter and A4, single-sided; a pack of pawns only has no
// standees to print.
func TestFiguresPDF(t *testing.T) {
	fs := standeeFS()
	fs["zombies.yaml"].Data = []byte(strings.Replace(string(fs["zombies.yaml"].Data), "name: Red zombie, count: 1", "name: Red zombie, count: 30", 1))
	fs["game.yaml"].Data = []byte(strings.Replace(string(fs["game.yaml"].Data), "expected: 2", "expected: 31", 1))
	p := loadPack(t, fs)
	r := renderer{testRenderer(t, false, false)}
	for _, paper := range []string{"letter", "a4"} {
		opts := letter()
		opts.Paper = layout.Papers[paper]
		_, pages, err := plan(p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if pages < 2 {
			t.Errorf("%s: 32 standees on %d page(s)", paper, pages)
		}
		var b bytes.Buffer
		n, err := r.WriteFigures(&b, p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if n != pages {
			t.Errorf("%s: wrote %d pages, planned %d", paper, n, pages)
		}
		pdftest.CheckPages(t, b.Bytes(), pages)
	}
	pawns := loadPack(t, fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"p.yaml":    {Data: []byte("kind: Figures\nid: p\npawn: {shape: round, size: 16mm}\nfigures:\n  - {id: z, count: 3, icon: zombie, label: Z}\n")},
	})
	if KitOutputs(func(*schema.Pack, generator.PrintOptions) bool { return false })[0].Wanted(pawns, letter(), false) {
		t.Error("a pack of pawns wants figures.pdf")
	}
}

// The index and the components' lines say which page holds each standee.
func TestFiguresWhere(t *testing.T) {
	p := loadPack(t, standeeFS())
	for _, fs := range p.FigureSets() {
		got := setPages(p, fs, letter())
		if len(got) != 1 {
			t.Errorf("%s: pages %v, want one component's", fs.ID, got)
		}
		for comp, pages := range got {
			if !slices.Equal(pages, []int{1}) {
				t.Errorf("%s: %s on pages %v, want 1", fs.ID, comp, pages)
			}
		}
	}
	index := strings.Join(indexFigures(p, letter()), "\n")
	for _, s := range []string{"printed single-sided, at true size", "runner x1 (Runner): 25 x 40 mm faces, short tabs and a 45 x 22 mm slotted base; page 1", "slotted bases: page 1", "fold along the dashed lines"} {
		if !strings.Contains(index, s) {
			t.Errorf("index lacks %q:\n%s", s, index)
		}
	}
}

// A standee too tall for the paper is an error naming the set, not a
// clipped page.
func TestStandeeTooTall(t *testing.T) {
	fs := standeeFS()
	fs["runner.yaml"].Data = []byte(strings.Replace(string(fs["runner.yaml"].Data), "height: 40mm", "height: 118mm", 1))
	p := loadPack(t, fs)
	opts := letter()
	opts.Margin = 20
	if _, _, err := plan(p, opts); err == nil || !strings.Contains(err.Error(), `figure "runner"`) || !strings.Contains(err.Error(), "runner.yaml:3") {
		t.Errorf("err = %v", err)
	}
}

// Labels must fit at 8 pt: the fitter reports one that does not, at its
// label, and none for labels that fit.
func TestFitFigures(t *testing.T) {
	r := testRenderer(t, false, false)
	p := loadPack(t, standeeFS())
	for _, fs := range p.FigureSets() {
		if issues := fitFigures(r, p, fs); len(issues) != 0 {
			t.Errorf("%s: %v", fs.ID, issues)
		}
	}
	tight := loadPack(t, fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"p.yaml": {Data: []byte("kind: Figures\nid: p\npawn: {shape: round, size: 14mm}\nfigures:\n" +
			"  - {id: ok, count: 1, icon: zombie, label: ZED}\n  - {id: long, count: 1, icon: zombie, label: ZOMBIE HORDE}\n")},
	})
	issues := fitFigures(r, tight, tight.FigureSets()[0])
	if len(issues) != 1 || issues[0].Ref.Pos().Line != 6 || !strings.Contains(issues[0].Detail, "at 8pt") {
		t.Fatalf("issues %+v", issues)
	}
}

// The bands kept for the instructions and the scale bar hold them.
func TestStandeePageBands(t *testing.T) {
	r := testRenderer(t, false, false)
	head := r.Fonts.Ascent(draw.Bold, headPt) + r.Fonts.Descent(draw.Bold, headPt) + r.Fonts.Ascent(draw.Regular, notePt) + r.Fonts.Descent(draw.Regular, notePt)
	if head+headGap > headBand {
		t.Errorf("instructions %.2f mm tall, band %.2f mm", head+headGap, headBand)
	}
	if bar := r.ScaleBarHeight() + generator.MarkClear; bar > barBand {
		t.Errorf("scale bar %.2f mm tall, band %.2f mm", bar, barBand)
	}
	for _, slot := range []bool{false, true} {
		for _, line := range headLines(slot) {
			pt := notePt
			if line == headLines(slot)[0] {
				pt = headPt
			}
			for _, paper := range []string{"letter", "a4"} {
				if w, aw := r.Fonts.Width(line, draw.Regular, pt), layout.Printable(layout.Papers[paper], layout.DefaultMargin).W; w > aw {
					t.Errorf("%q is %.1f mm wide, the %s page %.1f mm", line, w, paper, aw)
				}
			}
		}
	}
}
