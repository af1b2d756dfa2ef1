package rendertest

import (
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
)

// The ground of a text is the topmost fill under it, through the
// transformation and clip in force, or the paper; strokes and fills
// clipped away are no ground, and a hole of a path (nonzero rule, the
// inner subpath wound the other way) shows what is under it.
func TestGroundCanvas(t *testing.T) {
	fonts, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	orange, blue := draw.RGB(0xd9, 0x8e, 0x04), draw.RGB(0x1d, 0x35, 0x57)
	ring := &draw.Path{Ops: []draw.PathOp{
		{Kind: draw.MoveTo, P: [3][2]float64{{0, 0}}}, {Kind: draw.LineTo, P: [3][2]float64{{100, 0}}},
		{Kind: draw.LineTo, P: [3][2]float64{{100, 100}}}, {Kind: draw.LineTo, P: [3][2]float64{{0, 100}}}, {Kind: draw.Close},
		{Kind: draw.MoveTo, P: [3][2]float64{{10, 10}}}, {Kind: draw.LineTo, P: [3][2]float64{{10, 90}}},
		{Kind: draw.LineTo, P: [3][2]float64{{90, 90}}}, {Kind: draw.LineTo, P: [3][2]float64{{90, 10}}}, {Kind: draw.Close},
	}}
	for _, c := range []struct {
		name string
		draw func(c draw.Canvas)
		want []draw.Color
	}{
		{"paper", func(c draw.Canvas) {}, []draw.Color{draw.White}},
		{"rect", func(c draw.Canvas) { c.Rect(0, 0, 100, 100, 0, draw.Filled(orange)) }, []draw.Color{orange}},
		{"topmost", func(c draw.Canvas) {
			c.Rect(0, 0, 100, 100, 0, draw.Filled(orange))
			c.Rect(0, 0, 100, 100, 0, draw.Filled(blue))
		}, []draw.Color{blue}},
		{"stroke is no ground", func(c draw.Canvas) { c.Rect(0, 0, 100, 100, 0, draw.Stroked(orange, 5)) }, []draw.Color{draw.White}},
		{"clipped away", func(c draw.Canvas) {
			c.Push()
			c.ClipRect(0, 0, 10, 10)
			c.Rect(0, 0, 100, 100, 0, draw.Filled(orange))
			c.Pop()
		}, []draw.Color{draw.White}},
		{"moved away", func(c draw.Canvas) {
			c.Push()
			c.Translate(200, 0)
			c.Rect(0, 0, 100, 100, 0, draw.Filled(orange))
			c.Pop()
		}, []draw.Color{draw.White}},
		{"turned under", func(c draw.Canvas) {
			c.Push()
			c.Rotate(90, 60, 40)
			c.Rect(50, -20, 20, 120, 0, draw.Filled(orange))
			c.Pop()
		}, []draw.Color{orange}},
		{"ellipse", func(c draw.Canvas) { c.Ellipse(20, 20, 60, 60, draw.Filled(blue)) }, []draw.Color{blue}},
		{"hole of a path", func(c draw.Canvas) {
			c.Rect(0, 0, 100, 100, 0, draw.Filled(blue))
			c.Path(ring, orange)
		}, []draw.Color{blue}},
		{"half on a band", func(c draw.Canvas) { c.Rect(0, 0, 50, 100, 0, draw.Filled(orange)) }, []draw.Color{orange, draw.White}},
	} {
		g := NewGroundCanvas(fonts)
		c.draw(g)
		// A run from x 30 to 70 about y 50.
		size := 12.0
		s := "WWWWWWW"
		w := fonts.Width(s, draw.Regular, size)
		g.Text(50-w/2, 50, s, draw.Regular, size, draw.Black)
		if len(g.Texts) != 1 {
			t.Fatalf("%s: %d texts", c.name, len(g.Texts))
		}
		got := g.Texts[0].Grounds
		if len(got) != len(c.want) {
			t.Errorf("%s: grounds %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: grounds %v, want %v", c.name, got, c.want)
			}
		}
	}
}

// Notes name what texts belong to until the next note or the end of the
// Push that held them; a picture under a text is marked, not guessed.
func TestGroundCanvasNotesAndPictures(t *testing.T) {
	fonts, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	g := NewGroundCanvas(fonts)
	g.Push()
	draw.Note(g, func() string { return "box title" })
	g.Text(10, 10, "in the box", draw.Regular, 10, draw.Black)
	g.Pop()
	g.Text(10, 20, "after", draw.Regular, 10, draw.Black)
	g.Picture(layout.Rect{X: 0, Y: 25, W: 100, H: 20}, layout.Rect{X: 0, Y: 25, W: 100, H: 20})
	g.Text(10, 35, "on a picture", draw.Regular, 10, draw.Black)
	g.Text(10, 50, "   ", draw.Regular, 10, draw.Black)
	if len(g.Texts) != 3 {
		t.Fatalf("%d texts, want 3 (blank runs left out)", len(g.Texts))
	}
	if g.Texts[0].Note != "box title" || g.Texts[1].Note != "" {
		t.Errorf("notes %q, %q", g.Texts[0].Note, g.Texts[1].Note)
	}
	if g.Texts[1].Picture || !g.Texts[2].Picture {
		t.Errorf("pictures: %v %v", g.Texts[1].Picture, g.Texts[2].Picture)
	}
}
